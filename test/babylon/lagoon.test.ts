/**
 * Water in a "reef" game: a lagoon 20 m across whose ground is a height function with a bowl
 * floor 6 m deep, dunes around it, its water added with `menagerie.addWater` (surface y = 0),
 * creatures from the reference service's catalog over real HTTP, fixed steps in a NullEngine
 * scene. Swimmers keep to their band of the column, orders and commands keep each creature to
 * its realm, sea predators hunt, and a shoal's figures say where it is.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import type { Creature } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { createRiggedScene } from "../helpers/riggedScene.js";

const DT = 1 / 30;
const LAGOON = { center: { x: 0, z: 0 }, radius: 10 };
/** A bowl 6 m deep at the centre, its rim at y = 0, dunes rising outside it. */
const lagoon = (x: number, z: number) => {
  const r = Math.hypot(x, z);
  return r < 10 ? -6 * (1 - (r / 10) ** 2) : Math.min(1.5, (r - 10) * 0.2);
};

let service: Awaited<ReturnType<typeof startCatalogService>>;
let env: ReturnType<typeof createRiggedScene> | undefined;
let menagerie: Menagerie;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service.close();
});
afterEach(() => {
  menagerie?.dispose();
  env?.dispose();
  env = undefined;
});

function setup(): void {
  env = createRiggedScene();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  menagerie = new Menagerie(env.scene, { client, autoStep: false, animationLod: false, ground: lagoon, seed: 2 });
  menagerie.addWater(LAGOON);
}

const run = (seconds: number, each?: () => void) => {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    menagerie.stepMotion(DT);
    each?.();
  }
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const spawnAt = (name: string, x: number, z: number) =>
  menagerie.spawnCreature(name, { position: new Vector3(x, 0, z) });
const wet = (c: Creature) => Math.hypot(c.motion.x, c.motion.z) < LAGOON.radius;
/** Metres of water over the floor where the creature is. */
const columnAt = (c: Creature) => -lagoon(c.motion.x, c.motion.z);

/** Settles a promise's state for fixed steps: "pending", or what it resolved to. */
function watch<T>(promise: Promise<T>): { state: "pending" | T } {
  const out: { state: "pending" | T } = { state: "pending" };
  void promise.then((value) => {
    out.state = value;
  });
  return out;
}

describe("swimmers in the water column", () => {
  it("keep their whole body between the surface and the floor, each kind in its band, using the column", async () => {
    setup();
    menagerie.swimKinds.set("carp", "bottom");
    await menagerie.populate({
      habitat: "sea",
      area: { center: { x: 0, z: 0 }, radius: 16 },
      water: LAGOON,
      waterLevel: 0,
      ground: lagoon,
      count: 24,
      mix: { clownfish: 3, shark: 1 },
      seed: 5,
    });
    const carp = await spawnAt("carp", 2, 2);
    carp.wander({ area: LAGOON });
    const swimmers = menagerie.creatures.filter((c) => c.realm === "water");
    expect(swimmers.map((c) => c.record.name).sort()).toContain("shark");
    const out = { above: 0, below: 0, shallow: 0, carpHigh: 0 };
    const depths = new Map<string, { min: number; max: number }>();
    run(60, () => {
      for (const c of swimmers) {
        const { y } = c.motion;
        const h = c.motion.roles.height;
        const floor = lagoon(c.motion.x, c.motion.z);
        if (y + h > 1e-6) out.above++; // its back out of the water
        if (y < floor - 1e-6) out.below++;
        if (columnAt(c) < h) out.shallow++;
        const d = depths.get(c.record.name) ?? { min: Infinity, max: -Infinity };
        depths.set(c.record.name, { min: Math.min(d.min, -(y + h)), max: Math.max(d.max, -y) });
      }
      // A bottom dweller keeps to the lowest 15% of the room its body has.
      const room = -carp.motion.roles.height - lagoon(carp.motion.x, carp.motion.z);
      if (carp.motion.y - lagoon(carp.motion.x, carp.motion.z) > room * 0.15 + 0.3) out.carpHigh++;
    });
    expect(out).toEqual({ above: 0, below: 0, shallow: 0, carpHigh: 0 });
    // The clownfish use the column, not one depth 10 cm under the surface.
    const clown = depths.get("clownfish")!;
    expect(clown.max - clown.min, JSON.stringify([...depths])).toBeGreaterThan(1.5);
  });
});

