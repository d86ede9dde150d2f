/**
 * A part-built model drawn as one skinned mesh per look (material and drawing properties): the
 * part meshes that look alike are joined into one geometry, each vertex bound with weight 1 to
 * the joint its part hangs from. A crowd (crowdRenderer.ts) then draws a whole species in one
 * draw call per look and level of detail, where it drew one per part mesh; the parts still move
 * apart, posed per creature from a texture of joint matrices (crowdLevel.ts) that Babylon's
 * baked vertex animation reads in every shader it has (the material's, the shadow generator's
 * depth pass, picking and depth renderers alike), so no shader of Menagerie's own is involved.
 *
 * Babylon reads bone influences only for a mesh with a skeleton: each crowd makes one of as many
 * bones as the model has joints and takes it out of the scene's list. Nothing animates it (the
 * texture holds the pose); it only tells the shaders how many bones a vertex can name.
 */
import { Bone } from "@babylonjs/core/Bones/bone.js";
import { Skeleton } from "@babylonjs/core/Bones/skeleton.js";
import type { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Matrix } from "@babylonjs/core/Maths/math.vector.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { VertexData } from "@babylonjs/core/Meshes/mesh.vertexData.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ObjLevels } from "../../../../obj/objLevels.js";
import { copyLooks } from "../shared/drawingMesh.js";
import { joinableLooks, LOOK_KIND, lookMaterialOf } from "./lookPlugin.js";

/** A template mesh, and what each level draws of it. */
export interface PartSource {
  source: Mesh;
  joint: number;
  part: string;
  levels: ObjLevels | undefined;
}

/** Part meshes drawn alike. */
export interface PartLook {
  /** Whose drawing properties the joined mesh copies (the first of `sources`). */
  readonly first: Mesh;
  readonly sources: readonly PartSource[];
  /** The parts it holds, in order, for the meshes' metadata. */
  readonly parts: readonly string[];
}

/**
 * Part meshes joined into one mesh per level: one look, or several drawn by one material
 * (lookPlugin.ts), each vertex carrying its look's index.
 */
export interface PartDrawSet {
  /** Whose drawing properties the joined mesh copies. */
  readonly first: Mesh;
  /** Its own material (several looks'), or null: `first`'s. */
  readonly material: StandardMaterial | null;
  /** Each part mesh and its look's index. */
  readonly entries: readonly { source: PartSource; look: number }[];
  readonly parts: readonly string[];
}

/**
 * How a model's looks are drawn: all in one set with a material of their own (named `name`) when
 * their materials can be joined (lookPlugin.ts), else one set per look.
 */
export function drawSetsOf(scene: Scene, looks: readonly PartLook[], name: string): PartDrawSet[] {
  const first = looks[0]?.first;
  const joinable =
    first !== undefined &&
    looks.every((l) => sameLook(first, l.first, true) && !isLine(l.first)) &&
    joinableLooks(
      scene,
      looks.map((l) => l.first.material),
    );
  if (!joinable) {
    return looks.map((l) => ({
      first: l.first,
      material: null,
      entries: l.sources.map((source) => ({ source, look: 0 })),
      parts: l.parts,
    }));
  }
  const material = lookMaterialOf(
    scene,
    name,
    looks.map((l) => l.first.material as StandardMaterial),
  );
  return [
    {
      first,
      material,
      entries: looks.flatMap((l, look) => l.sources.map((source) => ({ source, look }))),
      parts: [...new Set(looks.flatMap((l) => l.parts))],
    },
  ];
}

/** Counts for tests and tools. */
export const partSkinStats = {
  /** Joined meshes built (one per look and level of a model with creatures). */
  meshesJoined: 0,
};

/** Groups `sources` by look, in their order: part meshes of one look can be drawn as one. */
export function looksOf(sources: readonly PartSource[]): PartLook[] {
  const looks: { first: Mesh; sources: PartSource[]; parts: string[] }[] = [];
  for (const s of sources) {
    const look = looks.find((l) => sameLook(l.first, s.source, false));
    if (!look) looks.push({ first: s.source, sources: [s], parts: [s.part] });
    else {
      look.sources.push(s);
      if (!look.parts.includes(s.part)) look.parts.push(s.part);
    }
  }
  return looks;
}

/** True when `a` and `b` draw alike: the properties {@link copyLooks} carries (the material unless `material` is false), lines apart from triangles. */
function sameLook(a: Mesh, b: Mesh, anyMaterial: boolean): boolean {
  return (
    (anyMaterial || a.material === b.material) &&
    isLine(a) === isLine(b) &&
    a.sideOrientation === b.sideOrientation &&
    a.receiveShadows === b.receiveShadows &&
    a.renderingGroupId === b.renderingGroupId &&
    a.layerMask === b.layerMask &&
    a.visibility === b.visibility &&
    a.alphaIndex === b.alphaIndex &&
    a.hasVertexAlpha === b.hasVertexAlpha
  );
}

