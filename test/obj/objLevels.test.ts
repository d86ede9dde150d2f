/**
 * Simplified levels of OBJ meshes (objLevels.ts, meshoptimizer's simplifier): fewer triangles
 * level by level, valid compacted buffers, nothing made where nothing is gained; the same levels
 * from a real parse worker as from this thread.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeObjLevels, type ObjLevelBuffers, simplifierReady } from "../../src/obj/objLevels.js";
import { ObjParsePool } from "../../src/obj/objParsePool.js";
import { parseObjText } from "../../src/obj/objText.js";
import { sphereObj, sphereTriangles } from "../helpers/denseModels.js";
import { boxObj } from "../helpers/tinyModels.js";

const SPECS = [
  { ratio: 0.25, error: 0.03 },
  { ratio: 0.06, error: 0.08 },
];
const SPHERE = sphereObj([0, 0.5, 0], 0.5);

beforeAll(() => simplifierReady());

const pools: ObjParsePool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.terminate();
});

function expectValid(level: ObjLevelBuffers): void {
  const vertices = level.positions.length / 3;
  expect(level.indices.length % 3).toBe(0);
  expect(Math.max(...level.indices)).toBe(vertices - 1); // compacted: every vertex used, none beyond
  expect(level.normals).toHaveLength(vertices * 3);
  expect(level.uvs).toHaveLength(vertices * 2);
}

describe("simplified levels of an OBJ mesh", () => {
  it("keeps fewer triangles at each level, within each level's ratio, in compacted buffers", () => {
    const [mesh] = parseObjText(SPHERE);
    const levels = makeObjLevels(mesh!, SPECS)!;
    expect(levels).toHaveLength(2);
    const [first, second] = levels as ObjLevelBuffers[];
    const full = sphereTriangles() * 3;
    expect(mesh!.indices.length).toBe(full);
    expect(first!.indices.length).toBeLessThanOrEqual(full * 0.25);
    expect(second!.indices.length).toBeLessThan(first!.indices.length);
    expect(second!.indices.length).toBeGreaterThan(0);
    expectValid(first!);
    expectValid(second!);
    expect(first!.positions.length).toBeLessThan(mesh!.positions.length);
  });

  it("makes nothing where simplifying gains nothing (a box), and nothing for lines", () => {
    const [box] = parseObjText(boxObj([0, 0, 0], [1, 1, 1]));
    expect(makeObjLevels(box!, SPECS)).toEqual([null, null]);
    const [lines] = parseObjText("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2 3\n");
    expect(makeObjLevels(lines!, SPECS)).toBeUndefined();
  });

  it("gives the same levels from a parse worker as from this thread", async () => {
    const pool = new ObjParsePool(1);
    pools.push(pool);
    pool.warm();
    await vi.waitFor(() => expect(pool.ready).toBe(true), { timeout: 30_000, interval: 20 });
    const [fromWorker] = (await pool.parse(SPHERE, false, SPECS))!;
    const [here] = parseObjText(SPHERE);
    const levels = makeObjLevels(here!, SPECS)!;
    expect(pool.stats.parsedInWorkers).toBe(1);
    expect(fromWorker!.levels).toHaveLength(2);
    fromWorker!.levels!.forEach((level, i) => {
      expect(level!.indices).toEqual(levels[i]!.indices);
      expect(level!.positions).toEqual(levels[i]!.positions);
    });
    // Without levels asked for, none are made.
    const [plain] = (await pool.parse(SPHERE, false))!;
    expect(plain!.levels).toBeUndefined();
  });
});
