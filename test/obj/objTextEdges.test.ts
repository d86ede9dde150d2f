/**
 * Hand-written OBJs with what the catalog never writes, each read by our reader and by
 * Babylon's SolidParser: the same meshes, material names and buffers (computed normals within
 * 1e-6), in a left-handed and a right-handed scene.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ObjParseError, parseObj } from "../../src/babylon/runtime/load/parseObj.js";
import { readNumbersFast, readTripleFace } from "../../src/obj/objLine.js";
import { asciiBytes, floatList, intList } from "../../src/obj/objScan.js";
import { ObjTextError, parseObjText } from "../../src/obj/objText.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { differences, ourMeshes, solidParserMeshes } from "../helpers/solidParserReference.js";

const SQUARE = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";
const UVS = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
const NORMALS = "vn 0 0 1\nvn 0 0 -1\nvn 1 0 0\nvn 0 1 0\n";
const PENTAGON = "v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 2 0\nv -1 1 0\n";

/** Name → OBJ text, and how many meshes SolidParser makes of it (the comparison checks the rest). */
const CASES: Array<[string, string, number]> = [
  ["faces with v only", `${SQUARE}f 1 2 3\nf 1 3 4\n`, 1],
  ["faces with v/vt", `${SQUARE}${UVS}f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n`, 1],
  ["faces with v//vn", `${SQUARE}${NORMALS}f 1//1 2//1 3//1\nf 1//2 3//2 4//2\n`, 1],
  ["faces with v/vt/vn", `${SQUARE}${UVS}${NORMALS}f 1/1/1 2/2/1 3/3/1 4/4/1\n`, 1],
  [
    "negative (relative) indices",
    `${SQUARE}${UVS}${NORMALS}f -4/-4/-4 -3/-3/-4 -2/-2/-4\nf -4/-1/-3 -2/-2/-3 -1/-4/-3\n`,
    1,
  ],
  ["a quad, fanned", `${SQUARE}f 1 2 3 4\n`, 1],
  ["an n-gon, fanned", `${PENTAGON}f 1 2 3 4 5\n`, 1],
  [
    "several usemtl switches in one object",
    `o body\n${SQUARE}usemtl fur\nf 1 2 3\nusemtl eye\nf 1 3 4\nusemtl fur\nf 2 3 4\n`,
    3,
  ],
  ["usemtl before any o", `${SQUARE}usemtl fur\nf 1 2 3\no leg\nusemtl hoof\nf 1 3 4\n`, 2],
  ["o and g lines", `${SQUARE}o body\nf 1 2 3\ng belly\nf 1 3 4\no tail\ng tip\nf 2 3 4\n`, 3],
  ["faces before the first o", `${SQUARE}f 1 2 3\no body\nf 1 3 4\n`, 1],
  ["comments", `# a model\n${SQUARE}# faces:\nf 1 2 3 # the first\n#f 1 3 4\nf 1 3 4#glued\n`, 1],
  ["CRLF line ends", `${SQUARE}${UVS}o a\r\nusemtl m\r\nf 1/1 2/2 3/3\r\nf 1/1 3/3 4/4\r\n`.replace(/\n/g, "\r\n"), 1],
  ["trailing and extra whitespace", `v 0 0 0  \nv  1 0 0\t\nv 1   1 0\n  f 1  2   3   \nusemtl  a  b  \n f 1 2 3\n`, 1],
  [
    "shared corners with several uvs (SolidParser's second-vertex quirk)",
    `${SQUARE}${UVS}${NORMALS}f 1/1/1 2/2/1 3/3/1\nf 1/2/1 3/3/1 4/4/1\nf 1/3/1 2/1/1 4/2/1\nf 1/2/1 2/2/2 3/1/3\nf 1/2/1 2/2/2 3/1/3\nf 1/4/1 1/2/1 1/1/1\n`,
    1,
  ],
  [
    "numbers with exponents, signs and many digits",
    `v 1e-3 +2.5 -0.0\nv 1.23456789012345678 2E2 .5\nv 3. -0 7\nvt 0.1e1 5e-1\nvn 1e0 0 0\nf 1/1/1 2/1/1 3/1/1\n`,
    1,
  ],
  [
    "a face before its vertices' uvs and normals exist",
    `${SQUARE}o a\nf 1/1/1 2/2/2 3/3/3\n${UVS}${NORMALS}o b\nf 1/1/1 3/3/3 4/4/4\n`,
    2,
  ],
  ["lines (l)", `${SQUARE}o wire\nl 1 2 3\no face\nf 1 2 3\n`, 2],
  // Two spaces then a tab: the line's fold leaves " \t" between the corners, which the segment's
  // own fold turns into one space (a line from 1 to 2); one corner alone draws nothing.
  [
    "l lines of one corner, and a tab left after the line's fold",
    `${SQUARE}o wire\nl 33\nl 1  \t2\no face\nf 1 2 3\n`,
    2,
  ],
  // A line with a comment is read from a copy of it without the comment: its corners are the
  // copy's, not the text's at the same offsets (here the first line's, a face's worth of them).
  [
    "a face with a comment after it, in a text whose first line holds other corners at its offsets",
    `g 1/1/1 2/1/1 3/1/1\n${SQUARE}${UVS}${NORMALS}f 2/2/1 3/3/1 4/4/1 # the upper triangle\n`,
    1,
  ],
  [
    "a face mixing corner kinds (only the leading kind counts)",
    `${SQUARE}${UVS}o a\nf 1/1 2/2 3/3/3 4/4\no b\nf 1 2 3/1 4\n`,
    2,
  ],
  // The reader takes the common forms in one pass and hands anything else to the exact,
  // character-class reader; these lines start on the fast path and must leave it. Each
  // rejected line is followed by one a face names, so taking it would shift what follows.
  [
    "v lines the one-pass reader hands on (exponent, +, |, 16+ digits, junk)",
    "v 1e-1 0 0\nv 1 +2 0\nv 1|5 1 0\nv .9891649782657623 0 0.5\nv 0 -.97599092125892639 0.5\nv 0 1 0.75e1\n" +
      "v 0.5 0.5 0.5x\nv 0.5 0.5x 0.5\nv 2 2 2\nv 0.5 0.5 0.25e\nv 9.5 -9.5\nv 3 3 3\nf 1 2 3\nf 4 5 6\nf 7 8 9\nf 10 5 7\n",
    1,
  ],
  [
    "vn and vt lines the one-pass reader hands on (tab, exponent, 16+ digits, no digits, junk)",
    `${SQUARE}vn 0 0 1e0\nvn 0.5 -.9891649782657623 0x\nvn 0\t0 1\nvn 1 0 0\nvn 0 1E1 0\n` +
      "vt .9891649782657623 0.5\nvt 0.5 0.5 0.5\nvt 0.25\t0.5\nvt 0.125 -.97599092125892639\nvt 0.5 2e-1\nvt . 0.5\nvt - 0.25\n" +
      "f 1/1/1 2/2/2 3/3/3\nf 1/2/2 3/3/3 4/4/4\nf 1/5/1 2/6/2 3/4/3\n",
    1,
  ],
  [
    "faces the one-pass reader hands on (spacing, tab, other kinds, junk, empty indices)",
    `${SQUARE}${UVS}${NORMALS}o a\nf 1/1/1  2/2/2 3/3/3\no b\nf 1/1/1 2/2/2 3/3/3 4/4\no c\nf\t1/1/1 2/2/2 3/3/3 4/4/4\n` +
      "o d\nf 1/1/1 2/2/2 3/3/3 x\no e\nf 1/1/1 2//2 3/3/3\nf 1/1/1 2/2/2 4/4/4\no f\nf 1/1/1 /2/2 3/3/3\nf 2/2/2 3/3/3 4/4/4\n" +
      "o g\nf 1/1/1 2/2/2 3/3/3 4/4/4     1/1/1\no h\nf 1/1/1 2/2/2\nf 1/1/1 3/3/3 4/4/4\no i\nf 1/1/1 2/2/2 3/3/3 4/4/4 \n",
    9,
  ],
  [
    // The one-pass readers see every non-ASCII character as one byte no value takes (İ is
    // U+0130); in UTF-8 the comment would be 8 bytes longer, one vertex line.
    "non-ASCII characters (a comment, names, after a last value)",
    `# ©©©©©©©©\n${SQUARE}v 0 0 0\no corps 🦊\nusemtl pelage_é\nvn 0 0 1\u0130\nvn 0 1 0\nv 0.5 0.5 0.5İ\nf 1//1 2//1 6//2\nf 2//1 3//1 4//1\n`,
    1,
  ],
  ["unknown and malformed lines", `${SQUARE}vp 1 2\ns 1\nmtllib x.mtl\nv 1 2\nvn 1\nf 1\nf a b c\nfoo\nf 1 2 3\n`, 1],
];

