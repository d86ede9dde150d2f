/**
 * OBJ texts written to make the reader work hard, as they arrived in the third adversarial
 * pass: one face that names one position with thousands of normals, an `l` line with a long
 * digit run, and vertices that read as NaN. The reader's work is counted (vertices compared,
 * characters scanned, meshes simplified), never timed.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { objBatchStats } from "../../src/obj/objBatch.js";
import { makeObjLevels, objLevelStats, simplifierReady } from "../../src/obj/objLevels.js";
import { lineCapture, objLineStats } from "../../src/obj/objLine.js";
import { ObjTextError, parseObjText } from "../../src/obj/objText.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { differences, ourMeshes, solidParserMeshes } from "../helpers/solidParserReference.js";

const TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
const NORMALS = "vn 0 0 1\nvn 0 1 0\nvn 1 0 0\n";

/** The face of the finding: position 1 with normal 1, then `n` corners with normal 2 and `n` with normal 3. */
const manyNormals = (n: number) => `${TRIANGLE}${NORMALS}f 1//1${" 1//2".repeat(n)}${" 1//3".repeat(n)}\n`;

/**
 * A mutation run repeats these tests for every mutant under instrumentation, where the full-size
 * texts take seconds each: it uses a tenth of each size, still far past where a quadratic walk or
 * scan breaks the counted bound (2 000 corners would compare about 8 million vertices).
 */
const size = (n: number) => (process.env.MENAGERIE_MUTATION === "1" ? n / 10 : n);

let env: ReturnType<typeof createNullScene> | undefined;
afterEach(() => {
  env?.dispose();
  env = undefined;
});

describe("one face naming one position with many normals", () => {
  it("compares each corner with at most a couple of vertices (one 195 KB face)", () => {
    const corners = size(20_000);
    const text = manyNormals(corners);
    expect(text.length).toBeGreaterThan(size(195_000));
    const before = objBatchStats.verticesCompared;
    const [mesh] = parseObjText(text);
    // 39 999 triangles of 3 corners; the old walk compared about 800 million vertices.
    expect(mesh!.indices.length).toBe(3 * (2 * corners - 1));
    expect(objBatchStats.verticesCompared - before).toBeLessThanOrEqual(2 * mesh!.indices.length);
  });

  it("shares its vertices as SolidParser does", () => {
    for (const rightHanded of [false, true]) {
      env = createNullScene({ rightHanded });
      const text = `${manyNormals(40)}f 2//2 1//3 3//1 1//2\nf 1//3 2//2 3//3\n`;
      expect(differences(ourMeshes(env.scene, text), solidParserMeshes(env.scene, text), 1e-6)).toEqual([]);
      env.dispose();
      env = undefined;
    }
  });
});

describe("an l line with a long digit run", () => {
  it("is scanned in a number of steps linear in its length", () => {
    for (const digits of [size(20_000), size(40_000)]) {
      const line = `l 1/${"1".repeat(digits)} 2`;
      const before = objLineStats.charsScanned;
      expect(parseObjText(`${TRIANGLE}${line}\n`)).toEqual([]);
      // Three patterns, each over a segment of the line: each character a few times at most.
      const scanned = objLineStats.charsScanned - before;
      expect(scanned).toBeGreaterThanOrEqual(line.length);
      expect(scanned).toBeLessThanOrEqual(6 * line.length);
    }
  });

  it("captures what SolidParser's l patterns capture, for every short segment", () => {
    const patterns = [
      /^l\s+(([\d]{1,}[\s]?){2,})+/,
      /^l\s+((([\d]{1,}\/[\d]{1,}[\s]?){2,})+)/,
      /^l\s+((([\d]{1,}\/[\d]{1,}\/[\d]{1,}[\s]?){2,})+)/,
    ] as const;
    // Every string of up to 6 characters after "l " over this alphabet, and some "l" prefixes;
    // up to 4 in a mutation run, where instrumented code takes over 20 s for the 500 000 cases.
    const alphabet = ["1", "2", "/", " ", "\t", "x"];
    const longest = process.env.MENAGERIE_MUTATION === "1" ? 4 : 6;
    let tails = [""];
    const all: string[] = [];
    for (let length = 0; length <= longest; length++) {
      all.push(...tails);
      tails = tails.flatMap((tail) => alphabet.map((c) => tail + c));
    }
    let compared = 0;
    for (const tail of all) {
      for (const segment of [`l ${tail}`, `l${tail}`, `l \t${tail}`]) {
        for (const [k, pattern] of patterns.entries()) {
          const match = pattern.exec(segment);
          const expected = match ? match[1] : undefined;
          expect(lineCapture(segment, (k + 1) as 1 | 2 | 3), `${k + 1} ${JSON.stringify(segment)}`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(3 * 3 * all.length);
    // Half a million cases: about 13 s on a quiet two-core machine, twice that on a loaded one.
  }, 90_000);
});

describe("vertices that read as NaN", () => {
  beforeAll(() => simplifierReady());

  it("are refused with an ObjTextError (a failed part), before anything simplifies them", () => {
    const text = "v e e e\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    expect(() => parseObjText(text)).toThrow(
      new ObjTextError("a face uses vertex 1, whose position is not a finite number"),
    );
    // An unused one is no harm, and infinity is refused as NaN is.
    expect(parseObjText(`v e e e\n${TRIANGLE}f 2 3 4\n`)).toHaveLength(1);
    expect(() => parseObjText(`${TRIANGLE}v 1e999 0 0\nf 1 2 4\n`)).toThrow(/vertex 4, whose position/);
  });

  it("give a mesh no levels: the simplifier never sees them", () => {
    const [mesh] = parseObjText(`${TRIANGLE}v 1 1 0\nf 1 2 3\nf 2 4 3\n`);
    mesh!.positions[4] = Number.NaN;
    const before = objLevelStats.meshesSimplified;
    expect(makeObjLevels(mesh!, [{ ratio: 0.5, error: 0.1 }])).toBeUndefined();
    expect(objLevelStats.meshesSimplified).toBe(before);
  });
});

describe("indices and values past what the buffers hold", () => {
  it("refuses a face index past 2^31 instead of wrapping it onto a defined vertex", () => {
    // 4294967299 is 3 modulo 2^32: read into an Int32 list it named the third vertex.
    for (const face of ["f 1 2 4294967299", "f 1/1/1 2/1/1 4294967299/1/1", "f 1 2 3 99999999999999999999"]) {
      const text = `${TRIANGLE}vt 0 0\n${NORMALS}${face}\n`;
      expect(() => parseObjText(text), face).toThrow(/refers to vertex 2147483647, which is not defined/);
    }
    expect(() => parseObjText(`${TRIANGLE}l 1 4294967298\n`)).toThrow(ObjTextError);
    // A uv index past 2^31 names no uv, so the corners disagree.
    expect(() => parseObjText(`${TRIANGLE}vt 0 0\nf 1/1 2/4294967297 3/1\n`)).toThrow(/texture coordinates/);
  });

  it("refuses a position that is finite as a double but not as a float (past ±3.4e38)", () => {
    expect(() => parseObjText(`v -3.5e38 0 0\n${TRIANGLE}f 1 2 3\n`)).toThrow(
      new ObjTextError("a face uses vertex 1, whose position is not a finite number"),
    );
    expect(parseObjText(`v -3.4e38 0 0\n${TRIANGLE}f 1 2 3\n`)[0]!.positions[0]).toBeCloseTo(3.4e38, -33);
  });
});
