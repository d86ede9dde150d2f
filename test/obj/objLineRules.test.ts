/**
 * The OBJ line reader's pieces, called one by one: value lines read by the one-pass fast path
 * or handed on to the general reader, the common `v/vt/vn` face form and each face kind, corner
 * indices past the largest one kept, and what an `l` line's patterns capture.
 */
import { describe, expect, it } from "vitest";
import {
  lineCapture,
  MAX_CORNER_INDEX,
  objLineStats,
  readCorner,
  readFace,
  readNumbers,
  readNumbersFast,
  readTripleFace,
} from "../../src/obj/objLine.js";
import type { NumberList } from "../../src/obj/objScan.js";
import { asciiBytes, floatList, intList } from "../../src/obj/objScan.js";

const bytesOf = (text: string) => asciiBytes(text, new Uint8Array(0));
const itemsOf = (list: NumberList<Float64Array> | NumberList<Int32Array>) =>
  Array.from(list.data.subarray(0, list.length));

/** readNumbersFast over the whole of `line`, into a fresh list; the values, or false. */
function fast(line: string, count: number, spacesOnly: boolean): number[] | false {
  const list = floatList(2);
  return readNumbersFast(bytesOf(line), line, 0, line.length, count, list, spacesOnly) && itemsOf(list);
}

/** readNumbers over the whole of `line`, into a fresh list; the values, or false. */
function slow(line: string, count: number, spacesOnly: boolean): number[] | false {
  const list = floatList(2);
  return readNumbers(line, 0, line.length, count, list, spacesOnly) && itemsOf(list);
}

/**
 * readNumbersFast with the bytes of `line` but another text, `other`, of the same length, for
 * readNumbers to read again: the values show which of the two read the line.
 */
function whoReads(line: string, other: string, count: number): "fast" | "handed on" | false {
  const list = floatList(4);
  if (!readNumbersFast(bytesOf(line), other, 0, line.length, count, list, false)) return false;
  const read = itemsOf(list);
  if (JSON.stringify(read) === JSON.stringify(slow(other, count, false))) return "handed on";
  return "fast";
}

const VALUES = {
  positions: new Float64Array(0),
  positionCount: 5,
  uvs: new Float64Array(0),
  uvCount: 6,
  normals: new Float64Array(0),
  normalCount: 7,
};

/** readFace over `line` up to `end`: the corner count and the corners (the list's earlier items dropped). */
function face(line: string, kind: 1 | 2 | 3 | 4 | 5, end = line.length): [number, number[]] {
  const corners = intList(2);
  corners.push(99);
  const count = readFace(line, 0, end, kind, corners, VALUES);
  return [count, itemsOf(corners)];
}

/** readTripleFace over `line` up to `end`: the corner count (or -1) and the corners (the list's earlier items dropped). */
function triple(line: string, end = line.length): [number, number[]] {
  const corners = intList(2);
  corners.push(99);
  const count = readTripleFace(bytesOf(line), 0, end, corners);
  return [count, itemsOf(corners)];
}

