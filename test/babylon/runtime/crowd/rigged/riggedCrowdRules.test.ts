/**
 * A rigged crowd (riggedCrowd.ts) built directly on a NullEngine scene from a hand-made model (no
 * catalog, no HTTP): a template of skinned and unskinned meshes with a one-bone skeleton, and a
 * hand-made bake whose rows and clips the tests set. Its drawing meshes (one per template mesh
 * with vertices, sharing its geometry, material and skeleton), the matrices written per offset,
 * the clip settings of each creature and what `shownAt` reads back, the uploads (of buffers and of
 * rows baked later), the shared bounding box, the levels of detail made with `meshLod` and the
 * creatures moved between them, the registry (riggedCrowdOf, disposeRiggedCrowd,
 * flushRiggedCrowds, riggedCrowdOfMesh), and dispose.
 */
import { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { Bone } from "@babylonjs/core/Bones/bone.js";
import { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import type { RawTexture } from "@babylonjs/core/Materials/Textures/rawTexture.js";
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { CreateSphere } from "@babylonjs/core/Meshes/Builders/sphereBuilder.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { RiggedTemplate } from "../../../../../src/babylon/gltf/index.js";
import { MESH_LOD_DEFAULTS, type MeshLodSettings } from "../../../../../src/babylon/options/meshLodOptions.js";
import type { RiggedBake } from "../../../../../src/babylon/runtime/crowd/rigged/riggedBake.js";
import {
  disposeRiggedCrowd,
  flushRiggedCrowds,
  type RiggedCrowd,
  type RiggedModel,
  riggedBakeStats,
  riggedCrowdOf,
  riggedCrowdOfMesh,
  riggedCrowdStats,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { makeRiggedLevels, riggedLevelStats } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevel.js";
import type { ModelRecord } from "../../../../../src/records/schemas.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** The per-instance clip settings' vertex buffer kind, as Babylon's baked vertex animation reads it. */
const SETTINGS = "bakedVertexAnimationSettingsInstanced";

/** The counts as the module starts them, read before any test resets them. */
const countsAtStart = { crowd: { ...riggedCrowdStats }, bake: { ...riggedBakeStats } };

let env: ReturnType<typeof createNullScene>;
/** Every crowd a test made, disposed after it (the registry is the module's). */
let crowds: RiggedCrowd[] = [];

beforeAll(async () => {
  // The simplifier's chunk and WebAssembly, loaded once before any test waits for levels.
  await makeRiggedLevels([], MESH_LOD_DEFAULTS, () => false);
});
beforeEach(() => {
  env = createNullScene();
  crowds = [];
  Object.assign(riggedCrowdStats, { matricesWritten: 0, uploads: 0, levelSwitches: 0, levelMeshesMade: 0 });
  riggedBakeStats.rowUploads = 0;
  riggedLevelStats.meshesSimplified = 0;
  riggedLevelStats.steps = 0;
});
afterEach(() => {
  for (const crowd of crowds) crowd.dispose();
  env.dispose();
});

/** The model's skeleton: one bone. */
function skeletonOf(): Skeleton {
  const skeleton = new Skeleton("model/skeleton", "model/skeleton", env.scene);
  new Bone("root", skeleton, null, Matrix.Identity());
  return skeleton;
}

/** Skins `mesh` to `skeleton`: every vertex on bone 0. */
function skin(mesh: Mesh, skeleton: Skeleton): Mesh {
  const vertices = mesh.getTotalVertices();
  mesh.setVerticesData(VertexBuffer.MatricesIndicesKind, new Float32Array(vertices * 4), false, 4);
  mesh.setVerticesData(
    VertexBuffer.MatricesWeightsKind,
    Float32Array.from({ length: vertices * 4 }, (_, k) => (k % 4 === 0 ? 1 : 0)),
    false,
    4,
  );
  mesh.skeleton = skeleton;
  mesh.numBoneInfluencers = 2;
  return mesh;
}

/** A box of the model with a material of its own, skinned when given a skeleton. */
function boxOf(name: string, skeleton?: Skeleton): Mesh {
  const box = CreateBox(name, { size: 1 }, env.scene);
  box.material = new StandardMaterial(`${name}/material`, env.scene);
  return skeleton ? skin(box, skeleton) : box;
}

/** Clips of the hand-made bake: row 0 is the rest pose, then idle's 4 rows (1-4), walk's 3 (5-7); rows 8-9 unused. */
const CLIPS = [
  { name: "idle", start: 1, frames: 4, seconds: 4 / 60 },
  { name: "walk", start: 5, frames: 3, seconds: 3 / 60 },
];
const ROWS = 10;

/** A bake whose progress a test sets (`rowsBaked`, `stopped`); `need` records its calls. */
type HandBake = RiggedBake & { rowsBaked: number; stopped: unknown; need: Mock<(a: number, b: number) => void> };

function bakeOf(skeleton: Skeleton, rowsBaked = ROWS): HandBake {
  const width = 8; // (1 bone + 1) × 4 pixels
  return {
    data: Float32Array.from({ length: ROWS * width * 4 }, (_, k) => k),
    skeleton,
    width,
    rows: ROWS,
    fps: 60,
    clips: CLIPS,
    rowsBaked,
    rowsFirst: 1,
    done: Promise.resolve(),
    stopped: undefined,
    need: vi.fn<(a: number, b: number) => void>(),
    slices: 1,
    longestSliceMs: 0,
    longestSliceCpuMs: 0,
  };
}

/** Rest bounds of the model: its feet at y = -0.5 (the crowd lifts them to the root's y = 0), 2 tall. */
const BOUNDS = { min: { x: -0.5, y: -0.5, z: -0.5 }, max: { x: 0.5, y: 1.5, z: 0.5 } };

/** A template over `meshes` (in its container, in that order). */
function templateOf(meshes: Mesh[]): RiggedTemplate & { isDisposed: boolean } {
  const container = new AssetContainer(env.scene);
  container.meshes.push(...meshes);
  return {
    model: "model",
    modelClip: "idle",
    clips: CLIPS.map((c) => c.name),
    bounds: BOUNDS,
    container,
    isDisposed: false,
    dispose() {
      this.isDisposed = true;
    },
  };
}

const record = { name: "model" } as ModelRecord;

/**
 * The usual model: a skinned body at the root (offset 0), an unskinned prop 1 m to the right
 * (offset 1), and an empty `__root__` mesh with no vertices first, as glTF's.
 */
function modelOf(options: { rowsBaked?: number; meshLod?: MeshLodSettings } = {}) {
  const skeleton = skeletonOf();
  const root = new Mesh("__root__", env.scene);
  const body = boxOf("body", skeleton);
  const prop = boxOf("prop");
  prop.position.x = 1;
  const rig = templateOf([root, body, prop]);
  const bake = bakeOf(skeleton, options.rowsBaked);
  const model: RiggedModel = { record, rig, bake, meshLod: options.meshLod ?? false };
  return { skeleton, root, body, prop, rig, bake, model };
}

/** `model`'s crowd, disposed after the test. */
function crowdOf(model: RiggedModel): RiggedCrowd {
  const crowd = riggedCrowdOf(env.scene, model)!;
  if (!crowds.includes(crowd)) crowds.push(crowd);
  return crowd;
}

/** The thin instance matrix `slot` of a drawing mesh. */
const matrixAt = (mesh: Mesh, slot: number) =>
  Array.from(mesh._thinInstanceDataStorage.matrixData!.subarray(slot * 16, slot * 16 + 16));
/** The clip settings (4 floats) of `slot` in a drawing mesh. */
const settingsAt = (mesh: Mesh, slot: number) =>
  Array.from(mesh._userThinInstanceBuffersStorage.data[SETTINGS]!.subarray(slot * 4, slot * 4 + 4));
/** The observers of the scene's before-active-meshes step, not counting those on their way out. */
const beforeMeshesObservers = () =>
  env.scene.onBeforeActiveMeshesEvaluationObservable.observers.filter(
    (o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered,
  ).length;
/** What happens before each frame's meshes are chosen: the crowd's flush and its row uploads. */
const beforeMeshes = () => env.scene.onBeforeActiveMeshesEvaluationObservable.notifyObservers(env.scene);
/** The clips' texture a crowd's meshes read. */
const textureOf = (crowd: RiggedCrowd) => crowd.meshes[0]!.bakedVertexAnimationManager!.texture as RawTexture;
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 1e-5);

describe("a rigged crowd's counts", () => {
  it("start at zero", () => {
    expect(countsAtStart).toEqual({
      crowd: { matricesWritten: 0, uploads: 0, levelSwitches: 0, levelMeshesMade: 0 },
      bake: { rowUploads: 0 },
    });
  });
});

describe("a rigged crowd's drawing meshes", () => {
  it("draws each template mesh with vertices once, named `<model>/<mesh>/crowd`, sharing its geometry and material", () => {
    const { model, body, prop } = modelOf();
    const crowd = crowdOf(model);
    expect(crowd.meshes.map((m) => m.name)).toEqual(["model/body/crowd", "model/prop/crowd"]);
    expect(crowd.meshes.map((m) => m.geometry)).toEqual([body.geometry, prop.geometry]);
    expect(crowd.meshes.map((m) => m.material)).toEqual([body.material, prop.material]);
    expect(crowd.meshes[0]!.skeleton).toBe(body.skeleton);
    expect(crowd.meshes[1]!.skeleton).toBeNull();
    expect(crowd.scene).toBe(env.scene);
    expect(crowd.bake).toBe(model.bake);
    expect(crowd.count).toBe(0);
    expect(crowd.levelCounts).toEqual([0]);
  });

  it("reads its clips from a texture of the bake's rows: RGBA floats, no mipmaps, not flipped", () => {
    const { model, bake } = modelOf();
    const crowd = crowdOf(model);
    const texture = textureOf(crowd);
    expect(texture.name).toBe("model/clips");
    expect(crowd.meshes[1]!.bakedVertexAnimationManager).toBeFalsy(); // the prop is not skinned
    const internal = texture.getInternalTexture()!;
    expect([internal.width, internal.height]).toEqual([bake.width, bake.rows]);
    expect([internal.generateMipMaps, internal.invertY, internal.type]).toEqual([false, false, 1]);
    expect(internal._bufferView).toBe(bake.data);
    expect(env.scene.textures).toContain(texture);
  });
});

describe("a rigged crowd's matrices", () => {
  it("draws each mesh at its place on the creature's root, the model's feet lifted to the root's y = 0", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const [, member] = [crowd.add(undefined, 1), crowd.add(undefined, 1)];
    crowd.write(member!, Matrix.Translation(10, 0, 3));
    const [body, prop] = crowd.meshes;
    expect(near(matrixAt(body!, 1), Matrix.Translation(10, 0.5, 3).asArray() as number[])).toBe(true);
    expect(near(matrixAt(prop!, 1), Matrix.Translation(11, 0.5, 3).asArray() as number[])).toBe(true);
    expect(matrixAt(body!, 0)).toEqual(Array(16).fill(0)); // the other creature: not written yet
    expect(riggedCrowdStats.matricesWritten).toBe(2); // a matrix per distinct offset
    expect([member!.x, member!.y, member!.z]).toEqual([10, 0, 3]);
  });

  it("applies the mesh's offset before the root's turn and scale", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const member = crowd.add(undefined, 1);
    const root = Matrix.Compose(
      new Vector3(2, 2, 2),
      Quaternion.RotationAxis(Vector3.Up(), Math.PI / 2),
      Vector3.Zero(),
    );
    crowd.write(member, root);
    const expected = Matrix.Translation(1, 0.5, 0).multiply(root); // the prop's offset, then the root
    expect(near(matrixAt(crowd.meshes[1]!, 0), expected.asArray() as number[])).toBe(true);
  });

  it("writes one matrix per distinct offset: meshes at the same place share it", () => {
    const skeleton = skeletonOf();
    const a = boxOf("a", skeleton);
    const b = boxOf("b", skeleton);
    b.position.y = 1e-8; // the same place, to a float's precision
    const c = boxOf("c");
    c.position.z = 2;
    const d = boxOf("d");
    const crowd = crowdOf({ record, rig: templateOf([a, b, c, d]), bake: bakeOf(skeleton) });
    const member = crowd.add(undefined, 1);
    crowd.write(member, Matrix.Translation(0, 0, 5));
    expect(riggedCrowdStats.matricesWritten).toBe(2);
    const z = crowd.meshes.map((mesh) => matrixAt(mesh, 0)[14]);
    expect(z).toEqual([5, 5, 7, 5]);
    crowd.write(member, Matrix.Translation(0, 0, 6));
    expect(riggedCrowdStats.matricesWritten).toBe(4);
  });

  it("turns the faces of a mesh whose place mirrors it, and of no other", () => {
    const skeleton = skeletonOf();
    const plain = boxOf("plain", skeleton);
    const mirrored = boxOf("mirrored", skeleton);
    mirrored.scaling.x = -1;
    const flat = boxOf("flat", skeleton);
    flat.scaling.y = 0; // no volume: nothing to turn
    const crowd = crowdOf({ record, rig: templateOf([plain, mirrored, flat]), bake: bakeOf(skeleton) });
    const turned = crowd.meshes.map((m, i) => m.sideOrientation !== [plain, mirrored, flat][i]!.sideOrientation);
    expect(turned).toEqual([false, true, false]);
  });

  it("takes a creature's reach from its root's largest scale, whichever axis it is on", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const turn = Quaternion.FromEulerAngles(0.3, 0.7, 1.1); // every component of every axis non-zero
    for (const scale of [new Vector3(3, 1, 2), new Vector3(1, 3, 2), new Vector3(2, 1, 3)]) {
      const member = crowd.add(undefined, 1.5);
      crowd.write(member, Matrix.Compose(scale, turn, new Vector3(1, 2, 3)));
      expect(member.reach).toBeCloseTo(4.5, 5);
    }
  });

  it("zeroes a hidden creature's matrices on every mesh and leaves its neighbours'", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const members = [crowd.add(undefined, 1), crowd.add(undefined, 1), crowd.add(undefined, 1)];
    members.forEach((m, i) => void crowd.write(m, Matrix.Translation(i + 1, 0, 0)));
    crowd.flush();
    const written = riggedCrowdStats.matricesWritten;
    members[1]!.hidden = true;
    crowd.write(members[1]!, Matrix.Translation(50, 0, 0));
    expect(riggedCrowdStats.matricesWritten).toBe(written);
    for (const mesh of crowd.meshes) {
      expect(matrixAt(mesh, 1)).toEqual(Array(16).fill(0));
      expect(matrixAt(mesh, 0)[12]).toBeGreaterThan(0);
      expect(matrixAt(mesh, 2)[12]).toBeGreaterThan(0);
    }
    expect(members[1]!.x).toBe(2); // where it was last shown
    expect(crowd.flush()).toBeUndefined();
    expect(riggedCrowdStats.uploads).toBe(4); // its matrices were sent again
  });
});

