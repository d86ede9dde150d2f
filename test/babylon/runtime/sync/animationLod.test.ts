/**
 * Animation level of detail: a crowd with foxes in view and foxes behind the camera, next to a
 * twin crowd (same seed, same spawns) posed every frame. Counts the matrices written per frame,
 * and checks that steering is untouched and that every pose drawn is the twin's, exactly.
 * Kept on the hand-made server: the matrices counted per frame are the 11 joints of the tiny box
 * fox of test/helpers/tinyModels.ts; what it checks is posing, not records or links.
 */
import type { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../src/babylon/menagerie.js";
import type { AnimationLodOptions } from "../../../../src/babylon/options/animationLodOptions.js";
import { crowdOfMesh, crowdStats } from "../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { createNullScene } from "../../../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../../../helpers/modelServer.js";
import { tinyFox } from "../../../helpers/tinyModels.js";

/** Joint matrices a tiny fox's crowd writes per pose: one per part (11). */
const PARTS = 11;
/** Buffers a frame that writes uploads: the crowd's joint texture and its joined mesh's matrices. */
const UPLOADS = 2;

let server: ModelServer;
const open: { menagerie: Menagerie; dispose(): void }[] = [];

beforeEach(async () => {
  server = await createModelServer({ fox: tinyFox() });
});

afterEach(async () => {
  for (const o of open.splice(0)) {
    o.menagerie.dispose();
    o.dispose();
  }
  await server.close();
});

interface Herd {
  menagerie: Menagerie;
  camera: FreeCamera;
  /** Foxes 15 m in front of the camera, then as many 30 m behind it. */
  seen: Creature[];
  behind: Creature[];
  frame(): void;
  /** A frame that steps nothing, as a paused one (the Menagerie's observer is off here). */
  still(): void;
}

/** `count` foxes in view and `count` behind the camera (at (0, 1, -5), looking along +Z), wandering. */
async function herd(animationLod: AnimationLodOptions | false, count = 5, seenZ = 10): Promise<Herd> {
  const env = createNullScene();
  const menagerie = new Menagerie(env.scene, { baseUrl: server.url, animationLod });
  open.push({ menagerie, dispose: env.dispose });
  const seen: Creature[] = [];
  const behind: Creature[] = [];
  for (let i = 0; i < count; i++) {
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(i - count / 2, 0, seenZ) });
    seen.push(fox.wander({ area: { center: { x: 0, z: seenZ }, radius: 2 } }));
  }
  for (let i = 0; i < count; i++) {
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(i - count / 2, 0, -30) });
    behind.push(fox.wander({ area: { center: { x: 0, z: -30 }, radius: 2 } }));
  }
  // Frames on a fixed step (the Menagerie's observer would step by the engine's clock).
  env.scene.onBeforeRenderObservable.clear();
  const frame = () => {
    menagerie.stepMotion(1 / 60);
    env.scene.render();
  };
  const still = () => {
    menagerie.stepMotion(0);
    env.scene.render();
  };
  return { menagerie, camera: env.scene.activeCamera as FreeCamera, seen, behind, frame, still };
}

/**
 * The 16 numbers of each part matrix a creature's crowd draws, joint by joint, as the shaders
 * compose them from what Babylon uploads (the joint texture's row times the thin instance's
 * matrix, read from the crowd: `thinInstanceGetWorldMatrices` keeps the copy it first made).
 */
function drawn(creature: Creature): number[] {
  const out: number[] = [];
  for (const mesh of creature.root.getScene().meshes as Mesh[]) {
    const tag = mesh.metadata?.menagerie;
    if (!tag?.crowd) continue;
    const crowd = crowdOfMesh(mesh)!;
    for (let i = 0; i < mesh.thinInstanceCount; i++) {
      if (tag.creatureAt(i) !== creature) continue;
      for (let j = 0; j < creature.listParts().length; j++) out.push(...crowd.partMatrixAt(i, j, tag.level)!.asArray());
    }
  }
  return out;
}

const place = (c: Creature) => [c.motion.x, c.motion.y, c.motion.z, c.motion.heading];

