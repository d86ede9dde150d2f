/**
 * Rigged catalog creatures through the reference service over real HTTP (NullEngine): clips
 * mixed by speed, one fetch per GLB for many copies, a skeleton and groups per copy, dispose
 * back to the scene's counts, sizing by length, `prefer`, bone parts, and a flyer's fly clip.
 * The record forms, expiry and failures are in riggedLoads.test.ts.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { Axis, Space } from "@babylonjs/core/Maths/math.axis.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Node } from "@babylonjs/core/node.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../src/api/client.js";
import type { Creature } from "../../../src/babylon/creature.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../../src/babylon/types.js";
import { countingFetch, startCatalogService } from "../../helpers/catalogService.js";
import { watchUnhandledRejections } from "../../helpers/faultHarness.js";
import { createRiggedScene, riggedCounts } from "../../helpers/riggedScene.js";
import { round } from "../../helpers/round.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
let rejections: ReturnType<typeof watchUnhandledRejections>;

beforeAll(async () => {
  service = await startCatalogService();
  rejections = watchUnhandledRejections();
}, 120_000);

afterAll(async () => {
  rejections?.stop();
  await service?.close();
});

let t: ReturnType<typeof setup>;
afterEach(() => {
  t?.dispose();
  expect(rejections.count, "unhandled rejections").toBe(0);
});

function setup(options: { prefer?: "rig" | "parts" } = {}) {
  const env = createRiggedScene();
  const counter = countingFetch();
  const warnings: MenagerieWarning[] = [];
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counter.fetch });
  const menagerie = new Menagerie(env.scene, { client, fetch: counter.fetch, ...options });
  menagerie.onWarningObservable.add((w) => void warnings.push(w));
  const run = (frames: number, dt = 1 / 60) => {
    for (let i = 0; i < frames; i++) menagerie.stepMotion(dt);
  };
  const glbs = () => counter.urls.filter((u) => /\.glb\?/.test(u)).map((u) => new URL(u).pathname);
  const objs = () => counter.urls.filter((u) => /\.obj\?/.test(u)).map((u) => new URL(u).pathname);
  return {
    scene: env.scene,
    menagerie,
    counter,
    warnings,
    run,
    glbs,
    objs,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

const groupOf = (c: Creature, clip: string): AnimationGroup => c.animations.get(clip)!;
const weights = (c: Creature) => Object.fromEntries([...c.animations].map(([k, g]) => [k, round(g.weight, 4)]));
const sumOfWeights = (c: Creature) => [...c.animations.values()].reduce((s, g) => s + g.weight, 0);

/** World bounds of a rigged creature's skinned meshes, skeleton applied. */
function skinnedBounds(c: Creature) {
  c.root.computeWorldMatrix(true);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  for (const mesh of c.meshes) {
    mesh.skeleton?.prepare(true);
    mesh.refreshBoundingInfo({ applySkeleton: true });
    mesh.computeWorldMatrix(true);
    min.minimizeInPlace(mesh.getBoundingInfo().boundingBox.minimumWorld);
    max.maximizeInPlace(mesh.getBoundingInfo().boundingBox.maximumWorld);
  }
  return { min, max };
}

