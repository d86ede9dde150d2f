/**
 * A rigged model's clips baked after its first creature is handed out (riggedBake.ts,
 * riggedCrowds.ts), over real HTTP against the reference service (NullEngine): the cold spawn
 * waits for the rest pose only, a row a creature is about to show is baked on the spot, the rest
 * in slices after, and once every row is baked the data is a full bake's, the crowd's texture
 * has taken it and the creature is still crowd-drawn with nothing of its own. Counts, never times.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../../../src/api/client.js";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { bakeRiggedClips } from "../../../../../src/babylon/runtime/crowd/rigged/riggedBake.js";
import { riggedBakeStats, riggedCrowdOfMesh } from "../../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { catalogTemplate, fetchCatalogRig } from "../../../../helpers/catalogRig.js";
import { countingFetch, startCatalogService } from "../../../../helpers/catalogService.js";
import { watchUnhandledRejections } from "../../../../helpers/faultHarness.js";
import { createRiggedScene, riggedCounts } from "../../../../helpers/riggedScene.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
let rejections: ReturnType<typeof watchUnhandledRejections>;
/** The zebra's clips baked in one go, on a template of its own: what every row must end up as. */
let full: Float32Array;

beforeAll(async () => {
  service = await startCatalogService();
  rejections = watchUnhandledRejections();
  const env = createRiggedScene();
  const rig = await catalogTemplate(env.scene, "zebra", await fetchCatalogRig(service.url, "zebra"));
  full = (await bakeRiggedClips(rig, { maxTextureSize: 4096 })).data;
  env.dispose();
}, 120_000);

afterAll(async () => {
  rejections?.stop();
  await service?.close();
});

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  dispose = undefined;
  expect(rejections.count, "unhandled rejections").toBe(0);
});

function setup() {
  const env = createRiggedScene();
  const counter = countingFetch();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counter.fetch });
  const menagerie = new Menagerie(env.scene, { client, fetch: counter.fetch, animationLod: false });
  const warnings: unknown[] = [];
  menagerie.onWarningObservable.add((w) => void warnings.push(w));
  dispose = () => {
    menagerie.dispose();
    env.dispose();
  };
  return { scene: env.scene, menagerie, warnings };
}

const drawingOf = (t: ReturnType<typeof setup>) =>
  t.scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];
const slotOf = (mesh: Mesh, creature: Creature) => {
  for (let i = 0; i < mesh.thinInstanceCount; i++) if (mesh.metadata.menagerie.creatureAt(i) === creature) return i;
  return -1;
};

describe("a rigged model's clips baked after its first creature", () => {
  it("hands out the cold first zebra with its rest pose baked, bakes shown rows on the spot and the rest in slices", async () => {
    const t = setup();
    const baseline = riggedCounts(t.scene);
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    const mesh = drawingOf(t)[0]!;
    const crowd = riggedCrowdOfMesh(mesh)!;
    const bake = crowd.bake;
    // At the spawn's resolve: the first slice only (row 0), no later slice run.
    expect(bake.rowsFirst).toBe(1);
    expect(bake.slices).toBe(1);
    expect(bake.rowsBaked).toBeLessThanOrEqual(3); // row 0, and the one or two rows it shows
    expect(bake.rows).toBeGreaterThan(300);
    expect(bake.data).toHaveLength(full.length);
    const floats = bake.width * 4;
    const rowOf = (data: Float32Array, row: number) => Array.from(data.subarray(row * floats, (row + 1) * floats));
    const done = (row: number) => expect(rowOf(bake.data, row), `row ${row}`).toEqual(rowOf(full, row));
    // A row not baked holds the rest pose meanwhile (not zeros, which would draw nothing).
    expect(rowOf(bake.data, bake.rows - 1)).toEqual(rowOf(full, 0));

    // Walking before any slice: every row it shows is baked when shown, and uploaded before drawing.
    void zebra.moveTo({ x: 0, z: 50 });
    const uploads = riggedBakeStats.rowUploads;
    const clips = new Set<string>();
    for (let i = 0; i < 40; i++) {
      t.menagerie.stepMotion(1 / 60);
      const shown = crowd.shownAt(slotOf(mesh, zebra))!;
      for (const { clip, frame } of [shown, ...(shown.blend ? [shown.blend] : [])]) {
        done(bake.clips.find((c) => c.name === clip)!.start + frame);
        clips.add(clip);
      }
    }
    expect([...clips].sort()).toEqual(["idle", "walk"]);
    t.scene.render();
    expect(bake.slices).toBe(1); // still no slice: those rows were baked on the spot
    expect(bake.rowsBaked).toBeGreaterThan(3);
    expect(bake.rowsBaked).toBeLessThan(bake.rows);
    expect(riggedBakeStats.rowUploads).toBe(uploads + 1); // one upload for the frame, not one per row

    await bake.done;
    expect(bake.stopped).toBeUndefined();
    expect(bake.rowsBaked).toBe(bake.rows);
    expect(bake.slices).toBeGreaterThan(1);
    // Rows baked on the spot and in slices give exactly what one full bake of the model gives.
    expect(Array.from(bake.data)).toEqual(Array.from(full));
    t.scene.render();
    const afterDone = riggedBakeStats.rowUploads;
    expect(afterDone).toBe(uploads + 2); // the rows of the slices, taken once before the next frame
    t.scene.render();
    expect(riggedBakeStats.rowUploads).toBe(afterDone); // nothing left to take: the upload stopped
    // Still crowd-drawn, with nothing of its own.
    expect(slotOf(mesh, zebra)).toBe(0);
    const live = riggedCounts(t.scene);
    expect(live.skeletons - baseline.skeletons).toBe(0);
    expect(live.animationGroups - baseline.animationGroups).toBe(0);
    expect(live.transformNodes - baseline.transformNodes).toBe(1);
    expect(t.warnings).toEqual([]);
  });
});