describe("a rigged crowd's members", () => {
  it("gives new creatures the next slots at full detail, showing the rest pose", () => {
    const { model, bake } = modelOf();
    const crowd = crowdOf(model);
    const owner = { current: "creature" };
    const members = [crowd.add(owner, 1), crowd.add(undefined, 2)];
    expect(members.map((m) => [m.slot, m.level, m.modelReach, m.owner])).toEqual([
      [0, 0, 1, owner],
      [1, 0, 2, undefined],
    ]);
    expect(crowd.count).toBe(2);
    expect(crowd.levelCounts).toEqual([2]);
    expect(crowd.meshes.map((m) => m.thinInstanceCount)).toEqual([2, 2]);
    expect(crowd.shownAt(1)).toEqual({ clip: "", frame: 0 });
    expect(bake.need).toHaveBeenCalledWith(0, 0);
    expect(crowd.meshes[0]!.metadata.menagerie.creatureAt(0)).toBe("creature");
  });

  it("gives a leaving creature's slot to the last one, and ignores one already gone", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const [a, b, c] = [crowd.add(undefined, 1), crowd.add(undefined, 1), crowd.add(undefined, 1)];
    crowd.showFrame(c!, 6);
    crowd.remove(a!);
    expect([a!.slot, b!.slot, c!.slot]).toEqual([-1, 1, 0]);
    expect(crowd.shownAt(0)).toEqual({ clip: "walk", frame: 1 });
    crowd.remove(a!); // already gone
    expect(crowd.count).toBe(2);
    expect([b!.slot, c!.slot]).toEqual([1, 0]);
    crowd.remove(c!);
    crowd.remove(b!);
    expect(crowd.count).toBe(0);
    expect(crowd.meshes.map((m) => m.thinInstanceCount)).toEqual([0, 0]);
  });
});