describe("readNumbersFast", () => {
  it("reads spaced, negative and fractional values after the ones already in the list", () => {
    const line = "  -1.5   0.25 3 -0.125";
    const list = floatList(1);
    list.push(42);
    expect(readNumbersFast(bytesOf(line), line, 0, line.length, 4, list, false)).toBe(true);
    expect(itemsOf(list)).toEqual([42, -1.5, 0.25, 3, -0.125]);
    expect(fast(" 10 -20 300", 3, true)).toEqual([10, -20, 300]);
    expect(fast(" 7. -.5 -0", 3, true)).toEqual([7, -0.5, -0]);
  });

  it("reads a line inside a longer text, between the bounds it is given", () => {
    const text = "v 1 2 3\nv 4.5 -6 78\n";
    const bytes = bytesOf(text);
    const list = floatList(2);
    expect(readNumbersFast(bytes, text, 1, 7, 3, list, false)).toBe(true);
    expect(readNumbersFast(bytes, text, 9, 20, 3, list, false)).toBe(true);
    expect(itemsOf(list)).toEqual([1, 2, 3, 4.5, -6, 78]);
  });

  it("reads the number of values asked for and leaves the rest of the line", () => {
    expect(fast(" 1 2 3 4", 2, false)).toEqual([1, 2]);
    expect(fast(" 1 2 3 4", 3, true)).toEqual([1, 2, 3]);
    // Too few values: the line is not one.
    expect(fast(" 1 2", 3, false)).toBe(false);
    expect(fast(" 1 2 ", 3, false)).toBe(false);
  });

  it("reads nothing from an empty line, a line of one space, or past its end", () => {
    const list = floatList(2);
    expect(readNumbersFast(bytesOf(" 1 2 3"), " 1 2 3", 6, 6, 3, list, false)).toBe(false);
    expect(readNumbersFast(bytesOf(" 1 2 3"), " 1 2 3", 7, 6, 3, list, false)).toBe(false);
    expect(list.length).toBe(0);
    expect(fast("", 1, false)).toBe(false);
    expect(fast(" ", 1, false)).toBe(false);
    expect(fast("1", 1, false)).toBe(false);
    // A lone '-' or '.' is handed on, and read as parseFloat reads it.
    expect(fast(" -", 1, false)).toEqual([Number.NaN]);
    expect(fast(" .", 1, true)).toEqual([Number.NaN]);
    expect(fast(" 5", 1, false)).toEqual([5]);
  });

  it("reads the common form itself, without handing the line on", () => {
    expect(whoReads(" 1.5 -2 30", " 9.0 -9 99", 3)).toBe("fast");
    expect(whoReads(" 123456789012345 0 0", " 999999999999999 9 9", 3)).toBe("fast");
    expect(whoReads(" 1.23456789012345 0 0", " 9.99999999999999 9 9", 3)).toBe("fast");
    // Anything after the last value that no number goes on with is left.
    expect(whoReads(" 1 2 3x", " 9 9 9x", 3)).toBe("fast");
    expect(whoReads(" 1 2 3é", " 9 9 9é", 3)).toBe("fast");
    expect(whoReads(" 1 2 3/", " 9 9 9/", 3)).toBe("fast");
  });

  it("hands on a line with anything but spaces, '-', digits and one '.'", () => {
    expect(whoReads(" 1\t2 3", " 9\t9 9", 3)).toBe("handed on");
    expect(whoReads("\t1 2 3", "\t9 9 9", 3)).toBe("handed on");
    expect(whoReads(" +1 2 3", " +9 9 9", 3)).toBe("handed on");
    expect(whoReads(" 1 2 3e1", " 9 9 9e1", 3)).toBe("handed on");
    expect(whoReads(" 1 2 3E1", " 9 9 9E1", 3)).toBe("handed on");
    expect(whoReads(" 1 2 3|", " 9 9 9|", 3)).toBe("handed on");
    expect(whoReads(" 1 2 3.5.", " 9 9 9.9.", 3)).toBe("handed on");
    expect(whoReads(" 1 2 3-", " 9 9 9-", 3)).toBe("handed on");
    expect(whoReads(" 1234567890123456 2 3", " 9999999999999999 9 9", 3)).toBe("handed on");
    expect(whoReads(" 1.234567890123456 2 3", " 9.999999999999999 9 9", 3)).toBe("handed on");
    expect(whoReads(" 1\u00a02 3", " 9\u00a09 9", 3)).toBe("handed on");
    expect(whoReads(" 1é 2 3", " 9é 9 9", 3)).toBe(false);
  });

  it("hands on a line whose last value runs on past the end it is given, and only then", () => {
    // A number character just at `end` is past the line: the fast path reads the line itself.
    const list = floatList(2);
    expect(readNumbersFast(bytesOf(" 1 2 3e5"), " 9 9 9e5", 0, 6, 3, list, false)).toBe(true);
    expect(itemsOf(list)).toEqual([1, 2, 3]);
    // Digits that run on past `end`: readNumbers reads the text again, up to `end`.
    expect(readNumbersFast(bytesOf(" 1 2 345"), " 9 9 945", 0, 6, 3, list, true)).toBe(true);
    expect(itemsOf(list)).toEqual([1, 2, 3, 9, 9, 9]);
    expect(readNumbersFast(bytesOf(" 1 2 3.45"), " 9 9 9.45", 0, 8, 3, list, true)).toBe(true);
    expect(itemsOf(list)).toEqual([1, 2, 3, 9, 9, 9, 9, 9, 9.4]);
  });

  it("reads every handed-on line as readNumbers does", () => {
    const lines = [" 1e2 2 3", " +1 -2 +3", " 1\t2\t3", "\t1 2 3", " 1 2 3e-1", " 1 2 3|4", " 1x 2 3", " 1 2 3.5e1"];
    for (const spacesOnly of [false, true]) {
      for (const line of lines) expect(fast(line, 3, spacesOnly), line).toEqual(slow(line, 3, spacesOnly));
    }
    expect(fast(" 1e2 2 3", 3, false)).toEqual([100, 2, 3]);
    expect(fast(" 1 2 3.5e1", 3, true)).toEqual([1, 2, 35]);
  });
});

