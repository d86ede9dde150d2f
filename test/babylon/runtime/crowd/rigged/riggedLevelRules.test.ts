/**
 * One level of a rigged crowd, built directly on a NullEngine scene from hand-made meshes (no
 * catalog model, no HTTP): its drawing meshes (names, geometry shared or its own, faces turned
 * for a mirroring offset, skinned from the crowd's baked clips where the source has a skeleton,
 * sub-meshes), the matrix buffer per offset and the clip settings kept per slot as members come,
 * go and move between levels, the buffers' growth (16 slots, then doubling), what an upload
 * sends, and dispose; then how a mesh is read for the simplifier (and when it is left at full
 * detail), the level meshes made from what the simplifier gave, and the making of a crowd's
 * levels (its counts, and its stop on the way).
 */
import { BakedVertexAnimationManager } from "@babylonjs/core/BakedVertexAnimation/bakedVertexAnimationManager.js";
import { Bone } from "@babylonjs/core/Bones/bone.js";
import { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import { VertexBuffer } from "@babylonjs/core/Buffers/buffer.js";
import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { MultiMaterial } from "@babylonjs/core/Materials/multiMaterial.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { SubMesh } from "@babylonjs/core/Meshes/subMesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import { MeshoptSimplifier } from "meshoptimizer/simplifier";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MESH_LOD_DEFAULTS } from "../../../../../src/babylon/options/meshLodOptions.js";
import {
  copySubMeshes,
  makeRiggedLevel,
  makeRiggedLevels,
  type RiggedLevel,
  type RiggedLevelContext,
  type RiggedSource,
  riggedLevelMeshOf,
  riggedLevelStats,
  setSubMeshes,
  vertexMeshOf,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevel.js";
import type { IndexRange, VertexLevel } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { type CrowdMember, newMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import type { ModelRecord } from "../../../../../src/records/schemas.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** The per-instance clip settings' vertex buffer kind, as Babylon's baked vertex animation reads it. */
const SETTINGS = "bakedVertexAnimationSettingsInstanced";
/** The clip blending plugin's name on a material (clipBlendPlugin.ts). */
const CLIP_BLEND = "MenagerieClipBlend";
/** Levels asked of the simplifier with the default options. */
const SPECS = MESH_LOD_DEFAULTS.ratios.length;

let env: ReturnType<typeof createNullScene>;
beforeAll(async () => {
  // The simplifier's chunk and WebAssembly, loaded once before any test reads when a call starts.
  await makeRiggedLevels([], MESH_LOD_DEFAULTS, () => false);
});
beforeEach(() => {
  RegisterThinInstanceMesh();
  env = createNullScene();
  riggedLevelStats.meshesSimplified = 0;
  riggedLevelStats.steps = 0;
});
afterEach(() => env.dispose());

/** The model's skeleton: one bone, its skin matrix read with the mesh's pose (as glTF's are). */
function skeletonOf(): Skeleton {
  const skeleton = new Skeleton("model/skeleton", "model/skeleton", env.scene);
  new Bone("root", skeleton, null, Matrix.Identity());
  skeleton.needInitialSkinMatrix = true;
  return skeleton;
}

/** A box of the model, skinned to `skeleton` (2 bone influences, every vertex on bone 0) when given. */
function boxOf(name: string, skeleton?: Skeleton): Mesh {
  const box = CreateBox(name, { size: 1 }, env.scene);
  box.material = new StandardMaterial(`${name}/material`, env.scene);
  if (skeleton) {
    const vertices = box.getTotalVertices();
    box.setVerticesData(VertexBuffer.MatricesIndicesKind, new Float32Array(vertices * 4), false, 4);
    box.setVerticesData(
      VertexBuffer.MatricesWeightsKind,
      Float32Array.from({ length: vertices * 4 }, (_, k) => (k % 4 === 0 ? 1 : 0)),
      false,
      4,
    );
    box.skeleton = skeleton;
    box.numBoneInfluencers = 2;
  }
  return box;
}

/** Gives a box two sub-meshes: its first three faces (vertices 0-11) on material 1, the other three on material 0. */
function splitBox(box: Mesh): Mesh {
  box.releaseSubMeshes();
  SubMesh.AddToMesh(1, 0, 12, 0, 18, box);
  SubMesh.AddToMesh(0, 12, 12, 18, 18, box);
  const material = new MultiMaterial(`${box.name}/multi`, env.scene);
  material.subMaterials.push(new StandardMaterial("a", env.scene), new StandardMaterial("b", env.scene));
  box.material = material;
  return box;
}

const subMeshesOf = (mesh: Mesh) =>
  mesh.subMeshes.map((s) => [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]);

/** A simplified level of 4 vertices and 2 triangles (one run each when `ranges`). */
function quadLevel(ranges = false): VertexLevel {
  const attributes = [
    { kind: "position", data: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), size: 3 },
    { kind: "normal", data: new Float32Array([0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1]), size: 3 },
  ];
  const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);
  const runs: IndexRange[] = [
    { indexStart: 0, indexCount: 3, materialIndex: 0 },
    { indexStart: 3, indexCount: 3, materialIndex: 1 },
  ];
  return ranges ? { indices, attributes, ranges: runs } : { indices, attributes };
}

