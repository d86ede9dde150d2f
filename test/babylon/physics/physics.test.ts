/**
 * Havok bodies of creatures (the `physics` option): shapes fitted to their bounds, the mass from
 * the record, the option or the bounds, bodies that follow walkers and meet balls and players,
 * and nothing left after dispose; the last test sizes a rigged catalog creature over the
 * reference service.
 * Kept on the hand-made server otherwise: the cow and the heron are single boxes written here,
 * and the capsule, box and estimated mass are checked against their sizes (1.6 m long,
 * 0.3 x 1.2 x 0.4 m); no catalog creature has bounds known to the test.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { PhysicsMotionType, PhysicsShapeType } from "@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js";
import type { HavokPlugin } from "@babylonjs/core/Physics/v2/Plugins/havokPlugin.js";
import type { PhysicsEngine } from "@babylonjs/core/Physics/v2/physicsEngine.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import { MASS_PER_BOX_CUBIC_METRE } from "../../../src/babylon/physics/bodyFit.js";
import { isMenagerieError } from "../../../src/core/errors.js";
import type { ModelRecord } from "../../../src/records/schemas.js";
import { createNullScene } from "../../helpers/babylonScene.js";
import { startCatalogService } from "../../helpers/catalogService.js";
import { dynamicBall, enableHavok, loadHavok, playerCapsule, stepPhysics } from "../../helpers/havok.js";
import { createModelServer, type ModelServer } from "../../helpers/modelServer.js";
import { rejection as rejectionOf } from "../../helpers/rejection.js";
import { round } from "../../helpers/round.js";
import { boxObj } from "../../helpers/tinyModels.js";

// A "cow": one box 0.6 m wide, 1 m tall, 1.6 m long (model units are metres at this height).
const COW = { min: [-0.3, 0, -0.8], max: [0.3, 1, 0.8] } as const;

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let plugin: HavokPlugin;
let menagerie: Menagerie;

beforeAll(async () => {
  await loadHavok();
});

beforeEach(async () => {
  server = await createModelServer({
    cow: { type: "uniform", height: 1, parts: { body: boxObj([...COW.min], [...COW.max]) } },
    heron: { type: "uniform", height: 1.2, parts: { body: boxObj([-0.15, 0, -0.2], [0.15, 1.2, 0.2]) } },
  });
  env = createNullScene();
  plugin = await enableHavok(env.scene, Vector3.Zero());
  menagerie = new Menagerie(env.scene, { baseUrl: server.url });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

const bodyCount = () => (env.scene.getPhysicsEngine() as PhysicsEngine).getBodies().length;

/** Motion then physics, one fixed 1/60 s frame at a time. */
function run(frames: number): void {
  for (let i = 0; i < frames; i++) {
    menagerie.stepMotion(1 / 60);
    stepPhysics(env.scene);
  }
}

