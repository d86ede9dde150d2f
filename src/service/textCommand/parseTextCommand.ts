/**
 * A deterministic reader of English scene commands, the reference service's answer to the real
 * service's `POST /parse-text-command`: "add three zebras near the pond, then remove the bears"
 * → `{ actions: [{ action: "add_model", models: [{ name: "zebra", number: 3, location: {
 * relative: "near", model_name: "pond" } }] }, { action: "remove_model", models: [{ name:
 * "bear", number: 0 }] }] }`. What it cannot read gives no action, never an error.
 *
 * The sentence is cut into clauses at "then", commas, semicolons and full stops, and at "and"
 * when a verb follows it. A clause is a verb (add, remove, move, change habitat; none means add)
 * and a list of models ("two wolves and a deer", joined by "and"), then an optional place
 * ("near the pond"). Names go through the service's own name index (fuzzy: "zebbra" is a
 * zebra); number words through `readNumberWords`, plurals through `pluralize`. A model the
 * index has under no name ("add two unicorns") gives no action, but the answer names it in
 * `unknown_models` (a field of the reference service's, beside the real service's `actions`),
 * so the client can say what it left out.
 *
 * A command's work is bounded whatever it says: a name is looked up once per command, by its
 * last {@link MAX_NAME_WORDS} words at most, only its last {@link MAX_FUZZY_TAIL_WORDS} words
 * are matched fuzzily, and a command matches at most
 * {@link MAX_FUZZY_WORDS} words fuzzily in all (past that, names must be exact); the name index
 * bounds each lookup's edit-distance checks in turn.
 */
import pluralize from "pluralize";
import { readNumberWords } from "./numberWords.js";
import {
  ACTION_VERBS,
  ALL_WORDS,
  FILLER_WORDS,
  HABITAT_ANSWERS,
  HABITAT_VERBS,
  PLACES,
  QUANTITY_WORDS,
  type TextCommandActionKind,
  type TextCommandRelative,
} from "./textCommandWords.js";

export type { TextCommandActionKind, TextCommandRelative } from "./textCommandWords.js";

/**
 * One model of an action. `number` 0: all of them (e.g. "remove the bears"); a count of zero
 * ("remove 0 foxes") names none, so it gives no model at all.
 */
export interface TextCommandModel {
  name: string;
  number: number;
  location?: { relative: TextCommandRelative; model_name?: string };
}

/** One action, as the real service answers it. */
export interface TextCommandAction {
  action: TextCommandActionKind;
  /** The habitat of `change_habitat` (the catalog's where one fits: savannah → grass). */
  habitat?: string;
  models: TextCommandModel[];
}

/**
 * A model a command asked for that the catalog has under no name or kind: what was to be done,
 * the name as said (singular) and the count asked (0: all of them).
 */
export interface UnknownTextCommandModel {
  action: TextCommandActionKind;
  name: string;
  number: number;
}

/** The route's answer: the actions, and (only when there are some) the models it could not find. */
export interface TextCommandAnswer {
  actions: TextCommandAction[];
  unknown_models?: UnknownTextCommandModel[];
}

/**
 * The canonical name of the model `name` names (exactly, or fuzzily), or, `byKind`, of a model
 * of the kind it names (a tag, species or group: "gull", "fish"), or undefined.
 */
export type ModelNameResolver = (name: string, fuzzy: boolean, byKind?: boolean) => string | undefined;

/** Most words a command may hold; the rest is ignored. */
export const MAX_COMMAND_WORDS = 200;
/** The most of one model a command may ask for. */
export const MAX_MODEL_NUMBER = 100;
/** The most words of a name looked up (its last ones): a phrase's longer tails name nothing. */
export const MAX_NAME_WORDS = 12;
/** The most words of a name matched fuzzily (its last ones): a longer tail must match exactly. */
export const MAX_FUZZY_TAIL_WORDS = 4;
/** The most words one command matches fuzzily, over all its lookups. */
export const MAX_FUZZY_WORDS = 16;

/** Reads `text` into actions; names are resolved (and unknown ones dropped) through `resolve`. */
export function parseTextCommand(text: string, given: ModelNameResolver): TextCommandAction[] {
  return readTextCommandAnswer(text, given).actions;
}

/**
 * Reads `text` into the route's answer: the actions, and the models a verb asked for that
 * `resolve` knows under no name (a clause with no verb names nothing unknown: "fly me to the
 * moon" is not a request for a moon).
 */
export function readTextCommandAnswer(text: string, given: ModelNameResolver): TextCommandAnswer {
  const resolve = budgetedResolver(given);
  const actions: TextCommandAction[] = [];
  const unknown: UnknownTextCommandModel[] = [];
  for (const clause of clauses(text)) {
    const action = readClause(clause, resolve, unknown);
    if (action) actions.push(...action);
  }
  return unknown.length > 0 ? { actions, unknown_models: unknown } : { actions };
}

