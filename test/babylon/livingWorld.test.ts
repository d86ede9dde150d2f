/**
 * The living world through the public Babylon surface, over real HTTP to an inline model
 * server: populate's herds and flocks keep together, its scenery steers creatures of another
 * spawn, a lion hunts (events), zebras flee, and a camera or a plain position is an agent.
 * Kept on the hand-made server: these test herds, scenery, hunts and agents, not records or
 * links; the zebra, lion and crow are tiny box models at heights set here (the catalog's zebra
 * and crow are rig-only GLBs), and the boulder is a one-box prop whose footprint the scenery
 * test measures distances against.
 */
import { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Creature, CreatureCatch } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { FleePredatorsBehavior } from "../../src/motion/behaviors/fleePredators.js";
import { HuntBehavior } from "../../src/motion/behaviors/hunt.js";
import { ECOLOGY_RULES } from "../../src/population/ecology.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const quadruped = (height: string, habitats = ["grass"]): InlineModel => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats,
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
const rock: InlineModel = {
  type: "scenery",
  behaviour: "static",
  height: "1.5 m",
  habitats: ["grass"],
  parts: { body: boxObj([-0.5, 0, -0.5], [0.5, 1, 0.5]) },
};

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    zebra: quadruped("1.4 m"),
    lion: quadruped("1.1 m"),
    crow: bird,
    boulder: rock,
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, autoStep: false });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

const spread = (members: readonly { x: number; z: number }[]) =>
  members.reduce((sum, a) => {
    let best = Infinity;
    for (const b of members) if (b !== a) best = Math.min(best, Math.hypot(a.x - b.x, a.z - b.z));
    return sum + best;
  }, 0) / members.length;

