/**
 * `POST /parse-text-command` against hostile and odd sentences, over real HTTP: the work one
 * command may cause in the name index is bounded (edit-distance checks counted, never timed), a
 * command costs more than one rate-limit token, prototype names are not words, and zero is none.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSyntheticCatalog } from "../../bench/syntheticCatalog.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import { nameIndexWork } from "../../src/service/nameIndex.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

/** Records of the synthetic catalog: enough for the old blow-up to show in the counts. */
const CATALOG_SIZE = 3000;

/** The generated catalog (fox, wolf, zebra, ...), and a synthetic one of CATALOG_SIZE records. */
let service: TestService;
let synthetic: TestService;
let catalogDir: string;
beforeAll(async () => {
  catalogDir = await ensureDefaultCatalog({ cacheDir: fileURLToPath(new URL("../../.menagerie", import.meta.url)) });
  service = await startTestService({ catalogDir });
  synthetic = await startTestService({ catalogDir: await ensureSyntheticCatalog(catalogDir, CATALOG_SIZE) });
}, 120_000);
afterAll(async () => {
  await synthetic?.close();
  await service?.close();
});

/** POSTs `text` with the key; the status, the answer and the edit-distance checks it took. */
async function say(text: string, base = service.url) {
  const before = nameIndexWork.editChecks;
  const res = await fetch(`${base}/parse-text-command`, {
    method: "POST",
    body: new URLSearchParams({ text, key: "dev-key" }),
  });
  const body = (await res.json()) as { actions: unknown[] };
  return { status: res.status, actions: body.actions, editChecks: nameIndexWork.editChecks - before };
}

/** Words of `letters` with at most four distinct padded bigrams ("kaka", "lolol"), `count` of them. */
function fewBigramWords(count: number): string[] {
  const pairs = ["ka", "lo", "mi", "ru", "ve", "sa", "to", "ni", "be", "da", "qu", "ze"];
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const pair = pairs[i % pairs.length]!;
    out.push(pair.repeat(2 + (Math.floor(i / pairs.length) % 3)) + (i % 2 === 0 ? "" : pair[0]));
  }
  return out;
}

/** Edit-distance checks one command may make: 16 fuzzily read words, 2 048 checks each at most. */
const COMMAND_EDIT_CHECKS = 16 * 2048;

describe("the work of one text command is bounded", () => {
  it("a 998-character command of words with few letter pairs makes a bounded number of edit-distance checks", async () => {
    const repeated = `add ${Array.from({ length: 199 }, () => "qqqq").join(" ")}`;
    expect(repeated).toHaveLength(998);
    const same = await say(repeated, synthetic.url);
    expect(same.status).toBe(200);
    expect(same.editChecks).toBeLessThanOrEqual(COMMAND_EDIT_CHECKS);
    let distinct = "add";
    for (const word of fewBigramWords(400)) if (distinct.length + 1 + word.length <= 1000) distinct += ` ${word}`;
    const varied = await say(distinct, synthetic.url);
    expect(varied.status).toBe(200);
    expect(varied.editChecks).toBeLessThanOrEqual(COMMAND_EDIT_CHECKS);
    // Cut into one clause per word, each word its own noun phrase: still bounded.
    let clauses = "add";
    for (const word of fewBigramWords(400)) if (clauses.length + 6 + word.length <= 1000) clauses += ` ${word}, add`;
    const many = await say(clauses.replace(/, add$/, ""), synthetic.url);
    expect(many.status).toBe(200);
    expect(many.editChecks).toBeLessThanOrEqual(COMMAND_EDIT_CHECKS);
  }, 120_000);

  it("still reads ordinary commands, typos included, within the bound", async () => {
    const typo = await say("add two zebbras near the pond, then remove the foxes and add a lion");
    expect(typo.actions).toEqual([
      {
        action: "add_model",
        models: [{ name: "zebra", number: 2, location: { relative: "near", model_name: "pond" } }],
      },
      { action: "remove_model", models: [{ name: "fox", number: 0 }] },
      { action: "add_model", models: [{ name: "lion", number: 1 }] },
    ]);
    expect(typo.editChecks).toBeGreaterThan(0);
    expect(typo.editChecks).toBeLessThanOrEqual(COMMAND_EDIT_CHECKS);
  });

  it("charges a command parsed here four rate-limit tokens (a lookup one)", async () => {
    const limited = await startTestService({ catalogDir, rateLimit: { capacity: 12, refillPerSecond: 0.001 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await say("add a fox", limited.url)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("words of the command tables", () => {
  it("reads no Object.prototype name as a habitat, a count or a number word", async () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf"]) {
      expect((await say(`make it a ${name}`)).actions, name).toEqual([]);
      expect((await say(`switch to ${name}`)).actions, name).toEqual([]);
      // Read as a number word, "constructor" became a garbled word that fuzzily named a cow.
      expect((await say(`add a ${name}`)).actions, name).toEqual([]);
      expect((await say(`remove ${name}`)).actions, name).toEqual([]);
      expect((await say(`add ${name} foxes`)).actions, name).toEqual([
        { action: "add_model", models: [{ name: "fox", number: 3 }] },
      ]);
      expect((await say(`add two ${name} foxes`)).actions, name).toEqual([
        { action: "add_model", models: [{ name: "fox", number: 2 }] },
      ]);
    }
  });
});

describe("counts of zero", () => {
  it("removes, moves or adds none for zero; 'all' and a bare plural still say all of them", async () => {
    for (const text of ["remove 0 foxes", "remove zero foxes", "move 0 wolves near the lion", "add 0 zebras"])
      expect((await say(text)).actions, text).toEqual([]);
    expect((await say("remove 0 foxes and 2 wolves")).actions).toEqual([
      { action: "remove_model", models: [{ name: "wolf", number: 2 }] },
    ]);
    for (const text of ["remove all foxes", "remove all the foxes", "remove every fox", "remove the foxes"])
      expect((await say(text)).actions, text).toEqual([
        { action: "remove_model", models: [{ name: "fox", number: 0 }] },
      ]);
    expect((await say("remove 2 foxes")).actions).toEqual([
      { action: "remove_model", models: [{ name: "fox", number: 2 }] },
    ]);
  });
});
