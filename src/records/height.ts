/**
 * Parsing of `scale` dimensions (`height`, `length`, `width`) into metres. The spec says "a
 * number followed by a unit"; SDK code shows plain numbers in metres. Both are accepted.
 */
import { HeightParseError, LengthParseError, type ScaleDimension } from "../core/errors.js";

export { HeightParseError, LengthParseError, type ScaleDimension } from "../core/errors.js";

/** Metres per unit, by every spelling accepted (lower case). */
const UNIT_TO_METRES: Readonly<Record<string, number>> = {
  "": 1,
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  cm: 0.01,
  centimeter: 0.01,
  centimeters: 0.01,
  centimetre: 0.01,
  centimetres: 0.01,
  mm: 0.001,
  millimeter: 0.001,
  millimeters: 0.001,
  millimetre: 0.001,
  millimetres: 0.001,
  km: 1000,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  "'": 0.3048,
  in: 0.0254,
  inch: 0.0254,
  inches: 0.0254,
  '"': 0.0254,
  yd: 0.9144,
  yard: 0.9144,
  yards: 0.9144,
};

const LENGTH_PATTERN = /^([+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?)\s*([a-z'"]*)\.?$/i;

/**
 * Converts a height to metres: {@link parseLength} of the `height` dimension.
 *
 * @throws HeightParseError quoting the value when it is not a positive length.
 * @example
 * parseHeight("60 cm"); // 0.6
 * parseHeight(1.5);     // 1.5
 * @category Records
 */
export function parseHeight(value: unknown): number {
  return parseDimension(value, (reason) => new HeightParseError(value, reason));
}

/**
 * Converts a length (of any `scale` dimension) to metres.
 *
 * Accepts a finite positive number (metres) or a string holding a number and an optional unit:
 * `m`, `cm`, `mm`, `km`, `ft`, `in`, `yd` and their spelled-out forms (`metres`, `feet`, ...).
 * A decimal comma is accepted (`"0,6 m"`). `0`, which the service sends for an unknown
 * dimension, is not a length and throws like any other bad value.
 *
 * @param dimension - the dimension named in the error message; `"length"` when not given.
 * @throws LengthParseError quoting the value when it is not a positive length.
 * @example
 * parseLength("2.4 m");       // 2.4
 * parseLength(60, "width");   // 60
 * @category Records
 */
export function parseLength(value: unknown, dimension: ScaleDimension = "length"): number {
  if (dimension === "height") return parseHeight(value);
  return parseDimension(value, (reason) => new LengthParseError(value, reason, dimension));
}

function parseDimension(value: unknown, fail: (reason: string) => LengthParseError): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value <= 0) throw fail("expected a finite number greater than 0");
    return value;
  }
  if (typeof value !== "string") throw fail('expected a number or a string such as "0.6 m"');
  const match = LENGTH_PATTERN.exec(value.trim());
  if (!match) throw fail('expected a number followed by a unit, such as "0.6 m"');
  const amount = Number(match[1]!.replace(",", "."));
  const unit = match[2]!.toLowerCase();
  const factor = UNIT_TO_METRES[unit];
  if (factor === undefined) throw fail(`unknown unit "${match[2]}"`);
  const metres = amount * factor;
  if (!Number.isFinite(metres) || metres <= 0) throw fail("expected a length greater than 0");
  return metres;
}
