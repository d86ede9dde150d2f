/**
 * Turns one species into its files and its record: builds the body plan at the resolution
 * that meets the detail level's triangle budget, scales the creature so its bounding-box
 * height is exactly the record's `scale.height`, paints textures, writes part OBJs, the
 * whole-model OBJ, the MTL and the reference picture.
 */
import { PNG } from "pngjs";
import { parseHeight } from "../records/height.js";
import { HABITATS, type Habitat } from "../records/schemas.js";
import { SeededRandom } from "../util/seededRandom.js";
import { stringHash } from "../util/stringHash.js";
import type { CatalogEntry } from "./catalogFormat.js";
import type { GlbMaterial } from "./glbWriter.js";
import { boundsOf, type MaterialSlot, type PartMesh, scaleAndMove, triangleCount } from "./mesh.js";
import { fixed, type MtlMaterial, writeMtl, writeObj } from "./objWriter.js";
import { BODY_PLANS } from "./plans/index.js";
import { type ImageMaterial, renderReference } from "./referenceImage.js";
import { speciesTags } from "./species/index.js";
import type { Detail, Species } from "./species/types.js";
import { paintTexture, type Rgb, type Texture } from "./texturePainter.js";

/** Triangles per creature by detail level (the issue's 0.5k / 2k / 8k). */
export const TRIANGLE_BUDGET: Record<Detail, number> = { low: 500, medium: 2000, high: 8000 };
/** Texture edge in pixels by detail level. */
const TEXTURE_SIZE: Record<Detail, number> = { low: 64, medium: 64, high: 128 };
/** Reference picture edge in pixels. */
export const REFERENCE_SIZE = 256;
/** Word used in the default coat texture name, per pattern. */
const PATTERN_WORD: Record<string, string> = {
  plain: "skin",
  fur: "fur",
  stripes: "stripes",
  spots: "spots",
  rosettes: "rosettes",
  patches: "patches",
  scales: "écailles",
  feathers: "plumage",
};

export interface BuiltCreature {
  record: CatalogEntry;
  /** Relative path → content. */
  files: Map<string, string | Buffer>;
  triangles: number;
  /** The parts in metres (model frame) and the materials, for the rigged GLBs. */
  parts: ReadonlyMap<string, PartMesh>;
  materials: GlbMaterial[];
  /** Prefix of the model's material names. */
  materialPrefix: string;
  /** Bounding-box width (X) and length (Z) in metres. */
  width: number;
  length: number;
}

/** Folder name of a record: lower case, `#` and spaces become `-`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Varies a species' numeric shape overrides by a few percent so a seed shows in the catalog. */
function jitterShape(shape: object, rng: SeededRandom): object {
  return Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, typeof v === "number" ? rng.jitter(v, 0.03) : v]),
  );
}

function buildParts(species: Species, shape: object): Map<string, PartMesh> {
  const plan = BODY_PLANS[species.type];
  const budget = TRIANGLE_BUDGET[species.detail];
  const count = (built: Record<string, { mesh: PartMesh }>) =>
    Object.values(built).reduce((n, s) => n + triangleCount(s.mesh), 0);
  // Triangles grow about as res²; minimum segment counts bend that curve for small budgets,
  // so the resolution is corrected from the measured count a few times.
  let res = 8;
  let built = plan.build(shape, res);
  for (let pass = 0; pass < 3 && Math.abs(count(built) / budget - 1) > 0.12; pass++) {
    res = Math.min(64, Math.max(2, res * Math.sqrt(budget / count(built))));
    built = plan.build(shape, res);
  }
  return new Map(Object.entries(built).map(([name, sc]) => [name, sc.mesh]));
}

function png(texture: { width: number; height: number; data: Uint8Array }): Buffer {
  const image = new PNG({ width: texture.width, height: texture.height });
  image.data.set(texture.data);
  return PNG.sync.write(image, { colorType: 2 });
}

const darker = (c: Rgb, f: number): Rgb => [c[0] * f, c[1] * f, c[2] * f];

