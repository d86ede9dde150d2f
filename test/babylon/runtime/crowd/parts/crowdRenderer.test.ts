/**
 * Part-built creatures drawn as thin instances of their model's crowd: the counts that make a
 * crowd cheap (nodes per creature, matrices written and buffers uploaded per frame, meshes
 * Babylon evaluates), and that the crowd draws what the nodes would.
 */
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { type Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { crowdStats } from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { createNullScene, sceneCounts } from "../../../../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../../../../helpers/modelServer.js";
import { boxObj, tinyFox } from "../../../../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    fox: tinyFox(),
    trout: {
      type: "uniform",
      behaviour: "swim",
      height: "20 cm",
      parts: { body: boxObj([-0.05, 0, -0.2], [0.05, 0.1, 0.2]) },
    },
  });
  env = createNullScene();
  // Every creature posed every frame: level of detail has its own tests (animationLod.test.ts).
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, animationLod: false });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

/** The crowd's drawing meshes in the scene (one per part mesh of each model with creatures). */
const crowdMeshes = () => env.scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];
/** Creature → its slot in a crowd mesh. */
const slotOf = (mesh: Mesh, creature: Creature) => {
  for (let i = 0; i < mesh.thinInstanceCount; i++) if (mesh.metadata.menagerie.creatureAt(i) === creature) return i;
  return -1;
};

