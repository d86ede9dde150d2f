/**
 * The engine-free GLB readers, fuzzed (fast-check, fixed seed, counted inputs): a catalog dog's
 * rigged clip GLBs mutated as bytes (bit flips, runs, truncations, splices, JSON edits) and as
 * glTF (many channels on one sampler, huge counts, bad accessors and buffer views, key data
 * made NaN or infinite). Every input goes to both readers: `readGlbClip` returns a clip it
 * promises (or `undefined`) or throws an Error saying what is wrong, never a TypeError or
 * RangeError, and makes no more floats than its budget; `glbJsonProblem` never throws, and what
 * it passes has its indices, byte ranges and links in order.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { glbJsonProblem } from "../../src/babylon/gltf/glbJsonProblem.js";
import { CLIP_BYTES, type GlbClip, glbClipStats, readGlbClip } from "../../src/babylon/gltf/readGlbClip.js";
import { binaryFile, catalogCreature } from "../helpers/catalogCreature.js";
import { FuzzTally } from "../helpers/fuzzCheck.js";
import { mutatedGlb, packGlb, unpackGlb } from "../helpers/glbMutations.js";

const tally = new FuzzTally("GLB reader fuzz");
// The properties' timeout is a guard for a loaded machine, not a limit they are held to.
afterAll(() => tally.print());

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited freely by the mutations
type Json = any;

let walk: Uint8Array;
let idle: Uint8Array;
let walkJson: string;
let walkBin: Uint8Array;
beforeAll(async () => {
  const dog = await catalogCreature("dog");
  walk = binaryFile(dog, "dog/rig/walk.glb");
  idle = binaryFile(dog, "dog/rig/idle.glb");
  const unpacked = unpackGlb(walk);
  walkJson = JSON.stringify(unpacked.json);
  walkBin = unpacked.bin;
});

// --- glTF mutations -----------------------------------------------------------------------

const VALUES: readonly unknown[] = [
  -1,
  0,
  1,
  3,
  0.5,
  2 ** 31,
  2 ** 32,
  1e9,
  Number.MAX_SAFE_INTEGER,
  1e300,
  "3",
  null,
  true,
  [],
  {},
  [1, 2],
  "VEC4",
  "MAT4",
  "SCALAR",
  5126,
  5123,
  5120,
  5125,
  5130,
  "CUBICSPLINE",
  "STEP",
  "x",
  "data:application/octet-stream;base64,AAAA",
  "https://evil.test/x.bin",
];
const ACCESSOR_FIELDS = ["count", "componentType", "type", "byteOffset", "bufferView", "normalized", "sparse"];
const VIEW_FIELDS = ["byteOffset", "byteLength", "byteStride", "buffer"];
const SAMPLER_FIELDS = ["input", "output", "interpolation"];
const CHANNEL_FIELDS = ["sampler", "target", "target.node", "target.path"];
const PATHS = ["translation", "rotation", "scale", "weights", "pointer", "x"];
const SPECIAL_FLOATS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, 3.4e38, 1e-45];

type Edit = (json: Json, bin: Uint8Array) => void;

const pick = <T>(list: readonly T[] | undefined, k: number): T | undefined =>
  list && list.length > 0 ? list[k % list.length] : undefined;

/** Sets `path` (dot-separated) of `item` to `value`, or deletes it when `remove`. */
function setPath(item: Json, path: string, value: unknown, remove: boolean): void {
  if (item === null || typeof item !== "object") return;
  const keys = path.split(".");
  let at = item;
  for (const key of keys.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== "object") at[key] = {};
    at = at[key];
  }
  if (remove) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = structuredClone(value);
}

const fieldEdit = (array: (json: Json) => Json[] | undefined, fields: readonly string[]) =>
  fc.tuple(fc.nat(), fc.constantFrom(...fields), fc.constantFrom(...VALUES), fc.boolean()).map(
    ([k, field, value, remove]): Edit =>
      (json) =>
        setPath(pick(array(json), k), field, value, remove),
  );