/** A simplified level of one triangle. */
function triangleLevel(): VertexLevel {
  return {
    indices: new Uint16Array([0, 1, 2]),
    attributes: [{ kind: "position", data: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), size: 3 }],
  };
}

function contextOf(offsets = 2): RiggedLevelContext {
  return {
    record: { name: "model" } as ModelRecord,
    manager: new BakedVertexAnimationManager(env.scene),
    bounds: new BoundingInfo(new Vector3(-1, 0, -1), new Vector3(1, 2, 1)),
    offsets,
  };
}

/** A model of two meshes: a skinned body on offset 0, an unskinned prop on offset 1. */
function modelOf() {
  const skeleton = skeletonOf();
  const body = boxOf("model/body", skeleton);
  const prop = boxOf("model/prop");
  const sources: RiggedSource[] = [
    { source: body, name: "model/body", offset: 0, flip: false },
    { source: prop, name: "model/prop", offset: 1, flip: false },
  ];
  return { skeleton, body, prop, sources, context: contextOf(2) };
}

/** Adds a member to `level` and writes its matrices and settings as the crowd would: every float of its slot tells `mark` apart. */
function addMarked(level: RiggedLevel, mark: number): CrowdMember {
  const member = newMember(undefined, 1);
  level.add(member);
  writeMark(level, member.slot, mark);
  return member;
}

/** Offset o's matrix of `slot`: mark + 20o + k for its k-th float; its settings: mark + 50 + k. */
function writeMark(level: RiggedLevel, slot: number, mark: number): void {
  level.matrices.forEach((buffer, o) => {
    for (let k = 0; k < 16; k++) buffer[slot * 16 + k] = mark + o * 20 + k;
  });
  for (let k = 0; k < 4; k++) level.settings[slot * 4 + k] = mark + 50 + k;
}

/** The mark written in `slot`'s matrices (one per offset) and settings, or NaN where they hold no one mark. */
function markAt(level: RiggedLevel, slot: number): { matrices: number[]; settings: number } {
  const read = (floats: Float32Array, base: number) =>
    floats.every((f, k) => f === floats[0]! + k) ? floats[0]! - base : Number.NaN;
  return {
    matrices: level.matrices.map((buffer, o) => read(buffer.subarray(slot * 16, slot * 16 + 16), o * 20)),
    settings: read(level.settings.subarray(slot * 4, slot * 4 + 4), 50),
  };
}

const marked = (mark: number) => ({ matrices: [mark, mark], settings: mark });
const counts = (level: RiggedLevel) => level.meshes.map((m) => m.thinInstanceCount);

