/**
 * The text-command reader, fuzzed (fast-check, fixed seed, counted inputs): sentences of its own
 * vocabulary (verbs, places, counts, number words, habitats, the catalog's names, plurals and
 * typos of them) mixed with noise, punctuation and very long words, read with the catalog's
 * real name index. Whatever the text, `parseTextCommand` returns the actions it documents
 * (never throws), its name-index work stays within its budget, and its reading does not
 * depend on letter case or how words are spaced; clauses joined by ", then" read as the
 * clauses read alone.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { SPECIES } from "../../src/catalog/species/index.js";
import { nameIndexWork } from "../../src/service/nameIndex.js";
import { CatalogIndex } from "../../src/service/searchIndex.js";
import {
  MAX_COMMAND_WORDS,
  MAX_FUZZY_WORDS,
  MAX_MODEL_NUMBER,
  type ModelNameResolver,
  parseTextCommand,
  type TextCommandAction,
} from "../../src/service/textCommand/parseTextCommand.js";
import {
  ACTION_VERBS,
  ALL_WORDS,
  FILLER_WORDS,
  HABITAT_ANSWERS,
  HABITAT_VERBS,
  PLACES,
  QUANTITY_WORDS,
} from "../../src/service/textCommand/textCommandWords.js";
import { FuzzTally } from "../helpers/fuzzCheck.js";

const tally = new FuzzTally("Text-command reader fuzz");
afterAll(() => tally.print());

/** The catalog's records as the service indexes them (name, creature, group, type). */
const index = new CatalogIndex(
  SPECIES.map((s) => ({ name: s.name, creature: s.creature, group: s.group, type: s.type })),
);
const NAMES = new Set(index.records.map((r) => r.name));

/** The index as the service's route asks it, counting the lookups. */
function resolver(fuzzyAllowed = true): { resolve: ModelNameResolver; readonly calls: number } {
  let calls = 0;
  return {
    resolve: (name, fuzzy) => {
      calls++;
      return index.findByName(name, fuzzy && fuzzyAllowed)?.name;
    },
    get calls() {
      return calls;
    },
  };
}

// --- sentences ------------------------------------------------------------------------------

const creatures = [...new Set(SPECIES.map((s) => s.creature.toLowerCase()))];
const typo = (word: string, at: number) =>
  word.length > 3 ? word.slice(0, at % word.length) + word.slice((at % word.length) + 1) : word;
const NUMBER_WORDS = [
  "one",
  "two",
  "three",
  "twelve",
  "twenty",
  "ninety",
  "hundred",
  "thousand",
  "million",
  "zero",
  "and",
  "a",
];
const NOISE = [
  ",",
  ".",
  ";",
  "!",
  "?",
  "'s",
  "’s",
  "-",
  "&",
  "|",
  "then",
  "with",
  "here",
  "there",
  "constructor",
  "__proto__",
  "toString",
];
const DIGITS = ["0", "1", "3", "100", "101", "4294967296", "99999999999999999999", "1e5", "-2", "3.5"];

const word: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ACTION_VERBS.map(([v]) => v), ...HABITAT_VERBS) },
  { weight: 2, arbitrary: fc.constantFrom(...PLACES.map(([p]) => p)) },
  { weight: 3, arbitrary: fc.constantFrom(...QUANTITY_WORDS.keys(), ...ALL_WORDS, ...FILLER_WORDS, ...NUMBER_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...HABITAT_ANSWERS.keys()) },
  { weight: 5, arbitrary: fc.constantFrom(...creatures) },
  { weight: 2, arbitrary: fc.constantFrom(...creatures).map((c) => (c.endsWith("s") ? `${c}es` : `${c}s`)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...creatures), fc.nat()).map(([c, at]) => typo(c, at)) },
  { weight: 2, arbitrary: fc.constantFrom(...NOISE, ...DIGITS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,12}$/) },
);

const gap = fc.constantFrom(" ", " ", " ", "  ", "\t", "\n", " , ", ", ");

/** A sentence of 1..60 words with their gaps (some very long words and some long sentences too). */
const sentence = fc
  .oneof(
    { weight: 8, arbitrary: fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(word, gap), { minLength: 150, maxLength: 260 }), fc.constant(null))
        .map(([words]) => words),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("add", "remove"), fc.stringMatching(/^[a-z]{1,3}$/), fc.integer({ min: 100, max: 1500 }))
        .map(([verb, unit, n]): [string, string][] => [
          [verb, " "],
          [unit.repeat(n), " "],
        ]),
    },
  )
  .map((pairs) => pairs.map(([w, g]) => w + g).join(""));