describe("a rigged crowd's clip frames", () => {
  it("reads the clip and frame of a baked row back, the rest pose outside every clip", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const member = crowd.add(undefined, 1);
    const shown = (row: number) => {
      crowd.showFrame(member, row);
      return crowd.shownAt(0);
    };
    expect(shown(1)).toEqual({ clip: "idle", frame: 0 });
    expect(shown(4)).toEqual({ clip: "idle", frame: 3 });
    expect(shown(5)).toEqual({ clip: "walk", frame: 0 });
    expect(shown(7)).toEqual({ clip: "walk", frame: 2 });
    expect(shown(8)).toEqual({ clip: "", frame: 0 });
    expect(shown(0)).toEqual({ clip: "", frame: 0 });
  });

  it("shows the second clip mixed in at its weight, and none at weight 0", () => {
    const { model, bake } = modelOf();
    const crowd = crowdOf(model);
    const [a, b] = [crowd.add(undefined, 1), crowd.add(undefined, 1)];
    crowd.showFrame(b!, 3, 6, 0.25);
    expect(bake.need).toHaveBeenLastCalledWith(3, 6);
    expect(crowd.shownAt(1)).toEqual({ clip: "idle", frame: 2, blend: { clip: "walk", frame: 1, weight: 0.25 } });
    expect(settingsAt(crowd.meshes[0]!, 1)).toEqual([3, 3, 0.25, 6]);
    crowd.showFrame(b!, 3, 6, 0);
    expect(crowd.shownAt(1)).toEqual({ clip: "idle", frame: 2 });
    expect(settingsAt(crowd.meshes[0]!, 1)).toEqual([3, 3, 0, 3]); // row A alone
    expect(crowd.shownAt(0)).toEqual({ clip: "", frame: 0 });
    expect(settingsAt(crowd.meshes[0]!, 0)).toEqual([0, 0, 0, 0]);
    void a;
  });

  it("answers nothing for a slot no creature holds, or a level not made", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    crowd.add(undefined, 1);
    crowd.add(undefined, 1);
    expect(crowd.shownAt(1)).toBeDefined();
    expect(crowd.shownAt(0)).toBeDefined();
    expect(crowd.shownAt(2)).toBeUndefined();
    expect(crowd.shownAt(-1)).toBeUndefined();
    expect(crowd.shownAt(0, 1)).toBeUndefined();
  });

  it("sends the clip settings of skinned meshes when a frame changed, and not when it is shown again", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const member = crowd.add(undefined, 1);
    crowd.flush();
    const [body, prop] = crowd.meshes;
    const sent = [vi.spyOn(body!, "thinInstanceBufferUpdated"), vi.spyOn(prop!, "thinInstanceBufferUpdated")];
    crowd.showFrame(member, 2);
    crowd.flush();
    expect(sent.map((spy) => spy.mock.calls.map((call) => call[0]))).toEqual([[SETTINGS], []]);
    expect(riggedCrowdStats.uploads).toBe(0); // only matrices count
    crowd.showFrame(member, 2);
    crowd.flush();
    expect(sent[0]!.mock.calls).toHaveLength(1);
  });
});

