/**
 * The OBJ and MTL readers, fuzzed (fast-check, fixed seed, counted inputs): catalog OBJ parts
 * mutated line by line (numbers made NaN, infinite or junk, indices zero, negative, past the
 * end or past 2^32, parts of lines dropped, huge polygons, very long lines, stray characters)
 * and texts of random OBJ lines. Whatever the text, `parseObjText` returns meshes or throws its
 * ObjTextError; a mesh's positions are finite, its indices name its vertices, its buffers agree
 * in length, and what it makes is linear in the text. `splitMtl` never throws.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitMtl } from "../../src/obj/mtlText.js";
import { type ObjMesh, ObjTextError, parseObjText } from "../../src/obj/objText.js";
import { catalogCreature, textFile } from "../helpers/catalogCreature.js";
import { FuzzTally } from "../helpers/fuzzCheck.js";

const tally = new FuzzTally("OBJ/MTL reader fuzz");
afterAll(() => tally.print());

/** Bytes of output a text may make per character of it (parseObjText documents it). */
const BYTES_PER_CHAR = 24;

/** Catalog OBJ texts as lines: mostly small ones (most inputs cost little), sometimes a whole part. */
let seeds: string[][] = [];
let tailLines: string[] = [];
let mtlLines: string[] = [];
beforeAll(async () => {
  const dog = await catalogCreature("dog");
  tailLines = textFile(dog, "dog/tail.obj").split("\n");
  const header = tailLines.filter((l) => !/^(v|vt|vn|f) /.test(l));
  const values = (n: number) => tailLines.filter((l) => /^(v|vt|vn) /.test(l)).filter((_, i) => i % 89 < n);
  const faces = tailLines.filter((l) => l.startsWith("f "));
  // The tail's first 16 vertices and the faces that use only them.
  const within = (n: number) => faces.filter((f) => f.match(/\d+/g)!.every((i) => Number(i) <= n));
  const compact = [...header.slice(0, 4), ...values(16), ...within(16)];
  // The same with a second group and material, and an `l` line.
  const grouped = [...compact, "g second", "usemtl dog_accent", ...within(16).slice(0, 4), "l 1 2 3 4"];
  seeds = [compact, compact, compact, grouped, grouped, tailLines];
  mtlLines = textFile(dog, "dog/dog.mtl").split("\n");
});

// --- mutations ----------------------------------------------------------------------------

const NUMBERS = [
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "1e-400",
  "e",
  "E5",
  "+",
  "-",
  "--1",
  "1.2.3",
  "0x10",
  "1|2",
  "-0",
  "",
  "99999999999999999999",
  "4294967296",
  "2147483648",
  "1e308",
  "0.0000000000000000000001",
  "١٢",
];
const INDICES = [
  "0",
  "-1",
  "-999",
  "1//",
  "/1/1",
  "1/1/1/1",
  "-1/-1/-1",
  "",
  "2147483647",
  "2147483648",
  "4294967295",
  "4294967296",
  "4294967297",
  "8589934593",
  "9007199254740993",
  "99999999999999999999",
  "1".repeat(400),
];
const KEYWORDS = ["v", "vt", "vn", "f", "l", "o", "g", "usemtl", "s", "mtllib", "vp", "#", "F", "V", "ff", "usemtlx"];
const NOISE = ["\r", "\t", "\u00a0", "\u2028", "\ufeff", "\0", "#", "/", "-", " ", "  ", "     ", "é", "\ud800"];

type Lines = string[];
type Edit = (lines: Lines) => void;

/** Line `pick` (modulo), or undefined when there is none. */
const at = (lines: Lines, pick: number) => (lines.length === 0 ? undefined : pick % lines.length);

/** Replaces token `token` (modulo, the keyword spared when it has others) of line `pick`. */
const replaceToken =
  (pick: number, token: number, value: string): Edit =>
  (lines) => {
    const i = at(lines, pick);
    if (i === undefined) return;
    const tokens = lines[i]!.split(" ");
    const k = tokens.length > 1 ? 1 + (token % (tokens.length - 1)) : 0;
    tokens[k] = value;
    lines[i] = tokens.join(" ");
  };

