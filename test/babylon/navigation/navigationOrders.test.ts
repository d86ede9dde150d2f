/**
 * Every walker's order and reaction on a navmesh, on a level of boxes no other fixture has: two
 * fields split by a canal 4 m wide (its floor 1.5 m down, walkable), a footbridge across whose
 * deck a walker can also pass under. Hunts, herds, flights and wanders go by the bridge and
 * along the banks, never stopping at an edge; walkers stand on the navmesh from their spawn.
 * Catalog zebras from the reference service, fixed steps.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../../src/babylon/creature.js";
import type { Menagerie } from "../../../src/babylon/menagerie.js";
import { MotionGroup } from "../../../src/motion/group.js";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;
const BANK = 2; // the banks' inner edges are at x = ±2
const FLOOR = -1.5; // the canal's floor
const DECK = { z: 1, top: 0.1, under: -0.3 }; // the deck spans z in [-1, 1]

function box(scene: Scene, name: string, min: [number, number, number], max: [number, number, number]): Mesh {
  const size = { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2] };
  const mesh = CreateBox(name, size, scene);
  mesh.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  mesh.computeWorldMatrix(true);
  return mesh;
}

/** The level: canal floor, two fields, the deck. */
function fields(scene: Scene): Mesh[] {
  return [
    box(scene, "canal", [-BANK, -2.5, -20], [BANK, FLOOR, 20]),
    box(scene, "west", [-20, -2.5, -20], [-BANK, 0, 20]),
    box(scene, "east", [BANK, -2.5, -20], [20, 0, 20]),
    box(scene, "deck", [-BANK - 0.5, DECK.under, -DECK.z], [BANK + 0.5, DECK.top, DECK.z]),
  ];
}

const run = (menagerie: Menagerie, seconds: number, each?: () => void) => {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    menagerie.stepMotion(DT);
    each?.();
  }
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const spawnAt = (menagerie: Menagerie, x: number, z: number, y = 0) =>
  menagerie.spawnCreature("zebra", { position: new Vector3(x, y, z) });
const fmt = (c: Creature) => `(${c.motion.x.toFixed(2)}, ${c.motion.y.toFixed(2)}, ${c.motion.z.toFixed(2)})`;

/** Where a walker may be on this level: on a field, on the deck, or on the canal's floor. */
function offLevel(c: Creature): string | undefined {
  const { x, y, z } = c.motion;
  if (Math.abs(x) > 20 || Math.abs(z) > 20) return `off the level at ${fmt(c)}`;
  if (Math.abs(x) >= BANK - 0.05)
    return Math.abs(y) > DECK.top + 0.15 ? `off the fields' height at ${fmt(c)}` : undefined;
  const onDeck = Math.abs(z) <= DECK.z && Math.abs(y - DECK.top) <= 0.15;
  return onDeck || Math.abs(y - FLOOR) <= 0.15 ? undefined : `in the air over the canal at ${fmt(c)}`;
}

/** Tracks where a walker crossed the canal (x = 0) and its lowest feet. */
function watchCrossing(c: Creature) {
  const seen = { crossedZ: undefined as number | undefined, crossedY: Number.NaN, lowest: Infinity, lastX: c.motion.x };
  return {
    seen,
    look() {
      const { x, y, z } = c.motion;
      seen.lowest = Math.min(seen.lowest, y);
      if (seen.crossedZ === undefined && Math.sign(x) !== Math.sign(seen.lastX)) {
        seen.crossedZ = z;
        seen.crossedY = y;
      }
      seen.lastX = x;
    },
  };
}

