/**
 * Seeded, counted property runs for the fuzz tests (test/fuzz/): every property runs a fixed
 * number of generated inputs from one seed (`FUZZ_SEED` to try another), never a time budget.
 * A failure names the seed and fast-check's replay path in its message; each file prints its
 * inputs per property and the run's time at its end.
 */
import fc from "fast-check";

/** The seed of every property of a run: fixed, so a failure shows again on the next run. */
export const FUZZ_SEED = Number(process.env["FUZZ_SEED"] ?? 20261128);

/** Counts the inputs of one test file's properties and prints them with the file's time. */
export class FuzzTally {
  readonly #label: string;
  readonly #counts = new Map<string, number>();
  readonly #started = performance.now();

  constructor(label: string) {
    this.#label = label;
  }

  /** Runs `property` on `numRuns` inputs from the seed; a failure's message names the seed. */
  check<Ts extends [unknown, ...unknown[]]>(name: string, numRuns: number, property: fc.IProperty<Ts>): void {
    try {
      fc.assert(property, { seed: FUZZ_SEED, numRuns });
    } catch (error) {
      throw new Error(`${name} failed (FUZZ_SEED=${FUZZ_SEED}): ${(error as Error).message}`, { cause: error });
    }
    this.#counts.set(name, (this.#counts.get(name) ?? 0) + numRuns);
  }

  /** Inputs run so far by the properties whose name starts with `prefix` (all of them without one). */
  total(prefix = ""): number {
    let sum = 0;
    for (const [name, n] of this.#counts) if (name.startsWith(prefix)) sum += n;
    return sum;
  }

  /** The summary: seed, inputs per property, seconds since the tally was made. */
  print(): void {
    const seconds = ((performance.now() - this.#started) / 1000).toFixed(1);
    const lines = [...this.#counts].map(([name, n]) => `  ${String(n).padStart(7)}  ${name}`);
    console.log(`\n${this.#label} (seed ${FUZZ_SEED}): ${this.total()} inputs in ${seconds} s\n${lines.join("\n")}\n`);
  }
}