describe("a rigged level's meshes", () => {
  it("names the full level's meshes `<mesh>/crowd`, a simplified level's `<mesh>/crowd/lod<k>`, each drawn with its own offset", () => {
    const { sources, context, body, prop } = modelOf();
    const near = makeRiggedLevel(0, sources, context);
    expect(near.meshes.map((m) => m.name)).toEqual(["model/body/crowd", "model/prop/crowd"]);
    expect(near.draws.map((d) => d.offset)).toEqual([0, 1]);
    expect(near.firstMesh).toBe(near.draws[0]!.mesh);
    expect(near.meshes).toEqual(near.draws.map((d) => d.mesh));
    const far = makeRiggedLevel(2, sources, context);
    expect(far.index).toBe(2);
    expect(far.meshes.map((m) => m.name)).toEqual(["model/body/crowd/lod2", "model/prop/crowd/lod2"]);
    // The full level shares each source's geometry; a simplified level never does.
    expect(near.meshes.map((m) => m.geometry)).toEqual([body.geometry, prop.geometry]);
    for (const mesh of far.meshes) expect([body.geometry, prop.geometry]).not.toContain(mesh.geometry);
  });

  it("draws level k from the k-th of the source's simplified levels, or from the full mesh where it has none", () => {
    const box = boxOf("model/body");
    const context = contextOf(1);
    const simplified: RiggedSource = {
      source: box,
      name: "model/body",
      offset: 0,
      flip: false,
      levels: [quadLevel(), triangleLevel()],
    };
    const triangles = (index: number, source: RiggedSource) =>
      makeRiggedLevel(index, [source], context).firstMesh!.getTotalIndices() / 3;
    expect(triangles(0, simplified)).toBe(12);
    expect(triangles(1, simplified)).toBe(2);
    expect(triangles(2, simplified)).toBe(1);
    // Past its levels, or with none made: the full mesh, in a geometry of the level's own.
    expect(triangles(3, simplified)).toBe(12);
    const plain: RiggedSource = { source: box, name: "model/body", offset: 0, flip: false };
    const copy = makeRiggedLevel(1, [plain], context).firstMesh!;
    expect(copy.getTotalIndices()).toBe(36);
    expect(copy.geometry).not.toBe(box.geometry);
  });

  it("turns the faces of a mesh whose offset mirrors, from the source's orientation, and keeps the others'", () => {
    const { context } = modelOf();
    const front = boxOf("model/front");
    const back = boxOf("model/back");
    front.sideOrientation = 0;
    back.sideOrientation = 1;
    const level = makeRiggedLevel(
      0,
      [
        { source: front, name: "front", offset: 0, flip: true },
        { source: back, name: "back", offset: 0, flip: true },
        { source: front, name: "front/kept", offset: 0, flip: false },
        { source: back, name: "back/kept", offset: 0, flip: false },
      ],
      context,
    );
    expect(level.meshes.map((m) => m.sideOrientation)).toEqual([1, 0, 0, 1]);
    // A simplified level too.
    const far = makeRiggedLevel(1, [{ source: front, name: "front", offset: 0, flip: true }], context);
    expect(far.firstMesh!.sideOrientation).toBe(1);
  });

  it("skins a mesh from the crowd's baked clips only where its source has a skeleton, blending two clips in its material", () => {
    const { sources, context, skeleton, body, prop } = modelOf();
    for (const index of [0, 1]) {
      const [skinned, unskinned] = makeRiggedLevel(index, sources, context).meshes;
      expect(skinned!.skeleton).toBe(skeleton);
      expect(skinned!.numBoneInfluencers).toBe(2);
      expect(skinned!.bakedVertexAnimationManager).toBe(context.manager);
      expect(unskinned!.skeleton).toBeNull();
      expect(unskinned!.bakedVertexAnimationManager).toBeFalsy();
    }
    expect(body.material!.pluginManager?.getPlugin(CLIP_BLEND)).toBeTruthy();
    expect(prop.material!.pluginManager?.getPlugin(CLIP_BLEND) ?? null).toBeNull();
  });

  it("sets each mesh up for the crowd: hidden until it has creatures, its level and its creatures in its metadata, the source's own box, the crowd's bounds", () => {
    const { sources, context, body } = modelOf();
    const level = makeRiggedLevel(2, sources, context);
    const mesh = level.firstMesh!;
    expect(mesh.isVisible).toBe(false);
    expect(mesh.metadata.menagerie.record).toBe(context.record);
    expect(mesh.metadata.menagerie.level).toBe(2);
    expect(mesh.getBoundingInfo()).toBe(context.bounds);
    const own = body.getBoundingInfo();
    expect(mesh.rawBoundingInfo!.minimum).toEqual(own.minimum);
    expect(mesh.rawBoundingInfo!.maximum).toEqual(own.maximum);
    const creature = {};
    level.add(newMember({ current: creature }, 1));
    expect(mesh.metadata.menagerie.creatureAt(0)).toBe(creature);
  });

  it("gives the full level's mesh of a several-sub-mesh source its sub-meshes, and a simplified level its own runs", () => {
    const { context } = modelOf();
    const split = splitBox(boxOf("model/split"));
    const source: RiggedSource = { source: split, name: "split", offset: 0, flip: false, levels: [quadLevel(true)] };
    const near = makeRiggedLevel(0, [source], context).firstMesh!;
    expect(subMeshesOf(near)).toEqual([
      [1, 0, 12, 0, 18],
      [0, 12, 12, 18, 18],
    ]);
    const far = makeRiggedLevel(1, [source], context).firstMesh!;
    expect(subMeshesOf(far)).toEqual([
      [0, 0, 4, 0, 3],
      [1, 0, 4, 3, 3],
    ]);
    // One sub-mesh: one over everything.
    const whole = makeRiggedLevel(
      0,
      [{ source: boxOf("model/whole"), name: "whole", offset: 0, flip: false }],
      context,
    );
    expect(subMeshesOf(whole.firstMesh!)).toEqual([[0, 0, 24, 0, 36]]);
  });
});

