/**
 * Rigged catalog creatures drawn together by their model's crowd (riggedCrowd.ts), over real
 * HTTP against the reference service (NullEngine): what a crowd-drawn one costs the scene
 * (no skeleton, group or node of its own), which baked clip it shows, growing its own nodes on
 * demand and keeping them, picking, disposing back to the scene's counts, and the fallback to a
 * skeleton per creature when the clips cannot be baked. Counts, never times.
 */
import { Ray } from "@babylonjs/core/Culling/ray.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../../../../src/api/client.js";
import type { Creature } from "../../../../../src/babylon/creature.js";
import { Menagerie } from "../../../../../src/babylon/menagerie.js";
import { riggedCrowdOfMesh, riggedCrowdStats } from "../../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import type { MenagerieWarning } from "../../../../../src/babylon/types.js";
import { countingFetch, startCatalogService } from "../../../../helpers/catalogService.js";
import { watchUnhandledRejections } from "../../../../helpers/faultHarness.js";
import { createRiggedScene, riggedCounts } from "../../../../helpers/riggedScene.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
let rejections: ReturnType<typeof watchUnhandledRejections>;

beforeAll(async () => {
  service = await startCatalogService();
  rejections = watchUnhandledRejections();
}, 120_000);

afterAll(async () => {
  rejections?.stop();
  await service?.close();
});

let t: ReturnType<typeof setup>;
afterEach(() => {
  t?.dispose();
  expect(rejections.count, "unhandled rejections").toBe(0);
});

function setup(options: { maxTextureSize?: number; rightHanded?: boolean } = {}) {
  const env = createRiggedScene({ rightHanded: options.rightHanded ?? false });
  if (options.maxTextureSize) env.scene.getEngine().getCaps().maxTextureSize = options.maxTextureSize;
  const counter = countingFetch();
  const warnings: MenagerieWarning[] = [];
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counter.fetch });
  // Every creature shown every frame, at full detail: levels of detail have their own tests (riggedLevels.test.ts).
  const menagerie = new Menagerie(env.scene, { client, fetch: counter.fetch, animationLod: false, meshLod: false });
  menagerie.onWarningObservable.add((w) => void warnings.push(w));
  const run = (frames: number, dt = 1 / 60) => {
    for (let i = 0; i < frames; i++) menagerie.stepMotion(dt);
  };
  const spawn = (name: string, count: number, x0 = 0) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        menagerie.spawnCreature(name, { position: new Vector3(x0 + i * 4, 0, 0) }),
      ),
    );
  return {
    scene: env.scene,
    menagerie,
    warnings,
    run,
    spawn,
    dispose() {
      menagerie.dispose();
      env.dispose();
    },
  };
}

/** A model's drawing meshes (its crowd's), in the scene. */
const drawingOf = (name: string) =>
  t.scene.meshes.filter(
    (m) => m.metadata?.menagerie?.crowd === true && m.metadata.menagerie.record.name === name,
  ) as Mesh[];
/** A creature's slot in a crowd mesh, or -1. */
const slotOf = (mesh: Mesh, creature: Creature) => {
  for (let i = 0; i < mesh.thinInstanceCount; i++) if (mesh.metadata.menagerie.creatureAt(i) === creature) return i;
  return -1;
};
/** The clip and frame the crowd shows on a creature. */
const shown = (creature: Creature) => {
  const mesh = drawingOf(creature.name)[0]!;
  return riggedCrowdOfMesh(mesh)!.shownAt(slotOf(mesh, creature));
};
const frameCount = (creature: Creature, clip: string) =>
  riggedCrowdOfMesh(drawingOf(creature.name)[0]!)!.bake.clips.find((c) => c.name === clip)!.frames;

