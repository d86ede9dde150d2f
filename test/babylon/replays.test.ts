/**
 * Replays: one seed and one series of fixed steps give one world, whatever order the models
 * finish loading in. Two runs of one populated savanna (ecology on, prey eaten when caught),
 * each over its own inline model server, with the lion's and the zebra's assets answered in
 * opposite orders, are compared creature by creature.
 * Kept on the hand-made server: each model's assets wait on a gate the test opens, so the load
 * order is set without a clock; the reference service can only delay answers by time.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterEach, describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { ECOLOGY_RULES } from "../../src/population/ecology.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { round } from "../helpers/round.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const quadruped = (height: string): InlineModel => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats: ["grass"],
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
});
const bird: InlineModel = {
  type: "winged_flyer",
  behaviour: "fly",
  height: "30 cm",
  habitats: ["grass"],
  parts: {
    body: boxObj([-0.06, 0.05, -0.1], [0.06, 0.2, 0.1]),
    wing_left: boxObj([0.06, 0.15, -0.05], [0.3, 0.17, 0.05]),
    wing_right: boxObj([-0.3, 0.15, -0.05], [-0.06, 0.17, 0.05]),
  },
};

const STEPS = 600; // 30 s of 0.05 s steps
const open: { dispose(): void | Promise<void> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.dispose();
});

/** What a run gives: its herds and flocks, each creature's place every 100 steps (cm), each catch. */
interface RunRecord {
  names: string[];
  groups: string[];
  tracks: (string | null)[][];
  catches: string[];
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * One run: `late` is the species whose assets wait until a creature of `first` has appeared,
 * so the two runs load in opposite orders. Then two spawnCreature calls, made together (a hare,
 * then a deer: species of another habitat, not loaded yet), whose models answer in the order
 * `spawnFirst` names.
 */
async function run(late: "lion" | "zebra", first: "lion" | "zebra", spawnFirst: "hare" | "deer"): Promise<RunRecord> {
  const populated = gate();
  const spawnGate = gate();
  const held = (g: ReturnType<typeof gate>) => ({ hold: () => g.opened });
  const forest = { ...quadruped("0.6 m"), habitats: ["forest"] };
  const server: ModelServer = await createModelServer({
    zebra: { ...quadruped("1.4 m"), ...(late === "zebra" ? held(populated) : {}) },
    lion: { ...quadruped("1.1 m"), ...(late === "lion" ? held(populated) : {}) },
    crow: bird,
    hare: { ...forest, ...(spawnFirst === "deer" ? held(spawnGate) : {}) },
    deer: { ...forest, ...(spawnFirst === "hare" ? held(spawnGate) : {}) },
  });
  open.push({ dispose: () => server.close() });
  const env = createNullScene();
  open.push(env);
  const menagerie = new Menagerie(env.scene, { baseUrl: server.url, autoStep: false });
  open.push(menagerie);
  const arrived: string[] = [];
  const group = await menagerie.populate({
    habitat: "grass",
    count: 30,
    seed: 7,
    area: { center: { x: 0, z: 0 }, radius: 25 },
    ecology: { ...ECOLOGY_RULES, predators: ["lion"] }, // the inline records carry no taxonomy
    mix: { zebra: 4, lion: 1, crow: 1 },
    onCreatureAdded: (c) => {
      arrived.push(c.name);
      if (c.name === first) populated.open();
    },
  });
  expect(arrived.indexOf(first)).toBeLessThan(arrived.indexOf(late)); // the load order was forced
  const order: string[] = [];
  const spawn = (name: string, x: number) =>
    menagerie.spawnCreature(name, { position: new Vector3(x, 0, 3) }).then((c) => {
      order.push(name);
      if (name === spawnFirst) spawnGate.open();
      return c;
    });
  const spawned = await Promise.all([spawn("hare", 3), spawn("deer", 3.3)]);
  expect(order[0]).toBe(spawnFirst); // the answer order was forced
  for (const c of spawned) c.wander({ area: group.area });
  const creatures: Creature[] = [...group.creatures, ...spawned];
  const index = new Map(creatures.map((c, i) => [c, i]));
  const groups = group.groups.map(
    (g) => `${g.kind}: ${creatures.filter((c) => c.group === g).map((c) => index.get(c))}`,
  );
  const catches: string[] = [];
  let step = 0;
  for (const c of creatures)
    c.onCaughtObservable.add(({ hunter, prey }) => {
      catches.push(`${step}: ${index.get(hunter)} caught ${index.get(prey)}`);
      prey.dispose(); // the game's part: the prey is eaten
    });
  const tracks: (string | null)[][] = creatures.map(() => []);
  for (step = 1; step <= STEPS; step++) {
    menagerie.stepMotion(0.05);
    if (step % 100 !== 0) continue;
    creatures.forEach((c, i) => {
      const p = c.root.position;
      tracks[i]!.push(c.isDisposed ? null : `${round(p.x, 2)},${round(p.z, 2)}`);
    });
  }
  return { names: creatures.map((c) => c.name), groups, tracks, catches };
}

describe("replays", () => {
  it("one seed and one series of fixed steps give one world, whatever order the models load in", async () => {
    const a = await run("lion", "zebra", "hare");
    const b = await run("zebra", "lion", "deer");
    expect(a.names).toEqual(b.names);
    expect(a.names.filter((n) => n === "lion").length).toBeGreaterThan(0);
    const differing = a.tracks.filter((track, i) => JSON.stringify(track) !== JSON.stringify(b.tracks[i]));
    expect(`${differing.length} of ${a.tracks.length} creatures differ`).toBe(
      `0 of ${a.tracks.length} creatures differ`,
    );
    expect(a.catches).toEqual(b.catches);
    expect(a.groups).toEqual(b.groups);
    expect(a.tracks).toEqual(b.tracks);
  });
});
