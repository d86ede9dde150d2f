/**
 * Orders and water: braking and neighbours' pushes, moveTo, flight, follow, seek and pursue
 * kept out of water (an amphibious hippo goes in), a populate's water, targets within an
 * obstacle's clearance, being stuck, and visits.
 * Kept on the hand-made server: the zebra, horse and hippo are one tiny box quadruped at three
 * heights, so footprints and clearances follow from those heights alone, and the populate asks
 * for "grassland", a free-text query the hand-made search answers with all its models (the
 * reference service would answer it by its fuzzy text search).
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;
const DT = 1 / 30;

const quadruped = (height: string) => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats: ["grassland"],
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
});

beforeEach(async () => {
  server = await createModelServer({
    zebra: quadruped("1.4 m"),
    horse: quadruped("1.6 m"),
    hippo: quadruped("1.5 m"),
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, seed: 3, autoStep: false });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

/** Fixed steps; `each` runs before each. */
const run = (seconds: number, each?: () => void) => {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    each?.();
    menagerie.stepMotion(DT);
  }
};
/** Lets settled promises run their callbacks. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const flat = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);
const spawnAt = (name: string, x: number, z: number) =>
  menagerie.spawnCreature(name, { position: new Vector3(x, 0, z) });

/** Settles a promise's state for fixed steps: "pending", or what it resolved to. */
function watch<T>(promise: Promise<T>): { state: "pending" | T } {
  const out: { state: "pending" | T } = { state: "pending" };
  void promise.then((value) => {
    out.state = value;
  });
  return out;
}

describe("idle is still", () => {
  it("creatures with no order brake after a passing jeep and neighbours push them, and stand", async () => {
    const zebras: Creature[] = [];
    for (let i = 0; i < 5; i++) zebras.push(await spawnAt("zebra", i * 0.4, 0)); // crowded: separation pushes
    const jeep = new TransformNode("jeep", env.scene);
    jeep.position.set(-20, 0, 0.2);
    menagerie.addAgent(jeep, { radius: 1.5 });
    const starts = zebras.map((z) => z.root.position.clone());
    // The jeep drives through the herd at 8 m/s, then on and away.
    run(60, () => {
      jeep.position.x += 8 * DT;
    });
    const drift = Math.max(...zebras.map((z, i) => flat(z.root.position, starts[i]!)));
    expect(drift, `farthest zebra drifted ${drift.toFixed(1)} m in 60 s`).toBeLessThan(10);
    for (const zebra of zebras) {
      expect(zebra.motion.speed).toBeLessThan(0.01);
      expect(zebra.state).toBe("idle");
    }
    // Standing: another 30 s moves none of them.
    const now = zebras.map((z) => z.root.position.clone());
    run(30);
    expect(Math.max(...zebras.map((z, i) => flat(z.root.position, now[i]!)))).toBeLessThan(0.05);
  });
});

describe("one world for every order", () => {
  const pool = { center: { x: 0, z: 0 }, radius: 5 };
  const inPool = (c: Creature) => flat(c.root.position, pool.center) < pool.radius;

  it("a land creature's moveTo plans round the water, and its flight from a jeep keeps out of it", async () => {
    menagerie.addWater(pool);
    const horse = await spawnAt("horse", -12, 0.5);
    expect(horse.realm).toBe("ground");
    let wet = 0;
    const trip = watch(horse.moveTo({ x: 12, z: 0 }));
    run(40, () => {
      if (inPool(horse)) wet++;
    });
    expect(wet, "steps the horse spent in the water").toBe(0);
    await flush();
    expect(trip.state).toBe(true);

    // A jeep comes at a zebra from the far side: it flees toward the water, and along its shore.
    const zebra = await spawnAt("zebra", -6.5, 0);
    const jeep = new TransformNode("jeep", env.scene);
    jeep.position.set(-14, 0, 0);
    const agent = menagerie.addAgent(jeep, { radius: 1 });
    zebra.flee(agent, { radius: 8, calmRadius: 14 });
    wet = 0;
    run(20, () => {
      if (jeep.position.x < -1) jeep.position.x += 3 * DT;
      if (inPool(zebra)) wet++;
    });
    expect(wet, "steps the zebra spent in the water").toBe(0);
  });

  it("follow, seek and pursue keep a land creature out too; an amphibious hippo goes in", async () => {
    const water = CreateBox("waterHole", { width: 10, depth: 10, height: 0.2 }, env.scene);
    menagerie.addWater(water); // a mesh: its rectangle on the ground
    const box = (c: Creature) => Math.abs(c.root.position.x) < 5 && Math.abs(c.root.position.z) < 5;
    const player = new TransformNode("player", env.scene);
    player.position.set(10, 0, 0);
    const horse = await spawnAt("horse", -10, 0);
    const zebra = await spawnAt("zebra", -10, 3);
    horse.follow(player, { distance: 1 });
    zebra.seek(player);
    const hippo = await spawnAt("hippo", -10, -3);
    expect(hippo.realm).toBe("amphibious");
    const swim = watch(hippo.moveTo({ x: 0, z: 0 }));
    let wet = 0;
    run(40, () => {
      if (box(horse) || box(zebra)) wet++;
    });
    expect(wet).toBe(0);
    await flush();
    expect(swim.state).toBe(true);
    expect(box(hippo)).toBe(true);
    expect(menagerie.removeWater(water)).toBe(true);
    expect(menagerie.removeWater(water)).toBe(false);
  });

  it("a populate's water holds for creatures it did not make", async () => {
    const group = await menagerie.populate({
      habitat: "grassland",
      count: 2,
      area: { center: { x: 0, z: 0 }, radius: 30 },
      water: pool,
      seed: 4,
    });
    const horse = await spawnAt("horse", -12, 0);
    let wet = 0;
    const trip = watch(horse.moveTo({ x: 0, z: 0 })); // into the middle of the water
    run(30, () => {
      if (inPool(horse)) wet++;
    });
    await flush();
    expect(wet).toBe(0);
    expect(trip.state).toBe(true); // it reached the shore, the nearest point it can stand at
    expect(flat(horse.root.position, pool.center)).toBeGreaterThan(pool.radius);
    group.dispose(); // the water leaves with its group
    const again = watch(horse.moveTo({ x: 0, z: 0 }));
    run(20);
    await flush();
    expect(again.state).toBe(true);
    expect(inPool(horse)).toBe(true);
  });
});

