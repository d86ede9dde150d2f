/**
 * Rigged records as the service sends them: rig-only records in the real service's shape,
 * the links it signs and serves over real HTTP, and every GLB loaded by Babylon's glTF loader.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import "@babylonjs/loaders/glTF/glTFFileLoader.js";
import "@babylonjs/loaders/glTF/2.0/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RIG_ONLY_SPECIES, RIGGED_SPECIES } from "../../src/catalog/species/rigged.js";
import { HABITATS } from "../../src/records/schemas.js";
import { verifySignedUrl } from "../../src/service/signing.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";
import { type GeneratedCatalog, sharedCatalog } from "./catalogFixture.js";
import { jointBoxes, type RiggedCreature, readRigged } from "./riggedFixture.js";

describe("rigged records", () => {
  let cat: GeneratedCatalog;
  let rigged: RiggedCreature[];
  let server: TestService;
  beforeAll(async () => {
    cat = await sharedCatalog();
    rigged = await readRigged(cat);
    server = await startTestService({ catalogDir: cat.dir });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await cat.cleanup();
  });
  const rigOnly = () => rigged.filter((c) => RIG_ONLY_SPECIES.includes(c.record.name));

  it("sends rig-only records as the real service does: no parts, height 0, length and width, habitats as a list", async () => {
    expect(
      rigOnly()
        .map((c) => c.record.name)
        .sort(),
    ).toEqual([...RIG_ONLY_SPECIES].sort());
    for (const { record, model } of rigOnly()) {
      expect(record.model.parts, record.name).toEqual({});
      expect(record.model.other, record.name).toEqual({
        reference: `${record.model.rig!.GLB!.split("/")[0]}/reference.png`,
      });
      expect(record.scale.height, record.name).toBe(0);
      // Length along +Z and width along X are the skinned mesh's extent, in metres.
      const boxes = Object.values(jointBoxes(model));
      const extent = (axis: "x" | "z") =>
        Math.max(...boxes.map((b) => b.max[axis])) - Math.min(...boxes.map((b) => b.min[axis]));
      expect(record.scale["length"], record.name).toBeCloseTo(extent("z"), 3);
      expect(record.scale["width"], record.name).toBeCloseTo(extent("x"), 3);
      expect(record.scale["length"] as number, record.name).toBeGreaterThan(0);
      expect(record.habitats!.length, record.name).toBeGreaterThan(0);
      for (const h of record.habitats!) expect(HABITATS, record.name).toContain(h);
      for (const h of HABITATS) expect(record, record.name).not.toHaveProperty(h);
      // Only the picture and the rig are on disk: no OBJ, MTL or loose texture.
      const slug = record.model.rig!.GLB!.split("/")[0]!;
      expect((await readdir(join(cat.dir, slug))).sort(), record.name).toEqual(["reference.png", "rig"]);
    }
  });

  it("keeps the OBJ parts, the 16 flags and the height string of the other rigged records", () => {
    const kept = rigged.filter((c) => !RIG_ONLY_SPECIES.includes(c.record.name));
    expect(kept.length).toBeGreaterThan(0);
    for (const { record } of kept) {
      expect(Object.keys(record.model.parts).length, record.name).toBeGreaterThan(0);
      expect(record.model.other.model, record.name).toBeTruthy();
      expect(typeof record.scale.height, record.name).toBe("string");
      expect(HABITATS.filter((h) => record[h] === true).length, record.name).toBeGreaterThan(0);
      expect(record.habitats, record.name).toBeUndefined();
    }
  });

  it("signs the rig, format and thumbnail links, and serves each GLB with its bytes and type", async () => {
    const kept = RIGGED_SPECIES.find((n) => !RIG_ONLY_SPECIES.includes(n))!;
    for (const name of [RIG_ONLY_SPECIES[0]!, kept]) {
      const res = await fetch(`${server.url}/anything?key=dev-key&name=${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      const served = (await res.json()) as {
        model: { rig: { GLB: string; animations: Record<string, { GLB: string }> }; formats: Record<string, string> };
        thumbnails: Record<string, string>;
      };
      const entry = rigged.find((c) => c.record.name === name)!;
      const links = [
        served.model.rig.GLB,
        ...Object.values(served.model.rig.animations).map((a) => a.GLB),
        ...Object.values(served.model.formats),
        ...Object.values(served.thumbnails),
      ];
      expect(links).toHaveLength(Object.keys(entry.record.model.rig!.animations).length + 3);
      expect(Object.keys(served.model.rig.animations)).toEqual(Object.keys(entry.record.model.rig!.animations));
      for (const link of links) {
        expect(link.startsWith(`${server.url}/assets/`), link).toBe(true);
        expect(verifySignedUrl(link, { keys: [{ keyName: "menagerie", secret: TEST_SIGNING_KEY }] }).valid, link).toBe(
          true,
        );
      }
      for (const [clip, { GLB }] of Object.entries(served.model.rig.animations)) {
        const asset = await fetch(GLB);
        expect(asset.status, clip).toBe(200);
        expect(asset.headers.get("content-type"), clip).toBe("model/gltf-binary");
        const expected = entry.bytes.get(entry.record.model.rig!.animations[clip]!.GLB)!;
        expect(Buffer.from(await asset.arrayBuffer()).equals(expected), clip).toBe(true);
      }
    }
  });

  it("loads every GLB with Babylon's glTF loader: one skeleton with a bone per part, one group per clip", async () => {
    const { scene, dispose } = createNullScene();
    const failures: string[] = [];
    try {
      for (const { record, bytes } of rigged) {
        for (const [clip, { GLB }] of [
          ["model", { GLB: record.model.rig!.GLB! }] as const,
          ...Object.entries(record.model.rig!.animations),
        ]) {
          const container = await LoadAssetContainerAsync(bytes.get(GLB)!, scene, { pluginExtension: ".glb" });
          const fail = (rule: string) => failures.push(`${record.name} ${clip}: ${rule}`);
          if (container.skeletons.length !== 1) fail(`${container.skeletons.length} skeletons`);
          const bones = container.skeletons[0]?.bones.map((b) => b.name).sort() ?? [];
          const joints = rigged
            .find((c) => c.record.name === record.name)!
            .model.getRoot()
            .listSkins()[0]!
            .listJoints()
            .map((j) => j.getName())
            .sort();
          if (bones.join() !== joints.join()) fail(`bones ${bones}`);
          const nodes = container.transformNodes.map((n) => n.name);
          if (!joints.every((j) => nodes.includes(j))) fail("a joint has no transform node of its name");
          const groups = container.animationGroups.map((g) => g.name);
          if (groups.join() !== (clip === "model" ? "" : clip)) fail(`groups ${groups}`);
          if (!container.meshes.some((m) => m.skeleton === container.skeletons[0] && m.getTotalVertices() > 0))
            fail("no skinned mesh");
          // In this left-handed scene the loader's __root__ mirrors X: the head still leads along
          // +Z, and the creature's left (+X in the model) is at -X, as for OBJ-built creatures.
          const at = (part: string) => container.transformNodes.find((n) => n.name === part)?.getAbsolutePosition();
          const [head, tail, left] = [
            at("head"),
            at("tail"),
            at("leg_front_left_top") ?? at("leg_left_top") ?? at("leg_left"),
          ];
          if (head && tail && !(head.z > tail.z)) fail(`head at z ${head.z}, tail at z ${tail.z}`);
          if (left && !(left.x < 0)) fail(`left leg at x ${left.x}`);
          container.dispose();
        }
      }
    } finally {
      dispose();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
