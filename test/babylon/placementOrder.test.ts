/**
 * `menagerie.creatures` lists creatures in placement order (a populate's species by species in
 * its plan's order, spawns in the order they were asked for), whatever order their models
 * finish loading in:
 * two runs over inline model servers whose assets answer in opposite orders.
 * Kept on the hand-made server: each model's assets wait on a gate the test opens, so the load
 * order is set without a clock; the reference service can only delay answers by time.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type InlineModel } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const quadruped = (height: string, habitat = "grass"): InlineModel => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats: [habitat],
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
});

const open: { dispose(): void | Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.dispose();
});

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** One run: `late`'s assets wait until a creature of the other species appeared; of two spawns asked together, `spawnLate` answers last. */
async function run(late: "lion" | "zebra", spawnLate: "hare" | "deer") {
  const populated = gate();
  const spawned = gate();
  const held = (g: ReturnType<typeof gate>) => ({ hold: () => g.opened });
  const server = await createModelServer({
    zebra: { ...quadruped("1.4 m"), ...(late === "zebra" ? held(populated) : {}) },
    lion: { ...quadruped("1.1 m"), ...(late === "lion" ? held(populated) : {}) },
    hare: { ...quadruped("0.5 m", "forest"), ...(spawnLate === "hare" ? held(spawned) : {}) },
    deer: { ...quadruped("1.2 m", "forest"), ...(spawnLate === "deer" ? held(spawned) : {}) },
  });
  open.push({ dispose: () => server.close() });
  const env = createNullScene();
  open.push(env);
  const menagerie = new Menagerie(env.scene, { baseUrl: server.url, autoStep: false });
  open.push(menagerie);
  const appeared: string[] = [];
  const group = await menagerie.populate({
    habitat: "grass",
    count: 12,
    seed: 7,
    area: { center: { x: 0, z: 0 }, radius: 25 },
    mix: { zebra: 3, lion: 1 },
    onCreatureAdded: (c) => {
      appeared.push(c.name);
      if (c.name !== late) populated.open();
    },
  });
  const spawns = ["hare", "deer"].map((name, i) =>
    menagerie.spawnCreature(name, { position: new Vector3(i, 0, 30) }).then((c) => {
      appeared.push(name);
      if (name !== spawnLate) spawned.open();
      return c;
    }),
  );
  const [hare, deer] = await Promise.all(spawns);
  return { menagerie, group, appeared, hare: hare!, deer: deer! };
}

describe("placement order", () => {
  it("menagerie.creatures follows the plan and the order spawns were asked for, not load order", async () => {
    const a = await run("lion", "hare");
    const b = await run("zebra", "deer");
    // The loads were forced into opposite orders.
    expect(a.appeared.indexOf("zebra")).toBeLessThan(a.appeared.indexOf("lion"));
    expect(b.appeared.indexOf("lion")).toBeLessThan(b.appeared.indexOf("zebra"));
    expect(a.appeared.at(-1)).toBe("hare");
    expect(b.appeared.at(-1)).toBe("deer");
    for (const { menagerie, group, hare, deer } of [a, b]) {
      // The populate's creatures species by species in its plan's order, then the spawns in the order asked.
      const all = menagerie.creatures;
      expect(new Set(all.slice(0, -2))).toEqual(new Set(group.creatures));
      expect(all.slice(-2)).toEqual([hare, deer]);
      const firstOf = group.creatures[0]!.name;
      const kinds = all.slice(0, -2).map((c) => c.name);
      expect(kinds).toEqual([...kinds].sort((x, y) => Number(y === firstOf) - Number(x === firstOf)));
    }
    const names = (r: typeof a) => r.menagerie.creatures.map((c) => c.name);
    expect(names(a)).toEqual(names(b));
    expect(new Set(names(a))).toEqual(new Set(["zebra", "lion", "hare", "deer"]));
  });
});
