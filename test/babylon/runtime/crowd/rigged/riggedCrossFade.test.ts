/**
 * Cross-fades of crowd-drawn rigged creatures (NullEngine, the reference service over real
 * HTTP): each instance's settings hold the two clips its mixer weighs most, their frames and
 * the weaker one's share, through a whole idle → walk fade, and the model's materials rewrite
 * Babylon's baked-animation read to mix the two rows. Counts and values, never times.
 */
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../../../src/api/client.js";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { riggedCrowdOfMesh, type ShownFrame } from "../../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { startCatalogService } from "../../../../helpers/catalogService.js";
import { createRiggedScene, riggedCounts } from "../../../../helpers/riggedScene.js";

const SETTINGS = "bakedVertexAnimationSettingsInstanced";
let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let t: ReturnType<typeof setup>;
afterEach(() => t?.dispose());

function setup() {
  const env = createRiggedScene();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  const menagerie = new Menagerie(env.scene, { client, animationLod: false });
  return {
    scene: env.scene,
    menagerie,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

/** The zebra model's drawing meshes, the first skinned one, and what it shows on `creature`. */
function drawn(creature: Creature) {
  const meshes = t.scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];
  const mesh = meshes.find((m) => m.skeleton)!;
  let slot = -1;
  for (let i = 0; i < mesh.thinInstanceCount; i++) if (mesh.metadata.menagerie.creatureAt(i) === creature) slot = i;
  const crowd = riggedCrowdOfMesh(mesh)!;
  const settings = mesh.getVertexBuffer(SETTINGS)!.getData() as Float32Array;
  return {
    meshes,
    mesh,
    crowd,
    slot,
    shown: crowd.shownAt(slot)!,
    settings: [...settings.subarray(slot * 4, slot * 4 + 4)],
  };
}

/** How much of the walk clip shows, from the crowd's data: 0 idle alone, 1 walk alone. */
const walkShare = (s: ShownFrame) =>
  s.clip === "walk" ? 1 - (s.blend?.weight ?? 0) : s.blend?.clip === "walk" ? s.blend.weight : 0;

/** Babylon's own baked-animation formula at time 0 (what a shader without the plugin reads). */
const stockRow = ([x, y, z]: number[]) => {
  const n = y! - x! + 1;
  return x! + Math.floor(z! - n * Math.floor(z! / n));
};

describe("a crowd-drawn rigged creature's cross-fade", () => {
  it("holds the two strongest clips' frames and the weaker's share through idle → walk, growing nothing", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    for (let i = 0; i < 30; i++) t.menagerie.stepMotion(1 / 60);
    const before = riggedCounts(t.scene);
    expect(drawn(zebra).shown).toEqual({ clip: "idle", frame: expect.any(Number) }); // one clip, no blend
    void zebra.moveTo({ x: 0, z: 500 });
    const shares: number[] = [];
    const midFade: ReturnType<typeof drawn>[] = [];
    let idleFrames = 0;
    for (let i = 0; i < 180; i++) {
      t.menagerie.stepMotion(1 / 60);
      const d = drawn(zebra);
      shares.push(walkShare(d.shown));
      const { clip, blend } = d.shown;
      if (blend) {
        expect([clip, blend.clip].sort()).toEqual(["idle", "walk"]); // run weighs nothing yet
        expect(blend.weight).toBeGreaterThan(0);
        expect(blend.weight).toBeLessThanOrEqual(0.5);
        if (blend.weight > 0.3) midFade.push(d);
        if (blend.clip === "idle") idleFrames++;
      }
      // What the GPU gets: row A twice, B's weight, row B; Babylon's own formula reads row A.
      const clips = d.crowd.bake.clips;
      const row = (c: string, f: number) => clips.find((x) => x.name === c)!.start + f;
      const rowA = row(clip, d.shown.frame);
      expect(d.settings).toEqual([rowA, rowA, blend?.weight ?? 0, blend ? row(blend.clip, blend.frame) : rowA]);
      expect(stockRow(d.settings)).toBe(rowA);
    }
    // The walk fades in from nothing to all, a little each frame: no switch at the half-way point.
    expect(shares[0]).toBeLessThan(0.2);
    expect(shares.at(-1)).toBe(1);
    const steps = shares.slice(1).map((s, i) => s - shares[i]!);
    expect(Math.max(...steps.map(Math.abs))).toBeLessThan(0.2);
    expect(shares.filter((s) => s > 0.05 && s < 0.95).length).toBeGreaterThan(5);
    expect(midFade.length).toBeGreaterThan(0);
    expect(idleFrames).toBeGreaterThan(0); // past half-way, the walk leads and idle is mixed in
    // All along: no skeleton, group, animatable, node or mesh of its own.
    expect(riggedCounts(t.scene)).toEqual(before);
  });

  it("mixes at the share its mixer gives the two clips, from the frames its groups start at when grown", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    for (let i = 0; i < 30; i++) t.menagerie.stepMotion(1 / 60);
    void zebra.moveTo({ x: 0, z: 500 });
    let d = drawn(zebra);
    for (let i = 0; i < 180 && !(d.shown.blend && d.shown.blend.weight > 0.3); i++) {
      t.menagerie.stepMotion(1 / 60);
      d = drawn(zebra);
    }
    const { shown } = d;
    expect(shown.blend!.weight).toBeGreaterThan(0.3);
    const groups = zebra.animations; // grows it: its groups take the mixer's weights and places
    const a = groups.get(shown.clip)!;
    const b = groups.get(shown.blend!.clip)!;
    expect(b.weight / (a.weight + b.weight)).toBeCloseTo(shown.blend!.weight, 6);
    expect(a.weight + b.weight).toBeGreaterThan(0.99); // the third clip weighs (next to) nothing
    for (const [group, clip, frame] of [
      [a, shown.clip, shown.frame],
      [b, shown.blend!.clip, shown.blend!.frame],
    ] as const) {
      const frames = d.crowd.bake.clips.find((c) => c.name === clip)!.frames;
      const span = group.to - group.from;
      const at = group.animatables[0]!.masterFrame - group.from;
      expect(Math.abs(at - (frame * span) / frames)).toBeLessThanOrEqual(1e-6 + span / frames);
    }
  });

  it("rewrites each bone read of Babylon's baked-animation include into two rows mixed by weight", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    await t.scene.whenReadyAsync();
    t.scene.render();
    const { meshes } = drawn(zebra);
    const skinned = meshes.filter((m) => m.skeleton);
    expect(skinned.length).toBeGreaterThan(0);
    for (const mesh of skinned) {
      expect(mesh.material!.pluginManager?.getPlugin("MenagerieClipBlend")).toBeTruthy();
      const code = mesh.subMeshes[0]!.effect?.vertexSourceCode ?? "";
      expect(code).toContain("bakedVertexAnimationTexture");
      expect(code).not.toMatch(/readMatrixFromRawSamplerVAT\([^;]*VATFrameNum\)/);
      const reads = code.match(/readMatrixFromRawSamplerVAT\(bakedVertexAnimationTexture,[^;]*?VATStartFrame\)/g) ?? [];
      // Row A's read and row B's, for each influence the include has (4, or 8 with the extra ones).
      expect(reads.length).toBeGreaterThanOrEqual(mesh.numBoneInfluencers);
      expect(
        code.match(/readMatrixFromRawSamplerVAT\(bakedVertexAnimationTexture,[^;]*?VATSpeed\)\*VATOffsetFrame/g),
      ).toHaveLength(reads.length);
    }
  });

  it("casts shadows through Babylon's own shadow shader, which reads the stronger clip's row", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    const light = new DirectionalLight("sun", new Vector3(-0.5, -1, 0.3), t.scene);
    const generator = new ShadowGenerator(256, light);
    t.menagerie.addShadowCaster(generator);
    await t.scene.whenReadyAsync();
    for (let i = 0; i < 3; i++) t.scene.render();
    const { mesh } = drawn(zebra);
    expect(generator.getShadowMap()!.renderList).toContain(mesh);
    const pass = generator.getShadowMap()!.renderPassId;
    const code = mesh.subMeshes[0]!._getDrawWrapper(pass)?.effect?.vertexSourceCode ?? "";
    expect(code).toMatch(/readMatrixFromRawSamplerVAT\(bakedVertexAnimationTexture,[^;]*VATFrameNum\)/);
    expect(code).not.toContain("VATSpeed)*VATOffsetFrame"); // not mixed: the shadow shows row A (stockRow above)
    light.dispose();
    generator.dispose();
  });
});
