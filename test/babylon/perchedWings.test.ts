/**
 * A part-built flier's wings flap only in flight: perched on a prop or landed and walking, they
 * fold and keep still; after take-off they flap again. Catalog seagulls from the reference
 * service, fixed steps, read from the pose the sync draws.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;

/** The left wing's rotations (about Y and Z, radians) each step for `seconds`. */
function wingOver(menagerie: Menagerie, gull: Creature, seconds: number): { y: number[]; z: number[] } {
  const at = gull.motion.roles.wings.left * 3;
  const out = { y: [] as number[], z: [] as number[] };
  for (let i = 0; i < seconds / DT; i++) {
    menagerie.stepMotion(DT);
    out.y.push(gull.motion.pose.rotations[at + 1]!);
    out.z.push(gull.motion.pose.rotations[at + 2]!);
  }
  return out;
}
const range = (v: number[]) => Math.max(...v) - Math.min(...v);

async function landed(menagerie: Menagerie, gull: Creature, at: Parameters<Creature["land"]>[0]): Promise<void> {
  let done: boolean | undefined;
  void gull.land(at).then((v) => {
    done = v;
  });
  for (let i = 0; i < 40 / DT && done === undefined; i++) {
    menagerie.stepMotion(DT);
    await Promise.resolve();
  }
  expect(done).toBe(true);
}

describe("a part-built flier's wings", () => {
  it("flap in flight, fold and keep still on a perch, flap again after take-off", async () => {
    const { menagerie } = fixture.setup();
    const post = CreateBox("post", { width: 0.4, depth: 0.4, height: 2 }, menagerie.scene);
    post.position.set(4, 1, 4);
    post.computeWorldMatrix(true);
    const gull = await menagerie.spawnCreature("seagull", { position: new Vector3(0, 0, 0) });
    expect(gull.animations.size).toBe(0); // part-built: its gait moves its wings
    expect(gull.motion.roles.wings.left).toBeGreaterThanOrEqual(0);
    // Hovering where it was made, then wandering: it flaps either way.
    expect(range(wingOver(menagerie, gull, 1).z)).toBeGreaterThan(1);
    gull.wander();
    expect(range(wingOver(menagerie, gull, 1).z)).toBeGreaterThan(1);
    await landed(menagerie, gull, post);
    wingOver(menagerie, gull, 2); // folding
    const perched = wingOver(menagerie, gull, 3);
    expect(gull.motion.flight.perch).toBeDefined();
    expect(range(perched.z)).toBeLessThan(0.01);
    expect(range(perched.y)).toBeLessThan(0.01);
    // Folded: swung down against its flank and back along it.
    expect(perched.z[0]).toBeLessThan(-1);
    expect(perched.y[0]).toBeGreaterThan(0.3);
    gull.takeOff();
    wingOver(menagerie, gull, 1);
    expect(range(wingOver(menagerie, gull, 1).z)).toBeGreaterThan(1);
  });

  it("stay folded while a landed flier walks", async () => {
    const { menagerie } = fixture.setup();
    const gull = await menagerie.spawnCreature("seagull", { position: new Vector3(0, 0, 0) });
    await landed(menagerie, gull, { x: 3, z: 3 });
    void gull.moveTo({ x: 8, z: 6 });
    wingOver(menagerie, gull, 2); // folding
    const walking = wingOver(menagerie, gull, 3);
    expect(gull.motion.speed).toBeGreaterThan(0);
    expect(range(walking.z)).toBeLessThan(0.01);
    expect(walking.z[0]).toBeLessThan(-1);
  });
});
