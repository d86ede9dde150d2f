/**
 * fetchModelAssets overlaps with the network: the textures are requested before the MTL has
 * arrived (their links are in the record), and each part is handed on as it arrives. Real HTTP
 * against the signed-asset test service, which holds the MTL back; counts, no clock.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import { type FetchModelDeps, fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import { resolveRetryOptions } from "../../src/api/retry.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const PART_NAMES = Object.keys(PARTS).sort();

let server: ModelServer;
let client: LookupClient;

beforeEach(async () => {
  server = await createModelServer({});
  client = createLookupClient({ baseUrl: server.url, cache: false });
});

afterEach(async () => {
  await server.close();
});

describe("fetchModelAssets, overlapped with the network", () => {
  it("requests the textures before the MTL has arrived, and hands each part on as it arrives", async () => {
    // The server holds the MTL until both textures were asked for and every part was handed on.
    // Were textures requested only once the MTL is here, none would come: then the MTL is let
    // go when every part has been answered and no texture request has started, and the
    // textures counted below are none.
    const texturesBeforeMtl: string[] = [];
    let partsHanded = 0;
    let mtlAnswered = false;
    let release!: () => void;
    const mtlHeld = new Promise<void>((resolve) => (release = resolve));
    const maybeRelease = () => texturesBeforeMtl.length === 2 && partsHanded === 11 && release();
    server.models.set("fox", {
      parts: PARTS,
      mtl: furMtl(),
      textures: { "fur.png": tinyPng(), "unused.png": tinyPng([1, 2, 3]) },
      hold: (file) => {
        if (file === "model.mtl") return mtlHeld;
        if (file.endsWith(".png") && !mtlAnswered) texturesBeforeMtl.push(file);
        maybeRelease();
        return undefined;
      },
    });
    const record = (await client.getModel("fox"))!;
    const fetchAsset = createAssetFetcher({
      fetch: globalThis.fetch,
      timeoutMs: 10_000,
      retry: resolveRetryOptions(undefined),
      counters: { assetRequests: 0, assetBytes: 0 },
    });
    let started = 0;
    let partsSettled = 0;
    const handed: string[] = [];
    const deps: FetchModelDeps = {
      linkMarginSeconds: 60,
      now: Date.now,
      fetchAsset: async (url, as, signal) => {
        started++;
        try {
          return await fetchAsset(url, as, signal);
        } finally {
          if (url.includes("/model.mtl?")) mtlAnswered = true;
          // Every part answered and only the parts and the MTL asked for: let the MTL go.
          if (url.includes(".obj?") && ++partsSettled === 11 && started === 12) release();
        }
      },
      refresh: (r, signal) => client.refresh(r, { signal }),
      warn: () => undefined,
      progress: () => undefined,
      onPart: (part) => {
        handed.push(mtlAnswered ? `${part.part} (after the MTL)` : part.part);
        partsHanded++;
        maybeRelease();
      },
    };
    const assets = await fetchModelAssets(record, deps, new AbortController().signal);
    expect(texturesBeforeMtl.sort()).toEqual(["fur.png", "unused.png"]);
    expect(handed.sort()).toEqual(PART_NAMES);
    expect([...assets.images.keys()]).toEqual(["fur.png"]);
  });
});
