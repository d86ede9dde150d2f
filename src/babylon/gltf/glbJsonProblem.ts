/**
 * A check of a GLB's JSON before Babylon's glTF loader sees it, engine-free. Babylon's loader
 * trusts the JSON: a wrong index or type makes it throw midway, sometimes in a promise nobody
 * awaits (an unhandled rejection), sometimes before anything tells which AssetContainer was
 * that load's (a leak; see loadGlb.ts), and a `uri` makes it fetch a file by itself. Checked
 * here, as data: every index names an item that exists, every enum holds a value glTF knows,
 * every byte range lies in bytes the file holds (glbRangeProblem.ts), and every file is inline.
 */
import { glbRangeProblem } from "./glbRangeProblem.js";

/** The arrays Babylon numbers before it makes its root mesh: each must hold objects only. */
const NUMBERED = [
  "accessors",
  "animations",
  "buffers",
  "bufferViews",
  "cameras",
  "images",
  "materials",
  "meshes",
  "nodes",
  "samplers",
  "scenes",
  "skins",
  "textures",
] as const;

/**
 * Index references: in each item of an array, the values at a path (`[]` walks a list, `*` an
 * object's values) index the target array (`"@samplers"`: the same item's own `samplers`).
 */
const REFERENCES: readonly [array: string, path: string, target: string][] = [
  ["scenes", "nodes[]", "nodes"],
  ["nodes", "children[]", "nodes"],
  ["nodes", "mesh", "meshes"],
  ["nodes", "skin", "skins"],
  ["nodes", "camera", "cameras"],
  ["meshes", "primitives[].attributes.*", "accessors"],
  ["meshes", "primitives[].targets[].*", "accessors"],
  ["meshes", "primitives[].indices", "accessors"],
  ["meshes", "primitives[].material", "materials"],
  ["skins", "joints[]", "nodes"],
  ["skins", "skeleton", "nodes"],
  ["skins", "inverseBindMatrices", "accessors"],
  ["animations", "samplers[].input", "accessors"],
  ["animations", "samplers[].output", "accessors"],
  ["animations", "channels[].sampler", "@samplers"],
  ["animations", "channels[].target.node", "nodes"],
  ["accessors", "bufferView", "bufferViews"],
  ["accessors", "sparse.indices.bufferView", "bufferViews"],
  ["accessors", "sparse.values.bufferView", "bufferViews"],
  ["bufferViews", "buffer", "buffers"],
  ["images", "bufferView", "bufferViews"],
  ["textures", "source", "images"],
  ["textures", "sampler", "samplers"],
  ["materials", "pbrMetallicRoughness.baseColorTexture.index", "textures"],
  ["materials", "pbrMetallicRoughness.metallicRoughnessTexture.index", "textures"],
  ["materials", "normalTexture.index", "textures"],
  ["materials", "occlusionTexture.index", "textures"],
  ["materials", "emissiveTexture.index", "textures"],
];

/** Fields glTF requires (Babylon reads them without asking whether they are there). */
const REQUIRED: readonly [array: string, path: string][] = [
  ["accessors", "type"],
  ["accessors", "componentType"],
  ["accessors", "count"],
  ["accessors", "sparse.count"],
  ["accessors", "sparse.indices"],
  ["accessors", "sparse.values"],
  ["accessors", "sparse.indices.bufferView"],
  ["accessors", "sparse.indices.componentType"],
  ["accessors", "sparse.values.bufferView"],
  ["bufferViews", "buffer"],
  ["bufferViews", "byteLength"],
  ["buffers", "byteLength"],
  ["meshes", "primitives"],
  ["meshes", "primitives[].attributes"],
  ["skins", "joints"],
  ["animations", "samplers"],
  ["animations", "channels"],
  ["animations", "samplers[].input"],
  ["animations", "samplers[].output"],
  ["animations", "channels[].sampler"],
  ["animations", "channels[].target"],
  ["animations", "channels[].target.path"],
];

