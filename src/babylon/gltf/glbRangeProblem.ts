/**
 * The byte checks of a GLB's JSON (part of glbJsonProblem.ts), engine-free: what Babylon's
 * glTF loader would read or allocate must be bytes the file really holds. Babylon sizes its
 * typed arrays from `count`: an accessor with a buffer view is read from it, so it must fit in
 * it; an accessor without one (all zeros, or sparse) is allocated from nothing, so those get a
 * budget (a 2.7 kB GLB with one such `count` of 4e8 once made Babylon allocate 4.6 GB). Many
 * accessors may read the same bytes, so those with a buffer view get a budget in all too (200
 * accessors over one 192 KiB view of a 285 KiB GLB once grew Babylon's heap by 515 MiB).
 */

/** Items of a top-level glTF array (indices and enums already checked). */
export type GltfItems = (key: string) => Record<string, unknown>[];

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
 * Bytes that accessors without a buffer view may make Babylon allocate, in all: 64 times the
 * file's buffers, at least 1 MiB, at most 64 MiB. Babylon widens them to 4-byte floats.
 */
export const UNBACKED_BYTES = { perBufferByte: 64, min: 1024 * 1024, max: 64 * 1024 * 1024 } as const;

/**
 * Bytes that accessors with a buffer view may make Babylon read, in all, as 4-byte floats: 4
 * times the file's buffers (what accessors that each read their own bytes take at most, bytes
 * widened to floats), at least 1 MiB.
 */
export const BACKED_BYTES = { perBufferByte: 4, min: 1024 * 1024 } as const;

const n = (v: unknown) => (v as number | undefined) ?? 0;

/** Where `count` elements of `size` bytes, `stride` apart from `byteOffset`, end. */
const end = (byteOffset: unknown, count: number, size: number, stride = size) =>
  count === 0 ? 0 : n(byteOffset) + stride * (count - 1) + size;

/** Each buffer no longer than the bytes it names: the binary chunk, or its inline data. */
function bufferProblem(items: GltfItems, binLength: number): string | undefined {
  for (const [i, buffer] of items("buffers").entries()) {
    const uri = buffer["uri"];
    // A `data:` link holds at most one byte per character (base64: three per four).
    const holds = typeof uri === "string" ? uri.length : binLength;
    if (n(buffer["byteLength"]) > holds)
      return uri === undefined && i === 0
        ? "its buffer is longer than its binary chunk"
        : `buffers[${i}] is longer than its ${uri === undefined ? "binary chunk" : "inline data"}`;
  }
  return undefined;
}

/** A sparse accessor's indices and values inside their buffer views. */
function sparseProblem(items: GltfItems, i: number, size: number): string | undefined {
  const accessor = items("accessors")[i]!;
  const sparse = accessor["sparse"] as Record<string, Record<string, unknown>> | undefined;
  if (sparse === undefined) return undefined;
  const views = items("bufferViews");
  const count = n(sparse["count"]);
  if (count > n(accessor["count"])) return `accessors[${i}] has more sparse elements than elements`;
  const { indices, values } = sparse as Record<"indices" | "values", Record<string, unknown>>;
  const indexBytes = COMPONENT_BYTES[indices["componentType"] as number]!;
  if (end(indices["byteOffset"], count, indexBytes) > n(views[n(indices["bufferView"])]!["byteLength"]))
    return `accessors[${i}].sparse.indices lie outside their buffer view`;
  if (end(values["byteOffset"], count, size) > n(views[n(values["bufferView"])]!["byteLength"]))
    return `accessors[${i}].sparse.values lie outside their buffer view`;
  return undefined;
}

/**
 * Why the byte ranges of this glTF JSON cannot be trusted, or `undefined`: each buffer within
 * its bytes, each buffer view inside its buffer, each accessor (and its sparse part) inside its
 * buffer view, accessors without one within {@link UNBACKED_BYTES} and those with one within
 * {@link BACKED_BYTES}. `binLength`: the byte length of the GLB's binary chunk.
 */
export function glbRangeProblem(items: GltfItems, binLength: number): string | undefined {
  const buffers = items("buffers");
  const problem = bufferProblem(items, binLength);
  if (problem) return problem;
  const views = items("bufferViews");
  for (const [i, view] of views.entries()) {
    if (n(view["byteOffset"]) + n(view["byteLength"]) > n(buffers[n(view["buffer"])]!["byteLength"]))
      return `bufferViews[${i}] lies outside its buffer`;
  }
  const fileBytes = buffers.reduce((sum, buffer) => sum + n(buffer["byteLength"]), 0);
  return accessorsProblem(items, fileBytes);
}

/** Each accessor inside its buffer view, and the floats all of them make within their budgets. */
function accessorsProblem(items: GltfItems, fileBytes: number): string | undefined {
  const views = items("bufferViews");
  const budget = (limits: { perBufferByte: number; min: number; max?: number }) =>
    Math.min(limits.max ?? Number.POSITIVE_INFINITY, Math.max(limits.min, limits.perBufferByte * fileBytes));
  const unbackedBudget = budget(UNBACKED_BYTES);
  const backedBudget = budget(BACKED_BYTES);
  let unbacked = 0;
  let backed = 0;
  for (const [i, accessor] of items("accessors").entries()) {
    const components = COMPONENTS[accessor["type"] as string]!;
    const size = components * COMPONENT_BYTES[accessor["componentType"] as number]!;
    const count = n(accessor["count"]);
    if (accessor["bufferView"] === undefined) {
      unbacked += count * components * 4;
      if (unbacked > unbackedBudget)
        return (
          `accessors[${i}] has no bufferView and ${count} elements: accessors without bytes behind them ` +
          `would take over the ${unbackedBudget} bytes this file may ask for`
        );
    } else {
      const view = views[n(accessor["bufferView"])]!;
      if (end(accessor["byteOffset"], count, size, n(view["byteStride"]) || size) > n(view["byteLength"]))
        return `accessors[${i}] lies outside its buffer view`;
      backed += count * components * 4;
      if (backed > backedBudget)
        return (
          `accessors[${i}] reads ${count} elements of bufferViews[${n(accessor["bufferView"])}]: accessors ` +
          `reading the same bytes again and again would take over the ${backedBudget} bytes this file may ask for`
        );
    }
    const sparse = sparseProblem(items, i, size);
    if (sparse) return sparse;
  }
  return undefined;
}