describe("a crowd of part-built creatures", () => {
  it("costs one node per creature; its drawing meshes are made once per model", async () => {
    const first = await menagerie.spawnCreature("fox");
    const withOne = sceneCounts(env.scene);
    const drawing = crowdMeshes();
    const partMeshes = first.listParts().length + 1; // the head has a second (eye) material
    expect(drawing).toHaveLength(partMeshes);
    for (let i = 0; i < 9; i++) await menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 3) });
    const withTen = sceneCounts(env.scene);
    expect(withTen.transformNodes - withOne.transformNodes).toBe(9);
    expect(withTen.meshes).toBe(withOne.meshes);
    expect(drawing.every((m) => m.thinInstanceCount === 10)).toBe(true);
  });

  it("draws with its template's geometry and material: no vertex data is copied", async () => {
    const geometriesBefore = env.scene.geometries.length;
    await menagerie.spawnCreature("fox");
    const sources = env.scene.meshes.filter((m) => m.metadata?.menagerie?.template === true) as Mesh[];
    const drawing = crowdMeshes();
    expect(drawing).toHaveLength(12);
    expect(sources).toHaveLength(12);
    // One geometry per template mesh; the drawing meshes add none.
    expect(env.scene.geometries).toHaveLength(geometriesBefore + sources.length);
    for (const mesh of drawing) {
      const source = sources.find((s) => `${s.name}/crowd` === mesh.name);
      expect(source, mesh.name).toBeDefined();
      expect(mesh.geometry).toBe(source!.geometry);
      expect(mesh.geometry!.meshes).toEqual([source, mesh]);
      expect(mesh.getVertexBuffer("position")).toBe(source!.getVertexBuffer("position"));
      expect(mesh.material).toBe(source!.material);
    }
  });

  it("writes one matrix per part mesh per creature and uploads one buffer per drawing mesh per frame", async () => {
    const foxes = [];
    for (let i = 0; i < 12; i++) foxes.push(await menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 4) }));
    const trout = await menagerie.spawnCreature("trout", { position: new Vector3(0, 0, 6) });
    trout.wander();
    for (const fox of foxes) fox.wander();
    const drawing = crowdMeshes().length; // the fox's 11 parts + its eye + the trout's body
    expect(drawing).toBe(13);
    // Frames on a fixed step (the Menagerie's observer would step by the engine's clock).
    env.scene.onBeforeRenderObservable.clear();
    const frame = () => {
      menagerie.stepMotion(1 / 60);
      env.scene.render();
    };
    frame();
    crowdStats.matricesWritten = 0;
    crowdStats.uploads = 0;
    const frames = 3;
    for (let i = 0; i < frames; i++) frame();
    expect(crowdStats.matricesWritten).toBe(frames * (12 * 12 + 1));
    expect(crowdStats.uploads).toBe(frames * drawing);
    // Babylon evaluates (and draws) the drawing meshes, however many creatures they carry.
    expect(env.scene.getActiveMeshes().length).toBe(drawing);
  });

  it("uploads after each step even in a scene that froze its active meshes; its box follows the root's scale", async () => {
    const fox = await menagerie.spawnCreature("fox");
    fox.wander();
    env.scene.onBeforeRenderObservable.clear();
    menagerie.stepMotion(1 / 60);
    env.scene.render();
    env.scene.freezeActiveMeshes();
    crowdStats.uploads = 0;
    menagerie.stepMotion(1 / 60);
    env.scene.render();
    expect(crowdStats.uploads).toBe(12);
    const body = crowdMeshes().find((m) => m.name === "fox/body/crowd")!;
    // The shared box is snapped outward to whole units (crowdBounds.ts): it holds the creature,
    // its top at least its height above its feet, at either scale.
    const top = () => body.getBoundingInfo().boundingBox.maximumWorld.y;
    expect(top()).toBeGreaterThanOrEqual(fox.heightMeters);
    expect(top()).toBeLessThan(3 * fox.heightMeters);
    fox.root.scaling.setAll(fox.root.scaling.x * 3);
    menagerie.stepMotion(1 / 60);
    expect(top()).toBeGreaterThanOrEqual(3 * fox.heightMeters);
  });

  it("writes nothing while motion is paused, until a game moves a creature", async () => {
    const foxes = [];
    for (let i = 0; i < 5; i++) foxes.push(await menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 4) }));
    for (const fox of foxes) fox.wander();
    env.scene.render();
    menagerie.pause();
    env.scene.render(); // the last frame that moved has been written
    // Every counter from zero: they are the module's, and Node test files share modules.
    for (const key of Object.keys(crowdStats) as (keyof typeof crowdStats)[]) crowdStats[key] = 0;
    // Paused frames step nothing (an explicit stepMotion would: it steps even while paused).
    for (let i = 0; i < 3; i++) env.scene.render();
    expect(crowdStats).toEqual({
      matricesWritten: 0,
      uploads: 0,
      boundsRefits: 0,
      levelSwitches: 0,
      levelMeshesMade: 0,
    });
    foxes[2]!.root.position.x += 1;
    env.scene.render();
    // One fox's 12 part meshes; it stays between foxes 0 and 4, so the crowd's box holds still.
    expect(crowdStats).toEqual({
      matricesWritten: 12,
      uploads: 12,
      boundsRefits: 0,
      levelSwitches: 0,
      levelMeshesMade: 0,
    });
    menagerie.resume();
    crowdStats.matricesWritten = 0;
    menagerie.stepMotion(1 / 60);
    expect(crowdStats.matricesWritten).toBe(5 * 12);
  });

  it.each([
    ["left", false],
    ["right", true],
  ])(
    "draws each part where the creature's own nodes would put it, mid-walk (%s-handed scene)",
    async (_, rightHanded) => {
      if (rightHanded) {
        menagerie.dispose();
        env.dispose();
        env = createNullScene({ rightHanded: true });
        menagerie = new Menagerie(env.scene, { baseUrl: server.url });
      }
      const fox = await menagerie.spawnCreature("fox", { position: new Vector3(1, 0, 2), rotationY: 0.4 });
      fox.setBehaviour("walk");
      void fox.moveTo({ x: 1, z: 50 });
      for (let i = 0; i < 40; i++) menagerie.stepMotion(1 / 60);
      const fromCrowd = new Map<string, Matrix>();
      for (const mesh of crowdMeshes()) {
        const slot = slotOf(mesh, fox);
        expect(slot).toBeGreaterThanOrEqual(0);
        const data = mesh.thinInstanceGetWorldMatrices()[slot]!;
        fromCrowd.set(mesh.name.replace(/\/crowd$/, ""), data.clone());
      }
      // Asking for its meshes grows its nodes, posed as the crowd drew it, and takes it out of the crowd.
      const meshes = fox.meshes;
      expect(crowdMeshes().every((m) => m.thinInstanceCount === 0)).toBe(true);
      for (const part of fox.listParts()) fox.getPart(part)!.computeWorldMatrix(true);
      const swing = fox.listParts().reduce((sum, part) => sum + Math.abs(fox.getPart(part)!.rotation.x), 0);
      expect(swing).toBeGreaterThan(0.1); // it really is mid-stride
      expect(meshes).toHaveLength(fromCrowd.size);
      for (const mesh of meshes) {
        const expected = mesh.computeWorldMatrix(true).asArray();
        const actual = fromCrowd.get(mesh.name)!.asArray();
        for (let k = 0; k < 16; k++) expect(actual[k]).toBeCloseTo(expected[k]!, 5);
      }
    },
  );

  it("hides a creature whose root a game disabled, and shows it again", async () => {
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(0, 0, 0) });
    const other = await menagerie.spawnCreature("fox", { position: new Vector3(3, 0, 0) });
    const down = (x: number) => env.scene.pickWithRay(new Ray(new Vector3(x, 3, 0), new Vector3(0, -1, 0), 10));
    fox.root.setEnabled(false);
    env.scene.render();
    expect(down(0)?.hit ?? false).toBe(false);
    const body = crowdMeshes().find((m) => m.name === "fox/body/crowd")!;
    expect(
      body
        .thinInstanceGetWorldMatrices()
        [slotOf(body, fox)]!.asArray()
        .every((v) => v === 0),
    ).toBe(true);
    expect(down(3)?.pickedMesh?.metadata.menagerie.creatureAt(down(3)!.thinInstanceIndex)).toBe(other);
    fox.root.setEnabled(true);
    env.scene.render();
    expect(down(0)?.pickedMesh?.metadata.menagerie.creatureAt(down(0)!.thinInstanceIndex)).toBe(fox);
  });

  it("picks a creature through its thin instance; dispose() takes its node, the model's dispose its drawing meshes", async () => {
    const empty = sceneCounts(env.scene);
    await menagerie.preload("fox");
    const before = sceneCounts(env.scene); // with the model's hidden template, no creature
    const foxes: Creature[] = [];
    for (let i = 0; i < 3; i++)
      foxes.push(await menagerie.spawnCreature("fox", { position: new Vector3(i * 2, 0, 0) }));
    env.scene.render();
    const pickAt = (x: number) => {
      const pick = env.scene.pickWithRay(new Ray(new Vector3(x, 3, 0), new Vector3(0, -1, 0), 10));
      return pick?.pickedMesh?.metadata?.menagerie?.creatureAt(pick.thinInstanceIndex) as Creature | undefined;
    };
    expect(pickAt(2)).toBe(foxes[1]);
    foxes[0]!.dispose(); // the last one takes its slot
    env.scene.render();
    expect(pickAt(4)).toBe(foxes[2]);
    expect(pickAt(2)).toBe(foxes[1]);
    expect(pickAt(0)).toBeUndefined();
    foxes[1]!.dispose();
    foxes[2]!.dispose();
    // The drawing meshes stay with the model, hidden, for its next creatures; no node is left.
    const drawing = crowdMeshes();
    expect(drawing.every((m) => m.thinInstanceCount === 0 && !m.isVisible)).toBe(true);
    expect(sceneCounts(env.scene)).toEqual({
      ...before,
      meshes: before.meshes + drawing.length,
      beforeRenderObservers: 1, // the Menagerie's one motion observer
    });
    await menagerie.spawnCreature("fox");
    expect(crowdMeshes()).toEqual(drawing); // reused
    menagerie.dispose();
    expect(sceneCounts(env.scene)).toEqual(empty);
  });
});