const edit: fc.Arbitrary<Edit> = fc.oneof(
  // Many channels naming one sampler.
  fc.tuple(fc.integer({ min: 2, max: 200 }), fc.nat(), fc.constantFrom(...PATHS), fc.boolean()).map(
    ([n, s, path, mixed]): Edit =>
      (json) => {
        const animation = json.animations?.[0];
        if (!animation) return;
        animation.channels = Array.from({ length: n }, (_, k) => ({
          sampler: s % Math.max(1, animation.samplers?.length ?? 1),
          target: { node: k % Math.max(1, json.nodes?.length ?? 1), path: mixed ? PATHS[k % 3] : path },
        }));
      },
  ),
  // Many samplers reading the same accessors, each named by a channel.
  fc.integer({ min: 2, max: 2000 }).map(
    (n): Edit =>
      (json) => {
        const animation = json.animations?.[0];
        const first = animation?.samplers?.[0];
        if (!first) return;
        animation.samplers = Array.from({ length: n }, () => ({ ...first }));
        animation.channels = Array.from({ length: n }, (_, k) => ({
          sampler: k,
          target: { node: k % json.nodes.length, path: "rotation" },
        }));
      },
  ),
  fieldEdit((json) => json.accessors, ACCESSOR_FIELDS),
  fieldEdit((json) => json.accessors, ["count"]),
  fieldEdit((json) => json.bufferViews, VIEW_FIELDS),
  fieldEdit((json) => json.animations?.[0]?.samplers, SAMPLER_FIELDS),
  fieldEdit((json) => json.animations?.[0]?.channels, CHANNEL_FIELDS),
  fieldEdit((json) => json.buffers, ["byteLength", "uri"]),
  fieldEdit((json) => json.animations, ["name", "samplers", "channels"]),
  fc.tuple(fc.nat(), fc.constantFrom("animations", "accessors", "bufferViews", "nodes", "buffers")).map(
    ([k, key]): Edit =>
      (json) => {
        if (Array.isArray(json[key]) && json[key].length > 0) json[key].splice(k % json[key].length, 1);
      },
  ),
  // An animation's key times or values made NaN, infinite, negative or huge (in the binary chunk).
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...SPECIAL_FLOATS), fc.boolean()).map(
    ([s, k, value, times]): Edit =>
      (json, bin) => {
        const sampler: Json = pick(json.animations?.[0]?.samplers, s);
        const accessor = json.accessors?.[times ? sampler?.input : sampler?.output];
        const view = json.bufferViews?.[accessor?.bufferView];
        if (!view || accessor.componentType !== 5126 || !(accessor.count > 0)) return;
        const components = { SCALAR: 1, VEC3: 3, VEC4: 4 }[accessor.type as string] ?? 1;
        const at = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0) + 4 * (k % (accessor.count * components));
        if (at + 4 <= bin.length) new DataView(bin.buffer, bin.byteOffset).setFloat32(at, value, true);
      },
  ),
);

/** The catalog dog's walk GLB with 1..4 glTF edits, repacked (its JSON, edited, kept beside). */
const editedGlb = fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
  const json = JSON.parse(walkJson);
  const bin = walkBin.slice();
  for (const e of edits) e(json, bin);
  return packGlb(json, bin);
});

// --- properties ---------------------------------------------------------------------------

const STRIDE: Record<string, number> = { translation: 3, rotation: 4, scale: 3 };

/** Why a clip breaks a promise of readGlbClip, or "". */
function clipProblem(clip: GlbClip): string {
  let duration = 0;
  for (const [k, c] of clip.channels.entries()) {
    const perKey = (STRIDE[c.path] ?? Number.NaN) * (c.interpolation === "CUBICSPLINE" ? 3 : 1);
    if (!["LINEAR", "STEP", "CUBICSPLINE"].includes(c.interpolation)) return `channel ${k}: ${c.interpolation}`;
    if (c.times.length === 0 || c.values.length !== c.times.length * perKey)
      return `channel ${k}: ${c.times.length} times, ${c.values.length} values of ${c.path}`;
    if (typeof c.node !== "string" || c.node === "") return `channel ${k}: node ${String(c.node)}`;
    for (const t of c.times) if (!Number.isFinite(t) || t < 0) return `channel ${k}: key time ${t}`;
    for (const v of c.values) if (!Number.isFinite(v)) return `channel ${k}: key value ${v}`;
    for (const t of c.times) duration = Math.max(duration, t);
  }
  if (clip.duration !== duration) return `duration ${clip.duration}, keys up to ${duration}`;
  if (typeof clip.name !== "string" || clip.name === "") return `name ${String(clip.name)}`;
  return "";
}

/** Reads `bytes` with readGlbClip: "" when it kept its promises, else what it broke. */
function readProblem(bytes: Uint8Array): string {
  const before = glbClipStats.bytesAllocated;
  const budget = Math.max(CLIP_BYTES.min, CLIP_BYTES.perFileByte * bytes.byteLength);
  let clip: GlbClip | undefined;
  let thrown = "";
  try {
    clip = readGlbClip(bytes, "walk");
  } catch (error) {
    // Its own Errors, and the JSON chunk's SyntaxError; a TypeError or RangeError is a read it did not check.
    const own = error instanceof Error && (error.constructor === Error || error instanceof SyntaxError);
    thrown = own && error.message.length > 0 ? "" : `threw ${String(error)}`;
  }
  const made = glbClipStats.bytesAllocated - before;
  if (made > budget) return `made ${made} bytes of keys, over its budget of ${budget}`;
  if (thrown || clip === undefined) return thrown;
  return clipProblem(clip);
}

