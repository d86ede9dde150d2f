/**
 * Baking a rigged model's clips into bone matrices per frame (riggedBake.ts), on catalog models
 * fetched over real HTTP from the reference service: every row is what Babylon's own playing of
 * the clip gives the skeleton, the template's nodes are back at rest, the work is cut in slices,
 * and what does not fit a texture is refused with a reason.
 */
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RiggedTemplate } from "../../../../../src/babylon/gltf/index.js";
import { instantiateRigged } from "../../../../../src/babylon/runtime/body/riggedInstance.js";
import {
  bakeProblem,
  bakeRiggedClips,
  MIN_FPS,
  type RiggedBake,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedBake.js";
import { catalogTemplate, fetchCatalogRig } from "../../../../helpers/catalogRig.js";
import { startCatalogService } from "../../../../helpers/catalogService.js";
import { createRiggedScene } from "../../../../helpers/riggedScene.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
const glbs = new Map<string, Map<string, Uint8Array>>();

beforeAll(async () => {
  service = await startCatalogService();
  for (const name of ["zebra", "crow", "spider"]) glbs.set(name, await fetchCatalogRig(service.url, name));
}, 120_000);

afterAll(async () => {
  await service?.close();
});

let env: ReturnType<typeof createRiggedScene> | undefined;
afterEach(() => {
  env?.dispose();
  env = undefined;
});

async function template(name: string): Promise<{ scene: Scene; rig: RiggedTemplate }> {
  env = createRiggedScene();
  return { scene: env.scene, rig: await catalogTemplate(env.scene, name, glbs.get(name)!) };
}

/** Every animated node's local transform, to see the template is back at rest. */
function restOf(rig: RiggedTemplate): number[] {
  return rig.container.transformNodes.flatMap((n: TransformNode) => [
    ...n.position.asArray(),
    ...(n.rotationQuaternion?.asArray() ?? n.rotation.asArray()),
    ...n.scaling.asArray(),
  ]);
}

const rowOf = (bake: RiggedBake, row: number) => bake.data.subarray(row * bake.width * 4, (row + 1) * bake.width * 4);
const farthest = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i]!)), 0);

describe("baking a rigged model's clips", () => {
  for (const name of ["zebra", "crow", "spider"]) {
    it(`gives ${name}'s skeleton, row by row, the matrices Babylon's own playing of each clip gives it`, async () => {
      const { scene, rig } = await template(name);
      const rest = restOf(rig);
      const bake = await bakeRiggedClips(rig, { maxTextureSize: 4096 });
      expect(restOf(rig)).toEqual(rest); // copies are cloned from these nodes: back at rest
      expect(bake.clips.map((c) => c.name)).toEqual(rig.clips);
      expect(bake.fps).toBe(60);
      expect(bake.width).toBe((bake.skeleton.bones.length + 1) * 4);
      expect(bake.rows).toBe(1 + bake.clips.reduce((n, c) => n + c.frames, 0));
      console.info(
        `${name}: ${bake.rows} rows in ${bake.slices} slices, longest ${bake.longestSliceMs.toFixed(1)} ms (CPU ${bake.longestSliceCpuMs.toFixed(1)} ms)`,
      );

      const copy = instantiateRigged(scene, rig, { name, size: { axis: "height", meters: 1 } });
      const mesh = copy.meshes.find((m) => m.skeleton)!;
      const skeleton = mesh.skeleton!;
      skeleton.prepare(true);
      expect(farthest(rowOf(bake, 0), skeleton.getTransformMatrices(mesh))).toBe(0); // row 0: the rest pose
      for (const clip of bake.clips) {
        const group = copy.animations.get(clip.name)!;
        expect(clip.seconds).toBeCloseTo((group.to - group.from) / 60, 9);
        expect(clip.frames).toBe(Math.max(1, Math.round(clip.seconds * 60)));
        group.start(true);
        group.pause();
        for (const k of new Set([0, 1, Math.floor(clip.frames / 2), clip.frames - 1])) {
          group.goToFrame(group.from + ((group.to - group.from) * k) / clip.frames);
          skeleton.prepare(true);
          expect(farthest(rowOf(bake, clip.start + k), skeleton.getTransformMatrices(mesh)), `${clip.name} ${k}`).toBe(
            0,
          );
        }
        group.stop();
        // A moving clip's frames really differ.
        const moved = [1, 2, 3].map((q) =>
          farthest(rowOf(bake, clip.start), rowOf(bake, clip.start + Math.floor((clip.frames * q) / 4))),
        );
        if (clip.frames > 4) expect(Math.max(...moved), clip.name).toBeGreaterThan(0.01);
      }
      copy.dispose();
    });
  }

  it("works in slices of about `sliceMs`, giving the event loop a turn between them", async () => {
    const { rig } = await template("zebra");
    let clock = 0;
    let turns = 0;
    const tick = setInterval(() => void turns++, 0);
    // A clock that says each read took a millisecond: a slice ends after its 4th read.
    const bake = await bakeRiggedClips(rig, { maxTextureSize: 4096, sliceMs: 4, now: () => clock++ });
    clearInterval(tick);
    expect(bake.longestSliceMs).toBe(4);
    // The first slice (row 0) is the caller's; the rest 4 rows a slice.
    expect(bake.rowsFirst).toBe(1);
    expect(bake.slices).toBe(1 + Math.ceil((bake.rows - bake.rowsFirst) / 4));
    expect(turns).toBeGreaterThan(0);
  });

  it("bakes fewer frames a second when the clips would not fit a texture's height, and refuses what cannot fit", async () => {
    const { rig } = await template("zebra");
    // The clips' lengths as a full bake reads them (idle, walk and run: about 7 s in all).
    const full = await bakeRiggedClips(rig, { maxTextureSize: 4096 });
    const seconds = full.clips.reduce((sum, clip) => sum + clip.seconds, 0);
    expect(seconds).toBeGreaterThan(4);
    const small = await bakeRiggedClips(rig, { maxTextureSize: 256 });
    expect(small.fps).toBe(Math.floor((256 - 1 - 3) / seconds));
    expect(small.rows).toBeLessThanOrEqual(256);
    // Too few rows for even the slowest bake: the rest pose, a row per clip, and MIN_FPS a second.
    const tooFew = Math.floor(1 + full.clips.length + seconds * MIN_FPS) - 1;
    await expect(bakeRiggedClips(rig, { maxTextureSize: tooFew })).rejects.toThrow(
      new RegExp(`do not fit a texture ${tooFew} rows high`),
    );
    await expect(bakeRiggedClips(rig, { maxTextureSize: 32 })).rejects.toThrow(
      /11 bones do not fit a texture 32 pixels wide/,
    );
    expect(bakeProblem(rig)).toBeUndefined();
  });

  it("stops when aborted, with the signal's reason, the template back at rest", async () => {
    const { rig } = await template("zebra");
    const rest = restOf(rig);
    const abort = new AbortController();
    let reads = 0;
    const now = () => {
      if (++reads === 50) abort.abort(new Error("stop"));
      return reads;
    };
    await expect(bakeRiggedClips(rig, { maxTextureSize: 4096, sliceMs: 4, now, signal: abort.signal })).rejects.toThrow(
      "stop",
    );
    expect(restOf(rig)).toEqual(rest);
  });
});
