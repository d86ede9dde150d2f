/**
 * Jumps on a level of boxes no other fixture has: a terrace 1 m above a west field, and east of
 * the field a chasm 2 m wide and 6 m deep with a plateau beyond it. Catalog creatures from the
 * reference service, fixed steps: a rigged reindeer drops off the terrace on its jump clips, a game's
 * link takes a zebra across the chasm, a rigged record without jump clips jumps on its run, and a
 * part-built horse crouches, stretches and lands.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../../src/babylon/creature.js";
import type { Menagerie } from "../../../src/babylon/menagerie.js";
import type { CreatureJump } from "../../../src/motion/jumper.js";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;
const TERRACE = { x0: -18, x1: -10, z0: -6, z1: 6, top: 1 };
const CHASM = { x0: 4, x1: 5.6 }; // the field ends at x = 4, the plateau begins at x = 5.6

function box(scene: Scene, name: string, min: [number, number, number], max: [number, number, number]): Mesh {
  const mesh = CreateBox(name, { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2] }, scene);
  mesh.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  mesh.computeWorldMatrix(true);
  return mesh;
}

/** Field, terrace, chasm floor, plateau. */
function terraces(scene: Scene): Mesh[] {
  return [
    box(scene, "field", [-20, -1, -12], [CHASM.x0, 0, 12]),
    box(scene, "terrace", [TERRACE.x0, 0, TERRACE.z0], [TERRACE.x1, TERRACE.top, TERRACE.z1]),
    box(scene, "chasm-floor", [CHASM.x0, -7, -12], [CHASM.x1, -6, 12]),
    box(scene, "plateau", [CHASM.x1, -1, -12], [16, 0, 12]),
  ];
}

const run = (menagerie: Menagerie, seconds: number, each?: () => void) => {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    menagerie.stepMotion(DT);
    each?.();
  }
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Its jumps' phases as they were told, with the motion step each came at. */
function listen(creature: Creature): { phase: CreatureJump["phase"]; y: number; from: number; to: number }[] {
  const heard: { phase: CreatureJump["phase"]; y: number; from: number; to: number }[] = [];
  creature.onJumpObservable.add((jump) => {
    expect(jump.creature).toBe(creature);
    heard.push({ phase: jump.phase, y: creature.motion.y, from: jump.from.y, to: jump.to.y });
  });
  return heard;
}

/** Per step of a jump: its phase, the seconds it was under way, and the clip weighing most with its rate. */
interface JumpFrame {
  phase: string;
  time: number;
  top: string;
  weight: number;
  rate: number;
  phaseSeconds: number;
}

/** Steps `seconds`, noting each step of a jump as {@link JumpFrame}s. */
function watchJump(menagerie: Menagerie, creature: Creature, seconds: number): JumpFrame[] {
  const frames: JumpFrame[] = [];
  let time = 0;
  run(menagerie, seconds, () => {
    const jump = creature.motion.jump;
    if (!jump) return;
    time += DT;
    let top = "";
    let weight = -1;
    let rate = 0;
    for (const [name, group] of creature.animations)
      if (group.weight > weight) [top, weight, rate] = [name, group.weight, group.speedRatio];
    frames.push({ phase: jump.phase, time, top, weight, rate, phaseSeconds: jump.phaseSeconds });
  });
  return frames;
}

/** Seconds from take-off at which each phase was first seen. */
const phaseStarts = (frames: readonly JumpFrame[]) =>
  Object.fromEntries(["start", "fall", "end"].map((p) => [p, frames.find((f) => f.phase === p)?.time ?? Number.NaN]));

