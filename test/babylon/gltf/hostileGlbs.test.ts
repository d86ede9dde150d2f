/**
 * Hostile GLBs served over real HTTP by a small signed-asset server (issue #29, findings 17 to
 * 19): an accessor with no bytes behind it and a huge count, and a link hidden in a glTF
 * extension that Babylon follows by itself once a game registers every glTF extension, must
 * each end in a LoadError before Babylon allocates or fetches anything; a GLB longer than
 * `maxAssetBytes` is not read.
 * Kept on the hand-made server: the reference service serves only its catalog's well-formed GLBs.
 */
import { RegisterEXT_lights_ies } from "@babylonjs/loaders/glTF/2.0/Extensions/EXT_lights_ies.pure.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import XHR from "xhr2";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import { isMenagerieError, type LoadError } from "../../../src/core/errors.js";
import { watchUnhandledRejections } from "../../helpers/faultHarness.js";
import { packGlb, unpackGlb } from "../../helpers/glbMutations.js";
import { createTestServer, type TestServer } from "../../helpers/httpServer.js";
import { createModelServer, type ModelServer } from "../../helpers/modelServer.js";
import { rejection, thrown } from "../../helpers/rejection.js";
import { createRiggedScene, riggedCounts } from "../../helpers/riggedScene.js";
import { tinyRiggedGlb } from "../../helpers/tinyGlb.js";

let idle: Uint8Array;
let walk: Uint8Array;
let rejections: ReturnType<typeof watchUnhandledRejections>;
const ownXhr = globalThis.XMLHttpRequest;

beforeAll(async () => {
  idle = await tinyRiggedGlb({ clip: "idle" });
  walk = await tinyRiggedGlb({ clip: "walk" });
  rejections = watchUnhandledRejections();
  // As a game that registers every glTF extension and gives Babylon a way to fetch in Node.
  RegisterEXT_lights_ies();
  globalThis.XMLHttpRequest = XHR as unknown as typeof XMLHttpRequest;
});
afterAll(() => {
  globalThis.XMLHttpRequest = ownXhr;
  rejections.stop();
});

type GltfJson = Record<string, unknown> & Record<"accessors" | "nodes", Record<string, unknown>[]>;

/** The idle GLB with its JSON edited by `edit`, repacked with its own binary chunk. */
function editedIdle(edit: (json: GltfJson) => void): Uint8Array {
  const { json, bin } = unpackGlb(idle);
  edit(json as GltfJson);
  return packGlb(json, bin);
}

let server: ModelServer;
/** Stands for any address a hostile file may name: it must never be asked. */
let probe: TestServer;
let env: ReturnType<typeof createRiggedScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({});
  probe = await createTestServer((_req, res) => void res.end("IESNA:LM-63-2002\n"));
  env = createRiggedScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
  await probe.close();
  expect(rejections.count, "unhandled rejections").toBe(0);
});

/** Spawns "deer" with `glb` as its model clip; `before` runs first on the error (what it must not have done). */
async function spawnRefused(glb: Uint8Array, before?: () => void): Promise<LoadError> {
  server.models.set("deer", { type: "quadruped", clips: { idle: glb, walk }, height: "1.2 m" });
  const baseline = riggedCounts(env.scene);
  const error = (await rejection(menagerie.spawnCreature("deer"))) as LoadError;
  before?.();
  expect(isMenagerieError(error, "load"), String(error)).toBe(true);
  expect(error).toMatchObject({ reason: "parse", asset: "clip:idle" });
  expect(server.assetCount("deer", "idle.glb")).toBe(1);
  expect(riggedCounts(env.scene)).toEqual(baseline);
  return error;
}