describe("a crowd of rigged creatures", () => {
  it("costs each creature one node (its root): no skeleton, animation group, animatable or mesh of its own", async () => {
    t = setup();
    const baseline = riggedCounts(t.scene);
    const zebras = await t.spawn("zebra", 30);
    const crows = await t.spawn("crow", 10, 200);
    for (const z of zebras) void z.moveTo({ x: z.root.position.x, z: 50 });
    t.run(30);
    for (let i = 0; i < 3; i++) t.scene.render();
    const live = riggedCounts(t.scene);
    expect(live.skeletons - baseline.skeletons).toBe(0);
    expect(live.animationGroups - baseline.animationGroups).toBe(0);
    expect(live.animatables - baseline.animatables).toBe(0);
    expect(live.transformNodes - baseline.transformNodes).toBe(40);
    // One drawing mesh per mesh of each model, whatever the number of creatures: what draws.
    expect(drawingOf("zebra")).toHaveLength(4);
    expect(drawingOf("crow")).toHaveLength(3);
    expect(live.meshes - baseline.meshes).toBe(7);
    for (const mesh of drawingOf("zebra")) expect(mesh.thinInstanceCount).toBe(30);
    for (const mesh of drawingOf("crow")) expect(mesh.thinInstanceCount).toBe(10);
    // Their clip names and bones are known without growing anything.
    expect([...zebras[0]!.animations.keys()]).toEqual(["idle", "walk", "run"]);
    expect(crows[0]!.animations.size).toBe(3);
    expect(crows[0]!.animations.has("fly")).toBe(true);
    expect(zebras[0]!.listParts()).toEqual(expect.arrayContaining(["body", "head", "tail"]));
    for (const c of [...zebras, ...crows]) expect(c.root.getChildren()).toEqual([]);
    expect(riggedCounts(t.scene)).toEqual(live);
    // A frame: one matrix per creature (a model's meshes share it), one upload per drawing mesh.
    riggedCrowdStats.matricesWritten = 0;
    riggedCrowdStats.uploads = 0;
    t.run(1);
    expect(riggedCrowdStats.matricesWritten).toBe(40);
    expect(riggedCrowdStats.uploads).toBe(7);
    expect(t.warnings).toEqual([]);
  });

  it.each([
    ["left", false],
    ["right", true],
  ])(
    "draws each creature where its grown meshes would be, in a %s-handed scene: same world matrix per mesh",
    async (_, rightHanded) => {
      t = setup({ rightHanded });
      const zebra = await t.menagerie.spawnCreature("zebra", { position: new Vector3(4, 0, -2), rotationY: 0.7 });
      void zebra.moveTo({ x: 10, z: 6 });
      t.run(20);
      const drawn = new Map(
        drawingOf("zebra").map((mesh) => [
          mesh.name.replace(/\/crowd$/, ""),
          mesh.thinInstanceGetWorldMatrices()[slotOf(mesh, zebra)]!.asArray(),
        ]),
      );
      expect(drawn.size).toBe(4);
      const meshes = zebra.meshes; // grows it
      expect(meshes).toHaveLength(4);
      for (const mesh of meshes) {
        const world = mesh.computeWorldMatrix(true);
        const crowd = drawn.get(mesh.name)!;
        expect(Math.max(...world.asArray().map((v, i) => Math.abs(v - crowd[i]!))), mesh.name).toBeLessThan(1e-5);
        // Faces turn the same way: a mirroring world matrix (glTF's handedness) flips the drawing mesh's side.
        const drawing = drawingOf("zebra").find((d) => d.name === `${mesh.name}/crowd`)!;
        const flip = world.determinant() < 0 !== drawing.getWorldMatrix().determinant() < 0;
        expect(drawing.sideOrientation, mesh.name).toBe(
          flip ? 1 - (mesh as Mesh).sideOrientation : (mesh as Mesh).sideOrientation,
        );
      }
    },
  );

  it("shows the clip its mixer weighs most, at the mixer's rate on motion's clock; frozen while paused", async () => {
    t = setup();
    const [zebra] = await t.spawn("zebra", 1);
    t.run(1);
    expect(shown(zebra!)).toMatchObject({ clip: "idle" });
    void zebra!.moveTo({ x: 0, z: 500 });
    t.run(360); // up to walking pace
    expect(shown(zebra!)!.clip).toBe("walk");
    const walkSpeed = (zebra!.record.movement as { walk: number }).walk;
    const frames = frameCount(zebra!, "walk"); // one loop, 60 a second of clip time
    const before = shown(zebra!)!.frame;
    t.run(30);
    const rate = zebra!.motion.speed / walkSpeed;
    const advanced = (shown(zebra!)!.frame - before + frames) % frames;
    expect(Math.abs(advanced - 30 * rate)).toBeLessThanOrEqual(1.01);
    // Paused: frames from the render loop move nothing, the clip included.
    t.menagerie.pause();
    const held = shown(zebra!);
    t.scene.getEngine().getDeltaTime = () => 1000 / 60;
    for (let i = 0; i < 30; i++) t.scene.onBeforeRenderObservable.notifyObservers(t.scene);
    expect(shown(zebra!)).toEqual(held);
    t.menagerie.resume();
    zebra!.stop();
    t.run(240);
    expect(shown(zebra!)!.clip).toBe("idle");
  });
});

