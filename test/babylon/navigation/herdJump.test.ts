/**
 * A herd of goats that may jump the Canyon's plateau drop (1 m) on their way to the east bank,
 * sent off as the demo sends them: 0.8 s apart, the herd's pull off, the navmesh's agent radius
 * 0.45 m. Members meet at the same take-off points and hold each other off them; each must still
 * take its jump, not wait at the edge. At several frame rates: which goats meet where depends on it.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { describe, expect, it } from "vitest";
import { CANYON, createCanyonLevel } from "../../../demo/canyonLevel.js";
import type { Creature } from "../../../src/babylon/creature.js";
import { MotionGroup } from "../../../src/index.js";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const SEND_SECONDS = 0.8;

describe("a herd that may jump the Canyon's plateau drop", () => {
  it.each([24, 45])(
    "sends six climbing goats across at %i steps a second: each jumps the drop once and reaches the east bank",
    async (rate) => {
      const dt = 1 / rate;
      const { env, menagerie } = fixture.setup();
      const level = createCanyonLevel(env.scene);
      await menagerie.enableNavigation({ meshes: level.walkable, agentRadius: 0.45 });
      const { plateau: p } = CANYON;
      const group = new MotionGroup({ kind: "herd" });
      const herd: Creature[] = [];
      const jumps: number[] = [];
      for (let i = 0; i < 6; i++) {
        const x = p.x0 + 1.5 + (i % 3) * 1.5;
        const z = p.z0 + 2 + Math.floor(i / 3) * 2;
        const goat = await menagerie.spawnCreature("goat", { position: new Vector3(x, level.height(x, z), z) });
        goat.motion.jumpReach = { height: 1.2, length: 2 };
        group.add(goat);
        herd.push(goat);
        jumps.push(0);
        goat.onJumpObservable.add(({ phase }) => {
          if (phase === "start") jumps[i]!++;
        });
        goat.wander({ area: { center: { x: (p.x0 + p.x1) / 2, z: (p.z0 + p.z1) / 2 }, radius: 2.5 } });
      }
      for (let s = 0; s < 2 * rate; s++) menagerie.stepMotion(dt); // grazing a while
      group.cohesion = 0;
      group.alignment = 0;
      // As the demo: a goat that gives up (held in the crowd on the bridge) is sent again, a few times.
      const send = (goat: Creature, i: number, retries: number): void => {
        const target = { x: 10 + (i % 3) * 1.6, z: -8 + Math.floor(i / 3) * 1.6 };
        goat.motion.moveTo(target, {
          speed: Math.min(goat.motion.runSpeed, 2),
          stuckSeconds: 12,
          onArrive: (ok) => {
            if (!ok && retries < 3) send(goat, i, retries + 1);
          },
        });
      };
      const every = Math.round(SEND_SECONDS * rate);
      for (let s = 0; s < 40 * rate; s++) {
        const i = s / every;
        if (Number.isInteger(i) && i < herd.length) send(herd[i]!, i, 0);
        menagerie.stepMotion(dt);
      }
      const where = herd.map((g) => `(${g.motion.x.toFixed(2)}, ${g.motion.y.toFixed(2)}, ${g.motion.z.toFixed(2)})`);
      expect({ jumps, where }).toMatchObject({ jumps: herd.map(() => 1) });
      for (const goat of herd) expect(goat.motion.x, where.join(" ")).toBeGreaterThan(CANYON.bankEdge + 0.5);
    },
    60_000,
  );
});