describe("every walker's order and reaction on a navmesh", () => {
  it("sends a hunter after prey on the other field by the bridge, and it catches it", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: fields(env.scene) });
    const hunter = await spawnAt(menagerie, -8, -8);
    const prey = await spawnAt(menagerie, 8, -8);
    const hunt = hunter.hunt((c) => c === prey, { searchRadius: 25, chaseSeconds: 30 });
    const crossing = watchCrossing(hunter);
    run(menagerie, 40, () => {
      if (hunt.catches === 0) crossing.look();
    });
    expect(hunt.catches, `the hunter ended at ${fmt(hunter)}`).toBeGreaterThan(0);
    expect(Math.abs(crossing.seen.crossedZ!), "crossed off the bridge").toBeLessThan(DECK.z);
    expect(crossing.seen.crossedY).toBeCloseTo(DECK.top, 1);
    expect(crossing.seen.lowest).toBeGreaterThan(-0.15);
  });

  it("brings a straggler back to its herd across the canal by the bridge", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: fields(env.scene) });
    const herd = new MotionGroup({ kind: "herd" });
    for (let i = 0; i < 4; i++) herd.add(await spawnAt(menagerie, 9 + (i % 2) * 1.5, -9 + Math.floor(i / 2) * 1.5));
    const straggler = await spawnAt(menagerie, -9, -9);
    herd.add(straggler);
    const crossing = watchCrossing(straggler);
    run(menagerie, 60, () => crossing.look());
    expect(straggler.motion.x, `the straggler ended at ${fmt(straggler)}`).toBeGreaterThan(BANK + 1);
    expect(Math.abs(crossing.seen.crossedZ!), "crossed off the bridge").toBeLessThan(DECK.z);
    expect(crossing.seen.lowest).toBeGreaterThan(-0.15);
  });

  it("has prey flee along the bank from a predator that drives it to the canal, not stand at the edge", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: fields(env.scene) });
    const predator = await spawnAt(menagerie, -8, 6);
    const prey = await spawnAt(menagerie, -4, 6);
    const fear = prey.fleeFrom((c) => c === predator, { radius: 5, calmRadius: 10 });
    let off: string | undefined;
    let nearestEdge = Infinity; // metres from the canal's edge, at its nearest
    run(menagerie, 4, () => {
      off ??= offLevel(prey);
      nearestEdge = Math.min(nearestEdge, -BANK - prey.motion.x);
    });
    expect(off).toBeUndefined();
    expect(nearestEdge, "pressed against the canal's edge").toBeGreaterThan(1);
    const away = Math.hypot(prey.motion.x - predator.motion.x, prey.motion.z - predator.motion.z);
    expect(away, `the prey ended at ${fmt(prey)}`).toBeGreaterThan(9.5);
    expect(fear.engaged).toBe(false); // calmed down, out of reach
  });

  it("puts walkers on the navmesh at spawn and keeps them on it through a minute of wandering and fleeing a hunter", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: fields(env.scene) });
    const hunter = await spawnAt(menagerie, 6, 4);
    // Some spawned over the canal, off the deck: each stands on the nearest place on the navmesh.
    const places: [number, number][] = [
      [0, 6],
      [0.5, -5],
      [-1, 0.2],
      [-5, 5],
      [-3, -3],
      [4, -6],
      [3, 8],
      [-8, 0],
    ];
    const walkers: Creature[] = [];
    for (const [x, z] of places) walkers.push(await spawnAt(menagerie, x, z));
    const atSpawn = walkers.map(
      (c) => offLevel(c) ?? (c.root.position.y === c.motion.y ? undefined : `root at ${c.root.position.y}`),
    );
    expect(atSpawn).toEqual(places.map(() => undefined));
    const deckWalker = walkers[2]!;
    expect(deckWalker.motion.y, "spawned on the deck stands on it").toBeCloseTo(DECK.top, 1);
    for (const c of walkers) {
      c.wander();
      c.fleeFrom((o) => o === hunter, { radius: 5 });
    }
    hunter.wander();
    const hunt = hunter.hunt((c) => walkers.includes(c), { restSeconds: 2 });
    const offs: string[] = [];
    run(menagerie, 60, () => {
      for (const c of [...walkers, hunter]) {
        const off = offLevel(c);
        if (off && offs.length < 5) offs.push(off);
      }
    });
    expect(offs).toEqual([]);
    expect(hunt.catches + hunt.misses, "the hunter chased").toBeGreaterThan(0);
  });

  it("cuts obstacles added before navigation; a rock under the bridge cuts the canal's floor, not the deck", async () => {
    const { env, menagerie } = fixture.setup();
    const meshes = fields(env.scene);
    menagerie.addObstacle({ center: { x: 0, y: FLOOR, z: 0 }, radius: 2.5 }); // blocks the canal under the deck
    await menagerie.enableNavigation({ meshes });
    const below = await spawnAt(menagerie, 0, -8, FLOOR);
    const above = await spawnAt(menagerie, -8, -4);
    expect(below.motion.y).toBeCloseTo(FLOOR, 1);
    const done: (boolean | undefined)[] = [undefined, undefined];
    below.motion.moveTo({ x: 0, z: 8 }, { onArrive: (ok) => (done[0] = ok), stuckSeconds: 10 });
    above.motion.moveTo({ x: 8, z: -4 }, { onArrive: (ok) => (done[1] = ok), stuckSeconds: 10 });
    run(menagerie, 1);
    await flush();
    expect(done[0], "the rock's cut leaves no way under the deck").toBe(false); // planned: no wait for a stuck walk
    run(menagerie, 30);
    await flush();
    expect(done, `under the deck at ${fmt(below)}, over it at ${fmt(above)}`).toEqual([false, true]);
  });

  it("has wanderers by the canal turn before its edge instead of pressing along it", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: fields(env.scene) });
    const walkers: Creature[] = [];
    for (let i = 0; i < 8; i++) walkers.push(await spawnAt(menagerie, -3.2, -12 + i * 3));
    for (const c of walkers) c.wander();
    // The navmesh's edge by the canal lies a walker's radius (recast's erosion) in from the bank's.
    const edge = -BANK - 0.45;
    let steps = 0;
    let pressed = 0;
    run(menagerie, 40, () => {
      for (const c of walkers) {
        if (Math.abs(c.motion.z) <= 2 || c.motion.x >= 0) continue; // on the west field, off the bridge
        steps++;
        if (c.motion.x > edge) pressed++;
      }
    });
    expect(steps).toBeGreaterThan(1000);
    expect(pressed, `${pressed} of ${steps} steps at the edge`).toBe(0);
  });
});
