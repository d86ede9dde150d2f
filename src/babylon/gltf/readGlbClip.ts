/**
 * Reads one animation out of GLB bytes, engine-free: the GLB's JSON and binary chunks, then only
 * the animation's samplers and their accessors. A clip GLB of a rigged record is the model's
 * skinned mesh again with one animation; Babylon's loader would build its meshes, materials and
 * textures only to throw them away, so a clip is read here as data and turned into an
 * `AnimationGroup` on the model's own nodes (clipGroup.ts). Whatever this reads is checked
 * (indices, types, bounds in the binary chunk); what it does not read (meshes, skins, images)
 * may be anything.
 */

/** What a channel animates: the glTF paths a node's transform has. */
export type ClipPath = "translation" | "rotation" | "scale";

/** How values between keys are found (glTF's sampler interpolations). */
export type ClipInterpolation = "LINEAR" | "STEP" | "CUBICSPLINE";

/** One channel: a node's translation, rotation or scale over time. */
export interface ClipChannel {
  /** The node's name as Babylon's glTF loader names it (`node<index>` when it has none). */
  readonly node: string;
  readonly path: ClipPath;
  readonly interpolation: ClipInterpolation;
  /** Key times in seconds. */
  readonly times: Float32Array;
  /** Per key 3 (translation, scale) or 4 (rotation, x y z w) values; CUBICSPLINE: in-tangent, value, out-tangent. */
  readonly values: Float32Array;
  /** The channel's index in its animation (Babylon names animations by it). */
  readonly index: number;
}

/** An animation read from a GLB. */
export interface GlbClip {
  /** The glTF animation's name (`animation<index>` when it has none). */
  readonly name: string;
  /** Channels on node transforms (morph weights and unknown paths are left out). */
  readonly channels: readonly ClipChannel[];
  /** The last key time over every channel of the animation, in seconds. */
  readonly duration: number;
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;
/** Elements an accessor without a bufferView (all zeros) may have. */
const ZEROS_LIMIT = 65_536;
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const STRIDE: Record<ClipPath, number> = { translation: 3, rotation: 4, scale: 3 };
/** Bytes per component, and how a normalized integer maps to [-1, 1] or [0, 1] (glTF 2.0 §3.11). */
const COMPONENT_TYPES: Record<number, { size: number; read: (v: DataView, at: number) => number; norm: number }> = {
  5120: { size: 1, read: (v, at) => v.getInt8(at), norm: 127 },
  5121: { size: 1, read: (v, at) => v.getUint8(at), norm: 255 },
  5122: { size: 2, read: (v, at) => v.getInt16(at, true), norm: 32767 },
  5123: { size: 2, read: (v, at) => v.getUint16(at, true), norm: 65535 },
  5125: { size: 4, read: (v, at) => v.getUint32(at, true), norm: 1 },
  5126: { size: 4, read: (v, at) => v.getFloat32(at, true), norm: 1 },
};

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON is checked field by field as it is read
type Json = any;

const isIndex = (value: unknown, length: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;

function chunks(bytes: Uint8Array): { json: Json; bin: Uint8Array | undefined } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== GLB_MAGIC) throw new Error("not a GLB (bad magic)");
  if (view.getUint32(4, true) !== 2) throw new Error(`GLB version ${view.getUint32(4, true)} is not 2`);
  const length = Math.min(view.getUint32(8, true), bytes.byteLength);
  let json: Json;
  let bin: Uint8Array | undefined;
  for (let at = 12; at + 8 <= length; ) {
    const size = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + size > length) throw new Error("a GLB chunk runs past the end of the file");
    const body = bytes.subarray(start, start + size);
    if (type === JSON_CHUNK && json === undefined) json = JSON.parse(new TextDecoder().decode(body));
    else if (type === BIN_CHUNK && bin === undefined) bin = body;
    at = start + size;
  }
  if (typeof json !== "object" || json === null) throw new Error("the GLB has no JSON chunk");
  return { json, bin };
}