/** Lower-cased words, numbers as digits, clauses cut at then/commas/stops and "and" + verb. */
function clauses(text: string): string[][] {
  const spaced = text
    .toLowerCase()
    .slice(0, 4000)
    .replace(/[’']s\b/g, "")
    .replace(/[.;!?]+/g, " | ")
    .replace(/,/g, " | ")
    .replace(/[^a-z0-9| -]+/g, " ")
    .replace(/-/g, " ");
  const words = readNumberWords(spaced.split(/\s+/).filter(Boolean)).slice(0, MAX_COMMAND_WORDS);
  const out: string[][] = [[]];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const current = out[out.length - 1]!;
    const startsVerb = (at: number) => verbAt(words, at) !== undefined || habitatChangeAt(words, at) !== undefined;
    if (word === "|" || word === "then" || (word === "and" && (words[i + 1] === "then" || startsVerb(i + 1)))) {
      if (current.length > 0) out.push([]);
      continue;
    }
    current.push(word);
  }
  return out.filter((c) => c.length > 0);
}

function phraseAt(words: readonly string[], at: number, phrase: string): boolean {
  const parts = phrase.split(" ");
  return parts.every((p, k) => words[at + k] === p);
}

function verbAt(words: readonly string[], at: number): { kind: TextCommandActionKind; length: number } | undefined {
  for (const [phrase, kind] of ACTION_VERBS)
    if (phraseAt(words, at, phrase)) return { kind, length: phrase.split(" ").length };
  return undefined;
}

/** "make it a desert", "a forest", "savannah": the habitat and the words it took. */
function habitatChangeAt(words: readonly string[], at: number): { habitat: string; length: number } | undefined {
  let i = at;
  let verb = false;
  for (const phrase of HABITAT_VERBS)
    if (phraseAt(words, i, phrase)) {
      i += phrase.split(" ").length;
      verb = true;
      break;
    }
  while (words[i] === "a" || words[i] === "an" || words[i] === "the" || words[i] === "1") i++;
  const word = words[i];
  const habitat = word === undefined ? undefined : HABITAT_ANSWERS.get(word);
  if (!habitat) return undefined;
  i++;
  if (words[i] === "habitat" || words[i] === "scene" || words[i] === "setting") i++;
  // Without a verb, only a clause that is the habitat ("a forest", "a forest with …") changes it.
  if (!verb && i < words.length && words[i] !== "with") return undefined;
  return { habitat, length: i - at };
}

function readClause(
  words: string[],
  resolve: ModelNameResolver,
  unknown: UnknownTextCommandModel[],
): TextCommandAction[] | undefined {
  const change = habitatChangeAt(words, 0);
  if (change) {
    const out: TextCommandAction[] = [{ action: "change_habitat", habitat: change.habitat, models: [] }];
    const rest = words.slice(change.length);
    if (rest[0] === "with") {
      const models = readModels(rest.slice(1), "add_model", resolve, true, unknown);
      if (models.length > 0) out.push({ action: "add_model", models });
    }
    return out;
  }
  const verb = verbAt(words, 0);
  const kind = verb?.kind ?? "add_model";
  // Names are matched fuzzily ("zebbra") after a verb or "with"; a clause with neither must
  // name its models exactly, so that a sentence the parser cannot read adds nothing.
  const models = readModels(words.slice(verb?.length ?? 0), kind, resolve, verb !== undefined, unknown);
  return models.length > 0 ? [{ action: kind, models }] : undefined;
}

/**
 * "two wolves and a deer near the pond": the models, each with the clause's place. A model the
 * index does not know goes into `unknown` when the clause had a verb (`fuzzy`).
 */
function readModels(
  words: string[],
  kind: TextCommandActionKind,
  resolve: ModelNameResolver,
  fuzzy: boolean,
  unknown: UnknownTextCommandModel[],
): TextCommandModel[] {
  let placeAt = -1;
  let place: { relative: TextCommandRelative; length: number } | undefined;
  for (let i = 0; i < words.length && !place; i++) {
    if (words[i] === "here" || words[i] === "there") {
      placeAt = i;
      place = { relative: "here", length: 1 };
      break;
    }
    for (const [phrase, relative] of PLACES)
      if (i > 0 && phraseAt(words, i, phrase)) {
        placeAt = i;
        const length = phrase.split(" ").length;
        // "over there", "near here": the viewer's place, not a model named "there".
        const here = words[i + length] === "here" || words[i + length] === "there";
        place = { relative: here ? "here" : relative, length };
        break;
      }
  }
  const head = place ? words.slice(0, placeAt) : words;
  let location: TextCommandModel["location"];
  // After the place's name, "and ..." lists more models, with a place of their own.
  let after: string[] = [];
  if (place) {
    let targetWords = words.slice(placeAt + place.length);
    const and = targetWords.indexOf("and");
    if (and >= 0) {
      after = targetWords.slice(and + 1);
      targetWords = targetWords.slice(0, and);
    }
    const target = place.relative === "here" ? undefined : nounPhrase(targetWords);
    // A place names a creature exactly, or anything in the scene (a pond, a rock): never fuzzily.
    const name = target ? (resolveName(target.words, resolve, false) ?? singular(target.words).join(" ")) : undefined;
    location = name ? { relative: place.relative, model_name: name } : { relative: "here" };
  }
  const models: TextCommandModel[] = [];
  for (const item of splitOn(head, "and")) {
    const phrase = nounPhrase(item);
    // "remove 0 foxes" removes none: only "all" or a bare plural says all of them.
    if (!phrase || phrase.number === 0) continue;
    // No count: one for "a lion" or "the lion", three for "add zebras", all of them for
    // "remove the bears", "move zebras" or "remove every fox" (0).
    const last = phrase.words[phrase.words.length - 1]!;
    const plural = phrase.all || (pluralize.isPlural(last) && pluralize.singular(last) !== last);
    const number = Math.min(MAX_MODEL_NUMBER, phrase.number ?? (plural ? (kind === "add_model" ? 3 : 0) : 1));
    const name = resolveName(phrase.words, resolve, fuzzy, true);
    if (name) models.push({ name, number, ...(location ? { location } : {}) });
    else if (fuzzy) unknown.push({ action: kind, name: singular(phrase.words).join(" "), number });
  }
  if (after.length > 0) models.push(...readModels(after, kind, resolve, fuzzy, unknown));
  return models;
}

function splitOn(words: string[], separator: string): string[][] {
  const out: string[][] = [[]];
  for (const word of words) {
    if (word === separator || word === "&") out.push([]);
    else out[out.length - 1]!.push(word);
  }
  return out;
}

/** What a noun phrase says: its count, whether "the" or "all" came first, and the name's words. */
interface NounPhrase {
  number?: number;
  definite: boolean;
  all: boolean;
  words: string[];
}

/** A count (digits times quantity words: "a few" 1 × 3), "the", "all" and the name's words. */
function nounPhrase(words: string[]): NounPhrase | undefined {
  let number: number | undefined;
  let definite = false;
  let all = false;
  const rest: string[] = [];
  for (const word of words) {
    if (/^\d+$/.test(word)) {
      number = (number ?? 1) * Number(word);
      continue;
    }
    if (rest.length === 0 && word === "the") {
      definite = true;
      continue;
    }
    const n = rest.length === 0 ? QUANTITY_WORDS.get(word) : undefined;
    if (n !== undefined) {
      // A quantity word counts groups of the count before it: "a couple" 1 × 2, "two dozen" 2 × 12.
      number = (number ?? 1) * n;
      continue;
    }
    if (rest.length === 0 && ALL_WORDS.has(word)) {
      all = true;
      continue;
    }
    if (FILLER_WORDS.has(word)) continue;
    rest.push(word);
  }
  if (rest.length === 0) return undefined;
  return { ...(number !== undefined && Number.isFinite(number) ? { number } : {}), definite, all, words: rest };
}

function singular(words: readonly string[]): string[] {
  return words.map((w, i) => (i === words.length - 1 ? pluralize.singular(w) : w));
}

/**
 * The longest tail of the phrase the index knows, exactly first, then fuzzily (its last
 * {@link MAX_FUZZY_TAIL_WORDS} words only).
 */
function resolveName(
  words: readonly string[],
  resolve: ModelNameResolver,
  fuzzily = true,
  byKind = false,
): string | undefined {
  const tails: string[][] = [];
  for (let k = Math.max(0, words.length - MAX_NAME_WORDS); k < words.length; k++) {
    const tail = words.slice(k);
    tails.push(singular(tail), tail);
  }
  for (const tail of tails) {
    const found = resolve(tail.join(" "), false);
    if (found) return found;
  }
  // A kind before any guess: "fish" is a fish, "gulls" the seagull, never a bush one typo away.
  for (const tail of byKind ? tails : []) {
    const found = resolve(tail.join(" "), false, true);
    if (found) return found;
  }
  if (!fuzzily) return undefined;
  for (const tail of tails) {
    if (tail.length > MAX_FUZZY_TAIL_WORDS) continue;
    const found = resolve(tail.join(" "), true);
    if (found) return found;
  }
  return undefined;
}

/**
 * `resolve` for one command: each name asked once (a repeated name costs nothing more), and
 * fuzzy lookups only while the command has fuzzy words left ({@link MAX_FUZZY_WORDS}; a name's
 * repeated words count once, as the name index compares them once).
 */
function budgetedResolver(resolve: ModelNameResolver): ModelNameResolver {
  const answers = new Map<string, string | undefined>();
  let fuzzyWordsLeft = MAX_FUZZY_WORDS;
  return (name, fuzzy, byKind = false) => {
    const key = `${fuzzy ? "~" : byKind ? "*" : "="}${name}`;
    if (answers.has(key)) return answers.get(key);
    let found: string | undefined;
    if (byKind) found = resolve(name, false, true);
    else if (!fuzzy) found = resolve(name, false);
    else {
      const words = new Set(name.split(" ")).size;
      if (words > fuzzyWordsLeft) return undefined;
      fuzzyWordsLeft -= words;
      found = resolve(name, true);
    }
    answers.set(key, found);
    return found;
  };
}