describe("readNumbers", () => {
  it("reads values separated by any whitespace for v, and by spaces only for vn and vt after the first", () => {
    expect(slow(" 1\t2 3", 3, false)).toEqual([1, 2, 3]);
    expect(slow(" 1\t2 3", 3, true)).toBe(false);
    expect(slow(" 1 2\u00a03", 3, true)).toBe(false);
    expect(slow(" 1  2   3", 3, true)).toEqual([1, 2, 3]);
    // The whitespace after the keyword may be any.
    expect(slow("\t1 2 3", 3, true)).toEqual([1, 2, 3]);
    expect(slow("\u00a0+1 -2e1 .5", 3, false)).toEqual([1, -20, 0.5]);
  });

  it("is not a value line without whitespace first, a number in each place, or whitespace between numbers", () => {
    expect(slow("1 2 3", 3, false)).toBe(false);
    expect(slow("", 3, false)).toBe(false);
    expect(slow(" 1 x 3", 3, false)).toBe(false);
    expect(slow(" 1x 2 3", 3, false)).toBe(false);
    expect(slow(" 1 2", 3, false)).toBe(false);
    expect(slow(" 1 2 ", 3, false)).toBe(false);
    const list = floatList(2);
    expect(readNumbers(" 1 2", 0, 4, 3, list, false)).toBe(false);
    expect(list.length).toBe(0);
  });

  it("reads up to its end and no further, after what the list holds", () => {
    const list = floatList(1);
    list.push(-1);
    expect(readNumbers(" 1 2 345 6", 1, 7, 2, list, true)).toBe(false);
    expect(readNumbers(" 1 2 345 6", 0, 6, 3, list, true)).toBe(true);
    expect(readNumbers(" 1 2 345 6", 0, 6, 3, list, false)).toBe(true);
    expect(itemsOf(list)).toEqual([-1, 1, 2, 3, 1, 2, 3]);
  });

  it("takes v's last value as the whole token up to a space, and vn's and vt's as its number characters", () => {
    // parseFloat goes on over "Infinity", which is no number character.
    expect(slow(" 1 2 -Infinity", 3, false)).toEqual([1, 2, Number.NEGATIVE_INFINITY]);
    expect(slow(" 1 2 +Infinity x", 3, false)).toEqual([1, 2, Number.POSITIVE_INFINITY]);
    expect(slow(" 1 2 -Infinity", 3, true)).toEqual([1, 2, Number.NaN]);
    expect(slow(" 1 2 -Infinity 4", 3, false)).toEqual([1, 2, Number.NEGATIVE_INFINITY]);
    expect(fast(" 1 2 -Infinity", 3, false)).toEqual([1, 2, Number.NEGATIVE_INFINITY]);
    expect(fast(" 1 2 -Infinity", 3, true)).toEqual([1, 2, Number.NaN]);
  });

  it("takes the last value up to its number characters, what follows it left", () => {
    expect(slow(" 1 2 3x", 3, true)).toEqual([1, 2, 3]);
    expect(slow(" 1 2 3x", 3, false)).toEqual([1, 2, 3]);
    expect(slow(" 1 2 3", 2, true)).toEqual([1, 2]);
    expect(slow(" 1 2x", 2, true)).toEqual([1, 2]);
  });
});

