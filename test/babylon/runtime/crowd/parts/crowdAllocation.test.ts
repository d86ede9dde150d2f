/**
 * Young-generation bytes per agent-step of the whole `menagerie.stepMotion` over a NullEngine
 * crowd: the world's step, the game world's update, the sync onto nodes and the crowd's matrices
 * and upload. test/motion/allocation.test.ts covers the engine-free step alone; this one caught
 * the Babylon side boxing three numbers per joint per frame (~465 bytes per agent-step).
 * Its own file: Vitest isolates modules per file, so the JIT sees only this file's creatures.
 * Kept on the hand-made server: it measures the step over crowds of the tiny box fox of
 * test/helpers/tinyModels.ts (11 parts, 11 joints a creature); no record or link is under test.
 */

import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { crowdStats } from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { composeToRef } from "../../../../../src/babylon/runtime/crowd/shared/rootWorld.js";
import { settledBytesPerUnit } from "../../../../helpers/allocations.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../../../../helpers/modelServer.js";
import { tinyFox } from "../../../../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    fox: tinyFox(),
  });
  env = createNullScene();
  // Every creature posed and written every frame, the heaviest frame (level of detail would
  // skip those out of view, and its own code would need more rounds to settle on a busy machine).
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, animationLod: false });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

describe("allocation of a Babylon crowd", () => {
  it("a wandering crowd allocates next to nothing per agent-step once optimised", async () => {
    const count = 100;
    for (let i = 0; i < count; i++) {
      const fox = await menagerie.spawnCreature("fox", {
        position: new Vector3((i % 10) * 1.5, 0, Math.floor(i / 10) * 1.5),
      });
      fox.wander({ area: { center: { x: 7, z: 7 }, radius: 12 } });
    }
    // Frames on a fixed step (the Menagerie's observer would step by the engine's clock).
    env.scene.onBeforeRenderObservable.clear();
    const steps = (n: number) => {
      for (let i = 0; i < n; i++) menagerie.stepMotion(1 / 60);
    };
    const { median, message } = settledBytesPerUnit(steps, { warm: 500, units: 50, perCall: count, bound: 2 });
    // Settled, what is left is under a byte: the engine-free world's own (test/motion/
    // allocation.test.ts). On a loaded machine the JIT can take many rounds to settle, so the
    // bound is loose; one boxed number per joint would be 12 bytes per joint, over 100 per
    // agent. The per-mesh bounding-box refits (1.9 bytes) are counted exactly in the next test.
    expect(median, message).toBeLessThan(8);
  });

  it("its drawing meshes share one bounding info, refitted in place at most once a frame", async () => {
    for (let i = 0; i < 20; i++) {
      const fox = await menagerie.spawnCreature("fox", {
        position: new Vector3((i % 5) * 1.5, 0, Math.floor(i / 5) * 1.5),
      });
      fox.wander({ area: { center: { x: 3, z: 3 }, radius: 8 } });
    }
    env.scene.onBeforeRenderObservable.clear();
    // The fox's 12 part meshes are one joined mesh (the box would be shared by every level's).
    const drawing = env.scene.meshes.filter((m) => m.name.endsWith("/crowd"));
    expect(drawing).toHaveLength(1);
    const shared = drawing[0]!.getBoundingInfo();
    crowdStats.boundsRefits = 0;
    const frames = 120;
    for (let i = 0; i < frames; i++) {
      menagerie.stepMotion(1 / 60);
      env.scene.render();
    }
    // The same object on every mesh after two seconds of walking: nothing was made per frame.
    expect(drawing.every((m) => m.getBoundingInfo() === shared)).toBe(true);
    // Snapped to whole units, the box moves only when a fox crosses a unit line: some frames,
    // never more than once a frame (it was once per drawing mesh: 12 a frame).
    expect(crowdStats.boundsRefits).toBeGreaterThan(0);
    expect(crowdStats.boundsRefits).toBeLessThan(frames / 2);
    // And it holds every fox.
    const box = shared.boundingBox;
    for (const fox of menagerie.creatures) {
      const p = fox.root.position;
      expect(p.x >= box.minimumWorld.x && p.x <= box.maximumWorld.x).toBe(true);
      expect(p.z >= box.minimumWorld.z && p.z <= box.maximumWorld.z).toBe(true);
    }
  });
});

describe("composeToRef", () => {
  it("writes exactly the matrix Babylon's yaw-pitch-roll quaternion and ComposeToRef give", () => {
    const ours = new Matrix();
    const babylons = new Matrix();
    const quat = new Quaternion();
    for (let i = 0; i < 50; i++) {
      // Irregular fractions, some negative, angles past a half turn.
      const a = (k: number) => Math.sin(i * 12.9898 + k * 78.233) * 4;
      const t = Float64Array.of(1 + a(0) / 8, 1 + a(1) / 8, 1 + a(2) / 8, a(3), a(4), a(5), a(6), a(7), a(8));
      composeToRef(t, ours);
      Quaternion.RotationYawPitchRollToRef(t[3]!, t[4]!, t[5]!, quat);
      Matrix.ComposeToRef(new Vector3(t[0], t[1], t[2]), quat, new Vector3(t[6], t[7], t[8]), babylons);
      expect(Array.from(ours.m)).toEqual(Array.from(babylons.m));
    }
  });
});