describe("a crowd-drawn rigged creature that a game asks for nodes", () => {
  it("grows its own skeleton, meshes and groups on getPart(), leaves the crowd, and keeps them", async () => {
    t = setup();
    const zebras = await t.spawn("zebra", 3);
    for (const z of zebras) void z.moveTo({ x: z.root.position.x, z: 500 });
    t.run(300);
    const crowdFrame = shown(zebras[1]!)!;
    expect(crowdFrame.clip).toBe("walk");
    const before = riggedCounts(t.scene);
    expect(zebras[0]!.getPart("wing_left")).toBeNull(); // no such bone: nothing grows
    expect(riggedCounts(t.scene)).toEqual(before);

    const head = zebras[1]!.getPart("head")!;
    // Its new nodes' world matrices are already where it stands, before any frame.
    for (const mesh of zebras[1]!.meshes) {
      const seen = [...mesh.worldMatrixFromCache.m]; // what bounding boxes read, not recomputed
      expect([...mesh.computeWorldMatrix(true).m]).toEqual(seen);
    }
    // (toMatchObject would walk the whole scene graph from the creature: compared by identity.)
    expect(head.metadata.menagerie.creature).toBe(zebras[1]);
    expect(head.metadata.menagerie.part).toBe("head");
    const grown = riggedCounts(t.scene);
    expect(grown.skeletons - before.skeletons).toBe(1);
    expect(grown.animationGroups - before.animationGroups).toBe(3);
    for (const mesh of drawingOf("zebra")) {
      expect(mesh.thinInstanceCount).toBe(2);
      expect(slotOf(mesh, zebras[1]!)).toBe(-1);
    }
    expect(zebras[1]!.meshes.every((m) => m.skeleton === zebras[1]!.meshes[0]!.skeleton)).toBe(true);
    // Its walk group goes on from the frame the crowd showed, at the mixer's weights.
    const walk = zebras[1]!.animations.get("walk")!;
    const span = walk.to - walk.from;
    const frames = frameCount(zebras[1]!, "walk");
    const at = walk.animatables[0]!.masterFrame - walk.from;
    expect(Math.abs(at - (crowdFrame.frame * span) / frames)).toBeLessThanOrEqual(span / frames + 1e-6);
    expect(walk.weight).toBeGreaterThanOrEqual(0.5);

    t.run(60);
    for (let i = 0; i < 3; i++) t.scene.render();
    expect(zebras[1]!.getPart("head")).toBe(head); // kept
    expect(riggedCounts(t.scene).skeletons).toBe(grown.skeletons);
    expect([...zebras[1]!.animations.values()].every((g) => g.isPlaying)).toBe(true);
    expect(shown(zebras[0]!)!.clip).toBe("walk"); // the others still walk in the crowd

    // Reading a group grows too; its names do not.
    expect(zebras[2]!.animations.has("walk")).toBe(true);
    expect(riggedCounts(t.scene).skeletons).toBe(grown.skeletons);
    expect(zebras[2]!.animations.get("walk")!.isPlaying).toBe(true);
    expect(riggedCounts(t.scene).skeletons).toBe(grown.skeletons + 1);
  });

  it("grown while paused, holds the baked frame its crowd showed, and plays on from there when resumed", async () => {
    t = setup();
    const [zebra] = await t.spawn("zebra", 1);
    void zebra!.moveTo({ x: 0, z: 500 });
    t.run(200);
    t.menagerie.pause();
    t.scene.render(); // a paused frame: its clips' rates are 0 now
    const held = shown(zebra!)!;
    expect(held.clip).toBe("walk");
    const crowd = riggedCrowdOfMesh(drawingOf("zebra")[0]!)!;
    const clip = crowd.bake.clips.find((c) => c.name === "walk")!;
    const row = crowd.bake.data.subarray(
      (clip.start + held.frame) * crowd.bake.width * 4,
      (clip.start + held.frame + 1) * crowd.bake.width * 4,
    );
    const mesh = zebra!.meshes[0]!; // grows it
    const walk = zebra!.animations.get("walk")!;
    for (let i = 0; i < 3; i++) t.scene.render(); // paused: its groups hold their frame
    mesh.skeleton!.prepare(true);
    const matrices = mesh.skeleton!.getTransformMatrices(mesh);
    expect(Math.max(...Array.from(row, (v, i) => Math.abs(v - matrices[i]!)))).toBeLessThan(1e-5);
    expect(walk.isPlaying).toBe(false); // held at that frame: Babylon would lose a jump made at speed 0
    const frame = walk.animatables[0]!.masterFrame;
    t.menagerie.resume();
    t.scene.getEngine().getDeltaTime = () => 1000 / 60;
    for (let i = 0; i < 10; i++) t.scene.onBeforeRenderObservable.notifyObservers(t.scene);
    t.scene.useConstantAnimationDeltaTime = true; // 16 ms a frame, whatever the machine's clock
    t.scene.render(); // the first frame after resuming continues from the held frame...
    expect(walk.animatables[0]!.masterFrame).toBeCloseTo(frame, 6);
    t.scene.render(); // ...and the next moves on from it
    expect(walk.isPlaying).toBe(true);
    expect(walk.animatables[0]!.masterFrame).toBeGreaterThan(frame + 0.5);
  });

  it("is found by a pick on its thin instance", async () => {
    t = setup();
    const [a, b] = await t.spawn("zebra", 2);
    t.scene.render(); // a frame fits the crowd's bounding box around its creatures
    const down = (x: number) => t.scene.pickWithRay(new Ray(new Vector3(x, 5, 0), new Vector3(0, -1, 0), 10));
    const pickA = down(a!.root.position.x);
    expect(pickA?.hit).toBe(true);
    expect(t.menagerie.creatureFromPick(pickA)).toBe(a);
    expect(t.menagerie.creatureFromPick(down(b!.root.position.x))).toBe(b);
    expect(down(2)?.hit ?? false).toBe(false); // between them
    expect(riggedCounts(t.scene).skeletons).toBe(0); // picking grows nothing
    // A disabled root hides its creature: nothing of it is drawn or picked, until enabled again.
    a!.root.setEnabled(false);
    t.run(1);
    expect(down(a!.root.position.x)?.hit ?? false).toBe(false);
    a!.root.setEnabled(true);
    t.run(1);
    expect(t.menagerie.creatureFromPick(down(a!.root.position.x))).toBe(a);
  });

  it("disposes back to the scene's counts, crowd-drawn or grown; the model's dispose takes its crowd", async () => {
    t = setup();
    const baseline = riggedCounts(t.scene);
    const zebras = await t.spawn("zebra", 4);
    t.run(10);
    zebras[3]!.getPart("head");
    const live = riggedCounts(t.scene);
    zebras[0]!.dispose();
    const afterOne = riggedCounts(t.scene);
    expect(afterOne.transformNodes).toBe(live.transformNodes - 1);
    expect(afterOne.meshes).toBe(live.meshes);
    for (const mesh of drawingOf("zebra")) expect(mesh.thinInstanceCount).toBe(2);
    zebras[3]!.dispose();
    expect(riggedCounts(t.scene).skeletons).toBe(baseline.skeletons);
    t.menagerie.dispose();
    expect(riggedCounts(t.scene)).toEqual(baseline);
  });
});

describe("a rigged model whose clips cannot be baked", () => {
  it("warns once and gives each creature its own skeleton and groups, as before crowds", async () => {
    t = setup({ maxTextureSize: 32 }); // 12 matrices of 4 pixels do not fit across
    const baseline = riggedCounts(t.scene);
    const zebras = await t.spawn("zebra", 2);
    expect(t.warnings.map((w) => [w.code, w.model, w.asset])).toEqual([["clip-failed", "zebra", "bake"]]);
    expect(t.warnings[0]!.message).toMatch(/each gets a skeleton of its own/);
    expect(riggedCounts(t.scene).skeletons - baseline.skeletons).toBe(2);
    expect(drawingOf("zebra")).toEqual([]);
    for (const z of zebras) expect([...z.animations.values()].every((g) => g.isPlaying)).toBe(true);
  });
});