describe("readTripleFace", () => {
  it("reads v/vt/vn corners one space apart, each index less one, replacing what the list held", () => {
    expect(triple("1/2/3 4/5/6 7/8/9")).toEqual([3, [0, 1, 2, 3, 4, 5, 6, 7, 8]]);
    expect(triple("10/20/30 4/5/6 7/8/9 11/12/13")).toEqual([4, [9, 19, 29, 3, 4, 5, 6, 7, 8, 10, 11, 12]]);
    expect(triple("1/2/3")).toEqual([1, [0, 1, 2]]);
  });

  it("reads the corners readFace reads with kind 3", () => {
    for (const line of ["1/2/3 4/5/6 7/8/9", "12/34/56 7/8/9 1/1/1 2/2/2", "0/0/0 1/1/1 2/2/2"]) {
      expect(triple(line)).toEqual(face(line, 3));
    }
  });

  it("leaves any other form to readFace", () => {
    for (const line of [
      "1/2 3/4 5/6",
      "1//3 4//6 7//9",
      "-1/-2/-3 -4/-5/-6 -7/-8/-9",
      "1 2 3",
      "1/2/3  4/5/6 7/8/9",
      "1/2/3\t4/5/6 7/8/9",
      "1/2/3 4/5/6 7/8/9 ",
      "1/2/3 4/5/6 7/8/9x",
      "1/2/3/4 4/5/6 7/8/9",
      "1/2/ 4/5/6 7/8/9",
      "/1/2/3 4/5/6 7/8/9",
      "1/2/3 4/5/6 7/8/é",
      "",
    ]) {
      expect(triple(line)[0], line).toBe(-1);
    }
  });

  it("stops at the end it is given", () => {
    expect(triple("1/2/3 4/5/6", 5)).toEqual([1, [0, 1, 2]]);
    expect(triple("1/2/3 4/5/6", 4)[0]).toBe(-1);
    expect(triple("1/2/3 4/5/6", 6)[0]).toBe(-1);
  });

  it("reads an index past the largest as the largest, naming no vertex", () => {
    expect(triple("4294967299/2/3 2147483648/1/1 2147483647/1/1")).toEqual([
      3,
      [MAX_CORNER_INDEX - 1, 1, 2, MAX_CORNER_INDEX - 1, 0, 0, MAX_CORNER_INDEX - 1, 0, 0],
    ]);
    expect(triple("1/99999999999999999999/3")).toEqual([1, [0, MAX_CORNER_INDEX - 1, 2]]);
  });
});