/** Replaces one index (position, uv or normal) of one corner of a face line. */
const replaceIndex =
  (pick: number, corner: number, part: number, value: string): Edit =>
  (lines) => {
    const faces = lines.flatMap((l, i) => (l.startsWith("f ") ? [i] : []));
    const i = faces[pick % Math.max(1, faces.length)];
    if (i === undefined) return;
    const tokens = lines[i]!.split(" ");
    const k = 1 + (corner % Math.max(1, tokens.length - 1));
    const parts = (tokens[k] ?? "").split("/");
    parts[part % parts.length] = value;
    tokens[k] = parts.join("/");
    lines[i] = tokens.join(" ");
  };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc
    .tuple(fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...NUMBERS), fc.double().map(String)))
    .map(([p, t, v]) => replaceToken(p, t, v)),
  fc
    .tuple(fc.nat(), fc.nat(), fc.nat(2), fc.oneof(fc.constantFrom(...INDICES), fc.integer().map(String)))
    .map(([p, c, k, v]) => replaceIndex(p, c, k, v)),
  // A part of a line dropped: a token, the line's end, or the whole line.
  fc.tuple(fc.nat(), fc.nat()).map(
    ([p, t]): Edit =>
      (lines) => {
        const i = at(lines, p);
        if (i === undefined) return;
        const tokens = lines[i]!.split(" ");
        tokens.splice(t % tokens.length, 1);
        lines[i] = tokens.join(" ");
      },
  ),
  fc.tuple(fc.nat(), fc.nat(40)).map(
    ([p, n]): Edit =>
      (lines) => {
        const i = at(lines, p);
        if (i !== undefined) lines[i] = lines[i]!.slice(0, n);
      },
  ),
  fc.nat().map(
    (p): Edit =>
      (lines) =>
        void lines.splice(at(lines, p) ?? 0, 1),
  ),
  // A line repeated or moved (a face before the values it names).
  fc.tuple(fc.nat(), fc.nat()).map(
    ([p, q]): Edit =>
      (lines) => {
        const i = at(lines, p);
        if (i !== undefined) lines.splice(q % (lines.length + 1), 0, lines[i]!);
      },
  ),
  // A face line's corners repeated into one huge polygon.
  fc.tuple(fc.nat(), fc.integer({ min: 3, max: 3000 })).map(
    ([p, n]): Edit =>
      (lines) => {
        const faces = lines.filter((l) => l.startsWith("f "));
        const corners = (faces[p % Math.max(1, faces.length)] ?? "f 1 2 3").split(" ").slice(1);
        lines.push(`f ${Array.from({ length: n }, (_, k) => corners[k % corners.length]).join(" ")}`);
      },
  ),
  // A very long line.
  fc
    .tuple(
      fc.constantFrom("v", "vt", "vn", "f", "l", "o", "usemtl", "#", "g", ""),
      fc.constantFrom(" 1", " 1/1/1", " -1", " 1e5", "1", " ", "x", "/", " 1 "),
      fc.integer({ min: 1000, max: 30_000 }),
      fc.nat(),
    )
    .map(
      ([keyword, unit, n, p]): Edit =>
        (lines) => {
          lines.splice(p % (lines.length + 1), 0, `${keyword}${unit.repeat(n)}`);
        },
    ),
  // Stray characters inside a line.
  fc.tuple(fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...NOISE), fc.string({ unit: "binary", maxLength: 4 }))).map(
    ([p, c, s]): Edit =>
      (lines) => {
        const i = at(lines, p);
        if (i === undefined) return;
        const line = lines[i]!;
        const k = c % (line.length + 1);
        lines[i] = line.slice(0, k) + s + line.slice(k);
      },
  ),
  // Another keyword on a line.
  fc.tuple(fc.nat(), fc.constantFrom(...KEYWORDS)).map(
    ([p, keyword]): Edit =>
      (lines) => {
        const i = at(lines, p);
        if (i === undefined) return;
        const tokens = lines[i]!.split(" ");
        tokens[0] = keyword;
        lines[i] = tokens.join(" ");
      },
  ),
);

/** A catalog seed with 1..6 edits, lines joined with `\n` or `\r\n`. */
const mutatedObj = fc
  .tuple(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([s, edits, crlf]) => {
    const lines = [...seeds[s % seeds.length]!];
    for (const e of edits) e(lines);
    return lines.join(crlf ? "\r\n" : "\n");
  });

