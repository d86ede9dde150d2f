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

/** The JSON chunk's value; a chunk that is not JSON is refused like every other problem of the file. */
function parseJsonChunk(body: Uint8Array): Json {
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch (error) {
    throw new Error(`the GLB's JSON chunk is not JSON (${(error as Error).message})`);
  }
}

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
    if (type === JSON_CHUNK && json === undefined) json = parseJsonChunk(body);
    else if (type === BIN_CHUNK && bin === undefined) bin = body;
    at = start + size;
  }
  if (typeof json !== "object" || json === null) throw new Error("the GLB has no JSON chunk");
  return { json, bin };
}

/**
 * Bytes of keys a clip may give, counted per channel (a sampler that several channels name
 * counts for each, as each becomes an animation of its own): `perFileByte` times the GLB's
 * size, at least `min`. A clip's own keys take at most about 5 times the bytes that hold them
 * (normalized bytes widen to 4-byte floats; shared key times add at most a third).
 */
export const CLIP_BYTES = { perFileByte: 8, min: 1024 * 1024 } as const;

/** Counts for tests: accessors decoded and the bytes of floats made for them, over every read. */
export const glbClipStats = { accessorsRead: 0, bytesAllocated: 0 };

/** Where an accessor's values are: checked against the binary chunk, not read yet. */
interface AccessorLayout {
  count: number;
  components: number;
  type: (typeof COMPONENT_TYPES)[number];
  /** The bytes of its buffer view; absent for an accessor of zeros. */
  view?: DataView;
  offset: number;
  stride: number;
  norm: number;
}

/** The buffer view of accessor `index` inside the binary chunk, as a DataView, and its byteStride. */
function viewOf(
  json: Json,
  bin: Uint8Array | undefined,
  accessor: Json,
  index: number,
  where: string,
): { view: DataView; byteStride: unknown } {
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
  return { view: new DataView(bin.buffer, bin.byteOffset + viewStart, viewLength), byteStride: bufferView.byteStride };
}

/** Where accessor `index`'s values are, checked against the binary chunk. */
function layoutOf(json: Json, bin: Uint8Array | undefined, index: number, where: string): AccessorLayout {
  const accessor = json.accessors[index];
  const components = COMPONENTS[accessor?.type];
  const type = COMPONENT_TYPES[accessor?.componentType];
  const count = accessor?.count;
  if (!components || !type || !Number.isInteger(count) || count < 0)
    throw new Error(`${where}: accessor ${index} has a bad type, componentType or count`);
  if (accessor.sparse) throw new Error(`${where}: accessor ${index} is sparse (not read for clips)`);
  const norm = accessor.normalized ? type.norm : 1;
  if (accessor.bufferView === undefined) {
    // glTF: zeros. Bounded, as nothing in the file backs the count.
    if (count > ZEROS_LIMIT) throw new Error(`${where}: accessor ${index} has ${count} elements and no data`);
    return { count, components, type, offset: 0, stride: 0, norm };
  }
  const { view, byteStride } = viewOf(json, bin, accessor, index, where);
  const element = components * type.size;
  const stride = byteStride ?? element;
  const offset = accessor.byteOffset ?? 0;
  if (!Number.isInteger(stride) || (stride as number) < element || !Number.isInteger(offset) || offset < 0)
    throw new Error(`${where}: accessor ${index} has a bad byteOffset or byteStride`);
  if (count > 0 && offset + (count - 1) * (stride as number) + element > view.byteLength)
    throw new Error(`${where}: accessor ${index} runs past its bufferView`);
  return { count, components, type, view, offset, stride: stride as number, norm };
}

/** The accessor's values as floats (normalized integers mapped). */
function decode({ count, components, type, view, offset, stride, norm }: AccessorLayout): Float32Array {
  const out = new Float32Array(count * components);
  glbClipStats.accessorsRead++;
  glbClipStats.bytesAllocated += out.byteLength;
  if (!view) return out;
  for (let i = 0, k = 0; i < count; i++)
    for (let c = 0; c < components; c++, k++) {
      const value = type.read(view, offset + i * stride + c * type.size);
      out[k] = norm === 1 ? value : Math.max(value / norm, -1);
    }
  return out;
}

/**
 * Reads accessors for one clip: each once (channels naming one sampler share its arrays), and
 * in all no more than {@link CLIP_BYTES} allows the file, checked before anything is made.
 */