/** The values of accessor `index` as floats (normalized integers mapped), checked against the binary chunk. */
function readAccessor(json: Json, bin: Uint8Array | undefined, index: unknown, where: string): Float32Array {
  const accessors: Json[] = Array.isArray(json.accessors) ? json.accessors : [];
  if (!isIndex(index, accessors.length)) throw new Error(`${where}: no accessor ${String(index)}`);
  const accessor = accessors[index];
  const components = COMPONENTS[accessor?.type];
  const type = COMPONENT_TYPES[accessor?.componentType];
  const count = accessor?.count;
  if (!components || !type || !Number.isInteger(count) || count < 0)
    throw new Error(`${where}: accessor ${index} has a bad type, componentType or count`);
  if (accessor.sparse) throw new Error(`${where}: accessor ${index} is sparse (not read for clips)`);
  if (accessor.bufferView === undefined) {
    // glTF: zeros. Bounded, as nothing in the file backs the count.
    if (count > ZEROS_LIMIT) throw new Error(`${where}: accessor ${index} has ${count} elements and no data`);
    return new Float32Array(count * components);
  }
  const views: Json[] = Array.isArray(json.bufferViews) ? json.bufferViews : [];
  if (!isIndex(accessor.bufferView, views.length)) throw new Error(`${where}: no bufferView ${accessor.bufferView}`);
  const bufferView = views[accessor.bufferView];
  const buffer = Array.isArray(json.buffers) ? json.buffers[bufferView?.buffer] : undefined;
  if (bufferView?.buffer !== 0 || !bin || buffer?.uri !== undefined)
    throw new Error(`${where}: accessor ${index} is not in the GLB's binary chunk`);
  const viewStart = bufferView.byteOffset ?? 0;
  const viewLength = bufferView.byteLength;
  if (
    !Number.isInteger(viewStart) ||
    !Number.isInteger(viewLength) ||
    viewStart < 0 ||
    viewStart + viewLength > bin.length
  )
    throw new Error(`${where}: bufferView ${accessor.bufferView} runs past the binary chunk`);
  const element = components * type.size;
  const stride = bufferView.byteStride ?? element;
  const offset = accessor.byteOffset ?? 0;
  if (!Number.isInteger(stride) || stride < element || !Number.isInteger(offset) || offset < 0)
    throw new Error(`${where}: accessor ${index} has a bad byteOffset or byteStride`);
  if (count > 0 && offset + (count - 1) * stride + element > viewLength)
    throw new Error(`${where}: accessor ${index} runs past its bufferView`);
  const out = new Float32Array(count * components);
  const view = new DataView(bin.buffer, bin.byteOffset + viewStart, viewLength);
  const norm = accessor.normalized ? type.norm : 1;
  for (let i = 0, k = 0; i < count; i++)
    for (let c = 0; c < components; c++, k++) {
      const value = type.read(view, offset + i * stride + c * type.size);
      out[k] = norm === 1 ? value : Math.max(value / norm, -1);
    }
  return out;
}

/** The animation for `clip`: the one named like it (any case), else the first. */
function pickAnimation(animations: Json[], clip: string): number {
  const wanted = clip.toLowerCase();
  const named = animations.findIndex((a) => typeof a?.name === "string" && a.name.toLowerCase() === wanted);
  return named >= 0 ? named : 0;
}

/**
 * The animation of `bytes` for `clip` (named like it, else the first); `undefined` when the
 * GLB has none. Throws an `Error` saying what is wrong when the GLB or the animation's data
 * cannot be read.
 */
export function readGlbClip(bytes: ArrayBuffer | Uint8Array, clip: string): GlbClip | undefined {
  const { json, bin } = chunks(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const animations: Json[] = Array.isArray(json.animations) ? json.animations : [];
  if (animations.length === 0) return undefined;
  const chosen = pickAnimation(animations, clip);
  const animation = animations[chosen];
  const where = `animations[${chosen}]`;
  const nodes: Json[] = Array.isArray(json.nodes) ? json.nodes : [];
  const samplers: Json[] = Array.isArray(animation?.samplers) ? animation.samplers : [];
  const channelList: Json[] = Array.isArray(animation?.channels) ? animation.channels : [];
  const channels: ClipChannel[] = [];
  let duration = 0;
  channelList.forEach((channel, index) => {
    const node = channel?.target?.node;
    const path = channel?.target?.path as ClipPath;
    if (node === undefined || !(path in STRIDE)) return; // weights, pointers: not node transforms
    if (!isIndex(node, nodes.length)) throw new Error(`${where}.channels[${index}]: no node ${node}`);
    if (!isIndex(channel.sampler, samplers.length))
      throw new Error(`${where}.channels[${index}]: no sampler ${channel.sampler}`);
    const sampler = samplers[channel.sampler];
    const interpolation = (sampler.interpolation ?? "LINEAR") as ClipInterpolation;
    if (!["LINEAR", "STEP", "CUBICSPLINE"].includes(interpolation))
      throw new Error(`${where}.samplers[${channel.sampler}]: unknown interpolation ${interpolation}`);
    const samplerWhere = `${where}.samplers[${channel.sampler}]`;
    const times = readAccessor(json, bin, sampler.input, `${samplerWhere}.input`);
    const values = readAccessor(json, bin, sampler.output, `${samplerWhere}.output`);
    const perKey = STRIDE[path] * (interpolation === "CUBICSPLINE" ? 3 : 1);
    if (times.length === 0 || values.length !== times.length * perKey)
      throw new Error(`${samplerWhere}: ${times.length} key times for ${values.length} values of ${path}`);
    for (const t of times) if (t > duration) duration = t;
    const name = nodes[node]?.name;
    channels.push({
      node: typeof name === "string" && name !== "" ? name : `node${node}`,
      path,
      interpolation,
      times,
      values,
      index,
    });
  });
  const name = animation?.name;
  return { name: typeof name === "string" && name !== "" ? name : `animation${chosen}`, channels, duration };
}