/** Texts of random OBJ-shaped lines, values and indices from small sets (so faces often hit). */
const randomObj = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom("v", "vn"),
          fc.array(fc.oneof(fc.constantFrom(...NUMBERS), fc.double().map(String)), { maxLength: 4 }),
        )
        .map(([k, n]) => [k, ...n].join(" ")),
      fc
        .tuple(
          fc.constantFrom("v", "vn", "vt"),
          fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 2, maxLength: 4 }),
        )
        .map(([k, n]) => [k, ...n].join(" ")),
      fc
        .array(
          fc.oneof(
            fc.integer({ min: -4, max: 8 }).map(String),
            fc.tuple(fc.integer({ min: -4, max: 8 }), fc.integer({ min: -4, max: 8 })).map(([a, b]) => `${a}/${b}`),
            fc.tuple(fc.nat(8), fc.nat(8)).map(([a, b]) => `${a}//${b}`),
            fc.tuple(fc.nat(8), fc.nat(8), fc.nat(8)).map(([a, b, c]) => `${a}/${b}/${c}`),
            fc.constantFrom(...INDICES),
          ),
          { maxLength: 7 },
        )
        .chain((corners) => fc.constantFrom("f", "l", "f ", "f\t").map((k) => `${k} ${corners.join(" ")}`)),
      fc.tuple(fc.constantFrom("o", "g", "usemtl", "s"), fc.string({ maxLength: 6 })).map(([k, n]) => `${k} ${n}`),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 40 },
  )
  .map((lines) => lines.join("\n"));

// --- properties ---------------------------------------------------------------------------

/** The bytes of a read's meshes. */
function outputBytes(meshes: readonly ObjMesh[]): number {
  let bytes = 0;
  for (const m of meshes)
    bytes += m.positions.byteLength + m.indices.byteLength + (m.normals?.byteLength ?? 0) + (m.uvs?.byteLength ?? 0);
  return bytes;
}

/** Why a read's meshes break a promise of the reader, or "" when they keep them all. */
function meshProblem(text: string, meshes: readonly ObjMesh[]): string {
  for (const [k, m] of meshes.entries()) {
    const vertices = m.positions.length / 3;
    if (!Number.isInteger(vertices) || vertices === 0) return `mesh ${k}: ${m.positions.length} position values`;
    if (m.indices.length === 0 || m.indices.length % 3 !== 0) return `mesh ${k}: ${m.indices.length} indices`;
    if (!(vertices <= 0x10000 ? m.indices instanceof Uint16Array : m.indices instanceof Uint32Array))
      return `mesh ${k}: ${m.indices.constructor.name} for ${vertices} vertices`;
    for (const v of m.positions) if (!Number.isFinite(v)) return `mesh ${k}: position value ${v}`;
    for (const i of m.indices) if (i >= vertices) return `mesh ${k}: index ${i} of ${vertices} vertices`;
    if (m.normals && m.normals.length !== m.positions.length) return `mesh ${k}: ${m.normals.length} normal values`;
    if (m.uvs && m.uvs.length !== vertices * 2) return `mesh ${k}: ${m.uvs.length} uv values`;
    if (vertices > m.indices.length) return `mesh ${k}: ${vertices} vertices for ${m.indices.length} indices`;
  }
  const bytes = outputBytes(meshes);
  if (bytes > BYTES_PER_CHAR * text.length) return `${bytes} bytes out of ${text.length} characters`;
  return "";
}

/** Reads `text`; "" when the reader kept its promises, else what it broke. */
function readProblem(text: string, rightHanded: boolean): string {
  let meshes: ObjMesh[];
  try {
    meshes = parseObjText(text, { rightHanded });
  } catch (error) {
    if (error instanceof ObjTextError && error.message.length > 0) return "";
    return `threw ${String(error)}`;
  }
  return meshProblem(text, meshes);
}