/** Builds one creature's files and record. */
export function buildCreature(species: Species, seed: number): BuiltCreature {
  // Each creature draws from its own stream seeded by (catalog seed, name): adding a species
  // never changes the others.
  const rng = SeededRandom.fromState(stringHash(species.name, seed));
  const slug = slugOf(species.name);
  const parts = buildParts(species, jitterShape(species.shape, rng));

  // Model in metres: feet at y = 0, bounding-box height = the record's height.
  const height = parseHeight(species.height);
  const box = boundsOf(parts.values());
  const factor = height / (box.max[1] - box.min[1]);
  for (const mesh of parts.values()) scaleAndMove(mesh, factor, [0, -box.min[1] * factor, 0]);
  const sized = boundsOf(parts.values());
  const width = sized.max[0] - sized.min[0];
  const length = sized.max[2] - sized.min[2];

  const look = species.look;
  const size = TEXTURE_SIZE[species.detail];
  const coatTexture = paintTexture(rng, {
    size,
    base: look.coat,
    marks: look.marks ?? darker(look.coat, 0.55),
    pattern: look.pattern,
    ...(look.belly ? { belly: look.belly, bellyWidth: look.bellyWidth ?? 0.12 } : {}),
  });
  const accentTexture = paintTexture(rng, {
    size: 32,
    base: look.accent,
    marks: darker(look.accent, 0.8),
    pattern: "fur",
  });
  const coatFile = look.textureName ?? `${species.creature} ${PATTERN_WORD[look.pattern]}.png`;
  const accentFile = "accent.png";
  const trim = look.trim ?? [60, 45, 35];
  const eye: Rgb = [12, 10, 10];
  const mtl: MtlMaterial[] = [
    { slot: "coat", colour: look.coat, texture: coatFile, shininess: 12 },
    { slot: "accent", colour: look.accent, texture: accentFile, shininess: 12 },
    { slot: "trim", colour: trim, shininess: 40 },
    { slot: "eye", colour: eye, shininess: 120 },
  ];

  const files = new Map<string, string | Buffer>();
  const prefix = slug.replace(/-/g, "_");
  const mtlFile = `${slug}.mtl`;
  const partPaths: Record<string, string> = {};
  const named = [...parts].map(([name, mesh]) => ({ name, mesh }));
  for (const part of named) {
    partPaths[part.name] = `${slug}/${part.name}.obj`;
    files.set(partPaths[part.name]!, writeObj([part], mtlFile, prefix, `${species.name}: ${part.name}`));
  }
  files.set(`${slug}/${slug}.obj`, writeObj(named, mtlFile, prefix, `${species.name}: whole model`));
  files.set(`${slug}/${mtlFile}`, writeMtl(mtl, prefix, `${species.name}: materials`));
  const coatPng = png(coatTexture);
  const accentPng = png(accentTexture);
  files.set(`${slug}/${coatFile}`, coatPng);
  files.set(`${slug}/${accentFile}`, accentPng);
  const imageMaterials: Partial<Record<MaterialSlot, ImageMaterial>> = {
    coat: { colour: look.coat, texture: coatTexture as Texture },
    accent: { colour: look.accent, texture: accentTexture },
    trim: { colour: trim, shiny: true },
    eye: { colour: eye, shiny: true },
  };
  const picture = renderReference([...parts.values()], {
    width: REFERENCE_SIZE,
    height: REFERENCE_SIZE,
    materials: imageMaterials,
  });
  files.set(`${slug}/reference.png`, png({ width: REFERENCE_SIZE, height: REFERENCE_SIZE, data: picture }));

  const triangles = [...parts.values()].reduce((n, m) => n + triangleCount(m), 0);
  const metres = (v: number) => `${fixed(v, 2)} m`;
  const record: CatalogEntry = {
    _id: `mng-${slug}-${stringHash(`id:${species.name}`, seed).toString(16).padStart(8, "0")}`,
    name: species.name,
    creature: species.creature,
    group: species.group,
    type: species.type,
    behaviour: species.behaviour,
    pet: species.pet,
    detail: species.detail,
    author: "Menagerie procedural generator",
    source: "menagerie-procedural",
    source_endpoint: "menagerie/catalog/generate",
    scale: { height: species.height, width: metres(width), length: metres(length) },
    tags: speciesTags(species),
    taxonomy: [...species.taxonomy],
    triangles,
    model: {
      parts: partPaths,
      other: {
        material: `${slug}/${mtlFile}`,
        model: `${slug}/${slug}.obj`,
        texture: [`${slug}/${coatFile}`, `${slug}/${accentFile}`],
        reference: `${slug}/reference.png`,
      },
    },
    ...(Object.fromEntries(HABITATS.map((h) => [h, species.habitats.includes(h)])) as Record<Habitat, boolean>),
  } satisfies CatalogEntry;
  const materials: GlbMaterial[] = [
    { slot: "coat", colour: look.coat, texture: { name: coatFile, png: coatPng }, roughness: 0.9 },
    { slot: "accent", colour: look.accent, texture: { name: accentFile, png: accentPng }, roughness: 0.9 },
    { slot: "trim", colour: trim, roughness: 0.6 },
    { slot: "eye", colour: eye, roughness: 0.2 },
  ];
  return { record, files, triangles, parts, materials, materialPrefix: prefix, width, length };
}