let env: ReturnType<typeof createNullScene>;
afterEach(() => env.dispose());

describe.each([false, true])("parseObj against SolidParser (right-handed: %s)", (rightHanded) => {
  beforeEach(() => (env = createNullScene({ rightHanded })));

  it.each(CASES)("%s", (_label, text, meshCount) => {
    const theirs = solidParserMeshes(env.scene, text);
    const ours = ourMeshes(env.scene, text);
    expect(theirs).toHaveLength(meshCount);
    expect(differences(ours, theirs, 1e-6)).toEqual([]);
    expect(env.scene.meshes).toHaveLength(0);
  });

  it.each([
    ["blank text", ""],
    ["only whitespace and comments", "  \n# nothing\r\n\t\n"],
    ["vertices without faces", SQUARE],
    ["a face naming a vertex not defined", `${SQUARE}f 1 2 5\n`],
    ["a face naming vertex 0", `${SQUARE}f 0 1 2\n`],
    ["a face before its vertices", `f 1 2 3\n${SQUARE}`],
    ["a relative index reaching before the first vertex", `${SQUARE}${UVS}${NORMALS}f -1/-1/-1 -2/-2/-2 -5/-3/-3\n`],
    ["uvs for only some vertices of a mesh", `${SQUARE}${UVS}f 1/1 2/2 3/3\nf 1 3 4\n`],
    ["normals for only some vertices of a mesh", `${SQUARE}f 1 2 3\n${NORMALS}f 1//1 3//1 4//1\n`],
    ["corner kinds mixed within a mesh", `${SQUARE}${UVS}f 1/1 2/2 3/3/3 4/4\nf 1 2 3/1 4\n`],
  ])(
    "rejects %s with ObjParseError (SolidParser makes no mesh of it either) and leaves the scene as it was",
    (_label, text) => {
      let solidMeshes = 0;
      try {
        solidMeshes = solidParserMeshes(env.scene, text).length;
      } catch {
        // SolidParser throws on bad references; parseObj turned that into ObjParseError too.
      }
      expect(solidMeshes).toBe(0);
      const before = sceneCounts(env.scene);
      expect(() => parseObj(env.scene, text, "x")).toThrow(ObjParseError);
      expect(sceneCounts(env.scene)).toEqual(before);
    },
  );
});

