/**
 * The habitat words of the real service's text-command grammar, read by the reference service's
 * `POST /parse-text-command` over real HTTP: every grammar word changes the habitat, answered as
 * the flag it lands on (savannah → grass) or, for a place the records have no flag for, as said
 * (the real service's own answer; `habitatOfWord` maps it); and the table every reader shares.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import {
  HABITAT_SYNONYMS,
  HABITAT_WORD_FLAGS,
  HABITAT_WORDS,
  HABITATS,
  habitatOfWord,
} from "../../src/records/index.js";
import { startCatalogService } from "../helpers/catalogService.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

const habitatSaid = async (text: string) => {
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", retry: 0 });
  const { actions } = await client.parseTextCommand(text);
  return actions.filter((a) => a.action === "change_habitat").map((a) => a.habitat);
};

describe("habitat words in text commands", () => {
  it("changes the habitat for each of the grammar's 24 words", async () => {
    const answered: Record<string, string | undefined> = {};
    for (const word of HABITAT_WORDS) answered[word] = (await habitatSaid(`make it a ${word}`))[0];
    expect(answered).toEqual({
      ...Object.fromEntries(HABITATS.map((h) => [h, h])),
      cave: "cave",
      underwater: "sea",
      magical: "magical",
      grassland: "grass",
      mountain: "mountain",
      space: "space",
      savannah: "grass",
      testing: "testing",
    });
  });

  it("reads 'make it a savannah', everyday words, any case", async () => {
    expect(await habitatSaid("make it a savannah")).toEqual(["grass"]);
    expect(await habitatSaid("go to the Ocean")).toEqual(["sea"]);
    expect(await habitatSaid("a savanna with two zebras")).toEqual(["grass"]);
  });

  it("every word any reader accepts lands on one of the 16 flags", () => {
    for (const word of [...HABITAT_WORDS, ...HABITAT_SYNONYMS.keys()]) {
      expect(HABITATS, word).toContain(habitatOfWord(word));
    }
    expect(Object.keys(HABITAT_WORD_FLAGS)).toEqual([
      ...HABITATS,
      ...HABITAT_WORDS.filter((w) => !HABITATS.includes(w as never)),
    ]);
    expect([habitatOfWord(" Savannah "), habitatOfWord("testing"), habitatOfWord("constructor")]).toEqual([
      "grass",
      "forest",
      undefined,
    ]);
  });
});
