/**
 * Times Menagerie's OBJ text reader (`parseObjText`) over every part OBJ of five forest
 * species of the generated catalog, without Babylon: warm-up first, then the median of
 * several rounds, as ms per pass over all files and MB/s. Run: `npx tsx bench/objReader.ts`
 * (optional args: rounds, passes per round, catalog folder).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseObjText } from "../src/api/objText.js";
import { CATALOG_INDEX_FILE } from "../src/service/catalogFormat.js";

const SPECIES = ["bear", "deer", "fox", "squirrel", "wolf"];

function findCatalog(): string {
  const root = "/work/main/.menagerie";
  const dir = readdirSync(root).find((d) => d.startsWith("catalog-r4"));
  if (!dir) throw new Error(`no catalog-r4* under ${root}: generate the catalog first`);
  return join(root, dir);
}

const rounds = Number(process.argv[2] ?? 9);
const passes = Number(process.argv[3] ?? 20);
const catalog = process.argv[4] ?? findCatalog();
const index = JSON.parse(readFileSync(join(catalog, CATALOG_INDEX_FILE), "utf8")) as {
  records: Array<{ name: string; model: { parts: Record<string, string> } }>;
};
const texts = index.records
  .filter((r) => SPECIES.includes(r.name))
  .flatMap((r) => Object.values(r.model.parts))
  .map((p) => readFileSync(join(catalog, p), "utf8"));
const bytes = texts.reduce((sum, t) => sum + t.length, 0);

/** One pass over every file in both handednesses; returns a checksum so nothing is optimised away. */
function pass(): number {
  let sum = 0;
  for (const text of texts) {
    for (const rightHanded of [false, true]) {
      for (const mesh of parseObjText(text, { rightHanded })) sum += mesh.indices.length + mesh.positions[0]!;
    }
  }
  return sum;
}

let check = 0;
for (let i = 0; i < 30; i++) check += pass();
const times: number[] = [];
for (let r = 0; r < rounds; r++) {
  const start = performance.now();
  for (let i = 0; i < passes; i++) check += pass();
  times.push((performance.now() - start) / passes);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const mb = (2 * bytes) / 1e6;
console.log(`${texts.length} files, ${(bytes / 1e6).toFixed(2)} MB, read twice (left- and right-handed) per pass`);
console.log(
  `median ${median.toFixed(2)} ms/pass (min ${times[0]!.toFixed(2)}, max ${times[times.length - 1]!.toFixed(2)}), ` +
    `${(mb / (median / 1000)).toFixed(1)} MB/s  [checksum ${check.toFixed(3)}]`,
);
