/** Every species of the catalog, in catalog order. */
import { BIRDS } from "./birds.js";
import { HEAVY } from "./heavy.js";
import { MAMMALS } from "./mammals.js";
import { SMALL } from "./small.js";
import type { Species } from "./types.js";
import { WATER } from "./water.js";

export const SPECIES: readonly Species[] = [...MAMMALS, ...HEAVY, ...BIRDS, ...SMALL, ...WATER];
