/**
 * Which of a record's `scale` dimensions sizes its creature. The spec gives only `height`; newer
 * records send `{ length, height, width }` in metres with `0` for an unknown dimension, and
 * rig-only records often have `height: 0` beside a real `length`. The loader scales the model so
 * that its extent along `axis` measures `meters`.
 *
 * A record's `scale` is read once: planners, the spawner and motion binding all ask for the same
 * record's size, so its reading is cached per `scale` object (records are not changed once parsed;
 * one whose `scale` is replaced is read afresh).
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
  const size = readScale(record).size;
  return size && { axis: size.axis, meters: size.meters };
}

/** Each `scale` dimension in metres: a positive length, or 0 when it is missing, 0 or unreadable. */
export type RecordDimensions = Readonly<Record<ScaleDimension, number>>;

/** The dimensions of a record's `scale`, read once (see the module comment). */
export function recordDimensions(record: { readonly scale?: unknown }): RecordDimensions {
  return readScale(record).dimensions;
}

interface ScaleReading {
  readonly dimensions: RecordDimensions;
  readonly size: RecordSize | undefined;
}

const NO_SCALE: ScaleReading = Object.freeze({
  dimensions: Object.freeze({ height: 0, length: 0, width: 0 }),
  size: undefined,
});

/** A cache: the reading of each `scale` object seen. */
const readings = new WeakMap<object, ScaleReading>();

function readScale(record: { readonly scale?: unknown }): ScaleReading {
  const scale = record.scale;
  if (scale === null || typeof scale !== "object") return NO_SCALE;
  let reading = readings.get(scale);
  if (reading === undefined) {
    reading = parseScale(scale as Record<string, unknown>);
    readings.set(scale, reading);
  }
  return reading;
}

function parseScale(scale: Record<string, unknown>): ScaleReading {
  const dimensions = { height: 0, length: 0, width: 0 };
  for (const axis of SIZE_AXES) dimensions[axis] = metresOrZero(scale[axis], axis);
  const axis = SIZE_AXES.find((a) => dimensions[a] > 0);
  const size = axis && Object.freeze({ axis, meters: dimensions[axis] });
  return Object.freeze({ dimensions: Object.freeze(dimensions), size });
}

function metresOrZero(value: unknown, axis: ScaleDimension): number {
  if (value === undefined || value === null || value === 0) return 0;
  try {
    return parseLength(value, axis);
  } catch {
    // Not a usable length (a "0 m", a negative or a word): unknown, as a missing one.
    return 0;
  }
}