describe("a rigged level's slots", () => {
  it("gives members the next slots and its level, and draws as many instances", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(1, sources, context);
    expect(level.upload()).toBe(0); // nothing written yet
    const members = [addMarked(level, 100), addMarked(level, 200), addMarked(level, 300)];
    expect(members.map((m) => [m.slot, m.level])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(level.members).toEqual(members);
    expect(level.matrices).toHaveLength(2);
    expect(counts(level)).toEqual([3, 3]);
  });

  it("gives a leaving member's slot to the last member, with its matrix at every offset and its settings", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const [a, b, c, d] = [addMarked(level, 100), addMarked(level, 200), addMarked(level, 300), addMarked(level, 400)];
    level.upload();
    level.framesDirty = false;
    level.remove(b!);
    expect(level.members).toEqual([a, d, c]);
    expect([b!.slot, d!.slot, c!.slot]).toEqual([-1, 1, 2]);
    expect([0, 1, 2].map((slot) => markAt(level, slot))).toEqual([marked(100), marked(400), marked(300)]);
    expect(counts(level)).toEqual([3, 3]);
    expect([level.matricesDirty, level.framesDirty]).toEqual([true, true]);
  });

  it("moves no one when the last member leaves", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const [a, b, c] = [addMarked(level, 100), addMarked(level, 200), addMarked(level, 300)];
    level.remove(c!);
    expect(level.members).toEqual([a, b]);
    expect([a!.slot, b!.slot, c!.slot]).toEqual([0, 1, -1]);
    expect([markAt(level, 0), markAt(level, 1)]).toEqual([marked(100), marked(200)]);
    expect(counts(level)).toEqual([2, 2]);
    for (const member of [a!, b!]) level.remove(member);
    expect(counts(level)).toEqual([0, 0]);
  });

  it("moves a member's matrices and settings from its slot in one level to the next free slot in another", () => {
    const { sources, context } = modelOf();
    const near = makeRiggedLevel(0, sources, context);
    const far = makeRiggedLevel(1, sources, context);
    const [a, b, c] = [addMarked(near, 100), addMarked(near, 200), addMarked(near, 300)];
    addMarked(far, 10);
    addMarked(far, 20);
    for (const level of [near, far]) {
      level.upload();
      level.framesDirty = false;
    }
    far.takeFrom(near, b!); // from slot 1 to slot 2
    expect([b!.slot, b!.level]).toEqual([2, 1]);
    expect([0, 1, 2].map((slot) => markAt(far, slot))).toEqual([marked(10), marked(20), marked(200)]);
    expect(far.members.at(-1)).toBe(b);
    // The level it left: its last member took the free slot.
    expect(near.members).toEqual([a, c]);
    expect(c!.slot).toBe(1);
    expect([markAt(near, 0), markAt(near, 1)]).toEqual([marked(100), marked(300)]);
    expect([counts(far), counts(near)]).toEqual([
      [3, 3],
      [2, 2],
    ]);
    for (const level of [far, near]) expect([level.matricesDirty, level.framesDirty]).toEqual([true, true]);
  });
});

