/**
 * The reference catalog's records without building its files: each species of
 * `src/catalog/species` as the record the generator writes for it (name, creature, group, type,
 * behaviour, pet, height, tags, taxonomy, habitat flags), parsed as the client parses records.
 * For engine-free planners (population, ecology) that read records and never load a model.
 */
import { SPECIES, speciesTags } from "../../src/catalog/species/index.js";
import type { Species } from "../../src/catalog/species/types.js";
import { HABITATS, type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { makeRecord } from "./records.js";

function toRecord(species: Species): ModelRecord {
  return ModelRecordSchema.parse({
    ...makeRecord(species.name),
    creature: species.creature,
    group: species.group,
    type: species.type,
    behaviour: species.behaviour,
    pet: species.pet,
    scale: { height: species.height },
    tags: speciesTags(species),
    taxonomy: [...species.taxonomy],
    ...Object.fromEntries(HABITATS.map((h) => [h, species.habitats.includes(h)])),
  });
}

/** Every catalog species' record, in catalog order. */
export const SPECIES_RECORDS: readonly ModelRecord[] = Object.freeze(SPECIES.map(toRecord));

/** The record of catalog species `name` (`"frog#0002"` for a variant). */
export function speciesRecord(name: string): ModelRecord {
  const record = SPECIES_RECORDS.find((r) => r.name === name);
  if (!record) throw new Error(`no catalog species ${name}`);
  return record;
}
