/**
 * The reference service's reader of English scene commands, called as the route calls it: with
 * the generated catalog's own name index (exact names, kinds, typos). What a game relies on: a
 * command is understood (verb, creature, count, habitat, place) or what it asked for and the
 * catalog lacks is named, and one command's work in the index stays bounded (the lookups it asks
 * are recorded: how many, how long, how many fuzzy words).
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { CatalogStore } from "../../src/service/catalogStore.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import {
  MAX_COMMAND_WORDS,
  MAX_FUZZY_TAIL_WORDS,
  MAX_FUZZY_WORDS,
  MAX_NAME_WORDS,
  type ModelNameResolver,
  parseTextCommand,
  readTextCommandAnswer,
} from "../../src/service/textCommand/parseTextCommand.js";

/** The route's resolver over the catalog's index. */
let catalog: ModelNameResolver;
beforeAll(async () => {
  const dir = await ensureDefaultCatalog({ cacheDir: fileURLToPath(new URL("../../.menagerie", import.meta.url)) });
  const { index } = await CatalogStore.load(dir);
  catalog = (name, fuzzy, byKind) => (byKind ? index.findByKind(name) : index.findByName(name, fuzzy))?.name;
}, 120_000);

const read = (text: string) => readTextCommandAnswer(text, catalog);
const actions = (text: string) => parseTextCommand(text, catalog);
/** The models of the one action `text` gives. */
const models = (text: string) => {
  const all = actions(text);
  expect(all, text).toHaveLength(1);
  return all[0]!.models;
};

interface Ask {
  name: string;
  fuzzy: boolean;
  byKind: boolean;
}

/** Reads `text` through the catalog, recording every lookup the reader asks of it. */
function recorded(text: string) {
  const asks: Ask[] = [];
  const answer = readTextCommandAnswer(text, (name, fuzzy, byKind) => {
    asks.push({ name, fuzzy, byKind: byKind === true });
    return catalog(name, fuzzy, byKind);
  });
  return { answer, asks };
}

/** Words no catalog name is near: each a distinct miss for the fuzzy matcher. */
const nonsense = (count: number) => Array.from({ length: count }, (_, i) => `xqzjv${"kmwpt"[i % 5]}${"bdfgh"[i % 4]}y`);

describe("counts", () => {
  it("reads 'a couple of', 'a few', 'a pair of', 'a lot of' and 'a dozen' as the count they say", () => {
    expect(models("add a couple of wolves")).toEqual([{ name: "wolf", number: 2 }]);
    expect(models("add a few foxes")).toEqual([{ name: "fox", number: 3 }]);
    expect(models("add a pair of lions")).toEqual([{ name: "lion", number: 2 }]);
    expect(models("add a lot of ants")).toEqual([{ name: "ant", number: 8 }]);
    expect(models("add a dozen sheep")).toEqual([{ name: "sheep", number: 12 }]);
    expect(models("add two dozen sheep")).toEqual([{ name: "sheep", number: 24 }]);
    expect(models("add few foxes")).toEqual([{ name: "fox", number: 3 }]);
    expect(models("add some zebras")).toEqual([{ name: "zebra", number: 3 }]);
    expect(models("add lots of ants")).toEqual([{ name: "ant", number: 8 }]);
    expect(models("add several wolves")).toEqual([{ name: "wolf", number: 4 }]);
    expect(models("add another fox")).toEqual([{ name: "fox", number: 1 }]);
  });

  it("counts a noun that is its own plural as one, a plural as three to add or all to remove", () => {
    expect(models("add deer")).toEqual([{ name: "deer", number: 1 }]);
    expect(models("remove the sheep")).toEqual([{ name: "sheep", number: 1 }]);
    expect(models("add zebras")).toEqual([{ name: "zebra", number: 3 }]);
    expect(models("bring on the lions")).toEqual([{ name: "lion", number: 3 }]);
  });

  it("says 'all of them' only with 'all', 'every' or 'each' before the name", () => {
    expect(models("remove every fox")).toEqual([{ name: "fox", number: 0 }]);
    expect(models("remove the fox every day")).toEqual([{ name: "fox", number: 1 }]);
  });

  it("reads a word of digits and letters as part of a name, never as a count", () => {
    expect(models("add a fox near tree2")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "tree2" } },
    ]);
    expect(models("add a fox near the 2nd rock")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "2nd rock" } },
    ]);
  });

  it("answers every count as a whole number from 1 to 100, whatever digits the command holds", () => {
    const huge = "9".repeat(400);
    for (const text of [`add ${huge} foxes`, `add 0 ${huge} foxes`, `add ${huge} dozen foxes`, "add 1000 foxes"])
      for (const model of models(text)) {
        expect(Number.isInteger(model.number), text).toBe(true);
        expect(model.number, text).toBeGreaterThanOrEqual(1);
        expect(model.number, text).toBeLessThanOrEqual(100);
      }
  });

  it("reads a count word after a name's first word as part of the name", () => {
    expect(models("add a fox near the lion couple")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "lion couple" } },
    ]);
  });

  it("reads a count with no name as nothing, and a place with no name as here", () => {
    expect(read("add two")).toEqual({ actions: [] });
    expect(models("add a fox near the")).toEqual([{ name: "fox", number: 1, location: { relative: "here" } }]);
  });
});

