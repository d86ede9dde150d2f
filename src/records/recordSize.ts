/**
 * Which of a record's `scale` dimensions sizes its creature. The spec gives only `height`; newer
 * records send `{ length, height, width }` in metres with `0` for an unknown dimension, and
 * rig-only records often have `height: 0` beside a real `length`. Pure: the loader scales the
 * model so that its extent along `axis` measures `meters`.
 */
import { parseLength, type ScaleDimension } from "./height.js";

/**
 * The dimension a creature is sized by, and its length in metres.
 * @category Records
 */
export interface RecordSize {
  /**
   * `"height"`: feet to top (y); `"length"`: along the creature's forward axis (z, head to
   * tail); `"width"`: across it (x).
   */
  axis: ScaleDimension;
  /** Greater than 0. */
  meters: number;
}

/** The dimensions tried, in order: the first positive length wins. */
export const SIZE_AXES: readonly ScaleDimension[] = Object.freeze(["height", "length", "width"]);

/**
 * The size of a record's creature from `scale`: its `height` when that is a positive length (a
 * number of metres or a string with a unit), otherwise its `length`, otherwise its `width`.
 * `0`, a missing value and an unreadable one all mean "unknown" and pass to the next dimension.
 * `undefined` when none is usable (the caller falls back to its default height).
 *
 * @example
 * recordSize({ scale: { height: 0, length: 2.4, width: 0.6 } }); // { axis: "length", meters: 2.4 }
 * recordSize({ scale: { height: "45 cm" } });                   // { axis: "height", meters: 0.45 }
 * recordSize({});                                                // undefined
 * @category Records
 */
export function recordSize(record: { readonly scale?: unknown }): RecordSize | undefined {
  const scale = record.scale;
  if (scale === null || typeof scale !== "object") return undefined;
  for (const axis of SIZE_AXES) {
    const value = (scale as Record<string, unknown>)[axis];
    if (value === undefined || value === null || value === 0) continue;
    try {
      return { axis, meters: parseLength(value, axis) };
    } catch {
      // Not a usable length (a "0 m", a negative or a word): the next dimension may be.
    }
  }
  return undefined;
}