describe("a GLB over maxAssetBytes", () => {
  it("fails the spawn with a NetworkError naming the cap, after one request", async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(idle); // a GLB, then zeros: its header says where it ends
    server.models.set("deer", { type: "quadruped", clips: { idle: big, walk }, height: "1.2 m" });
    const capped = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key", maxAssetBytes: 1024 * 1024 });
    try {
      const error = await rejection(capped.spawnCreature("deer"));
      expect(isMenagerieError(error, "network"), String(error)).toBe(true);
      expect((error as Error).message).toContain(`(over maxAssetBytes: the body has more than ${1024 * 1024} bytes)`);
      expect((error as Error).message).not.toContain("test-key");
      expect(server.assetCount("deer", "idle.glb")).toBe(1);
      // Nothing of the refused body is counted: at most the walk GLB, if it landed first (each
      // GLB is read as it arrives).
      expect([0, walk.byteLength]).toContain(capped.stats.assetBytes);
      // Under the default cap (64 MiB) the same file loads.
      expect((await menagerie.spawnCreature("deer")).form).toBe("rig");
    } finally {
      capped.dispose();
    }
  });

  it.each([0, 1.5, -1, Number.NaN])("refuses maxAssetBytes %s", (value) => {
    const error = thrown(() => new Menagerie(env.scene, { maxAssetBytes: value }));
    expect(isMenagerieError(error, "options")).toBe(true);
    expect((error as Error).message).toContain("maxAssetBytes must be a positive integer");
  });
});

describe("hostile GLBs over HTTP", () => {
  it("refuses a POSITION accessor with no bytes behind it and a huge count, before Babylon allocates it", async () => {
    // 5 million VEC3 floats (60 MB) from a 2.6 kB file: Babylon would fill them with zeros.
    const glb = editedIdle((json) => {
      delete json.accessors[0]!["bufferView"];
      delete json.accessors[0]!["byteOffset"];
      json.accessors[0]!["count"] = 5_000_000;
    });
    expect(glb.byteLength).toBeLessThan(3_000);
    const error = await spawnRefused(glb);
    expect(error.message).toContain("accessors[0] has no bufferView");
    expect(error.message).toContain("5000000 elements");
  });

  it("refuses 200 meshes' accessors over one 192 KiB view, before Babylon reads them", async () => {
    // Each accessor fits its view, but together they read the same bytes 200 times (37.5 MiB):
    // Babylon's heap once grew by about 515 MiB loading such a file.
    const { json, bin } = unpackGlb(idle);
    const view = new Uint8Array(192 * 1024);
    const edited = json as GltfJson & Record<"bufferViews" | "buffers" | "meshes", Record<string, unknown>[]>;
    edited.buffers[0]!["byteLength"] = bin.length + view.length;
    const viewIndex = edited.bufferViews.push({ buffer: 0, byteOffset: bin.length, byteLength: view.length }) - 1;
    for (let k = 0; k < 200; k++) {
      const accessor = edited.accessors.push({
        bufferView: viewIndex,
        componentType: 5126,
        count: 16_384,
        type: "VEC3",
      });
      edited.meshes.push({ primitives: [{ attributes: { POSITION: accessor - 1 } }] });
      edited.nodes.push({ mesh: edited.meshes.length - 1 });
    }
    const withView = new Uint8Array(bin.length + view.length);
    withView.set(bin);
    const hostile = packGlb(edited, withView);
    expect(hostile.byteLength).toBeGreaterThan(idle.byteLength + view.length);
    const error = await spawnRefused(hostile);
    expect(error.message).toMatch(
      /accessors\[\d+\] reads 16384 elements of bufferViews\[\d+\]: accessors reading the same/,
    );
  });

  it("refuses a link in a glTF extension (EXT_lights_ies) without a request to it", async () => {
    const glb = editedIdle((json) => {
      json["extensionsUsed"] = ["EXT_lights_ies"];
      json["extensions"] = { EXT_lights_ies: { lights: [{ uri: `${probe.url}/lamp.ies` }] } };
      json.nodes[0]!["extensions"] = { EXT_lights_ies: { light: 0 } };
    });
    const error = await spawnRefused(glb, () => expect(probe.requests.map((r) => r.url)).toEqual([]));
    expect(error.message).toContain(`extensions.EXT_lights_ies.lights[0].uri "${probe.url}/lamp.ies"`);
  });
});
