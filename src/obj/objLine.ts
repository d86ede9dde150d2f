/**
 * The value lines (`v`, `vn`, `vt`) and face corners of an OBJ, read character by character the
 * way Babylon's `SolidParser` patterns read them ({@link parseObjText}). Pure, no engine.
 */
import type { ObjValues } from "./objBatch.js";
import { type asciiBytes, isNumberChar, isWs, type NumberList, POW10, parseNumber } from "./objScan.js";

/**
 * The largest index a face corner is read as: past it every index is this one, which names no
 * vertex (corners are Int32 lists, and a larger value would wrap onto a real vertex:
 * `f 1 2 4294967299` would read as `f 1 2 3`).
 */
export const MAX_CORNER_INDEX = 0x7fffffff;

/** Face patterns in SolidParser's order: v/vt/vn, v//vn, -v/-vt/-vn, v/vt, v. */
export const FACE_KINDS = [3, 4, 5, 2, 1] as const;
/** 1: v, 2: v/vt, 3: v/vt/vn, 4: v//vn, 5: -v/-vt/-vn. */
export type FaceKind = (typeof FACE_KINDS)[number];

/**
 * {@link readNumbers} over `bytes`, the text's characters as {@link asciiBytes} gives them: the
 * common form in one pass, spaces, then `-`, digits, `.`, digits, accumulated as read. Anything
 * else (tabs, `+`, exponents, `|`, over 15 digits, junk after a value, any non-ASCII character)
 * is left to readNumbers, which reads the line `s` again from the start.
 */
export function readNumbersFast(
  bytes: Uint8Array,
  s: string,
  from: number,
  end: number,
  count: number,
  list: NumberList<Float64Array>,
  spacesOnly: boolean,
): boolean {
  if (from >= end) return false;
  list.reserve(count);
  const at = list.length;
  const data = list.data;
  // The scans stop at the first character outside their class, not at `end` (asciiBytes ends
  // the text with a 0); a scan that ran past `end` hands the line on too.
  let i = from;
  for (let n = 0; n < count; n++) {
    if (i >= end || bytes[i]! !== 32) return readNumbers(s, from, end, count, list, spacesOnly);
    let c = bytes[++i]!;
    while (c === 32) c = bytes[++i]!;
    const negative = c === 45;
    if (negative) c = bytes[++i]!;
    const start = i;
    let mantissa = 0;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      c = bytes[++i]!;
    }
    let digits = i - start;
    let fraction = 0;
    if (c === 46) {
      const dot = i;
      c = bytes[++i]!;
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        c = bytes[++i]!;
      }
      fraction = i - dot - 1;
      digits += fraction;
    }
    // The value must end where the number characters do. Past it, the next value needs a
    // space (checked above); past the last, anything will do: vn and vt cut the value there,
    // and v's parseFloat of the whole token stops there too, as nothing else continues a decimal.
    if (digits === 0 || digits > 15 || i > end || (i < end && isNumberChar(c))) {
      return readNumbers(s, from, end, count, list, spacesOnly);
    }
    // Both operands are exact doubles, so this is parseNumber's (and parseFloat's) value.
    const value = fraction === 0 ? mantissa : mantissa / POW10[fraction]!;
    data[at + n] = negative ? -value : value;
  }
  list.length = at + count;
  return true;
}

/** Reads up to three numbers after a `v`, `vn` or `vt` keyword into `list`; false when the line is not one. */
export function readNumbers(
  s: string,
  from: number,
  end: number,
  count: number,
  list: NumberList<Float64Array>,
  spacesOnly: boolean,
): boolean {
  let i = from;
  if (i >= end || !isWs(s.charCodeAt(i))) return false;
  list.reserve(count);
  const at = list.length;
  for (let n = 0; n < count; n++) {
    const wsStart = i;
    while (i < end && isWs(s.charCodeAt(i))) i++;
    // vn and vt separate their values with spaces (` +`), v with any whitespace (`\s+`).
    if (n > 0 && spacesOnly) for (let k = wsStart; k < i; k++) if (s.charCodeAt(k) !== 32) return false;
    const start = i;
    while (i < end && isNumberChar(s.charCodeAt(i))) i++;
    if (i === start) return false;
    const numberEnd = i;
    const last = n === count - 1;
    if (!last && i < end && !isWs(s.charCodeAt(i))) return false;
    // v takes the whole space-delimited token; vn and vt the leading run of number characters.
    if (last && !spacesOnly) while (i < end && s.charCodeAt(i) !== 32) i++;
    list.data[at + n] = parseNumber(s, start, last && !spacesOnly ? i : numberEnd);
  }
  list.length = at + count;
  return true;
}

/**
 * Reads the common face form, `v/vt/vn` corners one space apart up to the line's end, from
 * `bytes` (as {@link asciiBytes} gives them) into `corners` as {@link readFace} reads it with
 * kind 3; returns the corner count, or -1 when the line is anything else (then readFace, kind
 * by kind, decides).
 */
export function readTripleFace(bytes: Uint8Array, from: number, end: number, corners: NumberList<Int32Array>): number {
  let i = from;
  let count = 0;
  corners.length = 0;
  // As in readNumbersFast, the digit scans stop at the first non-digit, not at `end`; a scan past
  // `end` never comes back to it, so the line ends in -1.
  for (;;) {
    corners.reserve(3);
    const at = corners.length;
    const out = corners.data;
    for (let p = 0; p < 3; p++) {
      if (p > 0 && bytes[i++] !== 47) return -1;
      const start = i;
      let value = 0;
      let digit = bytes[i]!;
      while (digit >= 48 && digit <= 57) {
        value = value * 10 + (digit - 48);
        digit = bytes[++i]!;
      }
      if (i === start) return -1;
      out[at + p] = (value > MAX_CORNER_INDEX ? MAX_CORNER_INDEX : value) - 1;
    }
    corners.length = at + 3;
    count++;
    if (i === end) return count;
    if (bytes[i++] !== 32) return -1;
  }
}

