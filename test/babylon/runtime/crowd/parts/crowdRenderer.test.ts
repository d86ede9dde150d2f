/**
 * Part-built creatures drawn as thin instances of their model's crowd, one joined mesh whose
 * vertices are bound to their parts' joints: the counts that make a crowd cheap (nodes per
 * creature, matrices written and buffers uploaded per frame, meshes Babylon evaluates), and that
 * the crowd draws what the nodes would.
 * Kept on the hand-made server: the counts (11 joints, matrices per joint per creature) are
 * those of the tiny box fox of test/helpers/tinyModels.ts and a one-box trout, and the picks
 * cast rays at boxes whose coordinates are known.
 */
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { type Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { crowdOfMesh, crowdStats } from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { LookPlugin } from "../../../../../src/babylon/runtime/crowd/parts/lookPlugin.js";
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

/** The crowd's drawing meshes in the scene (one joined mesh per model with creatures and level). */
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
    // Its 11 parts' 12 meshes (the head has a second, eye, material) in one joined mesh.
    expect(drawing).toHaveLength(1);
    expect([...drawing[0]!.metadata.menagerie.parts].sort()).toEqual([...first.listParts()].sort());
    for (let i = 0; i < 9; i++) await menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 3) });
    const withTen = sceneCounts(env.scene);
    expect(withTen.transformNodes - withOne.transformNodes).toBe(9);
    expect(withTen.meshes).toBe(withOne.meshes);
    expect(drawing.every((m) => m.thinInstanceCount === 10)).toBe(true);
  });

  it("joins its template's part meshes into one mesh, each vertex bound to its part's joint, its looks in one material", async () => {
    const geometriesBefore = env.scene.geometries.length;
    const skeletonsBefore = env.scene.skeletons.length;
    const fox = await menagerie.spawnCreature("fox");
    const sources = env.scene.meshes.filter((m) => m.metadata?.menagerie?.template === true) as Mesh[];
    expect(sources).toHaveLength(12);
    const [joined, ...others] = crowdMeshes();
    expect(others).toEqual([]);
    // One geometry per template mesh, and the joined mesh's own.
    expect(env.scene.geometries).toHaveLength(geometriesBefore + sources.length + 1);
    expect(joined!.getTotalVertices()).toBe(sources.reduce((n, m) => n + m.getTotalVertices(), 0));
    expect(joined!.getTotalIndices()).toBe(sources.reduce((n, m) => n + m.getTotalIndices(), 0));
    // Every vertex names its part's joint (in the layout's order), with weight 1: as many per
    // joint as its part's meshes have.
    const joints = joined!.getVerticesData("matricesIndices")!;
    const weights = joined!.getVerticesData("matricesWeights")!;
    const parts = fox.listParts();
    const perJoint = parts.map(() => 0);
    for (let v = 0; v < joined!.getTotalVertices(); v++) {
      expect(weights[v * 4]).toBe(1);
      perJoint[joints[v * 4]!]!++;
    }
    const ofPart = (part: string) =>
      sources.filter((m) => m.name === `fox/${part}` || m.name.startsWith(`fox/${part}/`));
    expect(perJoint).toEqual(parts.map((part) => ofPart(part).reduce((n, m) => n + m.getTotalVertices(), 0)));
    expect(Math.min(...perJoint)).toBeGreaterThan(0);
    // The two looks' materials are drawn by one of the crowd's own; its skeleton only carries the
    // bone count to the shaders, outside the scene's list.
    expect(joined!.material?.pluginManager?.getPlugin("MenagerieLooks")).toBeInstanceOf(LookPlugin);
    expect(joined!.skeleton?.bones).toHaveLength(parts.length);
    expect(env.scene.skeletons).toHaveLength(skeletonsBefore);
  });

  it("writes one matrix per joint per creature and uploads one texture and one buffer per drawing mesh per frame", async () => {
    const foxes = [];
    for (let i = 0; i < 12; i++) foxes.push(await menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 4) }));
    const trout = await menagerie.spawnCreature("trout", { position: new Vector3(0, 0, 6) });
    trout.wander();
    for (const fox of foxes) fox.wander();
    const drawing = crowdMeshes().length; // the fox's and the trout's
    expect(drawing).toBe(2);
    const joints = foxes[0]!.listParts().length;
    expect(joints).toBe(11);
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
    expect(crowdStats.matricesWritten).toBe(frames * (12 * joints + 1));
    // Per crowd: its joint texture and its mesh's matrices.
    expect(crowdStats.uploads).toBe(frames * 2 * drawing);
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
    expect(crowdStats.uploads).toBe(2);
    const body = crowdMeshes().find((m) => m.name === "fox/crowd")!;
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
    // One fox's 11 joints, its crowd's texture and matrices; it stays between foxes 0 and 4, so
    // the crowd's box holds still.
    expect(crowdStats).toEqual({
      matricesWritten: 11,
      uploads: 2,
      boundsRefits: 0,
      levelSwitches: 0,
      levelMeshesMade: 0,
    });
    menagerie.resume();
    crowdStats.matricesWritten = 0;
    menagerie.stepMotion(1 / 60);
    expect(crowdStats.matricesWritten).toBe(5 * 11);
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
      // Each joint's matrix as the shaders compose it: the joint texture's times the thin instance's.
      const [joined] = crowdMeshes();
      const slot = slotOf(joined!, fox);
      expect(slot).toBeGreaterThanOrEqual(0);
      const crowd = crowdOfMesh(joined!)!;
      const fromCrowd = new Map<string, Matrix>();
      fox.listParts().forEach((part, joint) => {
        fromCrowd.set(part, crowd.partMatrixAt(slot, joint)!);
      });
      // Asking for its meshes grows its nodes, posed as the crowd drew it, and takes it out of the crowd.
      const meshes = fox.meshes;
      expect(crowdMeshes().every((m) => m.thinInstanceCount === 0)).toBe(true);
      for (const part of fox.listParts()) fox.getPart(part)!.computeWorldMatrix(true);
      const swing = fox.listParts().reduce((sum, part) => sum + Math.abs(fox.getPart(part)!.rotation.x), 0);
      expect(swing).toBeGreaterThan(0.1); // it really is mid-stride
      expect(meshes).toHaveLength(fromCrowd.size + 1); // the head's eye mesh hangs from the head's joint
      for (const mesh of meshes) {
        const expected = mesh.computeWorldMatrix(true).asArray();
        const actual = fromCrowd.get(mesh.name.split("/")[1]!)!.asArray();
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
    const body = crowdMeshes().find((m) => m.name === "fox/crowd")!;
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
      geometries: before.geometries + drawing.length, // the joined mesh's
      materials: before.materials + 1, // the joined looks'
      textures: before.textures + 1, // the joint texture
      beforeRenderObservers: 1, // the Menagerie's one motion observer
    });
    await menagerie.spawnCreature("fox");
    expect(crowdMeshes()).toEqual(drawing); // reused
    menagerie.dispose();
    expect(sceneCounts(env.scene)).toEqual(empty);
  });
});
