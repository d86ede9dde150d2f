/**
 * The areas a creature's wander avoids hold for every order and reaction, as water does:
 * moveTo (its target and its way), follow, flight from a jeep, flight from a predator, a hunt,
 * a herd's pull. The reference service over real HTTP, a NullEngine scene, fixed steps.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { MotionGroup } from "../../src/motion/group.js";
import { type CatalogMenagerie, catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
let env: CatalogMenagerie["env"];
let menagerie: Menagerie;
function setup() {
  ({ env, menagerie } = fixture.setup());
}

const DT = 1 / 30;
/** A pen the creatures' wander avoids (not water, not an obstacle: only their own order knows it). */
const pen = { center: { x: 0, z: 0 }, radius: 5 };
const flat = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);
const inPen = (c: Creature) => flat(c.motion, pen.center) < pen.radius;
const spawnAt = (name: string, x: number, z: number) =>
  menagerie.spawnCreature(name, { position: new Vector3(x, 0, z) });
/** A creature that wanders round the pen, kept out of it (its avoid area). */
async function penWary(name: string, x: number, z: number): Promise<Creature> {
  const creature = await spawnAt(name, x, z);
  creature.wander({ area: { center: { x: 0, z: 0 }, radius: 40 }, avoid: [pen] });
  return creature;
}

/** Fixed steps; counts the steps any of `watched` spent in the pen. `each` runs before each step. */
function run(seconds: number, watched: readonly Creature[], each?: () => void): number {
  let inside = 0;
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    each?.();
    menagerie.stepMotion(DT);
    if (watched.some(inPen)) inside++;
  }
  return inside;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("avoid areas hold for every order", () => {
  it("moveTo plans round the pen, and a target in it leads to the nearest point outside", async () => {
    setup();
    const horse = await penWary("horse", -12, 0.5);
    let across: boolean | undefined;
    void horse.moveTo({ x: 12, z: 0 }).then((ok) => (across = ok));
    expect(run(40, [horse]), "steps the horse spent in the pen on its way across").toBe(0);
    await flush();
    expect(across).toBe(true);

    let into: boolean | undefined;
    void horse.moveTo({ x: 1, z: 0 }).then((ok) => (into = ok)); // inside the pen
    const target = horse.moveTarget!;
    expect(flat(target, pen.center)).toBeGreaterThan(pen.radius); // moved out, to the pen's near edge
    expect(target.x).toBeGreaterThan(0);
    expect(run(20, [horse])).toBe(0);
    await flush();
    expect(into).toBe(true);
  });

  it("a visit to the area it avoids goes up to its edge, then wanders on outside it", async () => {
    setup();
    const horse = await penWary("horse", -12, 0.5);
    const visit = horse.visit(pen, { stay: 1 });
    const edge = flat(horse.moveTarget!, pen.center) - pen.radius;
    expect(edge).toBeGreaterThan(-1e-9);
    expect(edge).toBeLessThan(0.1); // the edge itself, not the avoid push's margin out
    expect(run(20, [horse])).toBe(0);
    expect(await visit).toBe(true);
    expect(horse.state).toBe("wander");
  });

  it("follow, flight from a jeep, a herd's pull and a hunt keep out of it too", async () => {
    setup();
    // Follow: the player stands beyond the pen.
    const player = new TransformNode("player", env.scene);
    player.position.set(12, 0, 0);
    const follower = await penWary("horse", -12, 0.3);
    follower.follow(player, { distance: 1 });
    // A jeep drives at a zebra from the far side: it flees toward the pen.
    const zebra = await penWary("zebra", -6.5, 0.5);
    zebra.stop(); // a reaction over any order, not only over wander
    const jeep = new TransformNode("jeep", env.scene);
    jeep.position.set(-14, 0, 0);
    zebra.flee(menagerie.addAgent(jeep, { radius: 1 }), { radius: 8, calmRadius: 14 });
    // A herd of two across the pen: the pull to each other runs through it.
    const [a, b] = [await penWary("zebra", -8, -8), await penWary("zebra", 8, -8.5)];
    new MotionGroup({ kind: "herd" }).add(a!).add(b!);
    a!.stop(); // standing, so the herd's pull is all that moves them (stopped, they still avoid the pen)
    b!.stop();
    const others = [follower, zebra, a!, b!];
    const inside = run(30, others, () => {
      if (jeep.position.x < 4) jeep.position.x += 3 * DT;
    });
    expect(inside, "steps a follower, a fleeing zebra or a herd member spent in the pen").toBe(0);
    expect(flat(follower.motion, player.position)).toBeLessThan(4); // it got round to the player

    // A lion hunts a zebra on the far side; the zebra flees it: neither runs through the pen.
    const prey = await penWary("zebra", 7, 0);
    const lion = await penWary("lion", -9, 0);
    for (const c of [prey, lion]) c.stop(); // standing when the hunt begins
    lion.hunt((c) => c === prey);
    prey.fleeFrom((c) => c === lion);
    expect(run(30, [prey, lion]), "steps the lion or its prey spent in the pen").toBe(0);
  });
});