describe("names", () => {
  it("finds a model by its kind before guessing: 'gulls' are seagulls, a street light the lamp post", () => {
    expect(models("add two gulls")).toEqual([{ name: "seagull", number: 2 }]);
    expect(models("add a street light")).toEqual([{ name: "lamp post", number: 1 }]);
  });

  it("matches a misspelt name of several words, and a misspelt name after an unknown word", () => {
    expect(models("add an arctic foks")).toEqual([{ name: "arctic fox", number: 1 }]);
    expect(models("add a qqqqq zebbra")).toEqual([{ name: "zebra", number: 1 }]);
  });

  it("finds the longest name at the end of a long phrase", () => {
    const phrase = "big old white fluffy very tiny cute sleepy happy arctic fox";
    expect(phrase.split(" ")).toHaveLength(11);
    expect(models(`add a ${phrase}`)).toEqual([{ name: "arctic fox", number: 1 }]);
  });

  it("skips the filler words of a phrase ('please', 'me', 'the')", () => {
    expect(read("add two unicorns please")).toEqual({
      actions: [],
      unknown_models: [{ action: "add_model", name: "unicorn", number: 2 }],
    });
  });
});

describe("places", () => {
  it("reads 'there' as here, and a here before any other place as here alone", () => {
    expect(models("add a fox there")).toEqual([{ name: "fox", number: 1, location: { relative: "here" } }]);
    expect(models("add two ants here near the lion")).toEqual([
      { name: "ant", number: 2, location: { relative: "here" } },
    ]);
  });

  it("reads a place phrase before 'here' or 'there' as here, never as a model named 'there'", () => {
    expect(models("put a lion over there")).toEqual([{ name: "lion", number: 1, location: { relative: "here" } }]);
    expect(models("add a fox near here and a wolf")).toEqual([
      { name: "fox", number: 1, location: { relative: "here" } },
      { name: "wolf", number: 1 },
    ]);
  });

  it("names a place of several words as said, possessives and plurals kept apart", () => {
    expect(models("add a fox near the big rock")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "big rock" } },
    ]);
    expect(models("add a fox near the lions' den")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "lions den" } },
    ]);
    expect(models("move the wolf near the lion's den")).toEqual([
      { name: "wolf", number: 1, location: { relative: "near", model_name: "lion den" } },
    ]);
  });

  it("lists the models after a place's name with no place of theirs", () => {
    expect(models("add a fox near the lion and a wolf")).toEqual([
      { name: "fox", number: 1, location: { relative: "near", model_name: "lion" } },
      { name: "wolf", number: 1 },
    ]);
  });
});

describe("clauses", () => {
  it("cuts at a comma without 'then', at 'and then', and reads a command in any spacing", () => {
    expect(actions("add a lion, remove the foxes")).toEqual([
      { action: "add_model", models: [{ name: "lion", number: 1 }] },
      { action: "remove_model", models: [{ name: "fox", number: 0 }] },
    ]);
    expect(actions("a forest and then add two wolves")).toEqual([
      { action: "change_habitat", habitat: "forest", models: [] },
      { action: "add_model", models: [{ name: "wolf", number: 2 }] },
    ]);
    for (const text of ["  remove the bears", "...remove the bears", "\tremove   the bears  "])
      expect(actions(text), text).toEqual([{ action: "remove_model", models: [{ name: "bear", number: 0 }] }]);
  });

  it("reads any other character as a space between words", () => {
    expect(models("add a lion(and a fox)")).toEqual([
      { name: "lion", number: 1 },
      { name: "fox", number: 1 },
    ]);
  });

  it(`reads the first ${MAX_COMMAND_WORDS} words of a command and ignores the rest`, () => {
    // "add", "1", "wolf", one word per comma, then "add", "1", "fox".
    const command = (commas: number) => `add a wolf${",".repeat(commas)} add a fox`;
    const wolf = { action: "add_model", models: [{ name: "wolf", number: 1 }] };
    expect(actions(command(MAX_COMMAND_WORDS - 6))).toEqual([
      wolf,
      { action: "add_model", models: [{ name: "fox", number: 1 }] },
    ]);
    expect(actions(command(MAX_COMMAND_WORDS - 5))).toEqual([wolf]);
    // A run of full stops or marks is one break, one word of the command.
    expect(actions(`add a wolf${"!?.".repeat(100)} add a fox`)).toHaveLength(2);
  });

  it("reads the first 4 000 characters of a command, however few words they hold", () => {
    const text = `add a wolf${" ".repeat(4000)}and add a fox`;
    expect(actions(text)).toEqual([{ action: "add_model", models: [{ name: "wolf", number: 1 }] }]);
    expect(actions(text.replace(/ {4000}/, " "))).toHaveLength(2);
  });
});