/** Reads face corners of one kind; returns how many SolidParser's pattern would take. */
export function readFace(
  s: string,
  from: number,
  end: number,
  kind: FaceKind,
  corners: NumberList<Int32Array>,
  values: ObjValues,
): number {
  let i = from;
  let count = 0;
  corners.length = 0;
  for (;;) {
    const triple = readCorner(s, i, end, kind, corners, values);
    if (triple < 0) break;
    i = triple;
    count++;
    if (i >= end || !isWs(s.charCodeAt(i))) break;
    let run = 0;
    while (i < end && isWs(s.charCodeAt(i))) {
      i++;
      run++;
    }
    // SolidParser collapses whitespace pairs twice; a run of 5+ leaves two, which ends the face.
    if (Math.ceil(Math.ceil(run / 2) / 2) > 1) break;
  }
  return count;
}
/** Parses one corner at `i`; pushes (position, uv, normal) and returns its end, or -1. */
export function readCorner(
  s: string,
  from: number,
  end: number,
  kind: FaceKind,
  corners: NumberList<Int32Array>,
  values: ObjValues,
): number {
  let i = from;
  const parts = kind === 1 ? 1 : kind === 2 || kind === 4 ? 2 : 3;
  let a = 0;
  let b = 0;
  let c = 0;
  for (let p = 0; p < parts; p++) {
    if (p > 0) {
      if (s.charCodeAt(i) !== 47) return -1;
      i++;
      if (kind === 4 && s.charCodeAt(i++) !== 47) return -1;
    }
    if (kind === 5 && s.charCodeAt(i++) !== 45) return -1;
    let value = 0;
    const start = i;
    let digit: number;
    while (i < end && (digit = s.charCodeAt(i)) >= 48 && digit <= 57) {
      value = value * 10 + (digit - 48);
      i++;
    }
    if (i === start) return -1;
    if (value > MAX_CORNER_INDEX) value = MAX_CORNER_INDEX;
    if (p === 0) a = value;
    else if (p === 1) b = value;
    else c = value;
  }
  corners.reserve(3);
  const at = corners.length;
  const out = corners.data;
  if (kind === 5) {
    out[at] = values.positionCount - a;
    out[at + 1] = values.uvCount - b;
    out[at + 2] = values.normalCount - c;
  } else {
    out[at] = a - 1;
    out[at + 1] = kind === 2 || kind === 3 ? b - 1 : -1;
    out[at + 2] = kind === 3 ? c - 1 : kind === 4 ? b - 1 : -1;
  }
  corners.length = at + 3;
  return i;
}

/** Counts for tests: the characters the `l` segment scan looked at, over every read. */
export const objLineStats = { charsScanned: 0 };

/**
 * What SolidParser's `l` pattern of `kind` (1: `v`, 2: `v/vt`, 3: `v/vt/vn`) captures of
 * `segment`, or undefined when it does not match. The patterns are `^l\s+((X){2,})+` with X a
 * corner of `kind` digit runs joined by `/` and one optional whitespace; V8 backtracks through
 * them in time quadratic in a digit run's length, so the capture is found here in one pass:
 * the greedy run of corners when it has two; else, with one, the corner split before its last
 * digit (the only split the backtracking can make work) and the greedy run from there.
 */
export function lineCapture(segment: string, kind: 1 | 2 | 3): string | undefined {
  if (segment.charCodeAt(0) !== 108) return undefined;
  let start = 1;
  while (start < segment.length && isWs(segment.charCodeAt(start))) start++;
  if (start === 1) return undefined;
  const first = lineCorner(segment, start, kind);
  if (first < 0) return undefined;
  const second = lineCorner(segment, first, kind);
  if (second >= 0) return segment.slice(start, lineCorners(segment, second, kind));
  // One corner: its last digit run, when longer than one digit, may give up its last digit to
  // a second corner that has the same tail.
  let runStart = first;
  while (runStart > start && !isDigit(segment.charCodeAt(runStart - 1))) runStart--;
  const runEnd = runStart;
  while (runStart > start && isDigit(segment.charCodeAt(runStart - 1))) runStart--;
  if (runEnd - runStart < 2) return undefined;
  const split = lineCorner(segment, runEnd - 1, kind);
  return split < 0 ? undefined : segment.slice(start, lineCorners(segment, split, kind));
}

/** Where the greedy run of corners from `at` ends. */
function lineCorners(s: string, at: number, kind: 1 | 2 | 3): number {
  let end = at;
  for (let next = lineCorner(s, end, kind); next >= 0; next = lineCorner(s, end, kind)) end = next;
  return end;
}

/** The end of one greedy corner at `at` (digit runs joined by `/`, then one optional whitespace), or -1. */
function lineCorner(s: string, at: number, kind: 1 | 2 | 3): number {
  let i = at;
  for (let part = 0; part < kind; part++) {
    if (part > 0) {
      if (s.charCodeAt(i) !== 47) return count(at, i, -1);
      i++;
    }
    const runStart = i;
    while (isDigit(s.charCodeAt(i))) i++;
    if (i === runStart) return count(at, i, -1);
  }
  if (i < s.length && isWs(s.charCodeAt(i))) i++;
  return count(at, i, i);
}

function count(from: number, to: number, result: number): number {
  objLineStats.charsScanned += to - from + 1;
  return result;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
