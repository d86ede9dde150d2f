/**
 * Mutated GLB bytes for the fuzz suite (fast-check arbitraries over a real GLB): bit flips,
 * overwritten runs, truncations, splices of two GLBs (header length fixed up or not), and
 * structural edits of the JSON chunk (a property deleted or replaced, an index out of range, an
 * external or data `uri`) repacked with the original binary chunk.
 */
import fc from "fast-check";

const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;

/** A GLB's JSON (parsed) and binary chunk. Throws on anything but a well-formed GLB. */
export function unpackGlb(bytes: Uint8Array): { json: Record<string, unknown>; bin: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK) throw new Error("not a GLB with a JSON chunk first");
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  const binAt = 20 + jsonLength;
  const bin =
    binAt + 8 <= bytes.length ? bytes.subarray(binAt + 8, binAt + 8 + view.getUint32(binAt, true)) : new Uint8Array();
  return { json, bin };
}

/** A GLB from a JSON value and a binary chunk, both padded to 4 bytes. */
export function packGlb(json: unknown, bin: Uint8Array): Uint8Array {
  let text = new TextEncoder().encode(JSON.stringify(json));
  const pad = (n: number) => (4 - (n % 4)) % 4;
  const jsonPadded = new Uint8Array(text.length + pad(text.length)).fill(0x20);
  jsonPadded.set(text);
  text = jsonPadded;
  const binPadded = new Uint8Array(bin.length + pad(bin.length));
  binPadded.set(bin);
  const total = 12 + 8 + text.length + (bin.length > 0 ? 8 + binPadded.length : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, text.length, true);
  view.setUint32(16, JSON_CHUNK, true);
  out.set(text, 20);
  if (bin.length > 0) {
    view.setUint32(20 + text.length, binPadded.length, true);
    view.setUint32(24 + text.length, BIN_CHUNK, true);
    out.set(binPadded, 28 + text.length);
  }
  return out;
}

/** Sets the header's total length to the real one, so a loader reads on past its first check. */
function fixLength(bytes: Uint8Array): Uint8Array {
  if (bytes.length >= 12) new DataView(bytes.buffer, bytes.byteOffset).setUint32(8, bytes.length, true);
  return bytes;
}

/** Every path to a value in a JSON tree, the root excluded. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const path = [...at, Array.isArray(value) ? Number(k) : k];
      out.push(path);
      pathsOf(v, path, out);
    }
  }
  return out;
}

/**
 * What a property is replaced with: wrong types, out-of-range indices, and links a loader might
 * follow (external or relative `uri`s, as a hostile or careless service could send).
 */
const REPLACEMENTS: readonly unknown[] = [
  null,
  -1,
  0,
  1,
  2,
  7,
  999,
  1e9,
  0.5,
  Number.MAX_SAFE_INTEGER,
  "",
  "x",
  [],
  {},
  [0, 0, 0],
  true,
  "evil.bin",
  "../../secret.png",
  "https://evil.test/x.bin",
  "data:application/octet-stream;base64,AAAA",
  { uri: "external.png" },
  { uri: "external.bin", byteLength: 4 },
];

/** A GLB whose JSON chunk had `edits` structural changes, repacked with its binary chunk. */
function editJson(source: Uint8Array, edits: [number, number, boolean][]): Uint8Array {
  const { json, bin } = unpackGlb(source);
  for (const [pick, replacement, remove] of edits) {
    const paths = pathsOf(json);
    if (paths.length === 0) break;
    const path = paths[pick % paths.length]!;
    let parent = json as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const key = path.at(-1)!;
    if (remove && !Array.isArray(parent)) delete parent[key];
    else if (remove && Array.isArray(parent)) parent.splice(Number(key), 1);
    else parent[key] = structuredClone(REPLACEMENTS[replacement % REPLACEMENTS.length]);
  }
  return packGlb(json, bin);
}

/** Mutations of `source` (`other`: a second GLB for splices). */
export function mutatedGlb(source: Uint8Array, other: Uint8Array): fc.Arbitrary<Uint8Array> {
  const n = source.length;
  const flips = fc
    .array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: 7 })), { minLength: 1, maxLength: 16 })
    .map((list) => {
      const out = source.slice();
      for (const [at, bit] of list) out[at]! ^= 1 << bit;
      return out;
    });
  const runs = fc
    .tuple(fc.nat({ max: n - 1 }), fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.boolean())
    .map(([at, bytes, fix]) => {
      const out = source.slice();
      out.set(bytes.subarray(0, n - at), at);
      return fix ? fixLength(out) : out;
    });
  const truncated = fc
    .tuple(fc.nat({ max: n - 1 }), fc.boolean())
    .map(([length, fix]) => (fix ? fixLength(source.slice(0, length)) : source.slice(0, length)));
  const spliced = fc.tuple(fc.nat({ max: n }), fc.nat({ max: other.length }), fc.boolean()).map(([i, j, fix]) => {
    const out = new Uint8Array(i + other.length - j);
    out.set(source.subarray(0, i));
    out.set(other.subarray(j), i);
    return fix ? fixLength(out) : out;
  });
  const json = fc
    .array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 })
    .map((edits) => editJson(source, edits));
  return fc.oneof(
    { arbitrary: flips, weight: 3 },
    { arbitrary: runs, weight: 2 },
    { arbitrary: truncated, weight: 2 },
    { arbitrary: spliced, weight: 2 },
    { arbitrary: json, weight: 5 },
  );
}
