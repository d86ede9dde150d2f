/**
 * fetchModelAssets on hand-made models, kept off the reference service on purpose: a texture the
 * record links but no material names (unused.png), and a record with no parts but a whole-model
 * OBJ, are answers its catalog never gives. Real HTTP on 127.0.0.1, the real asset fetcher and
 * lookup client; no engine. Records, links, renewal, failures, abort and progress are tested
 * over the service in fetchModelAssetsService.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import { fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { countedSignal, fetchModelHarness } from "../helpers/fetchModelHarness.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const PART_NAMES = Object.keys(PARTS).sort();
const FUR = tinyPng();
/** 11 parts, the MTL, fur.png; `unused.png` is linked but no material names it. */
const fox = (): InlineModel => ({
  parts: PARTS,
  mtl: furMtl(),
  textures: { "fur.png": FUR, "unused.png": tinyPng([1, 2, 3]) },
});

let server: ModelServer;
let client: LookupClient;

beforeEach(async () => {
  server = await createModelServer({ fox: fox() });
  client = createLookupClient({ baseUrl: server.url, cache: false });
});

afterEach(async () => {
  await server.close();
});

const harness = (onRequestStart?: (started: number) => void) => fetchModelHarness(client, onRequestStart);

const lookup = async (name = "fox"): Promise<ModelRecord> => (await client.getModel(name))!;

describe("fetchModelAssets", () => {
  it("fetches each asset of a model once, and keeps the textures the MTL names", async () => {
    const record = await lookup();
    const { deps, seen } = harness();
    const { signal, listeners } = countedSignal();
    const assets = await fetchModelAssets(record, deps, signal);

    expect(assets.record).toBe(record);
    expect(assets.jointed).toBe(true);
    expect(assets.parts.map((p) => p.part)).toEqual(PART_NAMES);
    for (const { part, text, url } of assets.parts) {
      expect(text, part).toBe(PARTS[part]);
      expect(url).toBe(record.model.parts[part]);
    }
    expect(assets.mtl?.materials).toEqual(["fur", "eye"]);
    expect(assets.mtl?.textures.map((t) => t.file)).toEqual(["fur.png"]);
    expect([...assets.images.keys()]).toEqual(["fur.png"]);
    const image = assets.images.get("fur.png")!;
    expect(Buffer.from(image.bytes).equals(FUR)).toBe(true);
    expect(image.key).toBe(`${server.url}/assets/fox/fur.png`);

    // Every linked texture is requested with the MTL, before it says which it uses: unused.png
    // costs its bytes and is dropped.
    expect(server.assetCount("fox")).toBe(14);
    for (const file of [...PART_NAMES.map((p) => `${p}.obj`), "model.mtl", "fur.png", "unused.png"])
      expect(server.assetCount("fox", file), file).toBe(1);
    expect(server.lookupCount()).toBe(1); // the test's own lookup: no refresh
    expect([seen.started, seen.refreshes, seen.warnings.length]).toEqual([14, 0, 0]);
    expect(listeners()).toBe(0);
  });

  it("loads a record without parts as its whole-model OBJ, the body", async () => {
    const whole = boxObj([-0.1, 0, -0.1], [0.1, 0.2, 0.1]);
    server.models.set("rock", { type: "scenery", whole });
    const assets = await fetchModelAssets(await lookup("rock"), harness().deps, new AbortController().signal);
    expect(assets.jointed).toBe(false);
    expect(assets.parts).toEqual([
      { part: "body", text: whole, url: expect.stringContaining("/assets/rock/model.obj?") },
    ]);
    expect([assets.mtl, assets.images.size, server.assetCount("rock")]).toEqual([undefined, 0, 1]);
  });
});
