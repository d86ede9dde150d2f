/** Every species of the catalog (creatures, then scenery), in catalog order. */
import { BIRDS } from "./birds.js";
import { HEAVY } from "./heavy.js";
import { MAMMALS } from "./mammals.js";
import { SCENERY } from "./scenery.js";
import { SMALL } from "./small.js";
import type { Species } from "./types.js";
import { WATER } from "./water.js";

export const SPECIES: readonly Species[] = [...MAMMALS, ...HEAVY, ...BIRDS, ...SMALL, ...WATER, ...SCENERY];