function isUnder(node: Node, ancestor: Node): boolean {
  for (let n: Node | null = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

describe("a rigged catalog creature's clips", () => {
  it("walks with its walk clip while moving, idles when stopped; the walk rate follows the ground speed", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra");
    expect(zebra.form).toBe("rig");
    expect([...zebra.animations.keys()]).toEqual(["idle", "walk", "run"]);
    expect(weights(zebra)).toEqual({ idle: 1, walk: 0, run: 0 });
    for (const g of zebra.animations.values()) expect(g.isPlaying && g.loopAnimation, g.name).toBe(true);
    const walkSpeed = (zebra.record.movement as { walk: number }).walk; // the clip's natural pace

    for (const speed of [undefined, 0.6]) {
      void zebra.moveTo({ x: zebra.root.position.x, z: 500 }, { speed });
      t.run(360); // up to speed
      const z0 = zebra.root.position.z;
      let clipDistance = 0; // how far the walk clip's feet carry it at the rate it plays
      for (let i = 0; i < 120; i++) {
        t.run(1);
        expect(groupOf(zebra, "walk").weight, `frame ${i}`).toBeGreaterThanOrEqual(0.5);
        expect(round(sumOfWeights(zebra), 9)).toBe(1);
        // At the clip's natural pace the rate is 1; slower ground speed, slower clip.
        expect(round(groupOf(zebra, "walk").speedRatio, 6)).toBe(round(zebra.motion.speed / walkSpeed, 6));
        clipDistance += (groupOf(zebra, "walk").speedRatio * walkSpeed) / 60;
      }
      // No foot slide: the ground covered is what the clip's steps cover at that rate.
      expect(round(zebra.root.position.z - z0, 3)).toBe(round(clipDistance, 3));
      // By default it walks at its species' pace, not its clip's: the rate makes up the difference.
      expect(round(groupOf(zebra, "walk").speedRatio, 1)).toBe(round((speed ?? zebra.speeds.walk) / walkSpeed, 1));
    }
    expect(groupOf(zebra, "idle").weight).toBeLessThan(0.5);

    zebra.stop();
    t.run(240);
    expect(zebra.motion.speed).toBe(0);
    expect(weights(zebra)).toEqual({ idle: 1, walk: 0, run: 0 });
    expect(groupOf(zebra, "idle").speedRatio).toBe(1);
  });

  it("freezes clips while paused (rate 0, still playing) and scales their rates with setTimeScale", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra");
    void zebra.moveTo({ x: 0, z: 500 });
    t.run(120);
    const before = weights(zebra);
    const walkRate = groupOf(zebra, "walk").speedRatio;
    expect(walkRate).toBeGreaterThan(0.5);
    t.menagerie.pause();
    // Frames as the render loop sends them (a still 60 fps clock): paused, they move nothing.
    t.scene.getEngine().getDeltaTime = () => 1000 / 60;
    for (let i = 0; i < 30; i++) t.scene.onBeforeRenderObservable.notifyObservers(t.scene);
    for (const g of zebra.animations.values()) {
      expect(g.speedRatio, g.name).toBe(0);
      expect(g.isPlaying, g.name).toBe(true); // frozen in place, not stopped: resumes where it was
    }
    expect(weights(zebra)).toEqual(before);
    t.menagerie.resume();
    t.menagerie.setTimeScale(0.5);
    t.run(1);
    const walkSpeed = (zebra.record.movement as { walk: number }).walk;
    expect(round(groupOf(zebra, "walk").speedRatio, 6)).toBe(round((0.5 * zebra.motion.speed) / walkSpeed, 6));
    expect(groupOf(zebra, "idle").speedRatio).toBe(0.5);
    t.menagerie.setTimeScale(2);
    t.run(1);
    expect(groupOf(zebra, "idle").speedRatio).toBe(2);
  });

  it("plays a flyer's fly clip after setBehaviour('fly'), its walk clip after setBehaviour('walk')", async () => {
    t = setup();
    const crow = await t.menagerie.spawnCreature("crow");
    expect([...crow.animations.keys()]).toEqual(["idle", "walk", "fly"]);
    t.run(60);
    expect(weights(crow)).toEqual({ idle: 0, walk: 0, fly: 1 }); // a flyer in the air beats its wings
    crow.setBehaviour("walk");
    void crow.moveTo({ x: 0, z: 100 });
    // It lands gradually (at most 2 m/s down from a small bird's band, 4 m at most): 4 s.
    t.run(240);
    expect(crow.motion.flight.phase).toBe("landed");
    expect(crow.motion.altitude).toBe(0);
    expect(groupOf(crow, "walk").weight).toBeGreaterThanOrEqual(0.5);
    expect(groupOf(crow, "fly").weight).toBe(0);
    crow.setBehaviour("fly");
    void crow.moveTo({ x: 0, z: 500 });
    t.run(60);
    expect(weights(crow)).toEqual({ idle: 0, walk: 0, fly: 1 });
    const flySpeed = (crow.record.movement as { fly: number }).fly;
    expect(round(groupOf(crow, "fly").speedRatio, 6)).toBe(round(Math.max(0.6, crow.motion.speed / flySpeed), 6));
    expect(crow.motion.speed).toBeGreaterThan(flySpeed / 2); // it cruises at the fly clip's pace
  });
});

