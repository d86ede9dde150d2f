/**
 * Every word of the text-command tables is understood: each verb gives its action, each habitat
 * phrase changes the habitat, each place phrase gives its relative, each "all" word says all of
 * them and each filler word is skipped. Read with `readTextCommandAnswer` and a name index of
 * exact names only, so that no fuzzy match can hide a word the parser did not read.
 */
import { describe, expect, it } from "vitest";
import { readTextCommandAnswer } from "../../src/service/textCommand/parseTextCommand.js";
import type { TextCommandActionKind, TextCommandRelative } from "../../src/service/textCommand/textCommandWords.js";

/** The creatures the index knows, by exact name only. */
const KNOWN = new Set(["fox", "lion", "wolf"]);
const read = (text: string) =>
  readTextCommandAnswer(text, (name, fuzzy, byKind) =>
    fuzzy || byKind ? undefined : KNOWN.has(name) ? name : undefined,
  );

const REMOVE = ["get rid of", "take away", "take out", "remove", "delete", "despawn", "destroy", "kill", "clear"];
const MOVE = ["move", "send", "walk", "lead"];
const ADD = ["add", "put", "place", "spawn", "create", "bring", "show me", "show", "insert", "drop", "give me"];
const ADD_TOO = ["i want", "there are", "there is"];
/** Each verb the parser knows, with its action. */
const VERBS: [string, TextCommandActionKind][] = [
  ...REMOVE.map((v): [string, TextCommandActionKind] => [v, "remove_model"]),
  ...MOVE.map((v): [string, TextCommandActionKind] => [v, "move_model"]),
  ...[...ADD, ...ADD_TOO].map((v): [string, TextCommandActionKind] => [v, "add_model"]),
];
const HABITAT_PHRASES = [
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
const PLACE_PHRASES: [string, TextCommandRelative][] = [
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

describe("the verbs of each action", () => {
  it("reads each verb as its action, on a known creature and on one the catalog lacks", () => {
    for (const [verb, action] of VERBS) {
      expect(read(`${verb} a fox`), verb).toEqual({ actions: [{ action, models: [{ name: "fox", number: 1 }] }] });
      // Only a verb asks for a model the catalog lacks: without one, "unicorn" is no request.
      expect(read(`${verb} a unicorn`), verb).toEqual({
        actions: [],
        unknown_models: [{ action, name: "unicorn", number: 1 }],
      });
      expect(read(`${verb.toUpperCase()} two wolves`).actions, verb).toEqual([
        { action, models: [{ name: "wolf", number: 2 }] },
      ]);
    }
  });

  it("starts a new clause at 'and' followed by any verb", () => {
    for (const [verb, action] of VERBS) {
      expect(read(`add a lion and ${verb} a fox`).actions, verb).toEqual([
        { action: "add_model", models: [{ name: "lion", number: 1 }] },
        { action, models: [{ name: "fox", number: 1 }] },
      ]);
    }
  });
});

describe("the habitat phrases", () => {
  it("changes the habitat after each phrase, with or without an article", () => {
    for (const phrase of HABITAT_PHRASES) {
      for (const text of [`${phrase} a desert`, `${phrase} the forest`, `${phrase} savannah`]) {
        const habitat = text.endsWith("savannah") ? "grass" : text.split(" ").at(-1);
        expect(read(text), text).toEqual({ actions: [{ action: "change_habitat", habitat, models: [] }] });
      }
    }
  });
});

describe("the place phrases", () => {
  it("reads each place phrase as its relative, the place's name as said", () => {
    for (const [phrase, relative] of PLACE_PHRASES) {
      // A pond is no creature: the place names it as said, whole.
      expect(read(`add a fox ${phrase} the pond`), phrase).toEqual({
        actions: [
          { action: "add_model", models: [{ name: "fox", number: 1, location: { relative, model_name: "pond" } }] },
        ],
      });
      expect(read(`move two wolves ${phrase} the lion`).actions, phrase).toEqual([
        { action: "move_model", models: [{ name: "wolf", number: 2, location: { relative, model_name: "lion" } }] },
      ]);
    }
  });
});

describe("quantity, all and filler words", () => {
  it("reads each 'all' word as all of them (number 0), even before a singular name", () => {
    for (const word of ["all", "every", "each"]) {
      expect(read(`remove ${word} fox`).actions, word).toEqual([
        { action: "remove_model", models: [{ name: "fox", number: 0 }] },
      ]);
      expect(read(`move ${word} wolf near the lion`).actions, word).toEqual([
        {
          action: "move_model",
          models: [{ name: "wolf", number: 0, location: { relative: "near", model_name: "lion" } }],
        },
      ]);
    }
  });

  it("skips each filler word inside a noun phrase", () => {
    const fillers = ["the", "of", "please", "me", "us", "more", "just", "also", "too", "it", "them", "to"];
    for (const word of fillers) {
      expect(read(`add a fox ${word}`), word).toEqual({
        actions: [{ action: "add_model", models: [{ name: "fox", number: 1 }] }],
      });
      expect(read(`remove two ${word} wolves ${word}`).actions, word).toEqual([
        { action: "remove_model", models: [{ name: "wolf", number: 2 }] },
      ]);
    }
  });
});
