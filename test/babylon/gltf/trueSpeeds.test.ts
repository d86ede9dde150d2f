/**
 * True speeds for rigged creatures, over real HTTP against the reference service (NullEngine):
 * a rigged creature travels at its species' walk and run speeds (or the game's), and its clips
 * only follow: each clip's natural speed is the record's `movement` (m/s at the record's
 * `scale`) scaled to the creature's size, and its rate is what the ground speed needs, with no
 * cap for walk and run, so feet never slide.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../src/api/client.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import { CLIP_MIXER_DEFAULTS } from "../../../src/motion/clipMixer.js";
import { startCatalogService } from "../../helpers/catalogService.js";
import { createRiggedScene } from "../../helpers/riggedScene.js";
import { type GaitReading, readGait, readSpeeds } from "../../helpers/zebraSpeeds.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let t: ReturnType<typeof setup> | undefined;
afterEach(() => {
  t?.dispose();
  t = undefined;
});

function setup() {
  const env = createRiggedScene();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  const menagerie = new Menagerie(env.scene, { client });
  const step = (frames: number) => {
    for (let i = 0; i < frames; i++) menagerie.stepMotion(1 / 60);
  };
  return {
    menagerie,
    step,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

/**
 * The clip `main` shows most, and every moving clip plays at a rate whose natural speed covers
 * the ground speed within 15 %, none pinned at a cap.
 */
function expectFollowsGround(gait: GaitReading, main: string): void {
  const shown = gait.clips.reduce((a, b) => (b.weight > a.weight ? b : a));
  expect(shown.clip, JSON.stringify(gait)).toBe(main);
  expect(gait.groundSpeed / gait.asked).toBeCloseTo(1, 1);
  for (const c of gait.clips) {
    if (c.clip === "idle") continue;
    expect(Math.abs(c.covers / gait.groundSpeed - 1), `${c.clip}: ${JSON.stringify(c)}`).toBeLessThan(0.15);
    expect(c.rate, c.clip).not.toBe(CLIP_MIXER_DEFAULTS.maxRate);
  }
}

describe("true speeds of a rigged catalog creature", () => {
  it("a zebra walks at 1–2.5 m/s and runs at ≥ 4 m/s by default, its walk and run clips at the rates its ground speed needs", async () => {
    t = setup();
    const zebra = await readSpeeds(t.menagerie, t.step, "zebra");
    expect(zebra.sizeRatio).toBe(1);
    expect(zebra.speeds.walk).toBeGreaterThanOrEqual(1);
    expect(zebra.speeds.walk).toBeLessThanOrEqual(2.5);
    expect(zebra.speeds.run).toBeGreaterThanOrEqual(4);
    expectFollowsGround(zebra.walk, "walk");
    expectFollowsGround(zebra.run, "run");
    // The catalog's clips are made for a zebra's real pace: both play near their natural rate.
    for (const [gait, clip] of [
      [zebra.walk, "walk"],
      [zebra.run, "run"],
    ] as const) {
      const rate = gait.clips.find((c) => c.clip === clip)!.rate;
      expect(rate).toBeGreaterThan(0.85);
      expect(rate).toBeLessThan(1.15);
    }
  });

  it("also after setSpeeds({ walk: 1.2, run: 7 }): the run clip's rate × its natural speed is 7 m/s", async () => {
    t = setup();
    const zebra = await readSpeeds(t.menagerie, t.step, "zebra", { speeds: { walk: 1.2, run: 7 } });
    expect(zebra.speeds).toEqual({ walk: 1.2, run: 7 });
    expectFollowsGround(zebra.walk, "walk");
    expectFollowsGround(zebra.run, "run");
    const run = zebra.run.clips.find((c) => c.clip === "run")!;
    expect(run.covers / 7).toBeCloseTo(1, 1);
  });

  it("takes the spawn option `speeds`, and keeps the game's speeds through setBehaviour", async () => {
    t = setup();
    const zebra = await t.menagerie.spawnCreature("zebra", { speeds: { run: 9 } });
    expect(zebra.speeds.run).toBe(9);
    zebra.setBehaviour("walk");
    expect(zebra.speeds.run).toBe(9);
    const movement = zebra.record.movement as Record<string, number>;
    expectFollowsGround(
      readGait(zebra, t.step, 9, (clip) => movement[clip] ?? 0),
      "run",
    );
  });

  it("scales the record's movement to the creature's size: at twice the height, twice the ground a cycle", async () => {
    t = setup();
    const big = await readSpeeds(t.menagerie, t.step, "zebra", { height: 3.8, speeds: { walk: 3, run: 12 } });
    expect(big.sizeRatio).toBeCloseTo(2, 3);
    const walk = big.walk.clips.find((c) => c.clip === "walk")!;
    expect(walk.natural).toBeCloseTo(2 * big.movement["walk"]!, 2);
    expectFollowsGround(big.walk, "walk");
    expectFollowsGround(big.run, "run");
  });

  it("keeps a flyer's fly clip and a swimmer's swim clip: idle ↔ that clip, strokes at their pace", async () => {
    t = setup();
    const crow = await t.menagerie.spawnCreature("crow");
    const fly = (crow.record.movement as Record<string, number>)["fly"]!;
    void crow.moveTo({ x: 0, z: 300 });
    t.step(240);
    const group = crow.animations.get("fly")!;
    expect(group.weight).toBe(1);
    expect(crow.motion.speed).toBeGreaterThan(fly / 2);
    expect(group.speedRatio).toBeCloseTo(Math.max(CLIP_MIXER_DEFAULTS.minStrokeRate, crow.motion.speed / fly), 6);
    const dolphin = await t.menagerie.spawnCreature("dolphin");
    const swim = (dolphin.record.movement as Record<string, number>)["swim"]!;
    void dolphin.moveTo({ x: 50, z: 300 });
    t.step(240);
    expect(dolphin.animations.get("swim")!.weight).toBe(1);
    expect(dolphin.animations.get("swim")!.speedRatio).toBeCloseTo(
      Math.min(CLIP_MIXER_DEFAULTS.maxRate, Math.max(CLIP_MIXER_DEFAULTS.minStrokeRate, dolphin.motion.speed / swim)),
      6,
    );
  });
});