function accessorReader(json: Json, bin: Uint8Array | undefined, fileBytes: number) {
  const accessors: Json[] = Array.isArray(json.accessors) ? json.accessors : [];
  const read = new Map<number, Float32Array>();
  const budget = Math.max(CLIP_BYTES.min, CLIP_BYTES.perFileByte * fileBytes);
  let given = 0;
  return (index: unknown, where: string): Float32Array => {
    if (!isIndex(index, accessors.length)) throw new Error(`${where}: no accessor ${String(index)}`);
    const known = read.get(index);
    const layout = known ? undefined : layoutOf(json, bin, index, where);
    given += 4 * (known ? known.length : layout!.count * layout!.components);
    if (given > budget)
      throw new Error(`${where}: the clip's keys would take over the ${budget} bytes a ${fileBytes}-byte GLB may give`);
    if (known) return known;
    const values = decode(layout!);
    read.set(index, values);
    return values;
  };
}

/**
 * Throws unless `times` are finite, from 0 up and never going back (glTF asks for strictly
 * increasing times; equal neighbours, which some exporters write, are let through) and `values`
 * are finite: a NaN key poses a node at NaN (the creature vanishes), an infinite or negative time
 * gives the clip no usable length. Each array is checked once per read (`checked`), however many
 * channels share it.
 */
function checkKeys(times: Float32Array, values: Float32Array, where: string, checked: Set<Float32Array>): void {
  if (!checked.has(times)) {
    let last = 0;
    for (const t of times) {
      if (!(t >= last && t < Number.POSITIVE_INFINITY)) throw new Error(`${where}: key time ${t} after ${last}`);
      last = t;
    }
    checked.add(times);
  }
  if (!checked.has(values)) {
    for (const v of values) if (!Number.isFinite(v)) throw new Error(`${where}: a key value is ${v}`);
    checked.add(values);
  }
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
 * cannot be read, or its keys are not finite or their times go back.
 */
export function readGlbClip(bytes: ArrayBuffer | Uint8Array, clip: string): GlbClip | undefined {
  const file = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const { json, bin } = chunks(file);
  const readAccessor = accessorReader(json, bin, file.byteLength);
  const animations: Json[] = Array.isArray(json.animations) ? json.animations : [];
  if (animations.length === 0) return undefined;
  const chosen = pickAnimation(animations, clip);
  const animation = animations[chosen];
  const where = `animations[${chosen}]`;
  const nodes: Json[] = Array.isArray(json.nodes) ? json.nodes : [];
  const samplers: Json[] = Array.isArray(animation?.samplers) ? animation.samplers : [];
  const channelList: Json[] = Array.isArray(animation?.channels) ? animation.channels : [];
  const channels: ClipChannel[] = [];
  const checked = new Set<Float32Array>();
  let duration = 0;
  channelList.forEach((channel, index) => {
    const node = channel?.target?.node;
    const path = channel?.target?.path as ClipPath;
    if (node === undefined || !(path in STRIDE)) return; // weights, pointers: not node transforms
    if (!isIndex(node, nodes.length)) throw new Error(`${where}.channels[${index}]: no node ${node}`);
    if (!isIndex(channel.sampler, samplers.length))
      throw new Error(`${where}.channels[${index}]: no sampler ${channel.sampler}`);
    const sampler = samplers[channel.sampler];
    if (sampler === null || typeof sampler !== "object")
      throw new Error(`${where}.samplers[${channel.sampler}] is not an object`);
    const interpolation = (sampler.interpolation ?? "LINEAR") as ClipInterpolation;
    if (!["LINEAR", "STEP", "CUBICSPLINE"].includes(interpolation))
      throw new Error(`${where}.samplers[${channel.sampler}]: unknown interpolation ${interpolation}`);
    const samplerWhere = `${where}.samplers[${channel.sampler}]`;
    const times = readAccessor(sampler.input, `${samplerWhere}.input`);
    const values = readAccessor(sampler.output, `${samplerWhere}.output`);
    const perKey = STRIDE[path] * (interpolation === "CUBICSPLINE" ? 3 : 1);
    if (times.length === 0 || values.length !== times.length * perKey)
      throw new Error(`${samplerWhere}: ${times.length} key times for ${values.length} values of ${path}`);
    checkKeys(times, values, samplerWhere, checked);
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
