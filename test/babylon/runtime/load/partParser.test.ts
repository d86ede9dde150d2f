/**
 * Parsing while the model is still on its way, one part per task: PartParser counted with a
 * yield of its own, then a whole load against the real test server holding the MTL back.
 * Kept on the hand-made server: it holds the MTL until the parts were parsed (an order, not a
 * delay), which the reference service's fault mode can only approximate with a clock.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../../../src/babylon/menagerie.js";
import { PartParser } from "../../../../src/babylon/runtime/load/partParser.js";
import { sharedObjParsePool } from "../../../../src/obj/objParsePool.js";
import { createNullScene, sceneCounts } from "../../../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../../../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../../../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const PART_NAMES = Object.keys(PARTS).sort();

/** Parts with a mesh in the scene (a part with two materials has two meshes, `fox/head/0`, `/1`). */
const partsIn = (scene: { meshes: { name: string }[] }) =>
  new Set(scene.meshes.filter((m) => m.name.startsWith("fox/")).map((m) => m.name.split("/")[1])).size;

let env: ReturnType<typeof createNullScene>;
beforeEach(() => (env = createNullScene()));
afterEach(() => env.dispose());

describe("PartParser", () => {
  it("parses one part per turn of the event loop, in arrival order", async () => {
    const partsAtEachTurn: number[] = [];
    const parser = new PartParser(env.scene, "fox", {
      yield: async () => {
        partsAtEachTurn.push(partsIn(env.scene));
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
    });
    for (const part of PART_NAMES) parser.add({ part, text: PARTS[part], url: undefined });
    expect(env.scene.meshes).toHaveLength(0); // nothing parsed inside add()
    const results = await parser.results();
    expect([...results.keys()]).toEqual(PART_NAMES);
    // Eleven turns, and between two turns exactly one part was parsed.
    expect(partsAtEachTurn).toEqual(PART_NAMES.map((_, i) => i));
    expect(partsIn(env.scene)).toBe(11);
  });

  it("keeps a part that is not an OBJ as its error, skips a part without text, and disposes what it made", async () => {
    const before = sceneCounts(env.scene);
    const parser = new PartParser(env.scene, "fox");
    parser.add({ part: "body", text: PARTS["body"], url: undefined });
    parser.add({ part: "tail", text: "v 0 0 0\n", url: undefined });
    parser.add({ part: "head", text: undefined, url: undefined });
    const results = await parser.results();
    expect([...results.keys()]).toEqual(["body", "tail"]);
    expect(results.get("tail")).toBeInstanceOf(Error);
    parser.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("parses nothing queued once disposed", async () => {
    const parser = new PartParser(env.scene, "fox");
    for (const part of PART_NAMES) parser.add({ part, text: PARTS[part], url: undefined });
    parser.dispose();
    expect((await parser.results()).size).toBe(0);
    expect(env.scene.meshes).toHaveLength(0);
  });
});

describe("loading a model", () => {
  let server: ModelServer;
  afterEach(async () => server?.close());

  it("parses every part before the MTL has arrived", async () => {
    // The server answers the MTL only once every part's mesh is in the scene: a loader that
    // parsed after the last byte would wait for it forever (the test times out).
    let release!: () => void;
    const mtlHeld = new Promise<void>((resolve) => (release = resolve));
    let partsBeforeMtl = 0;
    const seen = env.scene.onNewMeshAddedObservable.add(() => {
      // Counted after the parse that added it has named its meshes (`fox/<part>`).
      queueMicrotask(() => {
        partsBeforeMtl = partsIn(env.scene);
        if (partsBeforeMtl === PART_NAMES.length) release();
      });
    });
    server = await createModelServer({
      fox: {
        type: "quadruped",
        parts: PARTS,
        mtl: furMtl(),
        textures: { "fur.png": tinyPng() },
        hold: (file) => (file === "model.mtl" ? mtlHeld.then(() => seen.remove()) : undefined),
      },
    });
    const menagerie = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key" });
    // This test timed out (20 s) in two full Node-lane runs and passed alone; the cause is not
    // found. Should it hang again, it fails at 15 s saying where the load stood.
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const stall = new Promise<never>((_, reject) => {
      stalled = setTimeout(() => {
        const pool = sharedObjParsePool();
        const state = {
          partsInScene: partsIn(env.scene),
          lookups: server.lookupCount(),
          partRequests: PART_NAMES.map((part) => server.assetCount("fox", `${part}.obj`)),
          stats: menagerie.stats,
          pool: pool && { ready: pool.ready, stats: pool.stats },
        };
        reject(new Error(`the load stalled with the MTL held: ${JSON.stringify(state)}`));
      }, 15_000);
    });
    try {
      const creature = await Promise.race([menagerie.spawnCreature("fox"), stall]);
      expect(partsBeforeMtl).toBe(11);
      expect(creature.listParts()).toHaveLength(11);
      expect(env.scene.textures.length).toBeGreaterThan(0); // the MTL's texture did arrive
    } finally {
      clearTimeout(stalled);
      menagerie.dispose();
    }
  }, 20_000);
});
