/**
 * Games on the public Menagerie surface: fleeing from and following agents, obstacles and
 * arrivals, ground from the start, creatures found near a point and from a pick, species
 * speeds, and stepping by hand.
 * Kept on the hand-made server: these test steering, events and picks, not records or links;
 * the sheep and the dog are the tiny box quadruped of test/helpers/tinyModels.ts at heights set
 * here, so the rays of the pick tests hit boxes whose coordinates are known.
 */
import { PickingInfo } from "@babylonjs/core/Collisions/pickingInfo.js";
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { CreateGround } from "@babylonjs/core/Meshes/Builders/groundBuilder.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreatureStateChange } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;
const DT = 1 / 30;

const quadruped = (height: string, habitats = ["farm"]) => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats,
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng() },
});

beforeEach(async () => {
  server = await createModelServer({ sheep: quadruped("1.1 m"), dog: quadruped("60 cm", ["city"]) });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, seed: 2 });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

const run = (steps: number, each?: () => void) => {
  for (let i = 0; i < steps; i++) {
    each?.();
    menagerie.stepMotion(DT);
  }
};
const flat = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);

describe("creatures for games", () => {
  it("a sheep flees a player agent, calms down once far, and wanders on; events say so", async () => {
    const sheep = await menagerie.spawnCreature("sheep", { position: new Vector3(0, 0, 0), tags: ["flock"] });
    const player = new TransformNode("player", env.scene);
    player.position.set(12, 0, 0);
    const agent = menagerie.addAgent(player, { radius: 0.4 });
    const changes: CreatureStateChange[] = [];
    sheep.onStateChangedObservable.add((change) => changes.push(change));
    sheep.wander({ area: { center: { x: 0, z: 0 }, radius: 40 } });
    const fear = sheep.flee(player, { radius: 5, calmRadius: 10 });
    expect(fear.target).toBe(agent); // a node that is an agent is that agent
    run(10);
    expect(sheep.state).toBe("wander");
    // The player walks up to it at 1.4 m/s, then stops.
    let top = 0;
    run(240, () => {
      const p = sheep.root.position;
      const d = flat(player.position, p);
      if (d > 3)
        player.position.addInPlace(
          p
            .subtract(player.position)
            .normalize()
            .scale(1.4 * DT),
        );
      top = Math.max(top, sheep.motion.speed);
    });
    expect(changes.map((c) => c.state)).toContain("flee");
    expect(top).toBeGreaterThan(1.4 * 2); // it runs faster than the player walks
    run(600);
    expect(flat(player.position, sheep.root.position)).toBeGreaterThan(10);
    expect(sheep.state).toBe("wander");
    expect(changes.at(-1)).toEqual({ state: "wander", previous: "flee" });
    expect(menagerie.getCreaturesByTag("flock")).toEqual([sheep]);
  });

  it("a dog follows a node, and a sheep keeps out of the player's way", async () => {
    const dog = await menagerie.spawnCreature("dog", { position: new Vector3(-10, 0, 0) });
    const owner = new TransformNode("owner", env.scene);
    dog.follow(owner, { distance: 2 });
    run(300);
    expect(dog.state).toBe("follow");
    expect(flat(dog.root.position, owner.position)).toBeLessThan(2.5);
    owner.position.set(6, 0, 6);
    run(300);
    expect(flat(dog.root.position, owner.position)).toBeLessThan(2.5);

    const sheep = await menagerie.spawnCreature("sheep", { position: new Vector3(0, 0, -8) });
    const player = CreateBox("player", { size: 0.8 }, env.scene);
    player.position.set(0, 0, 0);
    menagerie.addAgent(player, { radius: 0.5 });
    void sheep.moveTo({ x: 0, z: 8 });
    let closest = Infinity;
    run(600, () => {
      closest = Math.min(closest, flat(sheep.root.position, player.position));
    });
    expect(closest).toBeGreaterThan(0.5 + sheep.motion.radius * 0.8);
    expect(menagerie.removeAgent(player)).toBe(true);
    expect(menagerie.removeAgent(player)).toBe(false);
  });

  it("walks around an obstacle mesh, reports arrival, and forgets the obstacle with its mesh", async () => {
    const sheep = await menagerie.spawnCreature("sheep", { position: new Vector3(0, 0, -8) });
    const barn = CreateBox("barn", { width: 3, depth: 3, height: 3 }, env.scene);
    const obstacle = menagerie.addObstacle(barn);
    expect(menagerie.addObstacle(barn)).toBe(obstacle);
    const arrivals: { x: number; z: number }[] = [];
    sheep.onArrivedObservable.add((a) => arrivals.push(a));
    let arrived: boolean | undefined;
    void sheep.moveTo({ x: 0, z: 8 }).then((ok) => {
      arrived = ok;
    });
    let inside = 0;
    run(900, () => {
      const p = sheep.root.position;
      if (Math.abs(p.x) < 1.5 && Math.abs(p.z) < 1.5) inside++;
    });
    await Promise.resolve();
    expect(arrived).toBe(true);
    expect(inside).toBe(0);
    expect(arrivals).toEqual([{ x: 0, z: 8 }]);
    barn.dispose();
    expect(menagerie.removeObstacle(obstacle)).toBe(false); // already gone with its mesh
  });

  it("stands on its ground from the start: per spawn, or the Menagerie's default", async () => {
    const hill = (x: number, z: number) => 0.5 + 0.1 * x + 0.05 * z;
    const a = await menagerie.spawnCreature("sheep", { position: new Vector3(2, 5, 4), ground: hill });
    expect(a.root.position.y).toBe(hill(2, 4));
    run(30);
    expect(a.root.position.y).toBe(hill(a.motion.x, a.motion.z));
    const field = CreateGround("field", { width: 40, height: 40 }, env.scene);
    field.position.y = 0.7;
    const other = new Menagerie(env.scene, { baseUrl: server.url, ground: field });
    try {
      const b = await other.spawnCreature("sheep", { position: new Vector3(1, 0, 1) });
      expect(b.root.position.y).toBeCloseTo(0.7, 6);
      other.stepMotion(DT);
      expect(b.root.position.y).toBeCloseTo(0.7, 6);
    } finally {
      other.dispose();
    }
  });

  it("finds creatures near a point and from a pick or a mesh", async () => {
    const near = await menagerie.spawnCreature("sheep", { position: new Vector3(1, 0, 0) });
    const far = await menagerie.spawnCreature("dog", { position: new Vector3(9, 0, 0) });
    run(1);
    expect(menagerie.creaturesNear({ x: 0, z: 0 }, 3)).toEqual([near]);
    expect(menagerie.creaturesNear(new Vector3(8, 0, 0), 20)).toEqual([far, near]);
    const pick = new PickingInfo();
    pick.hit = true;
    pick.pickedMesh = far.meshes[0]!;
    expect(menagerie.creatureFromPick(pick)).toBe(far);
    expect(menagerie.creatureFromPick(near.meshes.at(-1)!)).toBe(near);
    expect(menagerie.creatureFromPick(CreateBox("rock", {}, env.scene))).toBeUndefined();
    expect(menagerie.creatureFromPick(null)).toBeUndefined();
    far.dispose();
    expect(menagerie.creatureFromPick(pick)).toBeUndefined();
  });

  it("finds a creature still drawn by its model's crowd from a real pick of its thin instance", async () => {
    const left = await menagerie.spawnCreature("sheep", { position: new Vector3(-3, 0, 0) });
    const right = await menagerie.spawnCreature("sheep", { position: new Vector3(3, 0, 0) });
    run(1);
    env.scene.render();
    const down = (x: number) => env.scene.pickWithRay(new Ray(new Vector3(x, 20, 0), new Vector3(0, -1, 0), 50));
    const [l, r, none] = [down(-3), down(3), down(0)];
    // Picked through the shared drawing mesh: no creature grew nodes of its own for it.
    expect([l?.pickedMesh?.name.endsWith("/crowd"), l!.thinInstanceIndex >= 0]).toEqual([true, true]);
    expect([menagerie.creatureFromPick(l), menagerie.creatureFromPick(r)]).toEqual([left, right]);
    expect(menagerie.creatureFromPick(none)).toBeUndefined();
    // The crowd mesh alone does not say which sheep.
    expect(menagerie.creatureFromPick(l!.pickedMesh)).toBeUndefined();
  });

  it("takes speeds from the species, overridable per creature; an order's speed is its own", async () => {
    const sheep = await menagerie.spawnCreature("sheep");
    const dog = await menagerie.spawnCreature("dog", { speeds: { run: 9 } });
    expect(sheep.speeds.walk).toBeGreaterThan(0.8);
    expect(sheep.speeds.run).toBeGreaterThan(1.4 * 2.5);
    expect(dog.speeds.run).toBe(9);
    void sheep.moveTo({ x: 0, z: 40 }, { speed: 6 });
    run(60);
    expect(sheep.motion.speed).toBeGreaterThan(4);
    sheep.wander();
    expect(sheep.motion.cruiseSpeed).toBe(sheep.speeds.walk);
    expect(sheep.setSpeeds({ walk: 0.5 }).speeds.walk).toBe(0.5);
  });

  it("steps only when the game says so with autoStep: false; a step is clamped to maxStepSeconds", async () => {
    const before = sceneCounts(env.scene).beforeRenderObservers;
    const own = new Menagerie(env.scene, { baseUrl: server.url, autoStep: false, maxStepSeconds: 0.5 });
    try {
      const sheep = await own.spawnCreature("sheep");
      expect(sceneCounts(env.scene).beforeRenderObservers).toBe(before);
      void sheep.moveTo({ x: 0, z: 30 }, { speed: 1 });
      own.stepMotion(0.25);
      own.stepMotion(0.25);
      const z = sheep.root.position.z;
      expect(z).toBeGreaterThan(0);
      env.scene.render();
      expect(sheep.root.position.z).toBe(z);
      // A 4 s hitch is stepped as 0.5 s: at the order's 1 m/s, at most half a metre, and more
      // than the default clamp's 0.1 s could cover.
      own.stepMotion(4);
      const hitch = sheep.root.position.z - z;
      expect(hitch).toBeGreaterThan(0.2);
      expect(hitch).toBeLessThanOrEqual(0.5 * 1 + 1e-9);
    } finally {
      own.dispose();
    }
    expect(() => new Menagerie(env.scene, { maxStepSeconds: 0 })).toThrow("maxStepSeconds must be");
  });

  it("populate calls onCreatureAdded once its orders are set, and behaviours added there stay", async () => {
    const player = new TransformNode("player", env.scene);
    player.position.set(100, 0, 100); // far: nobody flees yet
    const seen: string[] = [];
    const group = await menagerie.populate({
      habitat: "farm",
      count: 4,
      area: { center: { x: 0, z: 0 }, radius: 8 },
      tags: ["herd"],
      onCreatureAdded: (creature) => {
        seen.push(creature.state);
        creature.flee(player, { radius: 3 });
      },
    });
    expect(seen).toEqual(["wander", "wander", "wander", "wander"]);
    run(30);
    // The flee stays (a farm herd also keeps the behaviour of its group).
    for (const creature of group.creatures)
      expect(creature.motion.behaviours.filter((b) => b.state === "flee")).toHaveLength(1);
    expect(menagerie.getCreaturesByTag("herd")).toHaveLength(4);
    // Sent off and back, a creature wanders its populated region again.
    const first = group.creatures[0]!;
    const region = first.motion.wanderArea!.area;
    expect(region).toBeDefined();
    void first.moveTo({ x: 30, z: 30 });
    expect(first.resumeWander().state).toBe("wander");
    expect(first.motion.wanderArea!.area).toBe(region);
  });

  it("forgets an agent whose node is disposed, and leaves the scene as it found it on dispose", async () => {
    const counts = sceneCounts(env.scene);
    const own = new Menagerie(env.scene, { baseUrl: server.url });
    const sheep = await own.spawnCreature("sheep");
    const player = new TransformNode("player", env.scene);
    own.addAgent(player);
    sheep.flee(player);
    player.dispose();
    expect(own.removeAgent(player)).toBe(false); // already gone with its node
    own.addObstacle({ center: { x: 5, z: 5 }, radius: 1 });
    own.stepMotion(DT);
    own.dispose();
    expect(sceneCounts(env.scene).beforeRenderObservers).toBe(counts.beforeRenderObservers);
    expect(sheep.onStateChangedObservable.hasObservers()).toBe(false);
  });
});