describe("a rigged crowd's flush", () => {
  it("uploads each mesh's matrices once after they were written, before each frame's meshes are chosen", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const member = crowd.add(undefined, 1);
    crowd.write(member, Matrix.Translation(1, 0, 0));
    beforeMeshes();
    expect(riggedCrowdStats.uploads).toBe(2);
    beforeMeshes();
    expect(riggedCrowdStats.uploads).toBe(2);
    crowd.write(member, Matrix.Translation(2, 0, 0));
    flushRiggedCrowds(env.scene);
    expect(riggedCrowdStats.uploads).toBe(4);
  });

  it("fits the shared bounding box around the written creatures, and only once they moved, came or went", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const box = () => {
      const info = crowd.meshes[0]!.getBoundingInfo().boundingBox;
      return [info.minimum.asArray(), info.maximum.asArray()];
    };
    expect(crowd.meshes[1]!.getBoundingInfo()).toBe(crowd.meshes[0]!.getBoundingInfo());
    const [a, b] = [crowd.add(undefined, 1), crowd.add(undefined, 1)];
    crowd.flush(); // none written yet: the box is as it was made
    expect(box()).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    crowd.write(a!, Matrix.Translation(10, 0, 0));
    crowd.write(b!, Matrix.Translation(20, 5, 0));
    crowd.flush();
    expect(box()).toEqual([
      [9, -1, -1],
      [21, 6, 1],
    ]);
    crowd.add(undefined, 1); // at the origin until written: not in the box yet
    crowd.flush();
    expect(box()).toEqual([
      [9, -1, -1],
      [21, 6, 1],
    ]);
    crowd.remove(b!);
    crowd.flush();
    expect(box()).toEqual([
      [-1, -1, -1],
      [11, 1, 1],
    ]);
  });

  it("flushes the crowds of the scene it is given", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    crowd.write(crowd.add(undefined, 1), Matrix.Identity());
    const other = createNullScene();
    try {
      flushRiggedCrowds(other.scene);
      expect(riggedCrowdStats.uploads).toBe(0);
    } finally {
      other.dispose();
    }
    flushRiggedCrowds(env.scene);
    expect(riggedCrowdStats.uploads).toBe(2);
  });
});