describe("the one-pass readers", () => {
  // Their scans run to the first character outside the number (or index), wherever `end` is;
  // one that ran past `end` must hand the line on, as the reader then passes more than the line.
  it("see each ASCII character as itself and any other UTF-16 unit as 255, then a 0", () => {
    const bytes = (text: string, into = new Uint8Array(64).fill(7)) =>
      Array.from(asciiBytes(text, into).subarray(0, text.length + 1));
    expect(bytes("v 1")).toEqual([118, 32, 49, 0]);
    expect(bytes("a©b🦊c\u0130d é")).toEqual([97, 255, 98, 255, 255, 99, 255, 100, 32, 255, 0]);
    // Too small an array gives way to a bigger one.
    expect(bytes("é1234567", new Uint8Array(4))).toEqual([255, 49, 50, 51, 52, 53, 54, 55, 0]);
    expect(bytes("abcd", new Uint8Array(4))).toEqual([97, 98, 99, 100, 0]);
  });

  it("stop at the end they are given, even with digits after it", () => {
    const values = floatList(4);
    const line = " 1 2 3456";
    expect(readNumbersFast(asciiBytes(line, new Uint8Array(0)), line, 0, 6, 3, values, false)).toBe(true);
    expect(readNumbersFast(asciiBytes(line, new Uint8Array(0)), line, 0, 6, 3, values, true)).toBe(true);
    expect(Array.from(values.data.subarray(0, values.length))).toEqual([1, 2, 3, 1, 2, 3]);
    const corners = intList(4);
    const face = asciiBytes("1/2/3 4/5/6 7/8/90", new Uint8Array(0));
    expect(readTripleFace(face, 0, 17, corners)).toBe(-1);
    expect(readTripleFace(face, 0, 18, corners)).toBe(3);
    expect(Array.from(corners.data.subarray(0, corners.length))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 89]);
  });
});

describe("parseObjText", () => {
  it("leaves a mesh whose only l line has one corner (however many digits) without lines", () => {
    const [mesh] = parseObjText(`${SQUARE}f 1 2 3\nl 44\n`);
    expect(mesh!.hasLines).toBe(false);
    expect(Array.from(mesh!.indices)).toHaveLength(3);
  });

  it("starts each read clean, after a read whose l line drew nothing or a read that threw", () => {
    const text = `${SQUARE}${UVS}f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n`;
    const fresh = parseObjText(text);
    // An l line of one point marks the mesh as holding lines, yet adds no corner.
    expect(parseObjText("v 0 0 0\nl 12 x\n")).toEqual([]);
    expect(parseObjText(text)).toEqual(fresh);
    expect(fresh[0]!.hasLines).toBe(false);
    expect(() => parseObjText(`${SQUARE}${UVS}f 1/1 2/2 3/3\nf 1 3 4\n`)).toThrow(ObjTextError);
    expect(parseObjText(text)).toEqual(fresh);
  });

  it("gives 16-bit indices up to 65 536 vertices and 32-bit beyond", () => {
    const grid = (n: number) => {
      const lines: string[] = [];
      for (let i = 0; i < n; i++) lines.push(`v ${i} 0 0`, `v ${i} 1 0`, `v ${i} 2 0`);
      for (let i = 0; i < n; i++) lines.push(`f ${3 * i + 1} ${3 * i + 2} ${3 * i + 3}`);
      return lines.join("\n");
    };
    expect(parseObjText(grid(21_845))[0]!.indices).toBeInstanceOf(Uint16Array);
    const big = parseObjText(grid(21_846))[0]!;
    expect(big.indices).toBeInstanceOf(Uint32Array);
    expect(big.positions.length).toBe(21_846 * 9);
  });
});