describe("creature physics bodies (Havok in Node)", () => {
  it("gives a kinematic capsule lying along a long creature, a box matching its bounds", async () => {
    const cow = await menagerie.spawnCreature("cow", { position: new Vector3(2, 0, 3), physics: true });
    const body = cow.physicsBody!;
    expect(body.getMotionType()).toBe(PhysicsMotionType.ANIMATED);
    expect(body.shape!.type).toBe(PhysicsShapeType.CAPSULE);
    // Lengthwise (z): 1.6 m long, radius (0.6 + 1) / 4 = 0.4 m about the box's centre.
    const capsule = body.shape!.getBoundingBox();
    expect(capsule.minimum.z).toBeCloseTo(-0.8, 2);
    expect(capsule.maximum.z).toBeCloseTo(0.8, 2);
    expect(capsule.minimum.y).toBeCloseTo(0.1, 2);
    expect(capsule.maximum.y).toBeCloseTo(0.9, 2);
    expect(capsule.maximum.x).toBeCloseTo(0.4, 2);
    const heron = await menagerie.spawnCreature("heron", {
      position: new Vector3(-1, 0, 2),
      physics: { shape: "box" },
    });
    const box = heron.physicsBody!.shape!;
    expect(box.type).toBe(PhysicsShapeType.BOX);
    // Fitted without growing its nodes: it is still drawn by its model's crowd, not by nodes of its own.
    expect(heron.root.getChildren()).toHaveLength(0);
    expect((env.scene.getMeshByName("heron/crowd") as Mesh).thinInstanceCount).toBe(1); // the species's one joined mesh
    // The shape's box is in the body's frame, whose origin is the creature's root (its feet);
    // it is the box of the nodes and instances the creature grows when asked for its meshes.
    expect(heron.meshes).toHaveLength(1);
    const { min, max } = heron.root.getHierarchyBoundingVectors();
    const at = (v: Vector3) =>
      v
        .add(heron.root.position)
        .asArray()
        .map((n) => round(n, 3));
    expect(at(box.getBoundingBox().minimum)).toEqual(min.asArray().map((n) => round(n, 3)));
    expect(at(box.getBoundingBox().maximum)).toEqual(max.asArray().map((n) => round(n, 3)));
    expect(bodyCount()).toBe(2);
    expect(plugin.numBodies).toBe(2);
  });

  it("takes the mass from the record, else from the option, else estimates it from the bounds", async () => {
    const record = (await menagerie.client!.getModel("cow"))!;
    const weighed = await menagerie.spawnCreature({ ...record, mass: 450 } as ModelRecord, { physics: true });
    expect(weighed.physicsBody!.getMassProperties().mass).toBeCloseTo(450, 3);
    const chosen = await menagerie.spawnCreature({ ...record, mass: 450 } as ModelRecord, { physics: { mass: 300 } });
    expect(chosen.physicsBody!.getMassProperties().mass).toBeCloseTo(300, 3);
    // A record without a mass (the heron: 0.3 × 1.2 × 0.4 m).
    const estimated = await menagerie.spawnCreature("heron", { physics: true });
    expect(estimated.physicsBody!.getMassProperties().mass).toBeCloseTo(MASS_PER_BOX_CUBIC_METRE * 0.3 * 1.2 * 0.4, 3);
  });

  it("keeps a walking creature's body on it, turning with it", async () => {
    const cow = await menagerie.spawnCreature("cow", { physics: true });
    const body = cow.physicsBody!;
    void cow.moveTo({ x: 6, z: 0 });
    run(240);
    expect(cow.root.position.x).toBeGreaterThan(0.5); // it walked...
    const origin = body.getObjectCenterWorld();
    // ...and its body is where it is now, within one frame's travel.
    expect(Math.abs(origin.x - cow.root.position.x)).toBeLessThan(0.05);
    expect(Math.abs(origin.z - cow.root.position.z)).toBeLessThan(0.05);
    expect(origin.y).toBe(0);
    // It turned to face +X: the capsule lies along X now.
    const hit = env.scene
      .getPhysicsEngine()!
      .raycast(
        new Vector3(cow.root.position.x + 3, 0.5, cow.root.position.z),
        new Vector3(cow.root.position.x, 0.5, cow.root.position.z),
      );
    expect(hit.hasHit).toBe(true);
    expect(hit.hitPointWorld.x - cow.root.position.x).toBeCloseTo(0.8, 1);
  });

  it("bounces a thrown ball off a creature, which a creature without a body lets through", async () => {
    const cow = await menagerie.spawnCreature("cow", { rotationY: Math.PI / 2, physics: true });
    const ghost = await menagerie.spawnCreature("cow", { position: new Vector3(0, 0, 10), rotationY: Math.PI / 2 });
    expect(ghost.physicsBody).toBeNull();
    const ball = dynamicBall(env.scene, new Vector3(-3, 0.5, 0));
    const missed = dynamicBall(env.scene, new Vector3(-3, 0.5, 10));
    ball.setLinearVelocity(new Vector3(6, 0, 0));
    missed.setLinearVelocity(new Vector3(6, 0, 0));
    menagerie.pause(); // they stand still
    run(60);
    expect(ball.getLinearVelocity().x).toBeLessThan(-1); // it came back
    expect(ball.transformNode.position.x).toBeLessThan(cow.root.position.x - 0.8);
    expect(missed.getLinearVelocity().x).toBeCloseTo(6, 3); // straight through the ghost
    expect(missed.transformNode.position.x).toBeGreaterThan(2);
  });

  it("knocks a resting ball ahead of a walking creature", async () => {
    const cow = await menagerie.spawnCreature("cow", { physics: true });
    const ball = dynamicBall(env.scene, new Vector3(0, 0.5, 1.2));
    void cow.moveTo({ x: 0, z: 20 });
    run(300);
    expect(cow.root.position.z).toBeGreaterThan(1);
    expect(ball.transformNode.position.z).toBeGreaterThan(cow.root.position.z + 0.8); // ahead of its nose
    expect(ball.getLinearVelocity().z).toBeGreaterThan(0);
  });

  it("stops a dynamic player walking into a creature", async () => {
    const cow = await menagerie.spawnCreature("cow", { physics: true });
    const player = playerCapsule(env.scene, new Vector3(-2, 0, 0));
    menagerie.pause();
    for (let i = 0; i < 180; i++) {
      player.setLinearVelocity(new Vector3(2, 0, 0)); // walks on, as a player's input would
      run(1);
    }
    expect(player.transformNode.position.x).toBeLessThan(cow.root.position.x - 0.3);
    expect(player.transformNode.position.x).toBeGreaterThan(-0.8); // it did walk up to the cow
  });

  it("removes bodies, shapes and nodes with the creature and with the Menagerie", async () => {
    const before = { bodies: bodyCount(), nodes: env.scene.transformNodes.length };
    // Babylon drops a removed observer on its next notification; one marked so is gone.
    const liveObservers = () =>
      env.scene.onBeforePhysicsObservable.observers.filter(
        (o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered,
      ).length;
    const observers = liveObservers();
    const a = await menagerie.spawnCreature("cow", { physics: true });
    const b = await menagerie.spawnCreature("heron", { physics: true });
    expect(bodyCount()).toBe(before.bodies + 2);
    const shape = a.physicsBody!.shape!;
    a.dispose();
    expect(a.physicsBody).toBeNull();
    expect(bodyCount()).toBe(before.bodies + 1);
    expect(plugin.numBodies).toBe(1);
    expect((shape as unknown as { _isDisposed: boolean })._isDisposed).toBe(true);
    run(2); // the other still steps
    menagerie.dispose();
    expect(b.physicsBody).toBeNull();
    expect(bodyCount()).toBe(before.bodies);
    expect(plugin.numBodies).toBe(0);
    expect(liveObservers()).toBe(observers);
    expect(env.scene.transformNodes.length).toBeLessThanOrEqual(before.nodes);
  });

  it("follows a Menagerie-wide default unless a spawn turns it off", async () => {
    const herd = new Menagerie(env.scene, { baseUrl: server.url, physics: { shape: "box" } });
    try {
      const boxed = await herd.spawnCreature("cow");
      expect(boxed.physicsBody!.shape!.type).toBe(PhysicsShapeType.BOX);
      const capsule = await herd.spawnCreature("cow", { physics: { shape: "capsule" } });
      expect(capsule.physicsBody!.shape!.type).toBe(PhysicsShapeType.CAPSULE);
      const none = await herd.spawnCreature("cow", { physics: false });
      expect(none.physicsBody).toBeNull();
      expect(bodyCount()).toBe(2);
    } finally {
      herd.dispose();
    }
  });
});

describe("a populated herd", () => {
  it("gives every creature a body from the Menagerie-wide option, and its dispose takes them all", async () => {
    const herd = new Menagerie(env.scene, { baseUrl: server.url, physics: true });
    try {
      const group = await herd.populate({ habitat: "forest", count: 6, area: { center: { x: 0, z: 0 }, radius: 12 } });
      expect(group.creatures.length).toBeGreaterThan(1);
      expect(group.creatures.every((c) => c.physicsBody?.getMotionType() === PhysicsMotionType.ANIMATED)).toBe(true);
      expect(bodyCount()).toBe(group.creatures.length);
      group.dispose();
      expect(bodyCount()).toBe(0);
    } finally {
      herd.dispose();
    }
  });
});

describe("physics options", () => {
  it("rejects a spawn with physics in a scene without Havok, before any lookup", async () => {
    const bare = createNullScene();
    const plain = new Menagerie(bare.scene, { baseUrl: server.url });
    try {
      const error = await rejectionOf(plain.spawnCreature("cow", { physics: true }));
      expect(isMenagerieError(error, "options")).toBe(true);
      expect((error as { option: string }).option).toBe("physics");
      expect(String(error)).toMatch(/scene\.enablePhysics\(.*HavokPlugin/);
      expect(server.lookupCount()).toBe(0);
      expect(plain.creatures).toHaveLength(0);
      expect((await plain.spawnCreature("cow")).physicsBody).toBeNull(); // without the option all is as before
    } finally {
      plain.dispose();
      bare.dispose();
    }
  });

  it("checks the option's fields, at construction and at spawn", async () => {
    expect(() => new Menagerie(env.scene, { physics: { shape: "sphere" as "box" } })).toThrow(
      /physics\.shape must be one of capsule, box/,
    );
    expect(() => new Menagerie(env.scene, { physics: "yes" as unknown as boolean })).toThrow(
      /physics must be true, false/,
    );
    const error = await rejectionOf(menagerie.spawnCreature("cow", { physics: { mass: -1 } }));
    expect(isMenagerieError(error, "options")).toBe(true);
    expect(String(error)).toMatch(/physics\.mass must be a positive finite number, got -1/);
  });
});

describe("a creature the game moves itself", () => {
  it("jumps its body to a root placed far away instead of sweeping through what lies between", async () => {
    const cow = await menagerie.spawnCreature("cow", { rotationY: Math.PI / 2, physics: true });
    menagerie.pause();
    const ball = dynamicBall(env.scene, new Vector3(4, 0.5, 0));
    run(2);
    cow.root.position.x = 8; // placed, as a game respawning it would
    run(10);
    expect(cow.physicsBody!.getObjectCenterWorld().x).toBeCloseTo(8, 3);
    expect(ball.getLinearVelocity().length()).toBe(0);
    expect(ball.transformNode.position.x).toBe(4);
  });
});

describe("a rigged catalog creature (skinned glTF)", () => {
  it("gets a body sized from its skinned meshes: feet on the ground, as tall as it was sized", async () => {
    const catalog = await startCatalogService();
    const herd = new Menagerie(env.scene, { baseUrl: catalog.url, apiKey: "dev-key" });
    try {
      const zebra = await herd.spawnCreature("zebra", { physics: { shape: "box" } });
      expect(zebra.form).toBe("rig");
      const box = zebra.physicsBody!.shape!.getBoundingBox();
      expect(box.minimum.y).toBeCloseTo(0, 3); // feet on the root's y = 0
      expect(box.maximum.y).toBeCloseTo(zebra.heightMeters, 3);
      expect(box.maximum.z - box.minimum.z).toBeGreaterThan(2 * (box.maximum.x - box.minimum.x)); // long, not wide
      // Fitted while its model's crowd draws it (riggedBody.ts measures the rest pose); grown, its meshes say the same.
      expect(zebra.meshes.length).toBeGreaterThan(0);
      const { min, max } = zebra.root.getHierarchyBoundingVectors();
      expect([box.minimum, box.maximum].map((v) => v.asArray().map((n) => round(n, 3)))).toEqual(
        [min, max].map((v) => v.asArray().map((n) => round(n, 3))),
      );
    } finally {
      herd.dispose();
      await catalog.close();
    }
  }, 120_000);
});