/** The same sentence built only from words and single spaces (for the spacing property). */
const plainWords = fc.array(
  word.filter((w) => /^[a-z0-9 ]+$/.test(w)),
  { minLength: 1, maxLength: 40 },
);

// --- properties ---------------------------------------------------------------------------

const KINDS = new Set(["add_model", "remove_model", "move_model", "change_habitat"]);
const RELATIVES = new Set(["here", "near", "far", "front", "behind", "above", "below", "left", "right"]);
const HABITATS = new Set(HABITAT_ANSWERS.values());

/** Why the actions break what parseTextCommand documents, or "". */
function actionsProblem(actions: readonly TextCommandAction[]): string {
  if (!Array.isArray(actions)) return "not a list";
  for (const [i, a] of actions.entries()) {
    if (!KINDS.has(a.action)) return `action ${i}: ${a.action}`;
    if (a.action === "change_habitat") {
      if (!HABITATS.has(a.habitat as never) || a.models.length !== 0) return `action ${i}: habitat ${a.habitat}`;
      continue;
    }
    if (a.habitat !== undefined || a.models.length === 0) return `action ${i}: ${a.models.length} models`;
    for (const m of a.models) {
      if (!NAMES.has(m.name)) return `action ${i}: name ${m.name}`;
      if (!Number.isInteger(m.number) || m.number < 0 || m.number > MAX_MODEL_NUMBER) return `action ${i}: ${m.number}`;
      const at = m.location;
      if (at && (!RELATIVES.has(at.relative) || (at.model_name !== undefined && at.model_name.trim() === "")))
        return `action ${i}: location ${JSON.stringify(at)}`;
    }
  }
  return "";
}

/** Lookups one command may make: per word read, both forms of each tail, exactly and fuzzily. */
const MAX_LOOKUPS_PER_WORD = 4 * 12;
/** Edit-distance checks one command may make (test/service/textCommandBounds.test.ts). */
const MAX_EDIT_CHECKS = MAX_FUZZY_WORDS * 2048;

describe("parseTextCommand, fuzzed", () => {
  it("returns the actions it documents for any sentence, within its lookup budget", () => {
    tally.check(
      "parseTextCommand: vocabulary and noise",
      6_000,
      fc.property(sentence, (text) => {
        const counted = resolver();
        const editChecks = nameIndexWork.editChecks;
        const actions = parseTextCommand(text, counted.resolve);
        expect(actionsProblem(actions)).toBe("");
        expect(counted.calls).toBeLessThanOrEqual(MAX_LOOKUPS_PER_WORD * MAX_COMMAND_WORDS);
        expect(nameIndexWork.editChecks - editChecks).toBeLessThanOrEqual(MAX_EDIT_CHECKS);
      }),
    );
    tally.check(
      "parseTextCommand: any string",
      1_000,
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 200 })), (text) => {
        expect(actionsProblem(parseTextCommand(text, resolver().resolve))).toBe("");
      }),
    );
  });

  it("reads a sentence the same in any letter case and however its words are spaced", () => {
    tally.check(
      "parseTextCommand: case and spacing",
      2_000,
      fc.property(plainWords, fc.array(fc.constantFrom(" ", "  ", "\t", " \n "), { minLength: 1 }), (words, gaps) => {
        const text = words.join(" ");
        const spaced = words.map((w, i) => w.split(" ").join(gaps[i % gaps.length])).join(gaps[0]);
        const read = parseTextCommand(text, resolver().resolve);
        expect(parseTextCommand(text.toUpperCase(), resolver().resolve)).toEqual(read);
        expect(parseTextCommand(`  ${spaced}  `, resolver().resolve)).toEqual(read);
      }),
    );
  });

  it('reads clauses joined by ", then" as it reads each alone (exact names)', () => {
    tally.check(
      "parseTextCommand: clauses joined",
      1_000,
      fc.property(plainWords, plainWords, (a, b) => {
        const one = (words: string[]) => parseTextCommand(words.join(" "), resolver(false).resolve);
        const both = parseTextCommand(`${a.join(" ")}, then ${b.join(" ")}`, resolver(false).resolve);
        expect(both).toEqual([...one(a), ...one(b)]);
      }),
    );
  });

  it("reads at least 10 000 sentences a run", () => {
    expect(tally.total("parseTextCommand")).toBeGreaterThanOrEqual(10_000);
  });
});