describe("riggedCrowdOf and the crowds of models", () => {
  it("makes one crowd per model with a bake and answers it again; none without a bake or for a disposed model", () => {
    const { model, rig } = modelOf();
    expect(riggedCrowdOf(env.scene, { ...model, bake: null })).toBeNull();
    const crowd = crowdOf(model);
    expect(crowdOf(model)).toBe(crowd);
    expect(env.scene.meshes.filter((m) => m.name.endsWith("/crowd"))).toHaveLength(2);
    rig.dispose();
    expect(riggedCrowdOf(env.scene, model)).toBeNull();
  });

  it("finds the crowd a drawing mesh belongs to, and none for another mesh", () => {
    const { model, body } = modelOf();
    const crowd = crowdOf(model);
    expect(crowd.meshes.map((m) => riggedCrowdOfMesh(m))).toEqual([crowd, crowd]);
    expect(riggedCrowdOfMesh(body)).toBeUndefined();
  });

  it("disposes a model's crowd, then makes it a new one; a model without one is let be", () => {
    const { model, rig } = modelOf();
    disposeRiggedCrowd(rig); // none yet
    const crowd = crowdOf(model);
    const meshes = crowd.meshes;
    disposeRiggedCrowd(rig);
    expect(meshes.map((m) => m.isDisposed())).toEqual([true, true]);
    const again = crowdOf(model);
    expect(again).not.toBe(crowd);
    // The first crowd's dispose, repeated, forgets nothing of the second.
    crowd.dispose();
    expect(crowdOf(model)).toBe(again);
  });

  it("flushes no disposed crowd", () => {
    const { model } = modelOf();
    const crowd = crowdOf(model);
    const member = crowd.add(undefined, 1);
    crowd.dispose();
    const flush = vi.spyOn(crowd, "flush");
    flushRiggedCrowds(env.scene);
    beforeMeshes();
    expect(flush).not.toHaveBeenCalled();
    crowd.remove(member); // after its dispose: nothing to do
    expect(member.slot).toBe(0);
  });
});

