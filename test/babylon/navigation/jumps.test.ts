/**
 * Jumps on a level of boxes no other fixture has: a terrace 1 m above a west field, and east of
 * the field a chasm 2 m wide and 6 m deep with a plateau beyond it. Catalog creatures from the
 * reference service, fixed steps: a rigged zebra drops off the terrace on its jump clips, a game's
 * link takes one across the chasm, a rigged record without jump clips jumps on its run, and a
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
const CHASM = { x0: 4, x1: 6 }; // the field ends at x = 4, the plateau begins at x = 6

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

describe("jumps on a level of boxes", () => {
  it("drops a rigged zebra off the terrace on a found link", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: terraces(env.scene) });
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(-14, 0, 0) });
    run(menagerie, 0.1);
    expect(zebra.motion.y).toBeCloseTo(TERRACE.top, 1);
    const heard = listen(zebra);
    let arrived: boolean | undefined;
    zebra.motion.moveTo({ x: -4, z: 0 }, { onArrive: (ok) => (arrived = ok) });
    const weights: string[] = [];
    let k = 0;
    run(menagerie, 15, () => {
      if (k++ % 15 === 0)
        console.log(
          k,
          zebra.motion.state,
          zebra.motion.x.toFixed(2),
          zebra.motion.y.toFixed(2),
          zebra.motion.z.toFixed(2),
          zebra.motion.speed.toFixed(2),
          zebra.motion.jump?.phase,
          JSON.stringify((zebra.motion.orderBehaviors[0] as any)?.waypoints),
        );
      const jump = zebra.motion.jump;
      if (jump) weights.push(`${jump.phase}:${[...zebra.animations.keys()].join(",")}`);
    });
    await flush();
    console.log(heard, weights.slice(0, 3), zebra.motion.x, zebra.motion.y);
    expect(arrived).toBe(true);
    expect(heard.map((h) => h.phase)).toEqual(["start", "fall", "end"]);
  });
});