describe("rigged copies", () => {
  it("fetches each GLB once for 20 copies; each copy, once grown, has its own skeleton and its own groups", async () => {
    t = setup();
    const before = riggedCounts(t.scene);
    const zebras = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.menagerie.spawnCreature("zebra", { position: new Vector3(i * 3, 0, 0) })),
    );
    expect(t.glbs().sort()).toEqual([
      "/assets/zebra/rig/idle.glb",
      "/assets/zebra/rig/run.glb",
      "/assets/zebra/rig/walk.glb",
    ]);
    expect(t.counter.urls.filter((u) => u.includes("/anything?"))).toHaveLength(1);
    // Drawn by the zebra's crowd, none has a skeleton or a group of its own (rigged/riggedCrowd.test.ts).
    const drawn = riggedCounts(t.scene);
    expect(drawn.skeletons - before.skeletons).toBe(0);
    expect(drawn.animationGroups - before.animationGroups).toBe(0);
    expect(new Set(zebras.map((z) => z.meshes[0]!.skeleton)).size).toBe(20); // grows each one
    const now = riggedCounts(t.scene);
    expect(now.skeletons - before.skeletons).toBe(20);
    expect(now.animationGroups - before.animationGroups).toBe(3 * 20);
    expect(new Set(zebras.flatMap((z) => [...z.animations.values()])).size).toBe(60);
    for (const z of zebras) {
      for (const g of z.animations.values())
        for (const { target } of g.targetedAnimations) expect(isUnder(target as Node, z.root)).toBe(true);
    }
    await t.menagerie.spawnCreature("zebra");
    expect(t.glbs()).toHaveLength(3);
  });

  it("dispose returns the scene to its counts, skeletons and animation groups included", async () => {
    t = setup();
    const baseline = riggedCounts(t.scene);
    const zebras = await Promise.all([0, 1, 2].map(() => t.menagerie.spawnCreature("zebra")));
    await t.menagerie.spawnCreature("crow");
    // Each grows its own skeleton and groups (crowd-drawn ones are counted in rigged/riggedCrowd.test.ts).
    for (const c of t.menagerie.creatures) expect(c.meshes.length).toBeGreaterThan(0);
    for (const z of zebras) void z.moveTo({ x: 3, z: 20 });
    for (let i = 0; i < 5; i++) t.scene.render(); // clips play on Babylon's clock
    const live = riggedCounts(t.scene);
    expect(live.skeletons - baseline.skeletons).toBe(4);
    expect(live.animationGroups - baseline.animationGroups).toBe(12);
    // Every group plays: one animatable per animated node of each group.
    const animated = (c: Creature) => [...c.animations.values()].reduce((n, g) => n + g.animatables.length, 0);
    expect(animated(zebras[0]!)).toBeGreaterThan(3);
    expect(live.animatables - baseline.animatables).toBe(t.menagerie.creatures.reduce((n, c) => n + animated(c), 0));
    const oneZebra = animated(zebras[0]!);
    const ownMeshes = zebras[0]!.root.getChildMeshes(false).length;
    zebras[0]!.dispose();
    const afterOne = riggedCounts(t.scene);
    expect(afterOne.skeletons).toBe(live.skeletons - 1);
    expect(afterOne.animationGroups).toBe(live.animationGroups - 3);
    expect(afterOne.animatables).toBe(live.animatables - oneZebra);
    expect(afterOne.meshes).toBe(live.meshes - ownMeshes);
    t.menagerie.dispose();
    expect(riggedCounts(t.scene)).toEqual(baseline);
  });
});

