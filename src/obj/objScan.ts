/**
 * Character-level helpers of the OBJ reader ({@link parseObjText}): whitespace as JavaScript's
 * `trim` and `\s` see it, numbers read like `parseFloat` without slicing strings, and growable
 * typed arrays. Pure, no engine.
 */

/** Whether `c` is a char code that `String.prototype.trim` and the regex class `\s` treat as whitespace. */
export function isWs(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0xfeff ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Whether `c` is in SolidParser's number class `[\d|.|+|\-|e|E]` (the `|` is literally in it). */
export function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69 || c === 124;
}

/** 10^0 … 10^22, every one an exact double. */
export const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * `parseFloat(text.slice(start, end))`, without the slice for plain decimals: up to 15 digits
 * and no exponent, the value is `digits / 10^k` with both operands exact doubles, so the one
 * rounding of the division gives the correctly rounded result, the same double `parseFloat`
 * returns (Clinger's fast path). Anything else goes to `parseFloat` itself.
 */
export function parseNumber(text: string, start: number, end: number): number {
  let i = start;
  let c = text.charCodeAt(i);
  const negative = c === 45;
  if (negative || c === 43) i++;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  while (i < end && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
    mantissa = mantissa * 10 + (c - 48);
    digits++;
    i++;
  }
  if (i < end && c === 46) {
    i++;
    while (i < end && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      fraction++;
      i++;
    }
  }
  if (i !== end || digits === 0 || digits > 15) return Number.parseFloat(text.slice(start, end));
  const value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
  return negative ? -value : value;
}

const ENCODER = new TextEncoder();
const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * The text's characters as bytes, for scans that look for ASCII only: an ASCII character as
 * itself, any other as 255 (which no such scan accepts), then a 0 past the end so that a scan
 * there stops (rather than read what an earlier text left). Reading bytes is much cheaper than
 * `charCodeAt`, and a character's index stays its byte's. `into` is filled when it has room,
 * else a bigger array is made.
 */
export function asciiBytes(text: string, into: Uint8Array): Uint8Array {
  const length = text.length;
  const bytes = into.length > length ? into : new Uint8Array(Math.max(length + 1, into.length * 2));
  // All ASCII exactly when every character became one byte; else the ASCII runs between
  // the other characters (each UTF-16 unit of them matched alone) are encoded run by run.
  const { read, written } = ENCODER.encodeInto(text, bytes);
  if (read !== length || written !== length) {
    let from = 0;
    NON_ASCII.lastIndex = 0;
    for (let match = NON_ASCII.exec(text); match; match = NON_ASCII.exec(text)) {
      if (match.index > from) ENCODER.encodeInto(text.slice(from, match.index), bytes.subarray(from));
      bytes[match.index] = 255;
      from = match.index + 1;
    }
    if (from < length) ENCODER.encodeInto(text.slice(from), bytes.subarray(from));
  }
  bytes[length] = 0;
  return bytes;
}

/** A growable list of numbers over a typed array (no boxing, no per-item objects). */
export class NumberList<T extends Float64Array | Int32Array> {
  data: T;
  length = 0;
  readonly #make: (size: number) => T;

  constructor(make: (size: number) => T, capacity = 64) {
    this.#make = make;
    this.data = make(capacity);
  }

  /** Makes room for `extra` more items. */
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const bigger = this.#make(Math.max(this.data.length * 2, this.length + extra));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = value;
  }
}

/** A growable Float64 list. */
export function floatList(capacity?: number): NumberList<Float64Array> {
  return new NumberList((n) => new Float64Array(n), capacity);
}

/** A growable Int32 list. */
export function intList(capacity?: number): NumberList<Int32Array> {
  return new NumberList((n) => new Int32Array(n), capacity);
}
