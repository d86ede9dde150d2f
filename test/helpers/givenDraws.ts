import { SeededRandom } from "../../src/util/seededRandom.js";

/**
 * A generator whose draws are given: each `range` call returns the next value (darts as x then
 * z, headings, a herd member's ring as angle then distance factor), so a test puts a draw exactly
 * where it wants one. It throws when the values run out or one falls outside the range asked for.
 */
export class GivenDraws extends SeededRandom {
  readonly #values: number[];
  constructor(values: number[]) {
    super(1);
    this.#values = [...values];
  }
  override range(min: number, max: number): number {
    const value = this.#values.shift();
    if (value === undefined) throw new Error("no draw left");
    if (value < min || value > max) throw new Error(`draw ${value} outside [${min}, ${max}]`);
    return value;
  }
}