describe("a rigged level's growth", () => {
  it("makes room for 16 members at the first, doubles when one more would not fit, and keeps what was written", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const first = addMarked(level, 1000);
    const sizes = () => [...level.matrices.map((b) => b.length / 16), level.settings.length / 4];
    expect(sizes()).toEqual([16, 16, 16]);
    for (let i = 1; i < 16; i++) addMarked(level, 1000 + i * 100);
    expect(sizes()).toEqual([16, 16, 16]);
    addMarked(level, 9000);
    expect(sizes()).toEqual([32, 32, 32]);
    expect(markAt(level, first.slot)).toEqual(marked(1000));
    expect(markAt(level, 15)).toEqual(marked(2500));
    expect(markAt(level, 16)).toEqual(marked(9000));
    for (let i = 17; i < 32; i++) addMarked(level, 1);
    expect(sizes()).toEqual([32, 32, 32]);
    addMarked(level, 1);
    expect(sizes()).toEqual([64, 64, 64]);
    expect(markAt(level, 16)).toEqual(marked(9000));
    expect(counts(level)).toEqual([33, 33]);
  });

  it("hands each mesh its own offset's matrices, and the clip settings to skinned meshes only", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const check = () => {
      const [body, prop] = level.meshes;
      expect(body!._thinInstanceDataStorage.matrixData).toBe(level.matrices[0]);
      expect(prop!._thinInstanceDataStorage.matrixData).toBe(level.matrices[1]);
      expect(body!._userThinInstanceBuffersStorage.data[SETTINGS]).toBe(level.settings);
      expect(prop!._userThinInstanceBuffersStorage?.data[SETTINGS]).toBeUndefined();
    };
    addMarked(level, 1);
    check();
    for (let i = 1; i <= 16; i++) addMarked(level, 1);
    check(); // the grown buffers
  });

  it("keeps the matrices and the clip settings in updatable instance buffers: both are rewritten as creatures move and play", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const updatable = () => {
      const [body, prop] = level.meshes;
      return [
        body!.getVertexBuffer("world0")!.isUpdatable(),
        body!.getVertexBuffer(SETTINGS)!.isUpdatable(),
        prop!.getVertexBuffer("world0")!.isUpdatable(),
      ];
    };
    addMarked(level, 1);
    expect(updatable()).toEqual([true, true, true]);
    for (let i = 1; i <= 16; i++) addMarked(level, 1);
    expect(updatable()).toEqual([true, true, true]); // the grown buffers
  });

  it("grows a level members move into exactly when one more would not fit, their data copied into the grown buffers", () => {
    const { sources, context } = modelOf();
    const near = makeRiggedLevel(0, sources, context);
    const far = makeRiggedLevel(1, sources, context);
    const movers = [addMarked(near, 100), addMarked(near, 200)];
    for (let i = 0; i < 15; i++) addMarked(far, 1000 + i * 100);
    far.takeFrom(near, movers[0]!); // the 16th: the last free slot
    expect(far.matrices[0]).toHaveLength(16 * 16);
    expect(markAt(far, 15)).toEqual(marked(100));
    far.takeFrom(near, movers[1]!); // the 17th
    expect(far.matrices.map((b) => b.length)).toEqual([32 * 16, 32 * 16]);
    expect(far.settings).toHaveLength(32 * 4);
    expect([markAt(far, 14), markAt(far, 15), markAt(far, 16)]).toEqual([marked(2400), marked(100), marked(200)]);
    expect(counts(far)).toEqual([17, 17]);
  });
});

describe("a rigged level's uploads", () => {
  it("sends every mesh's matrices once when they were written, and the clip settings of skinned meshes only", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    addMarked(level, 1);
    const [body, prop] = level.meshes;
    const sent = [vi.spyOn(body!, "thinInstanceBufferUpdated"), vi.spyOn(prop!, "thinInstanceBufferUpdated")];
    level.matricesDirty = true;
    level.framesDirty = true;
    expect(level.upload()).toBe(2);
    expect(sent.map((spy) => spy.mock.calls.map((call) => call[0]))).toEqual([["matrix", SETTINGS], ["matrix"]]);
    expect([level.matricesDirty, level.framesDirty]).toEqual([false, false]);
    expect(level.upload()).toBe(0);
    expect(sent.map((spy) => spy.mock.calls.length)).toEqual([2, 1]);
  });

  it("sends nothing before anything was written", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    const [body, prop] = level.meshes;
    const sent = [vi.spyOn(body!, "thinInstanceBufferUpdated"), vi.spyOn(prop!, "thinInstanceBufferUpdated")];
    expect([level.matricesDirty, level.framesDirty]).toEqual([false, false]);
    expect(level.upload()).toBe(0);
    expect(sent.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
  });

  it("sends only the clip settings when only the frames changed, counting no matrix upload", () => {
    const { sources, context } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    addMarked(level, 1);
    const [body, prop] = level.meshes;
    const sent = [vi.spyOn(body!, "thinInstanceBufferUpdated"), vi.spyOn(prop!, "thinInstanceBufferUpdated")];
    level.framesDirty = true;
    expect(level.upload()).toBe(0);
    expect(sent.map((spy) => spy.mock.calls.map((call) => call[0]))).toEqual([[SETTINGS], []]);
    expect(level.framesDirty).toBe(false);
  });
});

describe("a rigged level's dispose", () => {
  it("disposes its meshes but not the template's skeleton nor its materials, and forgets its draws and members", () => {
    const { sources, context, skeleton, body } = modelOf();
    const level = makeRiggedLevel(0, sources, context);
    addMarked(level, 1);
    const meshes = level.meshes;
    const poseMeshes = (skeleton as unknown as { _meshesWithPoseMatrix: Mesh[] })._meshesWithPoseMatrix;
    expect(poseMeshes).toContain(meshes[0]);
    level.dispose();
    expect(meshes.map((m) => m.isDisposed())).toEqual([true, true]);
    // The skeleton is the template's: it no longer reads a disposed mesh's pose, and lives on.
    expect(poseMeshes).toEqual([body]);
    expect(env.scene.skeletons).toContain(skeleton);
    expect(skeleton.bones).toHaveLength(1);
    expect(body.isDisposed()).toBe(false);
    expect(env.scene.materials).toContain(body.material);
    expect(body.material!.getBindedMeshes()).toEqual([body]);
    expect([level.draws, level.members, level.meshes]).toEqual([[], [], []]);
    expect(level.firstMesh).toBeUndefined();
  });
});

