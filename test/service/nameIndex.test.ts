/** The name index answers what the MiniSearch query it replaced answered, without walking every term. */
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { NameIndex, nameEdits, nameIndexWork } from "../../src/service/nameIndex.js";
import { singular } from "../../src/service/searchIndex.js";
import { boundedEditDistance } from "../../src/util/editDistance.js";
import { SeededRandom } from "../../src/util/seededRandom.js";

const fold = (term: string) => singular(term.toLowerCase());
const SYLLABLES = ["ka", "lo", "mi", "ru", "ve", "sa", "to", "ni", "be", "da"];
const CREATURES = ["fox", "arctic fox", "bear", "polar bear", "cat", "barn owl", "owl", "deer", "bat", "ant", "eel"];

/** Names like MiniSearch would meet in a big catalog: made-up words before a creature, some suffixed. */
function records(count: number): { name: string; creature: string }[] {
  const rng = new SeededRandom(11);
  const out: { name: string; creature: string }[] = [];
  for (let i = 0; i < count; i++) {
    let word = "";
    for (let s = 0, n = 2 + rng.int(2); s < n; s++) word += SYLLABLES[rng.int(SYLLABLES.length)];
    const creature = CREATURES[rng.int(CREATURES.length)]!;
    out.push({ name: `${word} ${creature}${i % 17 === 0 ? `#${String(i).padStart(4, "0")}` : ""}`, creature });
  }
  return out;
}

/** The query findByName ran before this index (searchIndex.ts, MiniSearch 7): every hit and its score. */
function miniSearchScores(search: MiniSearch, query: string): Map<number, number> {
  const hits = search.search(query, {
    boost: { name: 2, creature: 1 },
    fuzzy: nameEdits,
    prefix: true,
    combineWith: "OR",
  });
  return new Map(hits.map((hit) => [hit.id as number, hit.score]));
}

describe("boundedEditDistance", () => {
  it("is Levenshtein's distance up to the bound, and bound + 1 past it", () => {
    expect(boundedEditDistance("baer", "bear", 2)).toBe(2);
    expect(boundedEditDistance("fok", "fox", 1)).toBe(1);
    expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
    expect(boundedEditDistance("kitten", "sitting", 2)).toBe(3);
    expect(boundedEditDistance("a", "abcd", 2)).toBe(3);
    expect(boundedEditDistance("", "ab", 2)).toBe(2);
    expect(boundedEditDistance("same", "same", 0)).toBe(0);
  });
});

describe("NameIndex", () => {
  it("scores every record as MiniSearch's fuzzy, prefix, boosted OR query did: typos, plurals, order, parts", () => {
    const docs = records(400);
    const index = new NameIndex(docs, fold);
    const search = new MiniSearch({ fields: ["name", "creature"], processTerm: fold });
    search.addAll(docs.map((d, id) => ({ id, ...d })));
    const queries = new Set<string>();
    for (const { name } of docs.filter((_, i) => i % 9 === 0)) {
      const plain = name.replace(/#\d+$/, "");
      const swapped = plain.length > 4 ? plain.slice(0, 2) + plain[3] + plain[2] + plain.slice(4) : `${plain}s`;
      for (const q of [swapped, `${plain}s`, plain.split(" ").reverse().join(" "), plain.slice(1), plain.slice(0, 3)])
        queries.add(q.toLowerCase());
    }
    for (const q of ["fox", "foxes", "polar baer", "owls", "zzzz", "ka", "k", "arctic", "bea", "0017", "fox fox"])
      queries.add(q);
    let hits = 0;
    for (const q of queries) {
      const expected = miniSearchScores(search, q);
      const actual = index.scores(q);
      expect(
        [...actual.keys()].sort((a, b) => a - b),
        q,
      ).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const [id, score] of expected) expect(actual.get(id)! / score, `${q} #${id}`).toBeCloseTo(1, 9);
      // The winner: the best score, the lower id (the catalog's name order here) on a tie.
      const best = [...expected].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
      expect(
        index.find(q, (id) => id),
        q,
      ).toBe(best);
      hits += expected.size;
    }
    expect(hits).toBeGreaterThan(queries.size * 5);
  });

  it("finds nothing when no word is near", () => {
    const index = new NameIndex(records(50), fold);
    expect(index.find("qqqqqqq", (id) => id)).toBeUndefined();
    expect(index.find("#", (id) => id)).toBeUndefined();
  });
});

describe("NameIndex work per lookup", () => {
  it("compares a 256-character name of words with few letter pairs with a bounded number of words", () => {
    const index = new NameIndex(records(5000), fold);
    // Every word has at most four distinct padded bigrams (^k, ka, ak, a$ ...).
    const pairs = ["ka", "lo", "mi", "ru", "ve", "sa", "to", "ni", "be", "da"];
    let query = "";
    for (let i = 0; query.length < 250; i++)
      query += `${query ? " " : ""}${pairs[i % pairs.length]!.repeat(2 + (i % 3))}`;
    query = query.slice(0, 256);
    const before = nameIndexWork.editChecks;
    index.find(query, (id) => id);
    const checks = nameIndexWork.editChecks - before;
    // 2 048 per lookup at most (MAX_EDIT_CHECKS_PER_LOOKUP), however many words the name holds.
    expect(checks).toBeLessThanOrEqual(2048);
    // An ordinary typo (two letters swapped) still reaches its record.
    const docs = records(5000);
    for (const id of [123, 2345, 4321]) {
      const target = docs[id]!.name;
      const typo = target.slice(0, 2) + target[3] + target[2] + target.slice(4);
      expect(index.scores(typo).has(id), typo).toBe(true);
    }
  });
});