describe("readFace", () => {
  it("reads each kind of corner as position, uv and normal indices, -1 where the corner has none", () => {
    expect(face("1 2 3", 1)).toEqual([3, [0, -1, -1, 1, -1, -1, 2, -1, -1]]);
    expect(face("1/2 3/4 5/6", 2)).toEqual([3, [0, 1, -1, 2, 3, -1, 4, 5, -1]]);
    expect(face("1/2/3 4/5/6 7/8/9 10/11/12", 3)).toEqual([4, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]);
    expect(face("1//2 3//4 5//6", 4)).toEqual([3, [0, -1, 1, 2, -1, 3, 4, -1, 5]]);
  });

  it("counts negative corners back from the values read so far", () => {
    // 5 positions, 6 uvs and 7 normals read so far.
    expect(face("-1/-1/-1 -2/-1/-3 -5/-6/-7", 5)).toEqual([3, [4, 5, 6, 3, 5, 4, 0, 0, 0]]);
  });

  it("counts only the corners of its kind, from the start", () => {
    expect(face("1/2/3 4/5/6 7/8/9", 1)[0]).toBe(1);
    expect(face("1/2/3 4/5/6 7/8/9", 2)[0]).toBe(1);
    expect(face("1/2 3/4 5/6", 3)[0]).toBe(0);
    expect(face("1/2 3/4 5/6", 4)[0]).toBe(0);
    expect(face("1//2 3//4 5//6", 2)[0]).toBe(0);
    expect(face("1 2 3", 2)[0]).toBe(0);
    expect(face("1 2 3", 5)[0]).toBe(0);
    expect(face("-1/-2/3 -1/-2/-3", 5)[0]).toBe(0);
    expect(face("-1/2/-3", 5)[0]).toBe(0);
    expect(face("1/-2/-3", 5)[0]).toBe(0);
    expect(face("1 2 x 3", 1)[0]).toBe(2);
    expect(face("1 2 3x", 1)[0]).toBe(3);
    expect(face("1 2 3 ", 1)[0]).toBe(3);
    expect(face("1 2 3\t", 1)[0]).toBe(3);
    expect(face("", 1)[0]).toBe(0);
    // Corners must be apart: a negative corner right after another ends the face.
    expect(face("-1/-1/-1-1/-1/-1 -1/-1/-1", 5)[0]).toBe(1);
  });

  it("goes on over a whitespace run of up to four, and stops at five", () => {
    expect(face("1 \t  2    3", 1)[0]).toBe(3);
    expect(face("1   2  3", 1)[0]).toBe(3);
    expect(face("1     2 3", 1)[0]).toBe(1);
    expect(face("1 2 \t \t \t3", 1)[0]).toBe(2);
  });

  it("stops at the end it is given", () => {
    expect(face("1 2 34", 1, 5)).toEqual([3, [0, -1, -1, 1, -1, -1, 2, -1, -1]]);
    expect(face("1 2 3 4", 1, 6)[0]).toBe(3);
    expect(face("1 2 3 4", 1, 4)[0]).toBe(2);
    expect(face("1/2 3/45", 2, 7)).toEqual([2, [0, 1, -1, 2, 3, -1]]);
    expect(face("1/2 3/4", 2, 6)[0]).toBe(1);
  });

  it("reads an index past the largest as the largest, for every kind", () => {
    const big = "4294967299";
    const last = MAX_CORNER_INDEX - 1;
    expect(face(`${big} 1 2`, 1)[1].slice(0, 3)).toEqual([last, -1, -1]);
    expect(face(`1/${big}/${big}`, 3)[1]).toEqual([0, last, last]);
    expect(face(`1//${big}`, 4)[1]).toEqual([0, -1, last]);
    expect(face(`-${big}/-1/-1`, 5)[1]).toEqual([5 - MAX_CORNER_INDEX, 5, 6]);
  });
});

describe("readCorner", () => {
  it("returns where its corner ends and adds it after the corners the list holds", () => {
    const corners = intList(1);
    corners.push(7);
    expect(readCorner("f 1/2/3 4", 2, 9, 3, corners, VALUES)).toBe(7);
    expect(readCorner("f 1/2/3 4", 8, 9, 1, corners, VALUES)).toBe(9);
    expect(readCorner("1//22", 0, 5, 4, corners, VALUES)).toBe(5);
    expect(readCorner("-1/-2/-3 ", 0, 9, 5, corners, VALUES)).toBe(8);
    expect(itemsOf(corners)).toEqual([7, 0, 1, 2, 3, -1, -1, 0, -1, 21, 4, 4, 4]);
  });

  it("returns -1 without a corner of its kind", () => {
    const corners = intList(1);
    for (const [text, kind] of [
      ["1/", 2],
      ["1/2", 3],
      ["1/2/", 3],
      ["1/2", 4],
      ["1//", 4],
      ["/1", 1],
      ["-1/-2/3", 5],
      ["-1/-2", 5],
      ["1/-2/-3", 5],
      ["-1/2/-3", 5],
      ["", 1],
    ] as const) {
      expect(readCorner(text, 0, text.length, kind, corners, VALUES), `${kind} ${text}`).toBe(-1);
    }
    expect(corners.length).toBe(0);
    expect(readCorner("12", 2, 2, 1, corners, VALUES)).toBe(-1);
  });
});