describe("habitats", () => {
  it("reads 'an' before the habitat, and a habitat, scene or setting word after it", () => {
    expect(actions("make it an ocean")).toEqual([{ action: "change_habitat", habitat: "sea", models: [] }]);
    for (const [text, habitat] of [
      ["a desert scene", "desert"],
      ["a forest setting", "forest"],
      ["a jungle habitat", "jungle"],
      ["a forest", "forest"],
    ])
      expect(actions(text!), text).toEqual([{ action: "change_habitat", habitat, models: [] }]);
    expect(actions("make it a desert habitat with two camels")).toEqual([
      { action: "change_habitat", habitat: "desert", models: [] },
      { action: "add_model", models: [{ name: "camel", number: 2 }] },
    ]);
  });

  it("changes no habitat for a clause with no verb that says more than the habitat", () => {
    expect(actions("a city pigeon")).toEqual([{ action: "add_model", models: [{ name: "pigeon", number: 1 }] }]);
  });

  it("adds the models after 'with' only, fuzzily, and names those the catalog lacks", () => {
    expect(actions("make it a desert without lions")).toEqual([
      { action: "change_habitat", habitat: "desert", models: [] },
    ]);
    expect(actions("a forest with two zebbras")).toEqual([
      { action: "change_habitat", habitat: "forest", models: [] },
      { action: "add_model", models: [{ name: "zebra", number: 2 }] },
    ]);
    expect(read("make it a desert with two unicorns")).toEqual({
      actions: [{ action: "change_habitat", habitat: "desert", models: [] }],
      unknown_models: [{ action: "add_model", name: "unicorn", number: 2 }],
    });
  });
});

describe("unknown models", () => {
  it("names each model the catalog lacks as said, singular, wherever it stands in the list", () => {
    expect(read("add a fox and two unicorns")).toEqual({
      actions: [{ action: "add_model", models: [{ name: "fox", number: 1 }] }],
      unknown_models: [{ action: "add_model", name: "unicorn", number: 2 }],
    });
    expect(read("add two purple unicorns")).toEqual({
      actions: [],
      unknown_models: [{ action: "add_model", name: "purple unicorn", number: 2 }],
    });
  });
});

describe("the work of one command", () => {
  it("asks each name once, never an empty one, by its last words only", () => {
    const long = Array.from({ length: MAX_NAME_WORDS + 3 }, (_, i) => `w${"abcdefghijklmnop"[i]}x`).join(" ");
    const { asks } = recorded(`add a zebbra and a zebbra, then add an ${long} foks`);
    const keys = asks.map((a) => `${a.fuzzy}/${a.byKind}/${a.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const ask of asks) {
      const words = ask.name.split(" ");
      expect(ask.name, JSON.stringify(ask)).not.toBe("");
      expect(words.length, ask.name).toBeLessThanOrEqual(ask.fuzzy ? MAX_FUZZY_TAIL_WORDS : MAX_NAME_WORDS);
      // A kind is looked up exactly, never fuzzily.
      if (ask.byKind) expect(ask.fuzzy, ask.name).toBe(false);
    }
    // The longest tails are asked: twelve words exactly, four fuzzily.
    expect(Math.max(...asks.filter((a) => !a.fuzzy).map((a) => a.name.split(" ").length))).toBe(MAX_NAME_WORDS);
    expect(Math.max(...asks.filter((a) => a.fuzzy).map((a) => a.name.split(" ").length))).toBe(MAX_FUZZY_TAIL_WORDS);
  });

  it(`matches at most ${MAX_FUZZY_WORDS} words fuzzily; past that a typo is an unknown name`, () => {
    const misses = (count: number) => nonsense(count).map((w) => `a ${w}`);
    const within = recorded(`add ${[...misses(MAX_FUZZY_WORDS - 1), "a zebbra"].join(" and ")}`);
    expect(within.answer.actions).toEqual([{ action: "add_model", models: [{ name: "zebra", number: 1 }] }]);
    const past = recorded(`add ${[...misses(MAX_FUZZY_WORDS), "a zebbra"].join(" and ")}`);
    expect(past.answer.actions).toEqual([]);
    expect(past.answer.unknown_models?.at(-1)).toEqual({ action: "add_model", name: "zebbra", number: 1 });
    expect(past.asks.filter((a) => a.fuzzy)).toHaveLength(MAX_FUZZY_WORDS);
  });

  it("costs nothing more for a repeated name: twenty typos of one name are all read", () => {
    const text = `add ${Array.from({ length: 20 }, () => "a zebbra").join(" and ")}`;
    const { answer, asks } = recorded(text);
    expect(answer.actions).toEqual([{ action: "add_model", models: Array(20).fill({ name: "zebra", number: 1 }) }]);
    expect(asks.filter((a) => a.fuzzy).map((a) => a.name)).toEqual(["zebbra"]);
  });
});