describe("moveTo always settles", () => {
  it("a target within an obstacle's clearance leads to the nearest reachable point, and resolves there", async () => {
    menagerie.addObstacle({ center: { x: 0, z: 0 }, radius: 3 });
    const horse = await spawnAt("horse", -12, 0);
    const arrivals: { x: number; z: number }[] = [];
    horse.onArrivedObservable.add((a) => arrivals.push(a));
    const trip = watch(horse.moveTo({ x: -4, z: 0 })); // 1 m from the rock
    const target = horse.moveTarget!;
    expect(target.x).toBeLessThan(-3 - horse.motion.clearance); // moved out of the clearance
    expect(target.z).toBeCloseTo(0, 6);
    run(20);
    await flush();
    expect(trip.state).toBe(true);
    expect(arrivals).toEqual([{ x: target.x, z: target.z }]);
    expect(horse.moveTarget).toBeUndefined();
  });

  it("no progress for stuckSeconds settles false, and the creature stands", async () => {
    // A closed pen: the target inside it cannot be reached.
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      menagerie.addObstacle({ center: { x: 20 + 6 * Math.sin(a), z: 6 * Math.cos(a) }, radius: 1.4 });
    }
    const horse = await spawnAt("horse", 0, 0);
    const trip = watch(horse.moveTo({ x: 20, z: 0 }, { stuckSeconds: 3 }));
    run(40);
    await flush();
    expect(trip.state).toBe(false);
    expect(horse.state).toBe("idle");
    expect(horse.motion.speed).toBeLessThan(0.01);
  });
});

describe("visit", () => {
  it("walks to the shore, drinks with its head down for its stay, then wanders on", async () => {
    const pool = { center: { x: 0, z: 0 }, radius: 4 };
    menagerie.addWater(pool);
    const zebra = await spawnAt("zebra", 12, 0);
    zebra.wander({ area: { center: { x: 10, z: 0 }, radius: 6 } });
    run(2);
    const visit = watch(zebra.visit(pool, { stay: 5, pose: "drink" }));
    expect(zebra.state).toBe("visit");
    let drinking = 0;
    let bowed = 0;
    const head = zebra.motion.roles.head;
    run(30, () => {
      if (zebra.motion.activity === "drink") {
        drinking += DT;
        bowed = Math.max(bowed, zebra.motion.pose.rotations[head * 3]!);
        const d = flat(zebra.root.position, pool.center) - pool.radius;
        expect(d).toBeGreaterThan(0); // at the shore, not in the water
        expect(d).toBeLessThan(zebra.motion.radius * 2 + 0.3);
      }
    });
    await flush();
    expect(visit.state).toBe(true);
    expect(drinking).toBeGreaterThan(4.9);
    expect(drinking).toBeLessThan(5.1);
    expect(bowed).toBeGreaterThan(0.3); // head down
    expect(zebra.state).toBe("wander"); // back to its order
  });

  it("another order or an aborted signal ends a visit with false", async () => {
    const zebra = await spawnAt("zebra", 0, 0);
    const first = watch(zebra.visit({ x: 8, z: 0 }, { stay: 5 }));
    zebra.stop();
    const controller = new AbortController();
    const second = watch(zebra.visit({ x: 8, z: 0 }, { stay: 5, signal: controller.signal }));
    run(1);
    controller.abort();
    await flush();
    expect([first.state, second.state]).toEqual([false, false]);
    expect(zebra.state).toBe("idle");
  });
});