describe("jumps on a level of boxes", () => {
  it("drops a rigged reindeer off the terrace on a found link, playing jump_start, jump_fall, jump_end timed to the arc", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: terraces(env.scene) });
    const zebra = await menagerie.spawnCreature("reindeer", { position: new Vector3(-14, 0, 0) });
    run(menagerie, 0.1);
    expect(zebra.motion.y).toBeCloseTo(TERRACE.top, 1);
    expect([...zebra.animations.keys()]).toEqual(expect.arrayContaining(["jump_start", "jump_fall", "jump_end"]));
    const heard = listen(zebra);
    let arrived: boolean | undefined;
    let arc: { riseSeconds: number; fallSeconds: number; apexY: number } | undefined;
    zebra.onJumpObservable.add(() => (arc ??= zebra.motion.jump?.arc));
    zebra.motion.moveTo({ x: -4, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    const frames = watchJump(menagerie, zebra, 15);
    await flush();
    expect(arrived).toBe(true);
    expect(zebra.motion.y).toBeCloseTo(0, 1);
    expect(heard.map((h) => h.phase)).toEqual(["start", "fall", "end"]);
    expect(heard[0]!.from).toBeCloseTo(TERRACE.top, 1);
    expect(heard[0]!.to).toBeCloseTo(0, 1);
    expect(heard[1]!.y).toBeGreaterThan(TERRACE.top); // the apex, above the terrace
    // Each phase lasts its part of the arc, to a step.
    const starts = phaseStarts(frames);
    expect(starts.fall! - starts.start!).toBeCloseTo(arc!.riseSeconds, 1);
    expect(starts.end! - starts.fall!).toBeCloseTo(arc!.fallSeconds, 1);
    // After a step or two of cross-fade each phase shows its own clip, at the rate that fits it to the phase.
    const clipSeconds = { start: 0.3, fall: 0.4, end: 0.25 } as Record<string, number>;
    const settled = frames.filter(
      (f, i) => i > 0 && frames[i - 1]!.phase === f.phase && f.time - starts[f.phase]! > 0.07,
    );
    expect(settled.length).toBeGreaterThan(10);
    for (const f of settled) {
      expect(f.top, `at ${f.time.toFixed(2)} s`).toBe(`jump_${f.phase}`);
      expect(f.weight).toBeGreaterThan(0.9);
      expect(f.rate).toBeCloseTo(clipSeconds[f.phase]! / f.phaseSeconds, 3);
    }
  });

  it("takes a game's jump link across the chasm in moveTo, and not once it is removed", async () => {
    const { env, menagerie } = fixture.setup();
    // Gaps wider than 1.5 m get no link of their own: the chasm is the game's to link.
    await menagerie.enableNavigation({ meshes: terraces(env.scene), maxJumpLength: 1.5 });
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    let arrived: boolean | undefined;
    zebra.motion.moveTo({ x: 10, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    run(menagerie, 1);
    await flush();
    expect(arrived).toBe(false);
    const link = menagerie.addJumpLink(
      { x: CHASM.x0 - 0.4, y: 0, z: 2 },
      { x: CHASM.x1 + 0.4, y: 0, z: 2 },
      { twoWay: true },
    );
    const heard = listen(zebra);
    arrived = undefined;
    zebra.motion.moveTo({ x: 10, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    let lowest = Infinity;
    run(menagerie, 20, () => {
      lowest = Math.min(lowest, zebra.motion.y);
    });
    await flush();
    expect(arrived).toBe(true);
    expect(zebra.motion.x).toBeGreaterThan(CHASM.x1);
    expect(heard.map((h) => h.phase)).toEqual(["start", "fall", "end"]);
    expect(lowest).toBeGreaterThan(-0.5); // over the chasm, never in it
    expect(menagerie.removeJumpLink(link)).toBe(true);
    expect(menagerie.removeJumpLink(link)).toBe(false);
    arrived = undefined;
    zebra.motion.moveTo({ x: 0, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    run(menagerie, 1);
    await flush();
    expect(arrived).toBe(false);
  });

  it("jumps a rigged record without jump clips on its run clip, landing standing", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: terraces(env.scene) });
    const dog = await menagerie.spawnCreature("dog", { position: new Vector3(-14, 0, 0) });
    expect(dog.form).toBe("rig");
    run(menagerie, 0.1); // stood on the terrace
    expect([...dog.animations.keys()].some((clip) => clip.startsWith("jump"))).toBe(false);
    expect(dog.motion.jumpReach.height).toBeLessThan(TERRACE.top); // a small dog does not take the drop
    dog.motion.jumpReach = { height: 1.5, length: 3 };
    const heard = listen(dog);
    let arrived: boolean | undefined;
    dog.motion.moveTo({ x: -4, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    const frames = watchJump(menagerie, dog, 25);
    await flush();
    expect(arrived).toBe(true);
    expect(heard.map((h) => h.phase)).toEqual(["start", "fall", "end"]);
    const starts = phaseStarts(frames);
    const inAir = frames.filter((f) => f.phase !== "end" && f.time - starts.start! > 0.1);
    expect(inAir.length).toBeGreaterThan(5);
    for (const f of inAir) expect(f.top, `at ${f.time.toFixed(2)} s`).toBe("run");
    const landing = frames.filter((f) => f.phase === "end" && f.time - starts.end! > 0.1);
    for (const f of landing) expect(f.top).toBe("idle");
  });

  it("crouches, stretches and lands a part-built horse through its jump pose", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: terraces(env.scene) });
    const horse = await menagerie.spawnCreature("horse", { position: new Vector3(-14, 0, 0) });
    expect(horse.form).toBe("parts");
    run(menagerie, 0.1); // stood on the terrace
    const heard = listen(horse);
    const roles = horse.motion.roles;
    const front = roles.legs.find((leg) => leg.end === "front")!;
    const seen: Record<string, { lowest: number; reach: number }> = {};
    let arrived: boolean | undefined;
    horse.motion.moveTo({ x: -4, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    run(menagerie, 20, () => {
      const jump = horse.motion.jump;
      if (!jump) return;
      const pose = horse.motion.pose;
      const at = (seen[jump.phase] ??= { lowest: 0, reach: 0 });
      at.lowest = Math.min(at.lowest, pose.bodyY);
      at.reach = Math.min(at.reach, pose.rotations[front.upper * 3]!);
    });
    await flush();
    expect(arrived).toBe(true);
    expect(heard.map((h) => h.phase)).toEqual(["start", "fall", "end"]);
    const legLength = roles.legLength;
    expect(seen.start!.lowest).toBeLessThan(-0.05 * legLength); // crouched to push off
    expect(seen.fall!.reach).toBeLessThan(-0.5); // front legs reaching for the ground
    expect(seen.end!.lowest).toBeLessThan(-0.05 * legLength); // landed in a crouch
  });
});