describe("vertexMeshOf", () => {
  it("reads a mesh's triangles and every attribute, as 32-bit arrays, with no runs for one sub-mesh", () => {
    const box = CreateBox("box", { size: 1 }, env.scene); // plain arrays
    const read = vertexMeshOf(box)!;
    expect(read.indices).toBeInstanceOf(Uint32Array);
    expect([...read.indices]).toEqual(box.getIndices());
    expect(read.attributes.map((a) => [a.kind, a.size, a.data.length])).toEqual([
      ["position", 3, 72],
      ["normal", 3, 72],
      ["uv", 2, 48],
    ]);
    for (const a of read.attributes) {
      expect(a.data).toBeInstanceOf(Float32Array);
      expect([...a.data]).toEqual(box.getVerticesData(a.kind)!.map(Math.fround));
    }
    expect(read.positions).toBe(read.attributes[0]!.data);
    expect("ranges" in read).toBe(false);
  });

  it("takes 32-bit data as it is, and widens 16-bit indices", () => {
    const mesh = new Mesh("triangle", env.scene);
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    mesh.setVerticesData("position", positions, false, 3);
    mesh.setIndices(new Uint32Array([0, 1, 2]));
    const read = vertexMeshOf(mesh)!;
    expect(read.positions).toBe(mesh.getVerticesData("position"));
    expect(read.indices).toBe(mesh.getIndices());
    mesh.setIndices(new Uint16Array([0, 2, 1]));
    const widened = vertexMeshOf(mesh)!.indices;
    expect(widened).toBeInstanceOf(Uint32Array);
    expect([...widened]).toEqual([0, 2, 1]);
  });

  it("leaves a mesh of no vertices or of no triangle at full detail, and reads one of a single triangle", () => {
    expect(vertexMeshOf(new Mesh("empty", env.scene))).toBeUndefined();
    const noVertices = new Mesh("no vertices", env.scene);
    noVertices.setVerticesData("position", new Float32Array(0), false, 3);
    noVertices.setIndices([0, 1, 2]);
    expect(vertexMeshOf(noVertices)).toBeUndefined();
    const triangle = (indices: number[] | null) => {
      const mesh = new Mesh("t", env.scene);
      mesh.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0], false, 3);
      if (indices) mesh.setIndices(indices);
      return vertexMeshOf(mesh);
    };
    expect(triangle(null)).toBeUndefined();
    expect(triangle([0, 1])).toBeUndefined();
    expect([...triangle([0, 1, 2])!.indices]).toEqual([0, 1, 2]);
  });

  it("leaves a mesh with an attribute of an unexpected length, or with no 3-float positions, at full detail", () => {
    const mesh = new Mesh("short uv", env.scene);
    mesh.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0], false, 3);
    mesh.setVerticesData("uv", [0, 0, 1, 0, 1], false, 2); // one float short
    mesh.setIndices([0, 1, 2]);
    expect(vertexMeshOf(mesh)).toBeUndefined();
    const wide = new Mesh("wide positions", env.scene);
    const positions = new Float32Array([0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1]);
    wide.setVerticesBuffer(new VertexBuffer(env.engine, positions, "position", false, false, 4, false, 0, 4));
    wide.setIndices([0, 1, 2]);
    expect(wide.getTotalVertices()).toBe(3);
    expect(vertexMeshOf(wide)).toBeUndefined();
  });

  it("reads no instance buffer (a thin-instanced mesh's matrices)", () => {
    const box = CreateBox("box", { size: 1 }, env.scene);
    box.thinInstanceSetBuffer("matrix", new Float32Array(32), 16, false);
    expect(box.getVerticesDataKinds()).toContain("world0");
    expect(vertexMeshOf(box)!.attributes.map((a) => a.kind)).toEqual(["position", "normal", "uv"]);
  });

  it("reads several sub-meshes as index runs with their materials, the last one ending at the last index", () => {
    const read = vertexMeshOf(splitBox(CreateBox("split", { size: 1 }, env.scene)))!;
    expect(read.ranges).toEqual([
      { indexStart: 0, indexCount: 18, materialIndex: 1 },
      { indexStart: 18, indexCount: 18, materialIndex: 0 },
    ]);
    // One sub-mesh, even over part of the indices: no runs.
    const part = CreateBox("part", { size: 1 }, env.scene);
    part.releaseSubMeshes();
    SubMesh.AddToMesh(0, 0, 24, 6, 12, part);
    expect(vertexMeshOf(part)!.ranges).toBeUndefined();
  });

  it("leaves a mesh at full detail when one of its sub-meshes lies outside its indices or cuts a triangle", () => {
    const splitWith = (indexStart: number, indexCount: number) => {
      const box = splitBox(CreateBox("split", { size: 1 }, env.scene));
      box.subMeshes[1]!.indexStart = indexStart;
      box.subMeshes[1]!.indexCount = indexCount;
      return vertexMeshOf(box);
    };
    expect(splitWith(18, 18)).toBeDefined();
    expect(splitWith(24, 12)).toBeDefined();
    expect(splitWith(27, 12)).toBeUndefined(); // past the 36th index
    expect(splitWith(18, 17)).toBeUndefined(); // not whole triangles
    expect(splitWith(18, 16)).toBeUndefined();
    expect(splitWith(-3, 18)).toBeUndefined(); // before the first
  });
});

