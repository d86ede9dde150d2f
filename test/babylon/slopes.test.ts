/**
 * Walkers lean to the ground under them: catalog creatures from the reference service on a
 * 20° ramp, a side slope and flat ground (height functions, and a navmesh of a ramp), read
 * from what is drawn (the root's world matrix, and the crowd's thin-instance matrices).
 */
import { type Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;
const DEG = Math.PI / 180;

const ramp = (degrees: number) => (_x: number, z: number) => Math.max(0, z) * Math.tan(degrees * DEG);
type Ground = (x: number, z: number) => number;
const sideSlope = (degrees: number) => (x: number, _z: number) => x * Math.tan(degrees * DEG);

/** A matrix's image of a direction, normalised (its scale, and a mirror in X, taken out). */
function direction(m: Matrix, x: number, y: number, z: number): Vector3 {
  return Vector3.TransformNormal(new Vector3(x, y, z), m).normalize();
}
/** Degrees between the body's up (its matrix's image of +Y) and the ground's normal at (x, z). */
function upFromNormal(m: Matrix, ground: (x: number, z: number) => number, x: number, z: number): number {
  const e = 0.01;
  const normal = new Vector3(
    ground(x - e, z) - ground(x + e, z),
    2 * e,
    ground(x, z - e) - ground(x, z + e),
  ).normalize();
  return Math.acos(Math.min(1, Vector3.Dot(direction(m, 0, 1, 0), normal))) / DEG;
}
/** Degrees the body's forward (+Z) rises above the horizontal. */
const noseUp = (m: Matrix) => Math.asin(direction(m, 0, 0, 1).y) / DEG;

/** The thin-instance matrix its model's crowd draws `creature` with, if it is crowd-drawn. */
function crowdMatrix(menagerie: Menagerie, creature: Creature): Matrix | undefined {
  for (const mesh of menagerie.scene.meshes as Mesh[]) {
    const at = mesh.metadata?.menagerie?.creatureAt as ((i: number) => Creature) | undefined;
    if (!at || mesh.thinInstanceCount === 0) continue;
    for (let i = 0; i < mesh.thinInstanceCount; i++)
      if (at(i) === creature) return mesh.thinInstanceGetWorldMatrices()[i];
  }
  return undefined;
}

/** Spawns `name` on `ground` at `from`, walks it to `to`, lets it stand a second, renders. */
async function walkOn(
  name: string,
  ground: Ground | Mesh,
  from: Vector3,
  to: { x: number; z: number },
  menagerie?: Menagerie,
) {
  const m = menagerie ?? fixture.setup().menagerie;
  const creature = await m.spawnCreature(name, { position: from, ground });
  const arrived = creature.moveTo(to);
  for (let i = 0; i < 20 / DT; i++) {
    m.stepMotion(DT);
    await Promise.resolve();
  }
  expect(await arrived).toBe(true);
  for (let i = 0; i < 1 / DT; i++) m.stepMotion(DT);
  m.scene.render();
  return { menagerie: m, creature, world: creature.root.computeWorldMatrix(true) };
}

describe("walkers lean to the ground", () => {
  it("a zebra (rigged) walking up a 20° ramp pitches about 20°, its up along the ramp's normal", async () => {
    const ground = ramp(20);
    const { menagerie, creature, world } = await walkOn("zebra", ground, new Vector3(0, 0, 1), { x: 0, z: 9 });
    const { x, z } = creature.motion;
    expect(Math.abs(noseUp(world) - 20)).toBeLessThan(3);
    expect(upFromNormal(world, ground, x, z)).toBeLessThan(3);
    // Drawn by its model's rigged crowd: the thin instance leans with it.
    const drawn = crowdMatrix(menagerie, creature);
    expect(drawn).toBeDefined();
    expect(upFromNormal(drawn!, ground, x, z)).toBeLessThan(3);
  });

  it("part-built walkers (a horse, a crocodile) pitch with the ramp in their crowd's matrices too", async () => {
    const ground = ramp(20);
    const { menagerie, creature: horse, world } = await walkOn("horse", ground, new Vector3(-3, 0, 1), { x: -3, z: 9 });
    const croc = (await walkOn("crocodile", ground, new Vector3(3, 0, 1), { x: 3, z: 9 }, menagerie)).creature;
    expect(Math.abs(noseUp(world) - 20)).toBeLessThan(3);
    const drawn = crowdMatrix(menagerie, horse);
    expect(drawn).toBeDefined();
    expect(upFromNormal(drawn!, ground, horse.motion.x, horse.motion.z)).toBeLessThan(3);
    expect(Math.abs(noseUp(croc.root.computeWorldMatrix(true)) - 20)).toBeLessThan(3);
  });

  it("stands level on flat ground", async () => {
    const flat = () => 0;
    const { world } = await walkOn("zebra", flat, new Vector3(0, 0, 0), { x: 3, z: 6 });
    expect(Math.abs(noseUp(world))).toBeLessThan(0.5);
    expect(upFromNormal(world, flat, 0, 0)).toBeLessThan(0.5);
  });

  it("rolls across a 15° side slope, keeping its nose level", async () => {
    const ground = sideSlope(15);
    for (const name of ["zebra", "horse"]) {
      const { creature, world } = await walkOn(name, ground, new Vector3(0, 0, 0), { x: 0, z: 8 });
      expect(Math.abs(noseUp(world))).toBeLessThan(2);
      expect(Math.abs(Math.asin(direction(world, 1, 0, 0).y) / DEG)).toBeGreaterThan(12);
      expect(upFromNormal(world, ground, creature.motion.x, creature.motion.z)).toBeLessThan(3);
    }
  });

  it("eases over a step's edge instead of snapping, within its tilt limit", async () => {
    const step = (_x: number, z: number) => (z > 4 ? 0.4 : 0);
    const { menagerie } = fixture.setup();
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0), ground: step });
    void zebra.moveTo({ x: 0, z: 9 });
    let largestTurn = 0;
    let largest = 0;
    let before = zebra.root.rotation.x;
    for (let i = 0; i < 10 / DT; i++) {
      menagerie.stepMotion(DT);
      largestTurn = Math.max(largestTurn, Math.abs(zebra.root.rotation.x - before));
      largest = Math.max(largest, Math.abs(zebra.root.rotation.x));
      before = zebra.root.rotation.x;
    }
    expect(largest / DEG).toBeGreaterThan(8); // it did lean over the edge
    expect(largest).toBeLessThanOrEqual(zebra.motion.tilt.maxTilt);
    expect(largestTurn / DEG).toBeLessThan(5); // by at most 5° a frame
  });

  it("leaves fliers in the air and swimmers level", async () => {
    const { menagerie } = fixture.setup();
    const ground = ramp(20);
    menagerie.addWater({ center: { x: 2, z: -6 }, radius: 4 }, { level: 2 });
    const gull = await menagerie.spawnCreature("seagull", { position: new Vector3(0, 0, 2), ground });
    const carp = await menagerie.spawnCreature("carp", { position: new Vector3(2, 0, -6), ground: sideSlope(15) });
    gull.wander({ area: { center: { x: 0, z: 6 }, radius: 4 } });
    carp.wander({ area: { center: { x: 2, z: -6 }, radius: 3 } });
    for (let i = 0; i < 5 / DT; i++) menagerie.stepMotion(DT);
    expect(gull.motion.flight.phase).toBe("flying");
    for (const c of [gull, carp])
      expect([c.motion.tilt.pitch, c.motion.tilt.roll, c.root.rotation.x, c.root.rotation.z]).toEqual([0, 0, 0, 0]);
  });

  it("on a navmesh, leans to its surface (a 20° ramp of boxes over a flat ground function)", async () => {
    const { menagerie } = fixture.setup();
    const scene = menagerie.scene;
    const floor = CreateBox("floor", { width: 16, height: 0.2, depth: 30 }, scene);
    floor.position.y = -0.1;
    // A 12 m plank tipped 20° about X: its top rises along +z from z = 0.
    const angle = 20 * DEG;
    const plank = CreateBox("plank", { width: 6, height: 0.2, depth: 12 }, scene);
    plank.rotation.x = -angle;
    plank.position.set(0, 6 * Math.sin(angle) - 0.1 * Math.cos(angle), 6 * Math.cos(angle) + 0.1 * Math.sin(angle));
    for (const m of [floor, plank]) m.computeWorldMatrix(true);
    await menagerie.enableNavigation({ meshes: [floor, plank] });
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, -3) });
    const arrived = zebra.moveTo({ x: 0, z: 7 });
    for (let i = 0; i < 20 / DT; i++) {
      menagerie.stepMotion(DT);
      await Promise.resolve();
    }
    expect(await arrived).toBe(true);
    for (let i = 0; i < 1 / DT; i++) menagerie.stepMotion(DT);
    expect(zebra.motion.y).toBeGreaterThan(2); // up on the plank, not on the flat ground function
    expect(Math.abs(noseUp(zebra.root.computeWorldMatrix(true)) - 20)).toBeLessThan(3);
  });

  it("on a ground mesh (sampled into heights), leans to it", async () => {
    const { menagerie } = fixture.setup();
    const angle = 20 * DEG;
    const plank = CreateBox("plank", { width: 8, height: 0.2, depth: 20 }, menagerie.scene);
    plank.rotation.x = -angle;
    plank.computeWorldMatrix(true);
    const surface = (_x: number, z: number) => z * Math.tan(angle) + 0.1 / Math.cos(angle);
    const { creature, world } = await walkOn("zebra", plank, new Vector3(0, 0, -3), { x: 0, z: 4 }, menagerie);
    expect(creature.motion.y).toBeCloseTo(surface(0, creature.motion.z), 1);
    expect(Math.abs(noseUp(world) - 20)).toBeLessThan(3);
  });
});
