/**
 * A tiny hand-made catalog for service tests, written into a fresh temp folder in the format of
 * `src/service/catalogFormat.ts`. Records are chosen for the lookup rules: exact names, a
 * `#0001` suffix pair, multi-word names, plurals, and habitats / groups / types / tags /
 * taxonomy that each select a known subset. Habitats come in the service's three forms: the 16
 * flags, a `habitats` list (brown trout) and one `habitat` string (polar bear), in mixed case.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type CatalogEntry, CatalogEntrySchema, type CatalogFile } from "../../src/catalog/catalogFormat.js";
import { HABITATS, type Habitat } from "../../src/records/schemas.js";

interface FixtureSpec {
  name: string;
  group: string;
  type: string;
  habitats: Habitat[];
  tags: string[];
  taxonomy?: Record<string, string>;
  pet?: boolean;
  /** How the record states its habitats; with a list or a string every flag is false. */
  habitatForm?: "flags" | "list" | "string";
}

/** The fixture's records, by name; every habitat not listed is false. */
export const FIXTURE_SPECS: readonly FixtureSpec[] = [
  {
    name: "fox",
    group: "mammals",
    type: "quadruped",
    habitats: ["forest", "farm"],
    tags: ["red", "canine"],
    taxonomy: { family: "Canidae" },
  },
  {
    name: "polar bear",
    group: "mammals",
    type: "quadruped_fat",
    habitats: ["icescape"],
    tags: ["white", "arctic"],
    taxonomy: { family: "Ursidae" },
    habitatForm: "string",
  },
  {
    name: "cat#0001",
    group: "mammals",
    type: "quadruped",
    habitats: ["city", "urban"],
    tags: ["pet", "feline"],
    pet: true,
  },
  { name: "cat#0002", group: "mammals", type: "quadruped", habitats: ["city"], tags: ["pet", "feline"], pet: true },
  {
    name: "barn owl",
    group: "birds",
    type: "winged_flyer",
    habitats: ["forest", "farm"],
    tags: ["nocturnal"],
    taxonomy: { order: "Strigiformes" },
  },
  {
    name: "brown trout",
    group: "fish",
    type: "uniform",
    habitats: ["river", "lake"],
    tags: ["freshwater"],
    habitatForm: "list",
  },
];

/** Names in the order a habitat search returns them (name order). */
export const FOREST_NAMES = ["barn owl", "fox"];

/** The texture file name, with a space and a non-ASCII letter to exercise path encoding. */
export const TEXTURE_NAME = "fur coat ö.png";

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export const BOX_OBJ = "o body\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n";
export const MTL_TEXT = `newmtl skin\nKd 1 1 1\nmap_Kd ${TEXTURE_NAME}\n`;

function slug(name: string): string {
  return name.replace(/[^a-z0-9]+/gi, "_");
}

function entry(spec: FixtureSpec): CatalogEntry {
  const dir = slug(spec.name);
  // Parsed, so a fixture that drifts from the catalog format fails here and not in a route.
  return CatalogEntrySchema.parse({
    _id: `fixture-${dir}`,
    name: spec.name,
    creature: spec.name.replace(/#\d+$/, ""),
    group: spec.group,
    type: spec.type,
    behaviour: "walk",
    pet: spec.pet ?? false,
    detail: "low",
    author: "Menagerie tests",
    source: "fixture",
    source_endpoint: "fixture",
    scale: { height: "50 cm" },
    tags: spec.tags,
    ...(spec.taxonomy ? { taxonomy: spec.taxonomy } : {}),
    model: {
      parts: { body: `${dir}/body.obj`, head: `${dir}/head.obj` },
      other: {
        material: `${dir}/model.mtl`,
        model: `${dir}/model.obj`,
        texture: [`${dir}/${TEXTURE_NAME}`],
        reference: `${dir}/reference.jpg`,
      },
    },
    ...Object.fromEntries(
      HABITATS.map((h) => [h, (spec.habitatForm ?? "flags") === "flags" && spec.habitats.includes(h)]),
    ),
    ...habitatFields(spec),
  });
}

/** The `habitats` list or `habitat` string of a spec, in mixed case as a real service may send them. */
function habitatFields(spec: FixtureSpec): Record<string, unknown> {
  const capitalised = spec.habitats.map((h) => h[0]!.toUpperCase() + h.slice(1));
  if (spec.habitatForm === "list") return { habitats: capitalised };
  if (spec.habitatForm === "string") return { habitat: capitalised.join(",") };
  return {};
}

/** The fixture's catalog entries, without writing files (for index tests). */
export function fixtureRecords(): CatalogEntry[] {
  return FIXTURE_SPECS.map(entry);
}

/** A written fixture catalog. */
export interface FixtureCatalog {
  /** The catalog folder. */
  dir: string;
  /** A folder beside it, outside the catalog, holding `secret.txt` (for escape tests). */
  outsideDir: string;
  records: CatalogEntry[];
  remove(): Promise<void>;
}

/** Writes the fixture catalog into a new temp folder. */
export async function writeFixtureCatalog(): Promise<FixtureCatalog> {
  const root = await mkdtemp(join(tmpdir(), "menagerie-service-"));
  const dir = join(root, "catalog");
  const outsideDir = join(root, "outside");
  const records = FIXTURE_SPECS.map(entry);
  const files = new Map<string, string | Buffer>();
  for (const record of records) {
    const { parts, other } = record.model;
    for (const path of Object.values(parts)) files.set(path, BOX_OBJ);
    files.set(other.model!, BOX_OBJ);
    files.set(other.material!, MTL_TEXT);
    files.set(other.texture![0]!, PNG_BYTES);
    files.set(other.reference!, PNG_BYTES);
  }
  const index: CatalogFile = { version: 1, generator: "test-fixture", records };
  files.set("catalog.json", JSON.stringify(index));
  for (const [path, content] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  await mkdir(outsideDir, { recursive: true });
  await writeFile(join(outsideDir, "secret.txt"), "outside the catalog");
  return { dir, outsideDir, records, remove: () => rm(root, { recursive: true, force: true }) };
}
