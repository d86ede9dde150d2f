/**
 * Loading rigged records from a hand-made server over real HTTP (NullEngine, tiny GLBs from
 * test/helpers/tinyGlb.ts), kept off the reference service on purpose: record forms its catalog
 * never has (only model.rig.GLB, only formats.glb, only formats.obj, nothing loadable), GLB bytes
 * it never sends (garbage, truncated, meshless, cut short), and sizes checked against the tiny
 * rig's known proportions. Link renewal and a clip the service fails to send are tested over the
 * service in riggedLinks.test.ts; the catalog's rigged creatures in riggedCreatures.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../../src/babylon/creature.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../../src/babylon/types.js";
import { isMenagerieError, type LoadError } from "../../../src/core/errors.js";
import { watchUnhandledRejections } from "../../helpers/faultHarness.js";
import { createModelServer, type InlineModel, type ModelServer } from "../../helpers/modelServer.js";
import { createRiggedScene, riggedCounts } from "../../helpers/riggedScene.js";
import { round } from "../../helpers/round.js";
import { TINY_RIG, tinyRiggedGlb } from "../../helpers/tinyGlb.js";
import { boxObj } from "../../helpers/tinyModels.js";

let idle: Uint8Array;
let walk: Uint8Array;
let run: Uint8Array;
let rejections: ReturnType<typeof watchUnhandledRejections>;

beforeAll(async () => {
  idle = await tinyRiggedGlb({ clip: "idle" });
  walk = await tinyRiggedGlb({ clip: "walk" });
  run = await tinyRiggedGlb({ clip: "run" });
  rejections = watchUnhandledRejections();
});
afterAll(() => rejections.stop());

/** A rig-only deer, sized by length (height 0), as the newer dialect sends it. */
const deer = (extra: Partial<InlineModel> = {}): InlineModel => ({
  type: "quadruped",
  clips: { idle, walk, run },
  scale: { height: 0, length: 2.6, width: 0 },
  ...extra,
});

let server: ModelServer;
let env: ReturnType<typeof createRiggedScene>;
let menagerie: Menagerie;
let warnings: MenagerieWarning[];

beforeEach(async () => {
  server = await createModelServer({ deer: deer() });
  env = createRiggedScene();
  warnings = [];
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
  menagerie.onWarningObservable.add((w) => void warnings.push(w));
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
  expect(rejections.count, "unhandled rejections").toBe(0);
});

const steps = (frames: number) => {
  for (let i = 0; i < frames; i++) menagerie.stepMotion(1 / 60);
};
const weightsOf = (c: Creature) => Object.fromEntries([...c.animations].map(([k, g]) => [k, round(g.weight, 4)]));

describe("record forms", () => {
  it("loads a record with only model.rig.GLB, only formats.glb, or only formats.obj", async () => {
    server.models.set("rigged", { clips: undefined, rigModel: idle, height: "1.6 m" });
    server.models.set("glb", { formats: { glb: walk, fbx: "not loadable" }, height: "1.6 m" });
    server.models.set("obj", { type: "scenery", formats: { obj: boxObj([-1, 0, -1], [1, 2, 1]) }, height: "1 m" });
    const rigged = await menagerie.spawnCreature("rigged");
    expect(rigged.form).toBe("rig");
    expect([...rigged.animations.keys()]).toEqual(["model"]); // the model GLB's own animation
    expect(round(rigged.heightMeters)).toBe(1.6);
    expect(server.assetCount("rigged", "rig.glb")).toBe(1);
    const glb = await menagerie.spawnCreature("glb");
    expect(glb.form).toBe("rig");
    expect(glb.animations.size).toBe(1);
    expect(server.assetCount("glb", "format.glb")).toBe(1);
    expect(server.assetCount("glb", "format.fbx")).toBe(0);
    const obj = await menagerie.spawnCreature("obj");
    expect(obj.form).toBe("whole");
    expect(obj.listParts()).toEqual(["body"]);
    expect(obj.animations.size).toBe(0);
    steps(30); // a single clip that is not idle still plays as the idle
    expect(weightsOf(rigged)).toEqual({ model: 1 });
    expect(warnings).toEqual([]);
  });

  it("refuses a record with nothing loadable at the client, before any asset request", async () => {
    server.models.set("ghost", { formats: { fbx: "x", usdz: "y" }, height: "1 m" });
    const error = await menagerie.spawnCreature("ghost").catch((e: unknown) => e);
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(server.assetCount("ghost")).toBe(0);
  });
});

describe("bad and missing GLBs", () => {
  it("fails with a typed LoadError when the model clip's GLB is not a GLB, leaving the scene as it was", async () => {
    const baseline = riggedCounts(env.scene);
    for (const [label, bytes] of [
      ["garbage", new Uint8Array([103, 108, 84, 70, 2, 0, 0, 0, 9, 9, 9, 9])],
      ["truncated", idle.slice(0, Math.floor(idle.length / 2))],
      ["no mesh", await tinyRiggedGlb({ mesh: false })],
    ] as const) {
      server.models.set(label, deer({ clips: { idle: bytes, walk } }));
      const error = (await menagerie.spawnCreature(label).catch((e: unknown) => e)) as LoadError;
      expect(isMenagerieError(error, "load"), label).toBe(true);
      expect(error.reason, label).toBe(label === "no mesh" ? "no-body" : "parse");
      expect(error.asset, label).toBe("clip:idle");
      expect(riggedCounts(env.scene), label).toEqual(baseline);
    }
    expect(warnings).toEqual([]);
  });

  it("degrades a corrupt walk GLB to a clip-failed warning; walking then shows the idle clip", async () => {
    server.models.set("deer", deer({ clips: { idle, walk: idle.slice(0, 64), run } }));
    const creature = await menagerie.spawnCreature("deer");
    expect(warnings.map((w) => [w.code, w.asset])).toEqual([["clip-failed", "clip:walk"]]);
    expect(warnings[0]!.message).toMatch(/cannot be read/);
    expect([...creature.animations.keys()]).toEqual(["idle", "run"]);
    void creature.moveTo({ x: 0, z: 100 });
    steps(240);
    expect(creature.motion.speed).toBeGreaterThan(0.1);
    expect(weightsOf(creature)).toEqual({ idle: 1, run: 0 }); // the walk's share falls to idle
    expect(round(creature.animations.get("idle")!.speedRatio)).toBe(1);
  });

  it("loads a record whose every clip but the model failed as a model with one clip", async () => {
    server.models.set("deer", deer({ missing: ["walk.glb", "run.glb"] }));
    const creature = await menagerie.spawnCreature("deer");
    expect([...creature.animations.keys()]).toEqual(["idle"]);
    expect(warnings.map((w) => w.asset).sort()).toEqual(["clip:run", "clip:walk"]);
    expect(round(creature.heightMeters)).toBe(round(2.6 * (TINY_RIG.height / TINY_RIG.length)));
  });
});
