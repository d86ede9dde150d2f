/**
 * fetchModelAssets overlaps with the network: the textures are requested before the MTL has
 * arrived (their links are in the record), and each part is handed on as it arrives. Real HTTP
 * against the signed-asset test service, which holds the MTL back; counts, no clock.
 * Kept on the hand-made server: it holds an asset until others were asked for (an order, not a
 * delay), which the reference service's fault mode can only approximate with a clock.
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

  it("hands each rig clip's GLB on as it arrives, while another is still held; a failed clip is not handed on", async () => {
    const bytes = (n: number) => new Uint8Array([103, 108, 84, 70, n]);
    let release!: () => void;
    const runHeld = new Promise<void>((resolve) => (release = resolve));
    const handed: [string, number][] = [];
    server.models.set("deer", {
      type: "quadruped",
      clips: { idle: bytes(1), walk: bytes(2), run: bytes(3) },
      missing: ["walk.glb"],
      height: "1 m",
      hold: (file) => (file === "run.glb" ? runHeld : undefined),
    });
    const record = (await client.getModel("deer"))!;
    const fetchAsset = createAssetFetcher({
      fetch: globalThis.fetch,
      timeoutMs: 10_000,
      retry: resolveRetryOptions(undefined),
      counters: { assetRequests: 0, assetBytes: 0 },
    });
    const warned: string[] = [];
    const assets = await fetchModelAssets(
      record,
      {
        linkMarginSeconds: 60,
        now: Date.now,
        fetchAsset,
        refresh: (r, signal) => client.refresh(r, { signal }),
        warn: (w) => void warned.push(w.asset ?? ""),
        progress: () => undefined,
        onClip: ({ clip, bytes: got }) => {
          handed.push([clip, new Uint8Array(got)[4]!]);
          if (clip === "idle") release(); // run.glb is answered only once idle was handed on
        },
      },
      new AbortController().signal,
    );
    expect(handed).toEqual([
      ["idle", 1],
      ["run", 3],
    ]);
    expect(warned).toEqual(["clip:walk"]);
    expect([...assets.clips.keys()]).toEqual(["idle", "run"]);
  });
});