describe("a rigged crowd's dispose", () => {
  it("disposes the meshes, the clips' texture and its hook on the scene, and keeps the model's skeleton, materials and meshes", () => {
    const before = beforeMeshesObservers();
    const { model, body, prop, skeleton } = modelOf();
    const crowd = crowdOf(model);
    crowd.add(undefined, 1);
    const meshes = crowd.meshes;
    const texture = textureOf(crowd);
    expect(beforeMeshesObservers()).toBe(before + 1);
    crowd.dispose();
    expect(meshes.map((m) => m.isDisposed())).toEqual([true, true]);
    expect(env.scene.textures).not.toContain(texture);
    expect(beforeMeshesObservers()).toBe(before);
    expect(crowd.meshes).toEqual([]);
    expect(crowd.count).toBe(0);
    expect(env.scene.skeletons).toContain(skeleton);
    expect([body.isDisposed(), prop.isDisposed()]).toEqual([false, false]);
    expect(env.scene.materials).toEqual(expect.arrayContaining([body.material, prop.material]));
    expect(env.scene.meshes.map((m) => m.name).sort()).toEqual(["__root__", "body", "prop"]);
  });
});

describe("rows baked after a crowd was made", () => {
  it("reach the texture before the next frame's meshes are chosen, one upload per frame with new rows, until all are baked", () => {
    const before = beforeMeshesObservers();
    const { model, bake } = modelOf({ rowsBaked: 1 });
    const crowd = crowdOf(model);
    const update = vi.spyOn(textureOf(crowd), "update");
    expect(beforeMeshesObservers()).toBe(before + 2);
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(0);
    bake.rowsBaked = 4;
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(1);
    expect(update).toHaveBeenCalledWith(bake.data);
    bake.rowsBaked = 6;
    beforeMeshes();
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(2);
    expect(beforeMeshesObservers()).toBe(before + 2);
    bake.rowsBaked = ROWS;
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(3);
    expect(beforeMeshesObservers()).toBe(before + 1); // done: the flush's alone
  });

  it("stop reaching it when the bake stopped short, or the crowd is disposed", () => {
    const before = beforeMeshesObservers();
    const stopped = modelOf({ rowsBaked: 3 });
    crowdOf(stopped.model);
    stopped.bake.stopped = new Error("aborted");
    beforeMeshes();
    expect(beforeMeshesObservers()).toBe(before + 1);
    const disposed = modelOf({ rowsBaked: 3 });
    const crowd = crowdOf(disposed.model);
    expect(beforeMeshesObservers()).toBe(before + 3);
    crowd.dispose();
    expect(beforeMeshesObservers()).toBe(before + 1);
    disposed.bake.rowsBaked = 5;
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(0);
  });

  it("are not uploaded by a crowd of no skinned mesh, nor by one made once every row was baked", () => {
    const before = beforeMeshesObservers();
    const bake = bakeOf(skeletonOf(), 1);
    crowdOf({ record, rig: templateOf([boxOf("rigid")]), bake });
    expect(beforeMeshesObservers()).toBe(before + 1);
    bake.rowsBaked = 5;
    beforeMeshes();
    expect(riggedBakeStats.rowUploads).toBe(0);
    crowdOf(modelOf({ rowsBaked: ROWS }).model);
    expect(beforeMeshesObservers()).toBe(before + 2);
  });
});

