/**
 * One catalog creature's files, built in memory the way the catalog generator builds them
 * (`buildCreature`, then `rigCreature` for a rigged species), without writing the whole catalog:
 * a seed for tests that need real catalog OBJ, MTL or GLB bytes and nothing else. About 0.2 s a
 * creature, built once per name and seed.
 */
import { type BuiltCreature, buildCreature } from "../../src/catalog/buildCreature.js";
import { rigCreature } from "../../src/catalog/rigCreature.js";
import { SPECIES } from "../../src/catalog/species/index.js";
import { RIG_ONLY_SPECIES, RIGGED_SPECIES } from "../../src/catalog/species/rigged.js";

const built = new Map<string, Promise<BuiltCreature>>();

/** The files of catalog species `name` (relative path → content), as `generateCatalog({ seed })` writes them. */
export function catalogCreature(name: string, seed = 1): Promise<BuiltCreature> {
  const key = `${name}@${seed}`;
  let creature = built.get(key);
  if (!creature) {
    creature = (async () => {
      const species = SPECIES.find((s) => s.name === name);
      if (!species) throw new Error(`no catalog species ${name}`);
      const out = buildCreature(species, seed);
      if (RIGGED_SPECIES.includes(name)) await rigCreature(out, species, RIG_ONLY_SPECIES.includes(name));
      return out;
    })();
    built.set(key, creature);
  }
  return creature;
}

/** A text file of a built creature. */
export function textFile(creature: BuiltCreature, path: string): string {
  const content = creature.files.get(path);
  if (typeof content !== "string") throw new Error(`${path} is not a text file of ${creature.record.name}`);
  return content;
}

/** A binary file of a built creature, as bytes. */
export function binaryFile(creature: BuiltCreature, path: string): Uint8Array {
  const content = creature.files.get(path);
  if (content === undefined || typeof content === "string")
    throw new Error(`${path} is not a binary file of ${creature.record.name}`);
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}