describe("orders keep to the realm", () => {
  it("a swimmer sent onto the dunes stops at the nearest water deep enough for it, and says where", async () => {
    setup();
    const shark = await spawnAt("shark", 0, 0);
    const arrivals: { x: number; z: number }[] = [];
    shark.onArrivedObservable.add((a) => arrivals.push(a));
    const trip = watch(shark.moveTo({ x: 0, z: 16 }));
    const target = shark.moveTarget!;
    expect(Math.hypot(target.x, target.z)).toBeLessThan(LAGOON.radius);
    let dry = 0;
    run(30, () => {
      if (!wet(shark) || columnAt(shark) < shark.motion.roles.height) dry++;
    });
    await flush();
    expect(trip.state).toBe(true);
    expect(dry).toBe(0);
    expect(arrivals).toEqual([{ x: target.x, z: target.z }]);
    expect(-lagoon(target.x, target.z)).toBeGreaterThan(shark.motion.roles.height);
  });

  it("a crab put in the lagoon and sent across it never walks the floor under the water", async () => {
    setup();
    const crab = await spawnAt("crab", -3, 0);
    expect(crab.realm).toBe("ground");
    let under = 0;
    const trip = watch(crab.moveTo({ x: 14, z: 0 }));
    run(60, () => {
      if (wet(crab) && columnAt(crab) > crab.motion.roles.height) under++;
    });
    await flush();
    expect(under).toBe(0);
    expect(trip.state).toBe(true);
  });

  it("moveTo of a disposed creature settles false", async () => {
    setup();
    const shark = await spawnAt("shark", 0, 0);
    shark.dispose();
    const trip = watch(shark.moveTo({ x: 3, z: 0 }));
    run(1);
    await flush();
    expect(trip.state).toBe(false);
  });
});

describe("sea predators", () => {
  it("with ecology on, sharks hunt the clownfish and catch them in the water", async () => {
    setup();
    const group = await menagerie.populate({
      habitat: "sea",
      area: { center: { x: 0, z: 0 }, radius: 16 },
      water: LAGOON,
      waterLevel: 0,
      ground: lagoon,
      count: 24,
      mix: { clownfish: 3, shark: 1 },
      seed: 5,
      ecology: true,
    });
    const sharks = group.creatures.filter((c) => c.record.name === "shark");
    expect(sharks.length).toBeGreaterThan(0);
    const catches: { hunter: string; prey: string; gap: number }[] = [];
    for (const shark of sharks)
      shark.onCaughtObservable.add(({ prey }) => {
        const gap = Math.abs(prey.motion.y - shark.motion.y);
        catches.push({ hunter: "shark", prey: prey.record.name, gap });
      });
    run(60);
    expect(catches.length).toBeGreaterThan(0);
    for (const c of catches) expect(c.prey).toBe("clownfish");
    // Contact in three dimensions: never a fish metres above or below the shark.
    for (const c of catches) expect(c.gap).toBeLessThan(sharks[0]!.motion.roles.height + 0.3);
  });
});

describe("commands know the water", () => {
  it("'fish' adds fish into the water near the boat; sharks go into the water; gulls are the seagull", async () => {
    setup();
    const boat = CreateBox("boat", { size: 2 }, env!.scene);
    boat.position.set(0, 0.5, 7);
    menagerie.addPlace("beach", { center: { x: 0, z: -15 }, radius: 1 });
    const account = await menagerie.command(
      "add ten fish near the boat, then add two sharks near the beach, then add three gulls near the beach",
    );
    const [fish, sharks, gulls] = account.outcomes;
    expect(fish!.creatures).toHaveLength(10);
    for (const c of fish!.creatures) {
      expect(c.realm).toBe("water");
      expect(wet(c)).toBe(true);
      expect(Math.hypot(c.motion.x - 0, c.motion.z - 7)).toBeLessThan(10); // a ring out from the boat, 1.6 m apart
    }
    expect(fish!.notes).toEqual([]);
    expect(sharks!.creatures.map((c) => c.record.name)).toEqual(["shark", "shark"]);
    for (const c of sharks!.creatures) {
      expect(wet(c)).toBe(true);
      expect(columnAt(c)).toBeGreaterThan(c.motion.roles.height);
    }
    expect(gulls!.creatures.map((c) => c.record.name)).toEqual(["seagull", "seagull", "seagull"]);
    const removed = await menagerie.command("remove all gulls");
    expect(removed.outcomes[0]!.creatures).toHaveLength(3);
    expect(menagerie.creatures.filter((c) => c.record.name === "seagull")).toHaveLength(0);
    const none = await menagerie.command("remove all gulls");
    expect(none.outcomes[0]!.notes).toEqual(["no seagull in the scene"]);
  });

  it("a crab a command puts in the lagoon stands on the shore", async () => {
    setup();
    // The camera looks along +z from (0, 1, -5): "here" is 8 m ahead, in the lagoon.
    const account = await menagerie.command("add a crab here");
    const crab = account.outcomes[0]!.creatures[0]!;
    expect(wet(crab)).toBe(false);
  });
});