describe("parseObjText, fuzzed", () => {
  it("on mutated catalog parts: meshes it promises, or an ObjTextError", () => {
    tally.check(
      "parseObjText: mutated catalog parts",
      6_000,
      fc.property(mutatedObj, fc.boolean(), (text, rightHanded) => {
        expect(readProblem(text, rightHanded)).toBe("");
      }),
    );
  });

  it("on texts of random OBJ lines: meshes it promises, or an ObjTextError", () => {
    tally.check(
      "parseObjText: random OBJ lines",
      3_000,
      fc.property(randomObj, fc.boolean(), (text, rightHanded) => {
        expect(readProblem(text, rightHanded)).toBe("");
      }),
    );
  });

  it("refuses a face index past what is defined, however large (never wraps it onto a vertex)", () => {
    // The tail's faces are v/vt/vn: a uv or normal index past the end leaves that corner
    // without one, which the mesh's other corners make an error too.
    tally.check(
      "parseObjText: one face index out of range",
      1_000,
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.nat(2),
        fc.oneof(
          fc.bigInt({ min: 1n, max: 1n << 70n }),
          fc
            .tuple(fc.integer({ min: 1, max: 89 }), fc.integer({ min: 1, max: 1 << 20 }))
            .map(([k, m]) => BigInt(k) + (BigInt(m) << 32n)),
        ),
        (pick, corner, part, extra) => {
          const lines = [...tailLines];
          const defined = lines.filter((l) => l.startsWith("v ")).length;
          replaceIndex(pick, corner, part, String(BigInt(defined) + extra))(lines);
          expect(() => parseObjText(lines.join("\n"))).toThrow(ObjTextError);
        },
      ),
    );
  });

  it("reads at least 10 000 texts a run", () => {
    expect(tally.total("parseObjText")).toBeGreaterThanOrEqual(10_000);
  });
});

// --- MTL ----------------------------------------------------------------------------------

const TEXTURE_KEYWORDS = new Set(["map_kd", "map_ka", "map_ks", "map_bump", "bump", "map_d"]);
const mtlLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        ...["map_Kd", "map_KA", "map_ks", "map_Bump", "bump", "map_d", "MAP_KD", "newmtl", "Kd", "Ns", "d", "illum"],
        ...["constructor", "__proto__", "toString", "hasOwnProperty"],
      ),
      fc.array(
        fc.oneof(
          fc.constantFrom(
            "-bm",
            "-o",
            "-s",
            "-t",
            "-mm",
            "-clamp",
            "-imfchan",
            "-BM",
            "-x",
            "NaN",
            "1e999",
            "%",
            "%E9",
            "%zz",
          ),
          fc.constantFrom("fur.png", "a/b\\c.png", "fox fur.png", "%C3%A9cailles.png", "..", ""),
          fc.string({ maxLength: 8 }),
        ),
        { maxLength: 8 },
      ),
      fc.constantFrom(" ", "\t", "  ", "\u00a0"),
    )
    .map(([k, rest, gap]) => [k, ...rest].join(gap)),
  fc.string({ unit: "binary", maxLength: 30 }),
);
const mtlText = fc.oneof(
  // The dog's MTL with lines replaced or added.
  fc.array(fc.tuple(fc.nat(), mtlLine, fc.boolean()), { minLength: 1, maxLength: 6 }).map((edits) => {
    const lines = [...mtlLines];
    for (const [p, line, insert] of edits) lines.splice(p % (lines.length + 1), insert ? 0 : 1, line);
    return lines.join("\n");
  }),
  fc.tuple(fc.array(mtlLine, { maxLength: 30 }), fc.constantFrom("\n", "\r\n")).map(([lines, end]) => lines.join(end)),
  fc.tuple(mtlLine, fc.integer({ min: 500, max: 5000 })).map(([line, n]) => `newmtl a\n${line}${" x".repeat(n)}`),
);

describe("splitMtl, fuzzed", () => {
  it("never throws; keeps every line but texture statements, whose files and bump levels it returns", () => {
    tally.check(
      "splitMtl: mutated and random MTLs",
      10_000,
      fc.property(mtlText, (text) => {
        const split = splitMtl(text);
        const lines = text.split(/\r?\n/);
        const keyword = (line: string) => line.trim().split(/\s/, 1)[0]!.toLowerCase();
        const textureLines = lines.filter((l) => TEXTURE_KEYWORDS.has(keyword(l))).length;
        expect(split.text).toBe(lines.filter((l) => !TEXTURE_KEYWORDS.has(keyword(l))).join("\n"));
        expect(split.materials).toHaveLength(lines.filter((l) => keyword(l) === "newmtl").length);
        expect(split.textures.length).toBeLessThanOrEqual(textureLines);
        for (const t of split.textures) {
          expect(split.materials).toContain(t.material);
          expect(["diffuse", "ambient", "specular", "bump", "opacity"]).toContain(t.slot);
          expect(t.file.length).toBeGreaterThan(0);
          if (t.bumpLevel !== undefined) expect(Number.isFinite(t.bumpLevel)).toBe(true);
        }
      }),
    );
  });
});