describe("a living world", () => {
  it("populate: herds and flocks by default, weighted mix, groups: false leaves them alone", async () => {
    const area = { center: { x: 0, z: 0 }, radius: 40 };
    const group = await menagerie.populate({ habitat: "grass", count: 16, area, seed: 3, mix: { zebra: 3, crow: 1 } });
    expect(new Set(group.creatures.map((c) => c.name))).toEqual(new Set(["zebra", "crow"]));
    const herds = group.groups.filter((g) => g.kind === "herd");
    const flocks = group.groups.filter((g) => g.kind === "flock");
    expect(herds.length).toBeGreaterThan(0);
    expect(flocks).toHaveLength(1);
    for (const c of group.creatures) if (c.name === "crow") expect(c.group).toBe(flocks[0]);
    const starts = herds.map((h) => spread(h.members));
    for (let i = 0; i < 60 * 10; i++) menagerie.stepMotion(0.1); // 60 s
    expect(herds.map((h, i) => spread(h.members) <= starts[i]! * 1.5)).toEqual(herds.map(() => true));
    // A creature disposed leaves its group; the group's dispose lets go of the rest.
    const first = herds[0]!.members.length;
    const zebra = group.creatures.find((c) => c.group === herds[0])!;
    zebra.dispose();
    expect(herds[0]!.members).toHaveLength(first - 1);
    group.dispose();
    expect(herds[0]!.members).toHaveLength(0);
    const loose = await menagerie.populate({ habitat: "grass", count: 8, area, seed: 3, groups: false });
    expect([loose.groups.length, loose.creatures.filter((c) => c.group).length]).toEqual([0, 0]);
  });

  it("a populate's scenery steers every creature, and leaves with its props", async () => {
    const group = await menagerie.populate({
      habitat: "grass",
      count: 0,
      scenery: 1,
      area: { center: { x: 0, z: 0 }, radius: 1.5 },
      filter: () => false,
    });
    const [prop] = group.scenery;
    expect(prop).toBeDefined();
    const p = prop!.root.position;
    // A lion spawned on its own walks at the rock through its centre.
    const lion = await menagerie.spawnCreature("lion", { position: new Vector3(p.x - 8, 0, p.z) });
    let closest = Infinity;
    const arrived = lion.moveTo({ x: p.x + 8, z: p.z });
    for (let i = 0; i < 400; i++) {
      menagerie.stepMotion(0.05);
      closest = Math.min(closest, Math.hypot(lion.root.position.x - p.x, lion.root.position.z - p.z));
    }
    expect(closest).toBeGreaterThan(prop!.radius);
    expect(await arrived).toBe(true);
    group.dispose();
    // The rock is gone: the next walk goes straight through where it stood.
    closest = Infinity;
    lion.moveTo({ x: p.x - 8, z: p.z });
    for (let i = 0; i < 400; i++) {
      menagerie.stepMotion(0.05);
      closest = Math.min(closest, Math.hypot(lion.root.position.x - p.x, lion.root.position.z - p.z));
    }
    expect(closest).toBeLessThan(prop!.radius * 0.5);
  });

  it("a lion hunts zebras by name: they flee, it catches one (an event), rests", async () => {
    const lion = await menagerie.spawnCreature("lion", { position: new Vector3(0, 0, 0) });
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 9) });
    const other = await menagerie.spawnCreature("lion", { position: new Vector3(60, 0, 60) });
    lion.setSpeeds({ walk: 1.2, run: 6 });
    zebra.setSpeeds({ walk: 1, run: 3 });
    for (const c of [lion, zebra, other]) c.wander({ area: { center: { x: 0, z: 0 }, radius: 100 } });
    const catches: CreatureCatch[] = [];
    const states: string[] = [];
    lion.onCaughtObservable.add((c) => catches.push(c));
    zebra.onStateChangedObservable.add(({ state }) => states.push(state));
    const hunt = lion.hunt(["Zebra"]);
    zebra.fleeFrom([lion, other], { radius: 6 });
    for (let i = 0; i < 300 && catches.length === 0; i++) menagerie.stepMotion(0.05);
    expect(catches).toEqual([{ hunter: lion, prey: zebra }]);
    expect(states).toContain("flee");
    expect(lion.state).toBe("rest");
    expect(hunt.catches).toBe(1);
    // The game's part: the zebra is eaten; the lion finds nothing more to hunt.
    zebra.dispose();
    for (let i = 0; i < 200; i++) menagerie.stepMotion(0.05);
    expect([hunt.catches, hunt.phase, lion.state]).toEqual([1, "search", "wander"]);
    // A predicate never matches the hunter itself, and a lion is no lion's prey here.
    const picky = other.hunt((c: Creature) => c.name === "lion");
    for (let i = 0; i < 40; i++) menagerie.stepMotion(0.05);
    expect(picky.prey === undefined || picky.prey === lion.motion).toBe(true);
  });

  it("populate({ ecology }) sets predators hunting and prey fleeing", async () => {
    const rules = { ...ECOLOGY_RULES, predators: ["lion"] }; // the inline records carry no taxonomy
    const group = await menagerie.populate({
      habitat: "grass",
      count: 12,
      seed: 5,
      ecology: rules,
      mix: { lion: 1, zebra: 2 },
    });
    const lions = group.creatures.filter((c) => c.name === "lion");
    const zebras = group.creatures.filter((c) => c.name === "zebra");
    expect(lions.length).toBeGreaterThan(0);
    expect(zebras.length).toBeGreaterThan(0);
    for (const l of lions) expect(l.motion.behaviours.filter((b) => b instanceof HuntBehavior)).toHaveLength(1);
    for (const z of zebras)
      expect(z.motion.behaviours.filter((b) => b instanceof FleePredatorsBehavior)).toHaveLength(1);
    const hunt = lions[0]!.motion.behaviours.find((b) => b instanceof HuntBehavior)!;
    expect(hunt.isPrey(zebras[0]!.motion)).toBe(true);
    expect(hunt.isPrey(lions.at(-1)!.motion)).toBe(false);
  });

  it("addAgent takes a camera or anything with a position", async () => {
    const sheep = await menagerie.spawnCreature("zebra", { position: new Vector3(0, 0, 0) });
    const camera = new FreeCamera("eye", new Vector3(20, 2, 0), env.scene);
    const player = { position: { x: 40, z: 0 } };
    const eye = menagerie.addAgent(camera, { radius: 0.3 });
    const body = menagerie.addAgent(player);
    sheep.flee(body, { radius: 5 });
    sheep.stop();
    player.position.x = 3; // walks up to it
    for (let i = 0; i < 20; i++) menagerie.stepMotion(0.05);
    expect([body.x, sheep.state]).toEqual([3, "flee"]);
    camera.position.x = 5;
    menagerie.stepMotion(0.05);
    expect(eye.x).toBeCloseTo(5, 6);
    camera.dispose();
    expect(menagerie.removeAgent(eye)).toBe(false); // gone with its camera
    expect(menagerie.removeAgent(player)).toBe(true);
  });
});