describe("animation level of detail", () => {
  it("writes only the foxes in view; those behind the camera travel exactly as without it", async () => {
    const lod = await herd({});
    const full = await herd(false);
    for (let i = 0; i < 30; i++) {
      lod.frame();
      full.frame();
    }
    crowdStats.matricesWritten = 0;
    const frames = 10;
    for (let i = 0; i < frames; i++) lod.frame();
    expect(crowdStats.matricesWritten).toBe(frames * lod.seen.length * PARTS);
    crowdStats.matricesWritten = 0;
    for (let i = 0; i < frames; i++) full.frame();
    expect(crowdStats.matricesWritten).toBe(frames * (lod.seen.length + lod.behind.length) * PARTS);
    // Steering, travel and the root nodes go on every frame, the same to the last bit.
    const all = (h: Herd) => [...h.seen, ...h.behind];
    expect(all(lod).map(place)).toEqual(all(full).map(place));
    expect(all(lod).map((c) => c.root.position.asArray())).toEqual(all(full).map((c) => c.root.position.asArray()));
    const walked = Math.hypot(lod.behind[0]!.motion.x - -2.5, lod.behind[0]!.motion.z - -30);
    expect(walked).toBeGreaterThan(0.05);
    // What is drawn in view is exactly what is drawn without level of detail.
    for (let i = 0; i < lod.seen.length; i++) expect(drawn(lod.seen[i]!)).toEqual(drawn(full.seen[i]!));
    // Behind the camera, the matrices stayed where the foxes were when spawned.
    expect(drawn(lod.behind[0]!)).not.toEqual(drawn(full.behind[0]!));
  });

  it("a fox coming into view is drawn at once with the pose it would have had all along", async () => {
    const lod = await herd({});
    const full = await herd(false);
    for (let i = 0; i < 40; i++) {
      lod.frame();
      full.frame();
    }
    // The cameras turn round: the foxes behind are now in view, those in front behind.
    for (const h of [lod, full]) h.camera.rotation.y = Math.PI;
    for (let i = 0; i < 5; i++) {
      lod.frame();
      full.frame();
    }
    for (let i = 0; i < lod.behind.length; i++) expect(drawn(lod.behind[i]!)).toEqual(drawn(full.behind[i]!));
    // The first foxes walked on out of view, their pose held. The cameras turn back on a frame
    // that steps nothing (paused): they catch up all the same, and only they are written.
    for (const h of [lod, full]) h.camera.rotation.y = 0;
    for (let i = 0; i < lod.seen.length; i++) expect(drawn(lod.seen[i]!)).not.toEqual(drawn(full.seen[i]!));
    crowdStats.matricesWritten = 0;
    lod.still();
    expect(crowdStats.matricesWritten).toBe(lod.seen.length * PARTS);
    full.still();
    for (let i = 0; i < lod.seen.length; i++) expect(drawn(lod.seen[i]!)).toEqual(drawn(full.seen[i]!));
  });

  it("poses a distant fox every farInterval-th frame, and moves it every frame", async () => {
    const lod = await herd({ farDistance: 10, farInterval: 3 }, 3, 30);
    const full = await herd(false, 3, 30);
    const fox = lod.seen[0]!;
    let posed = 0;
    let rotations = Array.from(fox.motion.pose.rotations);
    let root = fox.root.position.asArray();
    let written = 0;
    const frames = 12;
    for (let i = 0; i < frames; i++) {
      crowdStats.matricesWritten = 0;
      lod.frame();
      written += crowdStats.matricesWritten;
      full.frame();
      const now = Array.from(fox.motion.pose.rotations);
      if (now.some((r, j) => r !== rotations[j])) {
        posed++;
        // A pose given is the pose it would have had.
        expect(now).toEqual(Array.from(full.seen[0]!.motion.pose.rotations));
      }
      rotations = now;
      expect(fox.root.position.asArray()).not.toEqual(root);
      root = fox.root.position.asArray();
    }
    expect(posed).toBe(frames / 3);
    // In view, every fox is still drawn every frame (at its new place, its pose held).
    expect(written).toBe(frames * lod.seen.length * PARTS);
  });

  it("writes a distant fox standing still only on the frames it is posed", async () => {
    const lod = await herd({ farDistance: 10, farInterval: 3 }, 3, 30);
    for (const fox of lod.seen) fox.stop();
    for (let i = 0; i < 60; i++) lod.frame(); // they brake to a halt
    const written: number[] = [];
    for (let i = 0; i < 6; i++) {
      crowdStats.matricesWritten = 0;
      crowdStats.uploads = 0;
      lod.frame();
      written.push(crowdStats.matricesWritten);
      // A frame that writes nothing uploads nothing.
      expect(crowdStats.uploads).toBe(crowdStats.matricesWritten > 0 ? UPLOADS : 0);
    }
    // One of the three foxes is posed (idling: breath and head) each frame, in turn; the other
    // two hold a pose where they stand, and their matrices are not written again.
    expect(written).toEqual(Array(6).fill(PARTS));
  });

  it("rejects a bad setting, naming it", async () => {
    const env = createNullScene();
    open.push({ menagerie: { dispose() {} } as Menagerie, dispose: env.dispose });
    expect(() => new Menagerie(env.scene, { baseUrl: server.url, animationLod: { farInterval: 0 } })).toThrow(
      /^animationLod\.farInterval must be an integer >= 1, got 0$/,
    );
    expect(() => new Menagerie(env.scene, { baseUrl: server.url, animationLod: { offscreenInterval: -1 } })).toThrow(
      /^animationLod\.offscreenInterval/,
    );
  });
});