describe("rigged records: size, form, parts", () => {
  it("sizes a rig-only record (height 0) by its length along +Z, feet on y = 0, head toward +Z", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(4, 0, -2) });
    expect(zebra.record.scale).toMatchObject({ height: 0, length: 2.199 });
    const { min, max } = skinnedBounds(zebra);
    expect(round(max.z - min.z, 3)).toBe(2.199);
    expect(round(min.y, 4)).toBe(0);
    expect(round(zebra.heightMeters, 4)).toBe(round(max.y - min.y, 4));
    const at = (part: string) => zebra.getPart(part)!.getAbsolutePosition();
    expect(at("head").z).toBeGreaterThan(at("body").z);
    expect(at("tail").z).toBeLessThan(at("body").z);
    expect(t.warnings).toEqual([]); // no height-unreadable: the length was used
  });

  it("getPart('head') is the head bone's node: turning it moves the drawn head", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra");
    const head = zebra.getPart("head")!;
    const bone = zebra.meshes[0]!.skeleton!.bones.find((b) => b.name === "head")!;
    expect(head).toBe(bone.getTransformNode());
    expect(head.metadata.menagerie).toMatchObject({ creature: zebra, part: "head" });
    expect(zebra.listParts()).toEqual(expect.arrayContaining(["body", "head", "tail"]));
    const before = skinnedBounds(zebra);
    const headBefore = bone.getAbsolutePosition().clone();
    // glTF nodes turn by quaternion (`rotation` is ignored while `rotationQuaternion` is set).
    head.rotate(Axis.X, 0.8, Space.LOCAL);
    const after = skinnedBounds(zebra);
    const moved = Math.max(
      ...(["x", "y", "z"] as const).flatMap((k) =>
        [after.min[k] - before.min[k], after.max[k] - before.max[k]].map(Math.abs),
      ),
    );
    expect(moved).toBeGreaterThan(0.05);
    expect(round(bone.getAbsolutePosition().y, 6)).toBe(round(headBefore.y, 6)); // turned about its own joint
    expect(zebra.getPart("wing_left")).toBeNull();
  });

  it("prefer 'parts' builds a record with both forms from its OBJ parts; the rig by default; each form cached", async () => {
    t = setup();
    const parts = await t.menagerie.spawnCreature("dog", { prefer: "parts" });
    expect(parts.form).toBe("parts");
    expect(parts.animations.size).toBe(0);
    expect(parts.listParts().sort()).toEqual(Object.keys(parts.record.model.parts).sort());
    expect(t.glbs()).toEqual([]);
    const objCount = t.objs().length;
    expect(objCount).toBe(Object.keys(parts.record.model.parts).length);
    const rig = await t.menagerie.spawnCreature("dog");
    expect(rig.form).toBe("rig");
    expect([...rig.animations.keys()]).toEqual(["idle", "walk", "run"]);
    expect(t.glbs()).toHaveLength(3);
    // Both forms stay loaded: more copies of either fetch nothing.
    const assets = t.counter.urls.filter((u) => u.includes("/assets/")).length;
    expect((await t.menagerie.spawnCreature("dog", { prefer: "parts" })).form).toBe("parts");
    expect((await t.menagerie.spawnCreature("dog", { prefer: "rig" })).form).toBe("rig");
    expect(t.counter.urls.filter((u) => u.includes("/assets/")).length).toBe(assets);
    expect(t.menagerie.stats.modelsLoaded).toBe(2);
    await expect(t.menagerie.spawnCreature("dog", { prefer: "obj" as "parts" })).rejects.toThrow(/prefer/);
  });

  it("takes prefer from the Menagerie's options; a rig-only record loads its rig whatever is preferred", async () => {
    t = setup({ prefer: "parts" });
    expect((await t.menagerie.spawnCreature("dog")).form).toBe("parts");
    const zebra = await t.menagerie.spawnCreature("zebra");
    expect(zebra.form).toBe("rig");
    expect(zebra.animations.size).toBe(3);
  });
});