/** The JSON chunk of `bytes` when it is a GLB with a readable one (the second reader's input). */
function jsonOf(bytes: Uint8Array): { json: unknown; bin: number } | undefined {
  try {
    const { json, bin } = unpackGlb(bytes);
    return { json, bin: bin.length };
  } catch {
    return undefined;
  }
}

const isIndex = (v: unknown, length: number) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) < length;
const SIZES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** What glbJsonProblem promises of a JSON it passes (a second reading, written apart from it). */
function passedProblem(json: Json, binLength: number): string {
  const list = (key: string): Json[] => json[key] ?? [];
  if (list("nodes").length === 0) return "no nodes";
  const buffers = list("buffers");
  const views = list("bufferViews");
  for (const [i, b] of buffers.entries()) {
    if (b.uri !== undefined && !(typeof b.uri === "string" && b.uri.startsWith("data:"))) return `buffers[${i}].uri`;
    if (b.uri === undefined && !(b.byteLength <= binLength)) return `buffers[${i}] past the binary chunk`;
  }
  for (const [i, v] of views.entries()) {
    if (!isIndex(v.buffer, buffers.length)) return `bufferViews[${i}].buffer`;
    if (!((v.byteOffset ?? 0) + v.byteLength <= buffers[v.buffer].byteLength))
      return `bufferViews[${i}] past its buffer`;
  }
  for (const [i, a] of list("accessors").entries()) {
    if (!(a.type in COMPONENTS) || !(a.componentType in SIZES) || !Number.isSafeInteger(a.count) || a.count < 0)
      return `accessors[${i}] type, componentType or count`;
    if (a.bufferView === undefined) continue;
    if (!isIndex(a.bufferView, views.length)) return `accessors[${i}].bufferView`;
    const view = views[a.bufferView];
    const size = COMPONENTS[a.type]! * SIZES[a.componentType]!;
    const end = a.count === 0 ? 0 : (a.byteOffset ?? 0) + (view.byteStride || size) * (a.count - 1) + size;
    if (end > view.byteLength) return `accessors[${i}] past its buffer view`;
  }
  for (const [i, animation] of list("animations").entries()) {
    const samplers: Json[] = animation.samplers ?? [];
    for (const s of samplers)
      if (!isIndex(s.input, list("accessors").length) || !isIndex(s.output, list("accessors").length))
        return `animations[${i}] sampler accessors`;
    for (const c of animation.channels ?? [])
      if (
        !isIndex(c.sampler, samplers.length) ||
        (c.target.node !== undefined && !isIndex(c.target.node, list("nodes").length))
      )
        return `animations[${i}] channel`;
  }
  return "";
}

/** Checks `bytes` with glbJsonProblem: "" when it kept its promises, else what it broke. */
function checkProblem(bytes: Uint8Array): string {
  const parsed = jsonOf(bytes);
  if (!parsed) return "";
  let problem: string | undefined;
  try {
    problem = glbJsonProblem(parsed.json, parsed.bin);
  } catch (error) {
    return `glbJsonProblem threw ${String(error)}`;
  }
  if (problem !== undefined) return typeof problem === "string" && problem.length > 0 ? "" : `answered ${problem}`;
  return passedProblem(parsed.json, parsed.bin);
}

describe("GLB readers, fuzzed", () => {
  it("mutated catalog GLB bytes: a clip or an Error from readGlbClip, and glbJsonProblem never throws", () => {
    tally.check(
      "readGlbClip + glbJsonProblem: mutated bytes",
      5_000,
      fc.property(mutatedGlb(walk, idle), (bytes) => {
        expect(readProblem(bytes)).toBe("");
        expect(checkProblem(bytes)).toBe("");
      }),
    );
  }, 90_000);

  it("edited glTF (many channels on a sampler, huge counts, bad accessors, NaN keys): the same", () => {
    tally.check(
      "readGlbClip + glbJsonProblem: edited glTF",
      5_000,
      fc.property(editedGlb, (bytes) => {
        expect(readProblem(bytes)).toBe("");
        expect(checkProblem(bytes)).toBe("");
      }),
    );
  }, 90_000);

  it("reads at least 10 000 GLBs a run with each reader", () => {
    expect(tally.total("readGlbClip + glbJsonProblem")).toBeGreaterThanOrEqual(10_000);
  });
});
