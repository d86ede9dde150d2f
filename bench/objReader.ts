/**
 * Times Menagerie's OBJ text reader (`parseObjText`) over every part OBJ of five forest
 * species of the generated catalog, without Babylon: warm-up first, then the median of
 * several rounds, as ms per pass (every file read left- and right-handed) and MB/s.
 *
 * Run: `npx tsx bench/objReader.ts [--rounds 9] [--passes 20] [--catalog DIR] [--against FILE]`.
 * `--against` names another copy of objText.ts (an older version, say): both are timed
 * round by round, alternating which goes first, so a noisy machine's drift hits them alike,
 * and their outputs are checked to be byte for byte the same. To compare with a commit, copy
 * its reader inside the project (so it is compiled alike), e.g. into the ignored .menagerie/:
 * `for f in objText objLine objScan objBatch; do git show <commit>:src/api/$f.ts >
 * .menagerie/objbase/$f.ts; done` then `--against .menagerie/objbase/objText.ts`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CATALOG_INDEX_FILE } from "../src/catalog/catalogFormat.js";
import { parseObjText } from "../src/obj/objText.js";
import { CATALOG_FORMAT_REVISION } from "../src/service/defaultCatalog.js";

const SPECIES = ["bear", "deer", "fox", "squirrel", "wolf"];
type Reader = typeof parseObjText;

/** The generated catalog (`.menagerie/catalog-r<CATALOG_FORMAT_REVISION>*`) here or in the main checkout. */
function findCatalog(): string {
  for (const root of [".menagerie", "/work/main/.menagerie"]) {
    const dir = existsSync(root)
      ? readdirSync(root).find((d) => d.startsWith(`catalog-r${CATALOG_FORMAT_REVISION}-`))
      : undefined;
    if (dir) return join(root, dir);
  }
  throw new Error(`no .menagerie/catalog-r${CATALOG_FORMAT_REVISION}-*: generate the catalog first, or pass --catalog`);
}

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    passes: { type: "string", default: "20" },
    catalog: { type: "string" },
    against: { type: "string" },
  },
});
const rounds = Number(args.rounds);
const passes = Number(args.passes);
const catalog = args.catalog ?? findCatalog();
const index = JSON.parse(readFileSync(join(catalog, CATALOG_INDEX_FILE), "utf8")) as {
  records: Array<{ name: string; model: { parts: Record<string, string> } }>;
};
const texts = index.records
  .filter((r) => SPECIES.includes(r.name))
  .flatMap((r) => Object.values(r.model.parts))
  .map((p) => readFileSync(join(catalog, p), "utf8"));
const bytes = texts.reduce((sum, t) => sum + t.length, 0);

const readers: Array<[string, Reader]> = [["current", parseObjText]];
if (args.against) {
  const other = (await import(resolve(args.against))) as { parseObjText: Reader };
  readers.push([args.against, other.parseObjText]);
}

/** Every byte each reader made of every file, so the readers can be compared. */
function outputs(read: Reader): string {
  const parts: string[] = [];
  for (const text of texts) {
    for (const rightHanded of [false, true]) {
      for (const mesh of read(text, { rightHanded })) {
        parts.push(mesh.name, mesh.materialName, String(mesh.isObject), String(mesh.hasLines));
        for (const a of [mesh.positions, mesh.normals, mesh.uvs, mesh.indices]) {
          parts.push(
            a ? `${a.constructor.name}:${Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64")}` : "-",
          );
        }
      }
    }
  }
  return parts.join("\n");
}

/** One pass over every file in both handednesses; returns a checksum so nothing is optimised away. */
function pass(read: Reader): number {
  let sum = 0;
  for (const text of texts) {
    for (const rightHanded of [false, true]) {
      for (const mesh of read(text, { rightHanded })) sum += mesh.indices.length + mesh.positions[0]!;
    }
  }
  return sum;
}

if (readers.length > 1 && outputs(readers[0]![1]) !== outputs(readers[1]![1])) {
  throw new Error(`${args.against} reads the files differently`);
}
let check = 0;
for (const [, read] of readers) for (let i = 0; i < 30; i++) check += pass(read);
const times = readers.map((): number[] => []);
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < readers.length; k++) {
    const which = (k + r) % readers.length;
    const start = performance.now();
    for (let i = 0; i < passes; i++) check += pass(readers[which]![1]);
    times[which]!.push((performance.now() - start) / passes);
  }
}
const mb = (2 * bytes) / 1e6;
console.log(`${texts.length} files, ${(bytes / 1e6).toFixed(2)} MB, read twice (left- and right-handed) per pass`);
const medians = times.map((t) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
readers.forEach(([name], k) => {
  const sorted = [...times[k]!].sort((a, b) => a - b);
  console.log(
    `${name}: median ${medians[k]!.toFixed(2)} ms/pass (min ${sorted[0]!.toFixed(2)}, max ${sorted[sorted.length - 1]!.toFixed(2)}), ` +
      `${(mb / (medians[k]! / 1000)).toFixed(1)} MB/s`,
  );
});
if (readers.length > 1) console.log(`current / against: ${(medians[0]! / medians[1]!).toFixed(3)} of the time`);
console.log(`[checksum ${check.toFixed(3)}]`);