describe("a rigged crowd's levels of detail", () => {
  /** A skinned sphere: the simplifier makes both default levels of it (a box it leaves whole). */
  const sphereOf = (skeleton: Skeleton) => skin(CreateSphere("sphere", { segments: 8 }, env.scene), skeleton);
  /** A mesh of 3 vertices and no triangles: left at full detail (no level made of it). */
  const looseOf = () => {
    const mesh = new Mesh("loose", env.scene);
    mesh.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0], false, 3);
    return mesh;
  };
  const levelModel = (meshes: (skeleton: Skeleton) => Mesh[], meshLod: MeshLodSettings = MESH_LOD_DEFAULTS) => {
    const skeleton = skeletonOf();
    return { record, rig: templateOf(meshes(skeleton)), bake: bakeOf(skeleton), meshLod };
  };
  const camera = () => env.scene.activeCamera!.computeWorldMatrix(); // at (0, 1, -5)

  it("are made once the simplifier is done, and creatures are moved to them by their distance in heights", async () => {
    let sphere!: Mesh;
    const model = levelModel((skeleton) => {
      sphere = sphereOf(skeleton);
      return [sphere, boxOf("prop")];
    });
    const crowd = crowdOf(model);
    expect(crowd.levelCounts).toEqual([0]);
    expect(await crowd.levelsReady).toBe(3);
    expect(crowd.levelCounts).toEqual([0, 0, 0]);
    expect(riggedCrowdStats.levelMeshesMade).toBe(0);
    const [a, b] = [crowd.add(undefined, 1), crowd.add(undefined, 1)];
    crowd.showFrame(b!, 6, 2, 0.5);
    crowd.write(a!, Matrix.Identity());
    crowd.write(b!, Matrix.Translation(0, 0, 45)); // 50 m away: 25 heights of 2 m
    camera();
    crowd.flush();
    expect(crowd.levelCounts).toEqual([1, 1, 0]);
    expect(crowd.count).toBe(2);
    expect([b!.level, b!.slot, a!.slot]).toEqual([1, 0, 0]);
    expect(riggedCrowdStats.levelSwitches).toBe(1);
    expect(riggedCrowdStats.levelMeshesMade).toBe(2);
    expect(riggedCrowdStats.uploads).toBe(4); // each level's two meshes
    expect(crowd.shownAt(0, 1)).toEqual({ clip: "walk", frame: 1, blend: { clip: "idle", frame: 1, weight: 0.5 } });
    expect(crowd.shownAt(0)).toEqual({ clip: "", frame: 0 });
    const lod1 = crowd.meshes.slice(2);
    expect(lod1.map((m) => m.name)).toEqual(["model/sphere/crowd/lod1", "model/prop/crowd/lod1"]);
    expect(lod1.map((m) => riggedCrowdOfMesh(m))).toEqual([crowd, crowd]);
    expect(lod1[0]!.getTotalIndices()).toBeLessThan(sphere.getTotalIndices()); // simplified
    expect(matrixAt(lod1[0]!, 0)[14]).toBe(45);
    // Farther: the last level.
    crowd.write(b!, Matrix.Translation(0, 0, 150));
    crowd.flush();
    expect(crowd.levelCounts).toEqual([1, 0, 1]);
    expect(riggedCrowdStats.levelSwitches).toBe(2);
    expect(riggedCrowdStats.levelMeshesMade).toBe(4);
    expect(crowd.meshes).toHaveLength(6);
  });

  it("are not made of a model the simplifier leaves whole, nor of a level no mesh has", async () => {
    const whole = crowdOf(levelModel((skeleton) => [looseOf(), boxOf("box", skeleton)]));
    expect(await whole.levelsReady).toBe(1);
    // The first ratio keeps every triangle: the sphere has its second level only.
    const lod = { ...MESH_LOD_DEFAULTS, ratios: [1, 0.06] };
    const second = crowdOf(levelModel((skeleton) => [sphereOf(skeleton)], lod));
    expect(await second.levelsReady).toBe(3);
    const mixed = crowdOf(levelModel((skeleton) => [looseOf(), sphereOf(skeleton)]));
    expect(await mixed.levelsReady).toBe(3);
    const member = whole.add(undefined, 1);
    whole.write(member, Matrix.Translation(0, 0, 150));
    camera();
    whole.flush();
    expect(whole.levelCounts).toEqual([1]);
  });

  it("draw everyone at full detail without meshLod", async () => {
    const crowd = crowdOf({ ...levelModel((skeleton) => [sphereOf(skeleton)]), meshLod: false });
    expect(await crowd.levelsReady).toBe(1);
    const member = crowd.add(undefined, 1);
    crowd.write(member, Matrix.Translation(0, 0, 150));
    camera();
    crowd.flush();
    expect(crowd.levelCounts).toEqual([1]);
    expect(riggedLevelStats.meshesSimplified).toBe(0);
  });

  it("are not made for a crowd disposed before or while they are", async () => {
    const early = crowdOf(levelModel((skeleton) => [sphereOf(skeleton)]));
    early.dispose();
    expect(await early.levelsReady).toBe(1);
    expect(riggedLevelStats.meshesSimplified).toBe(0);
    // Disposed while its last mesh is read, once the sphere's levels were made.
    const loose = looseOf();
    const late = crowdOf(levelModel((skeleton) => [sphereOf(skeleton), loose]));
    loose.getIndices = () => {
      late.dispose();
      return null;
    };
    expect(await late.levelsReady).toBe(1);
    expect(riggedLevelStats.meshesSimplified).toBe(1);
    expect(late.meshes).toEqual([]);
  });

  it("leave the crowd at full detail when making them fails", async () => {
    const loose = looseOf();
    const crowd = crowdOf(levelModel(() => [loose]));
    loose.getIndices = () => {
      throw new Error("unreadable");
    };
    expect(await crowd.levelsReady).toBe(1);
  });
});