function isLine(mesh: Mesh): boolean {
  return (mesh._internalMetadata as { _isLine?: boolean } | undefined)?._isLine === true;
}

/** One part mesh's buffers at a level. */
interface PartBuffers {
  positions: ArrayLike<number>;
  normals: ArrayLike<number> | null;
  uvs: ArrayLike<number> | null;
  indices: ArrayLike<number>;
}

/** `s`'s buffers at level `index` (0: the template mesh; a level without its own: the full mesh). */
function buffersAt(s: PartSource, index: number): PartBuffers | null {
  const level = index > 0 ? s.levels?.[index - 1] : null;
  if (level) {
    let normals: ArrayLike<number> | undefined = level.normals;
    if (!normals) {
      // As for the full mesh (parseObj.ts): an OBJ without normals gets computed ones.
      const computed = new Float32Array(level.positions.length);
      VertexData.ComputeNormals(level.positions, level.indices, computed);
      normals = computed;
    }
    return { positions: level.positions, normals, uvs: level.uvs ?? null, indices: level.indices };
  }
  const positions = s.source.getVerticesData("position");
  const indices = s.source.getIndices();
  if (!positions || !indices || positions.length === 0) return null;
  return {
    positions,
    normals: s.source.getVerticesData("normal"),
    uvs: s.source.getVerticesData("uv"),
    indices,
  };
}

/**
 * The joined mesh of `look` at level `index`: every part mesh's vertices in the model frame (as
 * the OBJ placed them), bound to its joint, `skeleton` set; null when no part has a vertex.
 */
export function joinedMeshOf(set: PartDrawSet, index: number, skeleton: Skeleton, name: string): Mesh | null {
  const parts = set.entries.map((e) => ({ joint: e.source.joint, look: e.look, data: buffersAt(e.source, index) }));
  let vertices = 0;
  let indexCount = 0;
  let withUvs = false;
  for (const { data } of parts) {
    if (!data) continue;
    vertices += data.positions.length / 3;
    indexCount += data.indices.length;
    withUvs ||= data.uvs !== null;
  }
  if (vertices === 0) return null;
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const uvs = withUvs ? new Float32Array(vertices * 2) : null;
  const joints = new Float32Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  const looks = set.material ? new Float32Array(vertices) : null;
  const indices = vertices > 65_535 ? new Uint32Array(indexCount) : new Uint16Array(indexCount);
  let v = 0;
  let i = 0;
  for (const { joint, look, data } of parts) {
    if (!data) continue;
    const n = data.positions.length / 3;
    looks?.fill(look, v, v + n);
    positions.set(data.positions, v * 3);
    if (data.normals) normals.set(data.normals, v * 3);
    if (uvs && data.uvs) uvs.set(data.uvs, v * 2);
    for (let k = 0; k < n; k++) {
      joints[(v + k) * 4] = joint;
      weights[(v + k) * 4] = 1;
    }
    for (let k = 0; k < data.indices.length; k++) indices[i + k] = data.indices[k]! + v;
    v += n;
    i += data.indices.length;
  }
  const mesh = new Mesh(name, set.first.getScene());
  const vertexData = new VertexData();
  vertexData.positions = positions;
  vertexData.normals = normals;
  if (uvs) vertexData.uvs = uvs;
  vertexData.matricesIndices = joints;
  vertexData.matricesWeights = weights;
  vertexData.indices = indices;
  vertexData.applyToMesh(mesh);
  if (looks) mesh.setVerticesData(LOOK_KIND, looks, false, 1);
  copyLooks(set.first, mesh);
  if (set.material) mesh.material = set.material;
  mesh.skeleton = skeleton;
  mesh.numBoneInfluencers = 1;
  partSkinStats.meshesJoined++;
  return mesh;
}

/** A skeleton of `joints` bones for a crowd's joined meshes, kept out of the scene's list (see the module comment). */
export function partSkeleton(scene: Scene, name: string, joints: number): Skeleton {
  const skeleton = new Skeleton(name, name, scene);
  for (let j = 0; j < joints; j++) new Bone(`${name}/${j}`, skeleton, null, Matrix.Identity());
  // Not `scene.removeSkeleton`: that also queues a clean-up of the frame's active skeletons on the
  // next frame (an observer left behind until a render), and this one was never active.
  const list = scene.skeletons;
  const at = list.indexOf(skeleton);
  if (at >= 0) list.splice(at, 1);
  return skeleton;
}
