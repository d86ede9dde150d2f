/**
 * A Menagerie's motion on part-built creatures: walking along its facing with the joints at the
 * pose's angles, a leg swinging forward, swimmers below the water line and flyers above the
 * ground, one scene observer with pause and time scale, a root a game moved, a seed, and a
 * pending moveTo settled on dispose.
 * Kept on the hand-made server: the fox, trout and owl are box models whose parts and pivots
 * this file (and test/helpers/tinyModels.ts) writes, so joint angles and a leg's swing are read
 * off known geometry; records and links are not what these tests check.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { round } from "../helpers/round.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    fox: {
      type: "quadruped",
      height: "45 cm",
      parts: quadrupedParts(),
      mtl: furMtl(),
      textures: { "fur.png": tinyPng() },
    },
    trout: {
      type: "uniform",
      behaviour: "swim",
      height: "20 cm",
      parts: { body: boxObj([-0.05, 0, -0.2], [0.05, 0.1, 0.2]) },
    },
    owl: {
      type: "winged_flyer",
      behaviour: "fly",
      height: "30 cm",
      parts: {
        body: boxObj([-0.06, 0.08, -0.1], [0.06, 0.25, 0.1]),
        wing_left: boxObj([0.06, 0.18, -0.08], [0.3, 0.2, 0.08]),
        wing_right: boxObj([-0.3, 0.18, -0.08], [-0.06, 0.2, 0.08]),
        leg_left: boxObj([0.02, 0, -0.01], [0.04, 0.08, 0.01]),
        leg_right: boxObj([-0.04, 0, -0.01], [-0.02, 0.08, 0.01]),
      },
    },
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

const run = (frames: number, dt = 1 / 60) => {
  for (let i = 0; i < frames; i++) menagerie.stepMotion(dt);
};

describe("motion on the rig", () => {
  it("walks a fox along its facing with its joints at the pose's angles", async () => {
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(1, 0, 2) });
    fox.setBehaviour("walk");
    void fox.moveTo({ x: 1, z: 50 });
    run(240);
    const p = fox.root.position;
    expect(p.z).toBeGreaterThan(2.5); // moved forward (+Z, its facing)...
    expect(round(p.x, 3)).toBe(1); // ...not sideways
    expect(round(fox.root.rotation.y, 6)).toBe(0);
    const r = fox.motion.pose.rotations;
    fox.motion.roles.joints.forEach((name, i) => {
      const node = fox.getPart(name)!;
      expect(node.rotation.x, name).toBe(r[i * 3]);
      expect(node.rotation.y, name).toBe(-r[i * 3 + 1]!); // left-handed scene: mirrored
      expect(node.rotation.z, name).toBe(-r[i * 3 + 2]!);
    });
    expect(new Set(fox.motion.roles.legs.map((l) => round(r[l.upper * 3]!, 4))).size).toBeGreaterThan(1); // legs differ
  });

  it("swings a leg whose pose says 'forward' forward in the scene", async () => {
    const fox = await menagerie.spawnCreature("fox");
    void fox.moveTo({ x: 0, z: 50 });
    const hip = fox.getPart("leg_front_left_top")!;
    const knee = fox.getPart("leg_front_left_bot")!;
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      menagerie.stepMotion(1 / 60);
      if (hip.rotation.x < -0.15) {
        fox.root.computeWorldMatrix(true);
        hip.computeWorldMatrix(true);
        knee.computeWorldMatrix(true);
        expect(knee.getAbsolutePosition().z).toBeGreaterThan(hip.getAbsolutePosition().z);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps a swimmer below the water line and a flyer above the ground", async () => {
    const trout = await menagerie.spawnCreature("trout");
    trout.motion.ground = () => -2;
    trout.motion.waterLevel = 0;
    trout.wander({ area: { center: { x: 0, z: 0 }, radius: 5 } });
    const owl = await menagerie.spawnCreature("owl");
    // Low, in the camera's view: animation level of detail poses only what the camera sees.
    owl.motion.flight.band = { min: 1.5, max: 3 };
    owl.wander({ area: { center: { x: 0, z: 0 }, radius: 8 } });
    run(600);
    expect(trout.motion.gait?.name).toBe("swim");
    expect(owl.motion.gait?.name).toBe("fly");
    for (let i = 0; i < 300; i++) {
      menagerie.stepMotion(1 / 60);
      expect(trout.root.position.y).toBeLessThan(0);
      expect(owl.root.position.y).toBeGreaterThan(1);
    }
    expect(
      Math.abs(owl.getPart("wing_left")!.rotation.z) + Math.abs(owl.getPart("wing_right")!.rotation.z),
    ).toBeGreaterThan(0);
  });

  it("runs from one scene observer, pauses, resumes and scales time", async () => {
    const before = env.scene.onBeforeRenderObservable.observers.length;
    const a = await menagerie.spawnCreature("fox");
    const b = await menagerie.spawnCreature("fox", { position: new Vector3(2, 0, 0) });
    expect(env.scene.onBeforeRenderObservable.observers.length).toBe(before + 1);
    void a.moveTo({ x: 0, z: 10 });
    void b.moveTo({ x: 2, z: 10 });
    // Frames as the render loop sends them, on a still clock of 60 fps.
    env.engine.getDeltaTime = () => 1000 / 60;
    const frames = (n: number) => {
      for (let i = 0; i < n; i++) env.scene.onBeforeRenderObservable.notifyObservers(env.scene);
    };
    menagerie.pause();
    frames(60);
    expect(a.root.position.z).toBe(0);
    run(30); // a game's own step goes on under pause
    const stepped = a.root.position.z;
    expect(stepped).toBeGreaterThan(0);
    menagerie.resume();
    frames(30);
    expect(a.root.position.z).toBeGreaterThan(stepped);
    // At walking pace after two more seconds: the same frames then cover half the ground at half
    // the time scale.
    frames(120);
    const travel = (n: number) => {
      const from = a.root.position.z;
      frames(n);
      return a.root.position.z - from;
    };
    const full = travel(30);
    menagerie.setTimeScale(0.5);
    const half = travel(30);
    expect(full).toBeGreaterThan(0);
    expect(half / full).toBeCloseTo(0.5, 1);
    expect(() => menagerie.setTimeScale(-1)).toThrow("timeScale must be a finite number >= 0, got -1");
  });

  it("continues from where a game moved the root", async () => {
    const fox = await menagerie.spawnCreature("fox");
    run(5);
    fox.root.position.set(10, 0, -4);
    run(1);
    expect(fox.motion.x).toBe(10);
    expect(fox.motion.z).toBe(-4);
    expect(fox.root.position.x).toBe(10);
  });

  it("is deterministic for a seed", async () => {
    const trail = async (seed: number) => {
      const scene = createNullScene();
      const m = new Menagerie(scene.scene, { baseUrl: server.url, seed });
      const foxes = await Promise.all([0, 1, 2].map((i) => m.spawnCreature("fox", { position: new Vector3(i, 0, 0) })));
      for (const f of foxes) f.wander({ area: { center: { x: 0, z: 0 }, radius: 6 } });
      for (let i = 0; i < 300; i++) m.stepMotion(1 / 60);
      const out = foxes.map((f) => [
        f.root.position.x,
        f.root.position.z,
        f.root.rotation.y,
        f.getPart("head")!.rotation.y,
      ]);
      m.dispose();
      scene.dispose();
      return out;
    };
    expect(await trail(9)).toEqual(await trail(9));
    expect(await trail(9)).not.toEqual(await trail(10));
  });

  it("settles a pending moveTo as not arrived when the creature is disposed", async () => {
    const fox = await menagerie.spawnCreature("fox");
    const arrived = fox.moveTo({ x: 0, z: 100 });
    run(10);
    fox.dispose();
    await expect(arrived).resolves.toBe(false);
  });
});
