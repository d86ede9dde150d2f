/**
 * Fliers over a lagoon (a bowl floor 6 m deep under water added with `addWater`, dunes around):
 * they keep above the water's surface, cruise in their kind's band and wander up and down in
 * it, land gradually (on the beach or a prop) and take off, pass over other layers without
 * pushing them, and raptors stoop to catch.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;
/** The lagoon's water: a circle 20 m across; its surface is the ground at its rim, 0. */
const LAGOON = { center: { x: 0, z: 0 }, radius: 10 };
const SURFACE = 0;

/** A bowl 6 m deep under the lagoon; dunes rising to 3 m around it. */
function lagoonGround(x: number, z: number): number {
  const r = Math.hypot(x, z);
  if (r < 10) return -6 * (1 - (r / 10) ** 2);
  return Math.min(3, (r - 10) * 0.4) + 0.3 * Math.sin(x * 0.7) * Math.min(1, r - 10);
}

function lagoon(): Menagerie {
  const { menagerie } = fixture.setup();
  menagerie.addWater(LAGOON);
  return menagerie;
}

const spawn = (menagerie: Menagerie, name: string, x: number, z: number) =>
  menagerie.spawnCreature(name, { position: new Vector3(x, 0, z), ground: lagoonGround });

const overWater = (c: Creature) => Math.hypot(c.motion.x, c.motion.z) < LAGOON.radius;
/** Height above what is under it: the ground, or the water's surface over the lagoon. */
const lift = (c: Creature) =>
  c.motion.y - Math.max(lagoonGround(c.motion.x, c.motion.z), overWater(c) ? SURFACE : -Infinity);

describe("fliers over water", () => {
  it("keep above the water's surface over a lagoon whose floor is 6 m down", async () => {
    const menagerie = lagoon();
    const birds = [
      ...(await Promise.all([0, 1, 2, 3, 4, 5].map((i) => spawn(menagerie, "seagull", i * 2 - 5, i - 2)))),
      ...(await Promise.all([0, 1, 2, 3].map((i) => spawn(menagerie, "parrot", 3 - i * 2, i - 1)))),
    ];
    for (const bird of birds) bird.wander({ area: { center: { x: 0, z: 0 }, radius: 9 } });
    let overFrames = 0;
    let underFrames = 0;
    for (let i = 0; i < 60 / DT; i++) {
      menagerie.stepMotion(DT);
      for (const bird of birds) {
        if (!overWater(bird)) continue;
        overFrames++;
        if (bird.root.position.y < SURFACE) underFrames++;
      }
    }
    expect(overFrames).toBeGreaterThan(10_000);
    expect(underFrames).toBe(0);
  });
});

describe("flight bands", () => {
  it("per kind: raptors high, gulls low over the water, small birds low; each wanders up and down within its band", async () => {
    const menagerie = lagoon();
    const kinds = ["eagle", "seagull", "sparrow"];
    const birds = await Promise.all(kinds.map((name, i) => spawn(menagerie, name, i * 3 - 3, 0)));
    expect(birds.map((b) => b.motion.flight.band)).toEqual([
      { min: 8, max: 20 },
      { min: 1.5, max: 7 },
      { min: 0.8, max: 4 },
    ]);
    for (const bird of birds) bird.wander({ area: { center: { x: 0, z: 0 }, radius: 14 } });
    const low = birds.map(() => Infinity);
    const high = birds.map(() => -Infinity);
    let climb = 0;
    for (let i = 0; i < 90 / DT; i++) {
      const before = birds.map((b) => b.motion.y);
      menagerie.stepMotion(DT);
      birds.forEach((b, k) => {
        climb = Math.max(climb, Math.abs(b.motion.y - before[k]!));
        if (i < 10 / DT) return; // the first seconds: from where it spawned into its wandering
        low[k] = Math.min(low[k]!, lift(b));
        high[k] = Math.max(high[k]!, lift(b));
      });
    }
    birds.forEach((b, k) => {
      const { min, max } = b.motion.flight.band;
      expect(low[k], kinds[k]).toBeGreaterThan(min - 1.5); // dunes under it rise faster than it climbs
      expect(high[k], kinds[k]).toBeLessThan(max + 1.5);
      expect(high[k]! - low[k]!, kinds[k]).toBeGreaterThan((max - min) / 4); // up and down, not one height
    });
    expect(climb).toBeLessThan(0.25); // never metres in one frame
  });

  it("a game's own band, from menagerie.flightBands, wins over the built-in ones", async () => {
    const menagerie = lagoon();
    menagerie.flightBands.push({ match: ["gull"], band: { min: 12, max: 14 } });
    const gull = await spawn(menagerie, "seagull", 0, 0);
    expect(gull.motion.flight.band).toEqual({ min: 12, max: 14 });
    expect(lift(gull)).toBeGreaterThanOrEqual(12);
  });
});

