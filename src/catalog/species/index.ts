/** Every species of the catalog (creatures, then scenery), in catalog order. */
import { BIRDS } from "./birds.js";
import { HEAVY } from "./heavy.js";
import { MAMMALS } from "./mammals.js";
import { SCENERY } from "./scenery.js";
import { SMALL } from "./small.js";
import type { Species } from "./types.js";
import { WATER } from "./water.js";

export const SPECIES: readonly Species[] = [...MAMMALS, ...HEAVY, ...BIRDS, ...SMALL, ...WATER, ...SCENERY];

/**
 * A species' record tags: its creature, group, type and behaviour words, `"pet"` for a pet, then
 * its own tags. The generator writes them and the tests that read records without building files
 * rebuild them, so both take them from here.
 */
export function speciesTags(species: Species): string[] {
  return [
    species.creature,
    species.group,
    species.type,
    species.behaviour,
    ...(species.pet ? ["pet"] : []),
    ...species.tags,
  ];
}
