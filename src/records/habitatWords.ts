/**
 * The habitat words people and the real service use, mapped onto the records' 16 flags: the 24
 * words of the real service's text-command grammar, and everyday words for the same places
 * (savanna, woods, ocean). One table, read by populate, the reference service's text commands
 * and the demo's link, so "savannah" means the same everywhere. Apart from the record schemas,
 * like the flags themselves: naming a habitat never pulls zod in.
 */
import { OptionsError } from "../core/errors.js";
import { nearestNames } from "../util/editDistance.js";
import { HABITATS, type Habitat, isHabitat } from "./habitats.js";

/**
 * The habitat words of the real service's text-command grammar (its `change_habitat` answers
 * name these): the 16 flags and 8 places the records carry no flag for.
 * @category Populate
 */
export const HABITAT_WORDS = [
  "garden",
  "urban",
  "rural",
  "grass",
  "swamp",
  "river",
  "pond",
  "lake",
  "jungle",
  "icescape",
  "sea",
  "farm",
  "desert",
  "city",
  "beach",
  "forest",
  "cave",
  "underwater",
  "magical",
  "grassland",
  "mountain",
  "space",
  "savannah",
  "testing",
] as const;

/**
 * One habitat word of the real service's grammar.
 * @category Populate
 */
export type HabitatWord = (typeof HABITAT_WORDS)[number];

/**
 * The flag each grammar word lands on: itself for the 16 flags, the nearest flag for the rest
 * (the records of that flag are the creatures one meets there). Documented, with the reasons,
 * in the guide's habitat table.
 * @category Populate
 */
export const HABITAT_WORD_FLAGS: Readonly<Record<HabitatWord, Habitat>> = Object.freeze({
  ...(Object.fromEntries(HABITATS.map((h) => [h, h])) as Record<Habitat, Habitat>),
  // Bats and bears: the forest's cave dwellers; no flag is underground.
  cave: "forest",
  underwater: "sea",
  // Butterflies, toadstools and rabbits: the garden is the catalog's fairy-tale place.
  magical: "garden",
  grassland: "grass",
  // Eagles, wolves, reindeer and pines: the snowy heights.
  mountain: "icescape",
  // No creature lives in space: the bare ground of the desert stands in for another world's.
  space: "desert",
  savannah: "grass",
  // A test scene shows the forest, the catalog's best-stocked habitat.
  testing: "forest",
});

/**
 * Grammar words for places the records have no flag for: their flag only stands in, so the
 * reference service's text commands answer the word as said (as the real service does), and
 * the reader of the answer maps it.
 */
export const STAND_IN_HABITAT_WORDS: ReadonlySet<HabitatWord> = new Set([
  "cave",
  "magical",
  "mountain",
  "space",
  "testing",
]);

/**
 * Everyday words for the same places, beyond the grammar's own, and their flags (a Map, never a
 * plain object: one would answer `Object.prototype`'s names too).
 * @category Populate
 */
export const HABITAT_SYNONYMS: ReadonlyMap<string, Habitat> = new Map<string, Habitat>([
  ["woods", "forest"],
  ["woodland", "forest"],
  ["coast", "beach"],
  ["shore", "beach"],
  ["seaside", "beach"],
  ["town", "city"],
  ["dunes", "desert"],
  ["farmyard", "farm"],
  ["ocean", "sea"],
  ["reef", "sea"],
  ["arctic", "icescape"],
  ["antarctic", "icescape"],
  ["tundra", "icescape"],
  ["snow", "icescape"],
  ["rainforest", "jungle"],
  ["stream", "river"],
  ["marsh", "swamp"],
  ["bog", "swamp"],
  ["wetland", "swamp"],
  ["savanna", "grass"],
  ["meadow", "grass"],
  ["prairie", "grass"],
  ["plains", "grass"],
  ["countryside", "rural"],
  ["village", "rural"],
  ["street", "urban"],
  ["park", "garden"],
  ["mountains", "icescape"],
]);

function isHabitatWord(word: string): word is HabitatWord {
  return Object.hasOwn(HABITAT_WORD_FLAGS, word);
}

/**
 * The flag a habitat word lands on (a flag, a grammar word or an everyday one; any case,
 * trimmed), or `undefined` for a word that names no habitat.
 *
 * @example
 * habitatOfWord("Savannah"); // "grass"
 * habitatOfWord("ocean"); // "sea"
 * habitatOfWord("zebra"); // undefined
 * @category Populate
 */
export function habitatOfWord(word: string): Habitat | undefined {
  const folded = word.trim().toLowerCase();
  if (isHabitat(folded)) return folded;
  if (isHabitatWord(folded)) return HABITAT_WORD_FLAGS[folded];
  return HABITAT_SYNONYMS.get(folded);
}

/** Every word {@link habitatOfWord} knows. */
export function knownHabitatWords(): string[] {
  return [...HABITAT_WORDS, ...HABITAT_SYNONYMS.keys()];
}

/**
 * The flag of option `option`'s habitat word; an {@link OptionsError} naming the nearest known
 * words first, then the grammar's, for one that names no habitat.
 */
export function resolveHabitat(option: string, word: string): Habitat {
  const habitat = habitatOfWord(word);
  if (habitat) return habitat;
  const near = nearestNames(word.trim().toLowerCase(), knownHabitatWords());
  const rest = HABITAT_WORDS.filter((w) => !near.includes(w));
  const hint = near.length > 0 ? `nearest: ${near.join(", ")}; ` : "";
  throw new OptionsError(
    option,
    `"${word}" is not a habitat (${hint}known: ${[...near, ...rest].join(", ")}, or a word such as savanna, woods, ocean)`,
  );
}