describe("setSubMeshes and copySubMeshes", () => {
  it("give a mesh one sub-mesh per run over all its vertices, and leave it as it is for fewer than two runs", () => {
    const ranges: IndexRange[] = [
      { indexStart: 0, indexCount: 6, materialIndex: 2 },
      { indexStart: 6, indexCount: 30, materialIndex: 0 },
    ];
    const box = CreateBox("box", { size: 1 }, env.scene);
    setSubMeshes(box, undefined, 24);
    setSubMeshes(box, ranges.slice(1), 24);
    expect(subMeshesOf(box)).toEqual([[0, 0, 24, 0, 36]]);
    setSubMeshes(box, ranges, 20);
    expect(subMeshesOf(box)).toEqual([
      [2, 0, 20, 0, 6],
      [0, 0, 20, 6, 30],
    ]);
  });

  it("copy a source's sub-meshes with their vertex ranges when it has several, and leave the mesh as it is otherwise", () => {
    const mesh = CreateBox("mesh", { size: 1 }, env.scene);
    copySubMeshes(new Mesh("empty", env.scene), mesh);
    const part = CreateBox("part", { size: 1 }, env.scene);
    part.releaseSubMeshes();
    SubMesh.AddToMesh(3, 4, 8, 6, 12, part);
    copySubMeshes(part, mesh);
    expect(subMeshesOf(mesh)).toEqual([[0, 0, 24, 0, 36]]);
    copySubMeshes(splitBox(CreateBox("split", { size: 1 }, env.scene)), mesh);
    expect(subMeshesOf(mesh)).toEqual([
      [1, 0, 12, 0, 18],
      [0, 12, 12, 18, 18],
    ]);
  });
});

describe("riggedLevelMeshOf", () => {
  it("draws a level's own buffers, runs as sub-meshes, with the source's material and looks", () => {
    const source = splitBox(CreateBox("source", { size: 1 }, env.scene));
    source.sideOrientation = 1;
    source.receiveShadows = true;
    const mesh = riggedLevelMeshOf(source, quadLevel(true), "source/lod1");
    expect(mesh.name).toBe("source/lod1");
    expect(mesh.getScene()).toBe(env.scene);
    expect(mesh.geometry).not.toBe(source.geometry);
    expect([...mesh.getIndices()!]).toEqual([0, 1, 2, 0, 2, 3]);
    expect(mesh.getVerticesDataKinds()).toEqual(["position", "normal"]);
    expect([...mesh.getVerticesData("position")!]).toEqual([...quadLevel().attributes[0]!.data]);
    expect(subMeshesOf(mesh)).toEqual([
      [0, 0, 4, 0, 3],
      [1, 0, 4, 3, 3],
    ]);
    expect([mesh.material, mesh.sideOrientation, mesh.receiveShadows]).toEqual([source.material, 1, true]);
    // Made once and never rewritten: static buffers.
    expect(mesh.getVerticesDataKinds().map((kind) => mesh.getVertexBuffer(kind)!.isUpdatable())).toEqual([
      false,
      false,
    ]);
  });

  it("reads the full mesh into a geometry of its own where the level has no buffers, with its sub-meshes", () => {
    const source = splitBox(CreateBox("source", { size: 1 }, env.scene));
    const mesh = riggedLevelMeshOf(source, null, "source/lod1");
    expect(mesh.geometry).not.toBe(source.geometry);
    expect(mesh.geometry!.id).not.toBe("source/lod1/geometry"); // read as buffers, not a copy
    expect([...mesh.getIndices()!]).toEqual(source.getIndices());
    expect(mesh.getVerticesDataKinds()).toEqual(["position", "normal", "uv"]);
    expect(subMeshesOf(mesh)).toEqual([
      [1, 0, 24, 0, 18],
      [0, 0, 24, 18, 18],
    ]);
    expect(mesh.material).toBe(source.material);
  });

  it("copies the full mesh's geometry where it cannot be read, with its sub-meshes and looks", () => {
    const source = splitBox(CreateBox("source", { size: 1 }, env.scene));
    source.subMeshes[1]!.indexCount = 17; // cuts its last triangle
    source.sideOrientation = 0;
    expect(vertexMeshOf(source)).toBeUndefined();
    const mesh = riggedLevelMeshOf(source, undefined, "source/lod1");
    expect(mesh.geometry).not.toBe(source.geometry);
    expect(mesh.geometry!.id).toBe("source/lod1/geometry");
    expect(mesh.getTotalIndices()).toBe(36);
    expect(subMeshesOf(mesh)).toEqual(subMeshesOf(source));
    expect([mesh.material, mesh.sideOrientation]).toEqual([source.material, 0]);
  });
});