const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** Values that must hold one of a few: glTF's enums and counts. */
const VALUES: readonly [array: string, path: string, ok: (v: unknown) => boolean][] = [
  // Babylon names its nodes, meshes, materials and clips after these, and treats them as text.
  ...NUMBERED.map((array): [string, string, (v: unknown) => boolean] => [array, "name", (v) => typeof v === "string"]),
  ["accessors", "type", (v) => ["SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"].includes(v as string)],
  ["accessors", "componentType", (v) => [5120, 5121, 5122, 5123, 5125, 5126].includes(v as number)],
  ["accessors", "count", count],
  ["accessors", "byteOffset", count],
  ["accessors", "sparse.count", count],
  ["accessors", "sparse.indices.componentType", (v) => [5121, 5123, 5125].includes(v as number)],
  ["accessors", "sparse.indices.byteOffset", count],
  ["accessors", "sparse.values.byteOffset", count],
  ["bufferViews", "byteOffset", count],
  ["bufferViews", "byteLength", count],
  ["bufferViews", "byteStride", count],
  ["buffers", "byteLength", count],
  ["meshes", "primitives[].mode", (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 6],
  ["animations", "samplers[].interpolation", (v) => ["LINEAR", "STEP", "CUBICSPLINE"].includes(v as string)],
  [
    "animations",
    "channels[].target.path",
    (v) => ["translation", "rotation", "scale", "weights"].includes(v as string),
  ],
];

/** Marks a value found where a list or an object was due: it passes no check. */
const MALFORMED = Symbol("malformed");

/** What `findAt` gives when no value at the path is bad. */
const NONE = Symbol("none");

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

/** One step of a path: a key (`list`: its value is a list walked), or `*` (an object's values). */
type Step = { key: string; list: boolean } | "*";

/** A path such as `primitives[].attributes.*` as steps, read once (the checks run on every GLB). */
const steps = (path: string): Step[] =>
  path === ""
    ? []
    : path.split(".").map((s) => (s === "*" ? "*" : { key: s.replace(/\[\]$/, ""), list: s.endsWith("[]") }));

/**
 * The first of the values at `path` in `item` (in document order; absent ones left out, a list or
 * object that is not one MALFORMED) for which `bad` holds, or NONE. Walked without copying.
 */
function findAt(item: unknown, path: readonly Step[], bad: (v: unknown) => boolean, at = 0): unknown {
  if (at === path.length) return bad(item) ? item : NONE;
  if (!isObject(item)) return bad(MALFORMED) ? MALFORMED : NONE;
  const step = path[at]!;
  if (step === "*") {
    for (const v of Object.values(item)) {
      const found = findAt(v, path, bad, at + 1);
      if (found !== NONE) return found;
    }
    return NONE;
  }
  const value = item[step.key];
  if (value === undefined) return NONE;
  if (!step.list) return findAt(value, path, bad, at + 1);
  if (!Array.isArray(value)) return bad(MALFORMED) ? MALFORMED : NONE;
  for (const v of value) {
    const found = findAt(v, path, bad, at + 1);
    if (found !== NONE) return found;
  }
  return NONE;
}

/** How many values a list field holds (absent: 0; a value that is not a list counts as one). */
function listSize(item: Record<string, unknown>, key: string): number {
  const value = item[key];
  return value === undefined ? 0 : Array.isArray(value) ? value.length : 1;
}

const REQUIRED_STEPS = REQUIRED.map(([array, path]) => {
  const parts = path.split(".");
  return { array, path, parent: steps(parts.slice(0, -1).join(".")), last: parts.at(-1)! };
});
const REFERENCE_STEPS = REFERENCES.map(([array, path, target]) => ({ array, path, target, steps: steps(path) }));
const VALUE_STEPS = VALUES.map(([array, path, ok]) => ({ array, path, ok, steps: steps(path) }));

/**
 * Why Menagerie will not hand this glTF JSON to Babylon, or `undefined`. Besides the index,
 * enum and range checks: no nodes (Babylon then makes no root mesh), or a `uri` anywhere in the
 * JSON that is not inline data (every file of a model is fetched by Menagerie, from its own
 * link). `binLength`: the byte length of the GLB's binary chunk.
 */
export function glbJsonProblem(json: unknown, binLength = 0): string | undefined {
  if (!isObject(json)) return "its JSON is not an object";
  for (const key of NUMBERED) {
    const list = json[key];
    if (list !== undefined && !(Array.isArray(list) && list.every(isObject)))
      return `its "${key}" is not a list of objects`;
  }
  const items = (key: string) => (json[key] as Record<string, unknown>[] | undefined) ?? [];
  if (items("nodes").length === 0) return "it has no nodes";
  for (const { array, path, parent, last } of REQUIRED_STEPS) {
    const list = items(array);
    for (let i = 0; i < list.length; i++) {
      const missing = findAt(list[i], parent, (p) => !isObject(p) || p[last] === undefined) !== NONE;
      if (missing) return `${array}[${i}] has no ${path}`;
    }
  }
  for (const { array, path, target, steps } of REFERENCE_STEPS) {
    const list = items(array);
    for (let i = 0; i < list.length; i++) {
      const item = list[i]!;
      const size = target.startsWith("@") ? listSize(item, target.slice(1)) : items(target).length;
      const bad = findAt(item, steps, (v) => !(count(v) && (v as number) < size));
      if (bad !== NONE) return `${array}[${i}].${path} is not an index of ${target} (${String(bad)})`;
    }
  }
  for (const { array, path, ok, steps } of VALUE_STEPS) {
    const list = items(array);
    for (let i = 0; i < list.length; i++) {
      const bad = findAt(list[i], steps, (v) => !ok(v));
      if (bad !== NONE) return `${array}[${i}].${path} is not valid (${String(bad)})`;
    }
  }
  if (json["scene"] !== undefined && !(count(json["scene"]) && (json["scene"] as number) < items("scenes").length))
    return "its scene is not an index of scenes";
  const link = externalLink(json);
  if (link) return `it links to a file of its own (${link.path} ${JSON.stringify(link.uri)})`;
  return glbRangeProblem(items, binLength);
}

/** A value met on the walk for links, and the way to it (spelled out only for the link found). */
interface Reached {
  value: unknown;
  from: Reached | undefined;
  key: string | number;
}

/**
 * The first `uri` in the JSON that is not inline data, with its path. Every one counts, not
 * only those of buffers and images: an extension Babylon knows may fetch its own (the lights
 * of `EXT_lights_ies`, the clips of `MSFT_audio_emitter`) once a game registers it. Walked
 * without recursion, so that no nesting depth can overflow the stack, and without making a
 * path string for anything but the link found (the usual JSON has none).
 */
function externalLink(json: Record<string, unknown>): { path: string; uri: unknown } | undefined {
  const stack: Reached[] = [{ value: json, from: undefined, key: "" }];
  while (stack.length > 0) {
    const reached = stack.pop()!;
    const value = reached.value;
    if (!isObject(value)) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], from: reached, key: i });
      continue;
    }
    const uri = value["uri"];
    if (uri !== undefined && !(typeof uri === "string" && uri.startsWith("data:")))
      return { path: pathOf({ value: uri, from: reached, key: "uri" }), uri };
    const keys = Object.keys(value);
    for (let k = keys.length - 1; k >= 0; k--) stack.push({ value: value[keys[k]!], from: reached, key: keys[k]! });
  }
  return undefined;
}

/** The path of a value reached from the JSON's root, as `extensions.lights[1].uri`. */
function pathOf(reached: Reached): string {
  const steps: string[] = [];
  for (let at = reached; at.from; at = at.from) steps.push(typeof at.key === "number" ? `[${at.key}]` : `.${at.key}`);
  return steps.reverse().join("").slice(1);
}
