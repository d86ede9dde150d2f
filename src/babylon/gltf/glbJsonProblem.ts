/**
 * A check of a GLB's JSON before Babylon's glTF loader sees it, engine-free. Babylon's loader
 * trusts the JSON: a wrong index or type makes it throw midway, sometimes in a promise nobody
 * awaits (an unhandled rejection), sometimes before anything tells which AssetContainer was
 * that load's (a leak; see loadGlb.ts), and a `uri` makes it fetch a file by itself. Checked
 * here, as data: every index names an item that exists, every enum holds a value glTF knows,
 * and every file is inline.
 */

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

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

/** The values at `path` in `item` (absent ones left out; a list or object that is not one, MALFORMED). */
function valuesAt(item: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [item];
  if (!isObject(item)) return [MALFORMED];
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") return Object.values(item).flatMap((v) => valuesAt(v, rest));
  const list = head.endsWith("[]");
  const value = item[list ? head.slice(0, -2) : head];
  if (value === undefined) return [];
  if (!list) return valuesAt(value, rest);
  return Array.isArray(value) ? value.flatMap((v) => valuesAt(v, rest)) : [MALFORMED];
}

const COMPONENTS: Readonly<Record<string, number>> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const COMPONENT_BYTES: Readonly<Record<number, number>> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/**
 * Byte ranges, once indices and enums are known good: each buffer view inside its buffer, each
 * accessor inside its buffer view, and the GLB's own buffer inside its binary chunk.
 */
function rangeProblem(items: (key: string) => Record<string, unknown>[], binLength: number): string | undefined {
  const n = (v: unknown) => (v as number | undefined) ?? 0;
  const buffers = items("buffers");
  if (buffers[0] && buffers[0]["uri"] === undefined && n(buffers[0]["byteLength"]) > binLength)
    return "its buffer is longer than its binary chunk";
  const views = items("bufferViews");
  for (const [i, view] of views.entries()) {
    if (n(view["byteOffset"]) + n(view["byteLength"]) > n(buffers[n(view["buffer"])]!["byteLength"]))
      return `bufferViews[${i}] lies outside its buffer`;
  }
  for (const [i, accessor] of items("accessors").entries()) {
    if (accessor["bufferView"] === undefined || n(accessor["count"]) === 0) continue;
    const view = views[n(accessor["bufferView"])]!;
    const size = COMPONENTS[accessor["type"] as string]! * COMPONENT_BYTES[accessor["componentType"] as number]!;
    const stride = n(view["byteStride"]) || size;
    if (n(accessor["byteOffset"]) + stride * (n(accessor["count"]) - 1) + size > n(view["byteLength"]))
      return `accessors[${i}] lies outside its buffer view`;
  }
  return undefined;
}

/**
 * Why Menagerie will not hand this glTF JSON to Babylon, or `undefined`. Besides the index,
 * enum and range checks above: no nodes (Babylon then makes no root mesh), or a buffer or image
 * whose `uri` is not inline data (every file of a model is fetched by Menagerie, from its own
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
  for (const [array, path] of REQUIRED) {
    const [head, last] = [path.split(".").slice(0, -1), path.split(".").at(-1)!];
    for (const [i, item] of items(array).entries()) {
      const missing = valuesAt(item, head).some((parent) => !isObject(parent) || parent[last] === undefined);
      if (missing) return `${array}[${i}] has no ${path}`;
    }
  }
  for (const [array, path, target] of REFERENCES) {
    for (const [i, item] of items(array).entries()) {
      const size = target.startsWith("@") ? valuesAt(item, [`${target.slice(1)}[]`]).length : items(target).length;
      const bad = valuesAt(item, path.split(".")).find((v) => !(count(v) && (v as number) < size));
      if (bad !== undefined) return `${array}[${i}].${path} is not an index of ${target} (${String(bad)})`;
    }
  }
  for (const [array, path, ok] of VALUES) {
    for (const [i, item] of items(array).entries()) {
      const bad = valuesAt(item, path.split(".")).find((v) => !ok(v));
      if (bad !== undefined) return `${array}[${i}].${path} is not valid (${String(bad)})`;
    }
  }
  if (json["scene"] !== undefined && !(count(json["scene"]) && (json["scene"] as number) < items("scenes").length))
    return "its scene is not an index of scenes";
  const outside = rangeProblem(items, binLength);
  if (outside) return outside;
  for (const key of ["buffers", "images"]) {
    const external = items(key).find(
      (item) => item["uri"] !== undefined && !(typeof item["uri"] === "string" && item["uri"].startsWith("data:")),
    );
    if (external) return `it links to a file of its own (${key} uri ${JSON.stringify(external["uri"])})`;
  }
  return undefined;
}