describe("landing and taking off", () => {
  it("lands on the beach with a gradual descent, then walks; takes off with a gradual climb", async () => {
    const menagerie = lagoon();
    const gull = await spawn(menagerie, "seagull", 0, 0);
    const beach = { x: 13, z: 0 };
    const landed = gull.land(beach);
    let done: boolean | undefined;
    void landed.then((v) => {
      done = v;
    });
    let drop = 0;
    for (let i = 0; i < 30 / DT && done === undefined; i++) {
      const y = gull.motion.y;
      menagerie.stepMotion(DT);
      await Promise.resolve();
      drop = Math.max(drop, y - gull.motion.y);
    }
    expect(done).toBe(true);
    expect(drop).toBeLessThan(0.1);
    expect(Math.hypot(gull.motion.x - beach.x, gull.motion.z - beach.z)).toBeLessThan(1);
    expect(gull.motion.y).toBeCloseTo(lagoonGround(gull.motion.x, gull.motion.z), 5);
    expect([gull.motion.flight.phase, gull.motion.behaviour, gull.state]).toEqual(["landed", "walk", "idle"]);
    // Landed, it walks on the ground like any walker (and stays out of the water).
    void gull.moveTo({ x: 16, z: 3 });
    for (let i = 0; i < 10 / DT; i++) menagerie.stepMotion(DT);
    expect(gull.motion.y).toBeCloseTo(lagoonGround(gull.motion.x, gull.motion.z), 5);
    expect(Math.hypot(gull.motion.x - 16, gull.motion.z - 3)).toBeLessThan(1);
    gull.takeOff();
    let rise = 0;
    for (let i = 0; i < 20 / DT; i++) {
      const y = gull.motion.y;
      menagerie.stepMotion(DT);
      rise = Math.max(rise, gull.motion.y - y);
    }
    expect(rise).toBeLessThan(0.1);
    expect([gull.motion.flight.phase, gull.motion.behaviour, gull.state]).toEqual(["flying", "fly", "wander"]);
    expect(lift(gull)).toBeGreaterThan(1);
  });

  it("perches on a prop's top, and stays there until it takes off", async () => {
    const menagerie = lagoon();
    const { env } = { env: menagerie.scene };
    const post = CreateBox("post", { width: 0.4, depth: 0.4, height: 2 }, env);
    post.position.set(14, lagoonGround(14, 4) + 1, 4);
    post.computeWorldMatrix(true);
    const top = lagoonGround(14, 4) + 2;
    const gull = await spawn(menagerie, "seagull", 0, 0);
    const perched = gull.land(post);
    let done: boolean | undefined;
    void perched.then((v) => {
      done = v;
    });
    for (let i = 0; i < 40 / DT && done === undefined; i++) {
      menagerie.stepMotion(DT);
      await Promise.resolve();
    }
    expect(done).toBe(true);
    for (let i = 0; i < 5 / DT; i++) menagerie.stepMotion(DT);
    expect([gull.motion.x, gull.motion.y, gull.motion.z].map((v) => Math.round(v * 100) / 100)).toEqual([
      14,
      Math.round(top * 100) / 100,
      4,
    ]);
    gull.takeOff();
    for (let i = 0; i < 10 / DT; i++) menagerie.stepMotion(DT);
    expect(gull.motion.y - top).toBeGreaterThan(1);
  });

  it("a rigged flier walks and idles on its own clips once landed, and flies on its fly clip again after take-off", async () => {
    const menagerie = lagoon();
    const parrot = await spawn(menagerie, "parrot", 12, 0);
    expect([...parrot.animations.keys()]).toEqual(["idle", "walk", "fly"]);
    const weight = (clip: string) => parrot.animations.get(clip)!.weight;
    for (let i = 0; i < 2 / DT; i++) menagerie.stepMotion(DT);
    expect(weight("fly")).toBe(1);
    const landed = parrot.land({ x: 13, z: 0 });
    for (let i = 0; i < 20 / DT; i++) menagerie.stepMotion(DT);
    expect(await landed).toBe(true);
    expect(weight("fly")).toBe(0);
    expect(weight("idle")).toBe(1);
    parrot.takeOff();
    for (let i = 0; i < 3 / DT; i++) menagerie.stepMotion(DT);
    expect(weight("fly")).toBe(1);
  });
});

describe("layers", () => {
  it("a bird high above a carp does not push it sideways, nor a walker under it", async () => {
    const menagerie = lagoon();
    const carp = await spawn(menagerie, "carp", 2, 0);
    const crab = await spawn(menagerie, "crab", 13, 0);
    const birds = [await spawn(menagerie, "eagle", 2, 0), await spawn(menagerie, "eagle", 13, 0)];
    for (const c of [carp, crab, ...birds]) c.stop();
    const start = [carp, crab].map((c) => ({ x: c.motion.x, z: c.motion.z }));
    for (let i = 0; i < 3 / DT; i++) menagerie.stepMotion(DT);
    const moved = [carp, crab].map((c, k) => Math.hypot(c.motion.x - start[k]!.x, c.motion.z - start[k]!.z));
    expect(moved.map((m) => m < 0.05)).toEqual([true, true]);
  });

  it("an eagle stoops to catch a crab (contact in 3D), and climbs back to its band", async () => {
    const menagerie = lagoon();
    const eagle = await spawn(menagerie, "eagle", 12, -8);
    const crab = await spawn(menagerie, "crab", 14, 0);
    crab.stop();
    eagle.stop();
    const catches: { y: number; preyY: number }[] = [];
    eagle.hunt(["crab"]);
    eagle.onCaughtObservable.add(({ prey }) => {
      catches.push({ y: eagle.motion.y, preyY: prey.motion.y });
      prey.dispose();
    });
    let lowest = Infinity;
    for (let i = 0; i < 40 / DT && catches.length === 0; i++) {
      menagerie.stepMotion(DT);
      lowest = Math.min(lowest, lift(eagle));
    }
    expect(catches.length).toBe(1);
    expect(catches[0]!.y - catches[0]!.preyY).toBeLessThan(1); // it came down to the crab
    expect(lowest).toBeLessThan(1);
    for (let i = 0; i < 20 / DT; i++) menagerie.stepMotion(DT);
    expect(lift(eagle)).toBeGreaterThan(eagle.motion.flight.band.min - 1);
  });
});
