/**
 * The words the text-command parser knows: verbs of each action, place phrases, quantity words
 * and habitat words mapped onto the catalog's 16 habitats. Number words ("twenty-one") and
 * plurals ("wolves") are not here: numberWords.ts and `pluralize` read those.
 */
import {
  type HabitatWord,
  habitatOfWord,
  knownHabitatWords,
  STAND_IN_HABITAT_WORDS,
} from "../../records/habitatWords.js";

/** The actions the real service's `/parse-text-command` answers with. */
export type TextCommandActionKind = "add_model" | "remove_model" | "move_model" | "change_habitat";

/** Where, relative to a named model (or to the viewer, for `here`). */
export type TextCommandRelative = "here" | "near" | "far" | "front" | "behind" | "above" | "below" | "left" | "right";

/** A clause's first word(s) → its action. Longest phrases first where one starts another. */
export const ACTION_VERBS: readonly (readonly [string, TextCommandActionKind])[] = [
  ["get rid of", "remove_model"],
  ["take away", "remove_model"],
  ["take out", "remove_model"],
  ["remove", "remove_model"],
  ["delete", "remove_model"],
  ["despawn", "remove_model"],
  ["destroy", "remove_model"],
  ["kill", "remove_model"],
  ["clear", "remove_model"],
  ["move", "move_model"],
  ["send", "move_model"],
  ["walk", "move_model"],
  ["lead", "move_model"],
  ["add", "add_model"],
  ["put", "add_model"],
  ["place", "add_model"],
  ["spawn", "add_model"],
  ["create", "add_model"],
  ["bring", "add_model"],
  ["show me", "add_model"],
  ["show", "add_model"],
  ["insert", "add_model"],
  ["drop", "add_model"],
  ["give me", "add_model"],
  ["i want", "add_model"],
  ["there are", "add_model"],
  ["there is", "add_model"],
];

/** Phrases that change the habitat; the habitat word follows. */
export const HABITAT_VERBS: readonly string[] = [
  "make it into",
  "make it",
  "turn it into",
  "change the habitat to",
  "change the scene to",
  "change the setting to",
  "change habitat to",
  "change it to",
  "change to",
  "switch to",
  "set the habitat to",
  "go to",
  "take me to",
  "we are in",
  "in",
];

/** Place phrases → relative; longest first. */
export const PLACES: readonly (readonly [string, TextCommandRelative])[] = [
  ["to the left of", "left"],
  ["on the left of", "left"],
  ["to the right of", "right"],
  ["on the right of", "right"],
  ["in front of", "front"],
  ["far away from", "far"],
  ["on top of", "above"],
  ["in back of", "behind"],
  ["next to", "near"],
  ["close to", "near"],
  ["far from", "far"],
  ["away from", "far"],
  ["left of", "left"],
  ["right of", "right"],
  ["near", "near"],
  ["by", "near"],
  ["beside", "near"],
  ["around", "near"],
  ["behind", "behind"],
  ["before", "front"],
  ["above", "above"],
  ["over", "above"],
  ["on", "above"],
  ["below", "below"],
  ["under", "below"],
  ["underneath", "below"],
  ["beneath", "below"],
];

/**
 * The word tables are Maps, never plain objects: a plain object answers `Object.prototype`'s
 * names too ("constructor" would read as a habitat or a count).
 */

/** Words before a noun that say "this many" without a digit. */
export const QUANTITY_WORDS: ReadonlyMap<string, number> = entries({
  a: 1,
  an: 1,
  another: 1,
  single: 1,
  couple: 2,
  pair: 2,
  few: 3,
  some: 3,
  several: 4,
  many: 8,
  lots: 8,
  lot: 8,
  dozen: 12,
});

/** Words before a noun that say "all of them" (the answer's `number` 0). */
export const ALL_WORDS: ReadonlySet<string> = new Set(["all", "every", "each"]);

/** Words that only join or decorate: skipped inside a noun phrase. */
export const FILLER_WORDS = new Set([
  "the",
  "of",
  "please",
  "me",
  "us",
  "more",
  "just",
  "also",
  "too",
  "it",
  "them",
  "to",
]);

/**
 * Habitat words → what a `change_habitat` answer names: the flag of the records' habitat words
 * table (savannah → grass, ocean → sea), except for the grammar's places that have no flag
 * (cave, space, ...), named as said as the real service names them; the reader of the answer
 * maps those (`habitatOfWord`).
 */
export const HABITAT_ANSWERS: ReadonlyMap<string, string> = new Map(
  knownHabitatWords().map((word) => [
    word,
    STAND_IN_HABITAT_WORDS.has(word as HabitatWord) ? word : habitatOfWord(word)!,
  ]),
);

function entries<V>(table: Record<string, V>): ReadonlyMap<string, V> {
  return new Map(Object.entries(table));
}
