/**
 * Median and spread of repeated runs. The machine is shared and noisy, so a single figure means
 * little: every measure keeps its quartiles and extremes, and comparisons use medians.
 */

/** A figure measured over several runs. */
export interface Measure {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  /** Measured runs (warm-up runs excluded). */
  runs: number;
}

/** Linear-interpolated quantile of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export function summarize(samples: readonly number[]): Measure {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    runs: sorted.length,
  };
}

/** Collects named samples run after run, then summarizes each name. */
export class Samples {
  readonly #values = new Map<string, number[]>();

  add(figures: Record<string, number>): void {
    for (const [name, value] of Object.entries(figures)) {
      let list = this.#values.get(name);
      if (!list) this.#values.set(name, (list = []));
      list.push(value);
    }
  }

  summary(): Record<string, Measure> {
    return Object.fromEntries([...this.#values].map(([name, values]) => [name, summarize(values)]));
  }
}

/** subject / baseline of the medians; NaN when the baseline is 0 or missing. */
export function ratio(subject: Measure | undefined, baseline: Measure | undefined): number {
  if (!subject || !baseline || baseline.median === 0) return Number.NaN;
  return subject.median / baseline.median;
}
