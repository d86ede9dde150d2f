/**
 * Rigged loads over the reference service and its catalog: the reindeer's real record (a rig
 * GLB and idle, walk and run clips) and its signed links. Links renewed on the GLB path: expiring
 * within the margin, refused with 403 once the service's clock passed them or by its fault mode;
 * and a clip the service fails to send (404) degraded to a warning.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../src/api/client.js";
import type { Creature } from "../../../src/babylon/creature.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../../src/babylon/types.js";
import { isMenagerieError, type LoadError } from "../../../src/core/errors.js";
import type { LookupServerOptions } from "../../../src/service/index.js";
import { countingFetch, startCatalogService } from "../../helpers/catalogService.js";
import { watchUnhandledRejections } from "../../helpers/faultHarness.js";
import { createRiggedScene, riggedCounts } from "../../helpers/riggedScene.js";
import { round } from "../../helpers/round.js";

let rejections: ReturnType<typeof watchUnhandledRejections>;
beforeAll(() => {
  rejections = watchUnhandledRejections();
});
afterAll(() => rejections.stop());

let service: Awaited<ReturnType<typeof startCatalogService>> | undefined;
let env: ReturnType<typeof createRiggedScene> | undefined;
let menagerie: Menagerie | undefined;

afterEach(async () => {
  menagerie?.dispose();
  env?.dispose();
  await service?.close();
  [service, env, menagerie] = [undefined, undefined, undefined];
  expect(rejections.count, "unhandled rejections").toBe(0);
});

/** A service with `options`, a Menagerie on a fresh rigged scene whose requests are counted. */
async function setup(options: Partial<LookupServerOptions> = {}) {
  const clock = { offsetMs: 0 };
  service = await startCatalogService({ now: () => Date.now() + clock.offsetMs, ...options });
  env = createRiggedScene();
  const counted = countingFetch();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counted.fetch });
  const warnings: MenagerieWarning[] = [];
  const m = new Menagerie(env.scene, { client, fetch: counted.fetch });
  menagerie = m;
  m.onWarningObservable.add((w) => void warnings.push(w));
  const paths = () => counted.urls.map((u) => new URL(u));
  return {
    /** How far the service's clock runs ahead of the real one. */
    clock,
    menagerie: m,
    client,
    scene: env.scene,
    warnings,
    lookups: () =>
      paths()
        .filter((u) => u.pathname === "/anything")
        .map((u) => u.searchParams.get("fuzzy")),
    assetCount: (file: string) => paths().filter((u) => decodeURIComponent(u.pathname) === `/assets/${file}`).length,
    steps: (frames: number) => {
      for (let i = 0; i < frames; i++) m.stepMotion(1 / 60);
    },
  };
}

// The catalog's reindeer has the newest dialect's jump clips beside its idle, walk and run.
const JUMPS = ["jump_start", "jump_fall", "jump_end"];
const CLIPS = ["idle", "walk", "run", ...JUMPS].map((clip) => `reindeer/rig/${clip}.glb`);
const weightsOf = (c: Creature) => Object.fromEntries([...c.animations].map(([k, g]) => [k, round(g.weight, 4)]));

describe("link renewal on the GLB path", () => {
  it("refreshes a record whose links expire within the margin once, then fetches each GLB once", async () => {
    const t = await setup({ linkLifetimeSeconds: 30 }); // inside the client's 60 s margin
    const creature = await t.menagerie.spawnCreature("reindeer");
    expect(creature.form).toBe("rig");
    expect(t.lookups()).toEqual([null, "false"]);
    for (const file of CLIPS) expect(t.assetCount(file), file).toBe(1);
    expect(t.warnings).toEqual([]);
  });

  it("refreshes once when the GLBs answer 403, then loads with the new links", async () => {
    // The record is looked up, then the service's clock moves past the links it signed (an hour
    // and five minutes at most): it refuses them all (403) until the record is renewed.
    const t = await setup({ linkLifetimeSeconds: 3600 });
    const record = (await t.client.getModel("reindeer"))!;
    t.clock.offsetMs = 4000 * 1000;
    const creature = await t.menagerie.spawnCreature(record);
    expect([...creature.animations.keys()]).toEqual(["idle", "walk", "run", ...JUMPS]);
    expect(t.lookups()).toHaveLength(2); // the test's lookup + one refresh, shared by the six GLBs
    for (const file of CLIPS) expect(t.assetCount(file), file).toBe(2);
    expect(t.warnings).toEqual([]);
  });

  it("gives up with a typed error, without looping, when the model GLB keeps answering 403", async () => {
    const t = await setup({ faults: { rules: [{ targets: ["glb"], kind: "expire" }] } });
    const baseline = riggedCounts(t.scene);
    const error = (await t.menagerie.spawnCreature("reindeer").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error).toMatchObject({ reason: "http", status: 403, asset: "clip:idle" });
    expect(t.lookups()).toHaveLength(2);
    expect(t.assetCount("reindeer/rig/idle.glb")).toBe(2);
    expect(riggedCounts(t.scene)).toEqual(baseline);
  });
});

describe("a clip the service fails to send", () => {
  it("degrades a missing walk GLB to a clip-failed warning; walking then shows the idle clip", async () => {
    const t = await setup({
      faults: { rules: [{ targets: ["glb"], kind: "status", status: 404, match: "reindeer/rig/walk" }] },
    });
    const creature = await t.menagerie.spawnCreature("reindeer");
    expect(t.warnings.map((w) => [w.code, w.asset])).toEqual([["clip-failed", "clip:walk"]]);
    expect(t.warnings[0]!.message).toMatch(/HTTP 404/);
    expect([...creature.animations.keys()]).toEqual(["idle", "run", ...JUMPS]);
    void creature.moveTo({ x: 0, z: 100 });
    t.steps(240);
    expect(creature.motion.speed).toBeGreaterThan(0.1);
    // The walk's share falls to idle (no jump on flat ground).
    expect(weightsOf(creature)).toEqual({ idle: 1, run: 0, jump_start: 0, jump_fall: 0, jump_end: 0 });
    expect(round(creature.animations.get("idle")!.speedRatio)).toBe(1);
  });
});