describe("makeRiggedLevels", () => {
  /** A mesh the levels leave at full detail: it has no vertex. */
  const bare = () => new Mesh("bare", env.scene);

  it("makes each readable mesh's levels, one simplifier call a step, and leaves the others at full detail", async () => {
    const box = CreateBox("box", { size: 1 }, env.scene);
    const split = splitBox(CreateBox("split", { size: 1 }, env.scene));
    const levels = await makeRiggedLevels([bare(), box, split], MESH_LOD_DEFAULTS, () => false);
    expect(levels).toHaveLength(3);
    expect(levels![0]).toBeUndefined();
    expect(levels![1]).toHaveLength(SPECS);
    expect(levels![2]).toHaveLength(SPECS);
    expect(riggedLevelStats.meshesSimplified).toBe(2);
    expect(riggedLevelStats.steps).toBe(SPECS + SPECS * 2); // the split box: one call per run
  });

  it("starts in a task after the caller's", async () => {
    const stop = vi.fn(() => false);
    const made = makeRiggedLevels([CreateBox("box", { size: 1 }, env.scene)], MESH_LOD_DEFAULTS, stop);
    // Its chunk loaded (beforeAll), the promises it awaits would all have settled within these turns of the microtask queue.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(stop).not.toHaveBeenCalled();
    expect(await made).toHaveLength(1);
  });

  it("gives the event loop a turn between two simplifier calls", async () => {
    let turned = false;
    const seen: boolean[] = [];
    const stop = () => {
      seen.push(turned);
      if (seen.length === 1) setImmediate(() => (turned = true)); // waits behind the first call
      return false;
    };
    await makeRiggedLevels([CreateBox("box", { size: 1 }, env.scene)], MESH_LOD_DEFAULTS, stop);
    expect(seen).toEqual([false, ...Array<boolean>(SPECS).fill(true)]);
  });

  it("answers null when told to stop before a mesh, between meshes, or between two steps of one", async () => {
    /** Stops from its `n`-th call on: calls come before each mesh and after each step. */
    const stopAt = (n: number) => {
      let calls = 0;
      return () => ++calls >= n;
    };
    const box = () => CreateBox("box", { size: 1 }, env.scene);
    expect(await makeRiggedLevels([bare()], MESH_LOD_DEFAULTS, stopAt(1))).toBeNull();
    // The box: a call before it, one after each of its steps; then one before the bare mesh.
    expect(await makeRiggedLevels([box(), bare()], MESH_LOD_DEFAULTS, stopAt(SPECS + 2))).toBeNull();
    expect(await makeRiggedLevels([box()], MESH_LOD_DEFAULTS, stopAt(2))).toBeNull();
    expect(riggedLevelStats.steps).toBe(SPECS + 1);
    // Never told: levels.
    expect(await makeRiggedLevels([box(), bare()], MESH_LOD_DEFAULTS, stopAt(SPECS + 3))).toHaveLength(2);
  });

  it("answers null where the simplifier cannot run", async () => {
    const simplifier = MeshoptSimplifier as { supported: boolean };
    simplifier.supported = false;
    try {
      expect(
        await makeRiggedLevels([CreateBox("box", { size: 1 }, env.scene)], MESH_LOD_DEFAULTS, () => false),
      ).toBeNull();
    } finally {
      simplifier.supported = true;
    }
    expect(riggedLevelStats.meshesSimplified).toBe(0);
  });
});