describe("lineCapture", () => {
  const patterns = [
    /^l\s+(([\d]{1,}[\s]?){2,})+/,
    /^l\s+((([\d]{1,}\/[\d]{1,}[\s]?){2,})+)/,
    /^l\s+((([\d]{1,}\/[\d]{1,}\/[\d]{1,}[\s]?){2,})+)/,
  ] as const;
  const capture = (segment: string, kind: 1 | 2 | 3) => patterns[kind - 1]!.exec(segment)?.[1];

  it("captures what SolidParser's l patterns capture, for corners of two and three parts", () => {
    const segments = [
      "l 1/2 3/4",
      "l 1/2 3/4 5/6 x",
      "l 12/34",
      "l 1/23",
      "l 1/2",
      "l 1/2/34",
      "l 1/2/3",
      "l 1/2/3 4/5/6",
      "l 1/2/3 4/5/6 7/8/9\t",
      "l 11/22/33 4/5/6 7",
      "l 1/2/3/4 5/6/7",
      "l 1/22/333",
      "l 12/3/4 5",
      "l\t\t1/2/3  4/5/6",
      "l 1/2/34 5/6/7",
      "l 1 2 3 4",
      "l 123",
      "l 1 2x",
      "l 1//2 3//4",
      "lx 1 2",
      "l1 2",
      "x 1 2",
      " 1 2",
      "l 9 0",
      "l 90/09 0/9",
      "l 0/9/90",
      "l 9/0/99 8/7/6",
      "l",
      "",
    ];
    for (const segment of segments) {
      for (const kind of [1, 2, 3] as const) {
        expect(lineCapture(segment, kind), `${kind} ${JSON.stringify(segment)}`).toBe(capture(segment, kind));
      }
    }
  });

  it("captures what the patterns capture, for every short corner run of digits, '/' and ' '", () => {
    const alphabet = ["1", "2", "/", " "];
    let tails = [""];
    let compared = 0;
    for (let length = 0; length <= 7; length++) {
      for (const tail of tails) {
        if (length < 5) continue;
        const segment = `l ${tail}`;
        for (const kind of [2, 3] as const) {
          expect(lineCapture(segment, kind), `${kind} ${JSON.stringify(segment)}`).toBe(capture(segment, kind));
          compared++;
        }
      }
      tails = tails.flatMap((tail) => alphabet.map((c) => tail + c));
    }
    expect(compared).toBe(2 * (4 ** 5 + 4 ** 6 + 4 ** 7));
  }, 60_000);

  it("counts each character a corner scan looks at, the one that stops it too", () => {
    const before = objLineStats.charsScanned;
    // Each scan counts from where it starts through where it stops, both included: "1 2" for
    // the first corner (stopping at the "2" after its space), "2" and the end for the second,
    // and the end alone for the scan that finds no third.
    expect(lineCapture("l 1 2", 1)).toBe("1 2");
    expect(objLineStats.charsScanned - before).toBe(3 + 2 + 1);
    // A corner of two parts stopped at the space where its "/" should be: "1" and the space.
    const again = objLineStats.charsScanned;
    expect(lineCapture("l 1 2", 2)).toBeUndefined();
    expect(objLineStats.charsScanned - again).toBe(2);
  });
});
