/**
 * PLACEHOLDER catalog (issue 3): four box creatures so the reference service has something to
 * serve. The procedural catalog issue replaces the body of {@link generateCatalog}; its
 * signature is the contract the service relies on.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PNG } from "pngjs";
import { HABITATS } from "../../api/schemas.js";
import { CATALOG_INDEX_FILE, type CatalogEntry, type CatalogFile } from "../catalogFormat.js";

/** Options of {@link generateCatalog}. */
export interface GenerateCatalogOptions {
  /** Folder to write into (created; existing files of the same names are overwritten). */
  outDir: string;
  /**
   * Seed of every random choice: the same seed writes byte-identical files.
   * @default 1
   */
  seed?: number;
}

/** What {@link generateCatalog} wrote. */
export interface CatalogSummary {
  dir: string;
  records: number;
  files: number;
}

/** The seed of the catalog the service generates by default. */
export const DEFAULT_CATALOG_SEED = 1;

function box(name: string, min: [number, number, number], max: [number, number, number], material: string): string {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const v = [
    [x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0],
    [x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1],
  ];
  const faces = [[1, 4, 3, 2], [5, 6, 7, 8], [1, 2, 6, 5], [4, 8, 7, 3], [1, 5, 8, 4], [2, 3, 7, 6]];
  return [
    `mtllib model.mtl`,
    `o ${name}`,
    ...v.map((p) => `v ${p.map((n) => n.toFixed(4)).join(" ")}`),
    `vt 0 0`, `vt 1 0`, `vt 1 1`, `vt 0 1`,
    `usemtl ${material}`,
    ...faces.map((f) => `f ${f.map((i, k) => `${i}/${k + 1}`).join(" ")}`),
    "",
  ].join("\n");
}

function png(rgb: [number, number, number]): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  for (let i = 0; i < 64; i++) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

interface Placeholder {
  name: string;
  type: string;
  behaviour: string;
  group: string;
  height: string;
  habitats: string[];
  colour: [number, number, number];
}

const PLACEHOLDERS: Placeholder[] = [
  { name: "fox", type: "quadruped", behaviour: "walk", group: "mammals", height: "45 cm", habitats: ["forest", "grass", "rural", "farm"], colour: [200, 90, 30] },
  { name: "wolf", type: "quadruped", behaviour: "walk", group: "mammals", height: "0.8 m", habitats: ["forest", "icescape"], colour: [120, 120, 125] },
  { name: "owl", type: "winged_flyer", behaviour: "fly", group: "birds", height: "1.2 ft", habitats: ["forest", "rural"], colour: [140, 100, 60] },
  { name: "trout", type: "uniform", behaviour: "swim", group: "fish", height: "150mm", habitats: ["river", "lake", "pond"], colour: [90, 130, 90] },
];

/** Writes the catalog into `outDir` and returns what it wrote. */
export async function generateCatalog(options: GenerateCatalogOptions): Promise<CatalogSummary> {
  const files = new Map<string, string | Buffer>();
  const records: CatalogEntry[] = [];
  for (const p of PLACEHOLDERS) {
    const parts: Record<string, string> = {};
    const boxes: Record<string, [[number, number, number], [number, number, number]]> =
      p.type === "quadruped"
        ? {
            body: [[-0.15, 0.25, -0.3], [0.15, 0.5, 0.3]],
            head: [[-0.1, 0.4, 0.3], [0.1, 0.6, 0.5]],
            leg_front_left_top: [[0.05, 0.1, 0.15], [0.12, 0.25, 0.25]],
          }
        : { body: [[-0.1, 0, -0.2], [0.1, 0.3, 0.2]] };
    for (const [part, [min, max]] of Object.entries(boxes)) {
      parts[part] = `${p.name}/${part}.obj`;
      files.set(parts[part]!, box(part, min, max, "skin"));
    }
    files.set(`${p.name}/model.obj`, Object.values(parts).map((k) => files.get(k)).join("\n"));
    files.set(`${p.name}/model.mtl`, `newmtl skin\nKd 0 0 0\nmap_Kd skin.png\n`);
    files.set(`${p.name}/skin.png`, png(p.colour));
    files.set(`${p.name}/reference.png`, png(p.colour));
    records.push({
      _id: `placeholder-${p.name}`,
      name: p.name,
      creature: p.name,
      group: p.group,
      type: p.type,
      behaviour: p.behaviour,
      pet: false,
      detail: "low",
      author: "Menagerie placeholder",
      source: "menagerie-reference",
      source_endpoint: "placeholder",
      scale: { height: p.height },
      tags: [p.name, p.group],
      model: {
        parts,
        other: {
          material: `${p.name}/model.mtl`,
          model: `${p.name}/model.obj`,
          texture: [`${p.name}/skin.png`],
          reference: `${p.name}/reference.png`,
        },
      },
      ...Object.fromEntries(HABITATS.map((h) => [h, p.habitats.includes(h)])),
    } as CatalogEntry);
  }
  const index: CatalogFile = { version: 1, generator: "placeholder", seed: options.seed ?? DEFAULT_CATALOG_SEED, records };
  files.set(CATALOG_INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`);
  for (const [path, content] of files) {
    const target = join(options.outDir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return { dir: options.outDir, records: records.length, files: files.size };
}
