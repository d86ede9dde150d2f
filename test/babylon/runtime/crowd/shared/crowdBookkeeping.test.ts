/**
 * What both crowd families share for bookkeeping: a new member's fields, the registry of crowds
 * (get, add, forget, flush by scene) and the crowd's one bounding box (snapped outward to whole
 * units, refitted only when it changed).
 */
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { describe, expect, it } from "vitest";
import { type BoundedMember, CrowdBounds } from "../../../../../src/babylon/runtime/crowd/shared/crowdBounds.js";
import { newMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import { CrowdRegistry } from "../../../../../src/babylon/runtime/crowd/shared/crowdRegistry.js";

describe("newMember", () => {
  it("stands at the origin at slot 0, shown, reaching its model reach, owned", () => {
    const owner = { current: "creature" };
    expect(newMember(owner, 2.5)).toEqual({
      slot: 0,
      x: 0,
      y: 0,
      z: 0,
      reach: 2.5,
      modelReach: 2.5,
      hidden: false,
      owner,
    });
  });
});

describe("CrowdRegistry", () => {
  class FakeCrowd {
    flushes = 0;
    constructor(readonly scene: Scene) {}
    flush(): void {
      this.flushes++;
    }
  }
  const sceneA = {} as Scene;
  const sceneB = {} as Scene;

  it("finds, flushes by scene and forgets a model's crowd", () => {
    const registry = new CrowdRegistry<object, FakeCrowd>();
    const [m1, m2, m3] = [{}, {}, {}];
    const [c1, c2, c3] = [new FakeCrowd(sceneA), new FakeCrowd(sceneB), new FakeCrowd(sceneA)];
    expect(registry.get(m1)).toBeUndefined();
    expect(registry.add(m1, c1)).toBe(c1);
    expect(registry.add(m2, c2)).toBe(c2);
    expect(registry.add(m3, c3)).toBe(c3);
    expect(registry.get(m1)).toBe(c1);
    expect(registry.get(m2)).toBe(c2);
    registry.flush(sceneA);
    expect([c1.flushes, c2.flushes, c3.flushes]).toEqual([1, 0, 1]);
    registry.forget(m1);
    registry.forget({}); // a model with no crowd: nothing happens
    expect(registry.get(m1)).toBeUndefined();
    expect(registry.get(m3)).toBe(c3);
    registry.flush(sceneA);
    registry.flush(sceneB);
    expect([c1.flushes, c2.flushes, c3.flushes]).toEqual([1, 1, 2]);
  });
});

describe("CrowdBounds", () => {
  const at = (x: number, y: number, z: number, reach: number): BoundedMember => ({ x, y, z, reach });
  const box = (b: CrowdBounds) => ({
    min: b.info.minimum.asArray(),
    max: b.info.maximum.asArray(),
  });

  it("fits every listed member grown by its reach, snapped outward to whole units", () => {
    const bounds = new CrowdBounds();
    const lists = [[at(0.3, 1.2, -0.6, 0.2), at(4.1, -2.5, 3.3, 0.4)], undefined, [at(-1.7, 0.5, 7.2, 0.1)]];
    expect(bounds.fitAll(lists, Matrix.Identity())).toBe(true);
    // min: x -1.8, y -2.9, z -0.8; max: x 4.5, y 1.4, z 7.3
    expect(box(bounds)).toEqual({ min: [-2, -3, -1], max: [5, 2, 8] });
  });

  it("places the box under the drawing meshes' world matrix", () => {
    const bounds = new CrowdBounds();
    bounds.fitAll([[at(0.5, 0.5, 0.5, 0.5)]], Matrix.Translation(10, 20, 30));
    expect(bounds.info.boundingBox.minimumWorld.asArray()).toEqual([10, 20, 30]);
    expect(bounds.info.boundingBox.maximumWorld.asArray()).toEqual([11, 21, 31]);
  });

  it("answers false while no member crosses a unit line, true when one does along any axis", () => {
    const bounds = new CrowdBounds();
    const m = at(0.5, 0.5, 0.5, 0.1);
    const lists = [[m]];
    expect(bounds.fitAll(lists, Matrix.Identity())).toBe(true);
    m.x = 0.6;
    expect(bounds.fitAll(lists, Matrix.Identity())).toBe(false);
    expect(box(bounds)).toEqual({ min: [0, 0, 0], max: [1, 1, 1] });
    // Each of the six bounds alone: 0.95 grows only the max past 1, 0.05 only the min below 0.
    for (const [axis, i] of [
      ["x", 0],
      ["y", 1],
      ["z", 2],
    ] as const) {
      m.x = m.y = m.z = 0.5;
      bounds.fitAll(lists, Matrix.Identity());
      m[axis] = 0.95;
      expect(bounds.fitAll(lists, Matrix.Identity())).toBe(true);
      expect([box(bounds).min[i], box(bounds).max[i]]).toEqual([0, 2]);
      m[axis] = 0.5;
      expect(bounds.fitAll(lists, Matrix.Identity())).toBe(true);
      m[axis] = 0.05;
      expect(bounds.fitAll(lists, Matrix.Identity())).toBe(true);
      expect([box(bounds).min[i], box(bounds).max[i]]).toEqual([-1, 1]);
    }
  });
});
