import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { isMenagerieError, type LoadError } from "../../src/core/errors.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { round } from "../helpers/round.js";
import { boxObj, QUADRUPED_BOXES, quadrupedParts, tinyFox, tinyPng } from "../helpers/tinyModels.js";

const fox = (): InlineModel => tinyFox();

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;
let warnings: MenagerieWarning[];

function newMenagerie(scene: Scene = env.scene) {
  const m = new Menagerie(scene, { baseUrl: server.url, apiKey: "test-key" });
  m.onWarningObservable.add((w) => warnings.push(w));
  return m;
}

beforeEach(async () => {
  server = await createModelServer({ fox: fox() });
  env = createNullScene();
  warnings = [];
  menagerie = newMenagerie();
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

/** World-space positions of a mesh's vertices. */
function worldVertices(mesh: AbstractMesh): Vector3[] {
  mesh.computeWorldMatrix(true);
  const data = mesh.getVerticesData("position")!;
  const out: Vector3[] = [];
  for (let i = 0; i < data.length; i += 3)
    out.push(Vector3.TransformCoordinates(new Vector3(data[i], data[i + 1], data[i + 2]), mesh.getWorldMatrix()));
  return out;
}

function worldBounds(meshes: readonly AbstractMesh[]) {
  const all = meshes.flatMap(worldVertices);
  const min = (k: "x" | "y" | "z") => round(Math.min(...all.map((v) => v[k])));
  const max = (k: "x" | "y" | "z") => round(Math.max(...all.map((v) => v[k])));
  return { min: { x: min("x"), y: min("y"), z: min("z") }, max: { x: max("x"), y: max("y"), z: max("z") } };
}

describe("spawnCreature", () => {
  it("builds the quadruped hierarchy with nodes named <record>/<part> carrying the record", async () => {
    const creature = await menagerie.spawnCreature("fox");
    expect(creature.listParts().sort()).toEqual(Object.keys(QUADRUPED_BOXES).sort());
    const parentName = (part: string) => creature.getPart(part)!.parent!.name;
    expect(parentName("body")).toBe("fox");
    expect(parentName("head")).toBe("fox/body");
    expect(parentName("tail")).toBe("fox/body");
    expect(parentName("leg_front_left_top")).toBe("fox/body");
    expect(parentName("leg_front_left_bot")).toBe("fox/leg_front_left_top");
    expect(creature.getPart("wing_left")).toBeNull();
    expect(creature.root).toBe(creature.getPart("body")!.parent);
    expect(creature.getPart("head")!.metadata.menagerie.record.name).toBe("fox");
    expect(creature.meshes.map((m) => m.name)).toContain("fox/head/1"); // the eye material's mesh
    expect(creature.meshes.every((m) => m.metadata.menagerie.creature === creature)).toBe(true);
  });

  it("keeps the rest pose: world vertices equal the OBJ's, mirrored in X for the left-handed scene, scaled to the height", async () => {
    const creature = await menagerie.spawnCreature("fox", { height: 1, position: new Vector3(2, 0, 3) });
    const s = 1 / 0.5; // model is 0.5 tall
    for (const part of Object.keys(QUADRUPED_BOXES)) {
      const [min, max] = QUADRUPED_BOXES[part]!;
      const meshes = creature.meshes.filter((m) => m.metadata.menagerie.part === part);
      expect(worldBounds(meshes), part).toEqual({
        min: { x: round(2 - max[0] * s), y: round(min[1] * s), z: round(3 + min[2] * s) },
        max: { x: round(2 - min[0] * s), y: round(max[1] * s), z: round(3 + max[2] * s) },
      });
    }
  });

  it("places joint pivots by the rules (upper leg: top centre, lower leg: 40% up, head: nearest the body)", async () => {
    const creature = await menagerie.spawnCreature("fox", { height: 0.5 }); // scale 1
    const at = (part: string) => {
      const p = creature.getPart(part)!.getAbsolutePosition();
      return [round(p.x), round(p.y), round(p.z)];
    };
    expect(at("leg_front_left_top")).toEqual([round(-0.065), 0.3, 0.16]);
    expect(at("leg_front_left_bot")).toEqual([round(-0.065), 0.126, 0.16]);
    expect(at("head")).toEqual([0, 0.35, 0.22]);
    expect(at("tail")).toEqual([0, 0.35, -0.22]);
  });

  it("swings a limb about its own joint", async () => {
    const creature = await menagerie.spawnCreature("fox", { height: 0.5 });
    const knee = creature.getPart("leg_front_left_bot")!;
    const before = knee.getAbsolutePosition().clone();
    creature.getPart("leg_front_left_top")!.rotation.x = 0.5;
    const hip = creature.getPart("leg_front_left_top")!.getAbsolutePosition();
    const after = knee.computeWorldMatrix(true) && knee.getAbsolutePosition();
    expect(round(Vector3.Distance(hip, after))).toBe(round(Vector3.Distance(hip, before))); // rigid swing
    expect(round(after.z)).not.toBe(round(before.z)); // it moved
  });

  it.each([
    ["45 cm", 0.45],
    ["0.45 m", 0.45],
    ["450mm", 0.45],
    ["1.6 ft", 0.48768],
    [0.7, 0.7],
    ["24in", 0.6096],
  ])("sizes to scale.height %j, feet on y = 0", async (height, metres) => {
    server.models.set("sized", { ...fox(), height });
    const creature = await menagerie.spawnCreature("sized");
    const bounds = worldBounds(creature.meshes);
    expect(round(creature.heightMeters)).toBe(round(metres));
    expect(round(bounds.max.y - bounds.min.y)).toBe(round(metres));
    expect(bounds.min.y).toBe(0);
  });

  it("faces +Z with its left legs on its left, in left- and right-handed scenes", async () => {
    const lh = await menagerie.spawnCreature("fox");
    const x = (c: typeof lh, part: string) => c.getPart(part)!.getAbsolutePosition().x;
    expect(lh.getPart("head")!.getAbsolutePosition().z).toBeGreaterThan(lh.getPart("tail")!.getAbsolutePosition().z);
    expect(x(lh, "leg_front_left_top")).toBeLessThan(0); // left-handed: +X is the right
    const rhEnv = createNullScene({ rightHanded: true });
    const rh = newMenagerie(rhEnv.scene);
    try {
      const c = await rh.spawnCreature("fox");
      expect(c.getPart("head")!.getAbsolutePosition().z).toBeGreaterThan(0);
      expect(x(c, "leg_front_left_top")).toBeGreaterThan(0); // right-handed: +X is the left
    } finally {
      rh.dispose();
      rhEnv.dispose();
    }
  });

  it("accepts a record instead of a name, a height option and a heading", async () => {
    const client = createLookupClient({ baseUrl: server.url });
    const record = (await client.getModel("fox"))!;
    const creature = await menagerie.spawnCreature(record, { height: "90 cm", rotationY: Math.PI / 2 });
    expect(creature.record.name).toBe("fox");
    expect(creature.heightMeters).toBe(0.9);
    expect(round(creature.getPart("head")!.getAbsolutePosition().x)).toBeGreaterThan(0); // turned to face +X
  });
});

describe("requests", () => {
  it("fetches each asset once for 20 copies, with one lookup", async () => {
    const copies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 0) })),
    );
    expect(copies).toHaveLength(20);
    expect(server.lookupCount()).toBe(1);
    const files = [...Object.keys(QUADRUPED_BOXES).map((p) => `${p}.obj`), "model.mtl", "fur.png"];
    for (const file of files) expect(server.assetCount("fox", file), file).toBe(1);
    expect(server.assetCount("fox")).toBe(files.length);
    expect(menagerie.stats.assetRequests).toBe(files.length);
    // Copies share geometry and materials: instances of the same sources.
    const sources = new Set(copies.flatMap((c) => c.meshes.map((m) => (m as InstancedMesh).sourceMesh)));
    expect(sources.size).toBe(copies[0]!.meshes.length);
    const more = await menagerie.spawnCreature("fox");
    expect((more.meshes[0] as InstancedMesh).sourceMesh).toBe((copies[0]!.meshes[0] as InstancedMesh).sourceMesh);
    expect(server.count()).toBe(1 + files.length);
  });

  it("keeps two models whose files share names apart, also when they load together", async () => {
    server.models.set("wolf", { ...fox(), textures: { "fur.png": tinyPng([90, 90, 100]) } });
    const [f, w] = await Promise.all([menagerie.spawnCreature("fox"), menagerie.spawnCreature("wolf")]);
    expect(server.assetCount("fox", "fur.png")).toBe(1);
    expect(server.assetCount("wolf", "fur.png")).toBe(1);
    const texture = (c: typeof f) =>
      (c.getPart("body")!.getChildMeshes()[0]!.material as unknown as { diffuseTexture: { name: string; url: string } })
        .diffuseTexture;
    expect(texture(f).url).toBe(`data:${server.url}/assets/fox/fur.png`);
    expect(texture(w).url).toBe(`data:${server.url}/assets/wolf/fur.png`);
    expect(texture(f).name).toBe("fox/fur.png");
    expect(f.getPart("body")!.getChildMeshes()[0]!.material).not.toBe(w.getPart("body")!.getChildMeshes()[0]!.material);
  });

  it("treats a black Kd with a texture as white", async () => {
    const creature = await menagerie.spawnCreature("fox");
    const material = creature.getPart("body")!.getChildMeshes()[0]!.material as unknown as {
      diffuseColor: { r: number; g: number; b: number };
    };
    expect([material.diffuseColor.r, material.diffuseColor.g, material.diffuseColor.b]).toEqual([1, 1, 1]);
  });

  it("refreshes a record whose links expire within the margin exactly once before loading", async () => {
    server.linkLifetimeSeconds = 30; // inside the 60 s margin
    await menagerie.spawnCreature("fox");
    expect(server.requests.filter((r) => r.url.startsWith("/anything")).map((r) => r.query.get("fuzzy"))).toEqual([
      null,
      "false",
    ]);
    expect(server.assetCount("fox", "body.obj")).toBe(1);
  });

  it("refreshes once when assets answer 403, then loads with the new links", async () => {
    const record = (await createLookupClient({ baseUrl: server.url }).getModel("fox"))!;
    server.revokeIssuedLinks();
    const creature = await menagerie.spawnCreature(record);
    expect(creature.listParts()).toHaveLength(11);
    expect(server.lookupCount()).toBe(2); // the first lookup + one refresh
    expect(server.assetCount("fox", "body.obj")).toBe(2); // 403, then 200
    expect(warnings).toEqual([]);
  });

  it("does not loop when assets keep answering 403", async () => {
    server.forbidAssets = true;
    const error = (await menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("no-body");
    expect(server.lookupCount()).toBe(2); // the lookup + one refresh
    expect(server.assetCount("fox", "body.obj")).toBe(2); // 403, one refresh, 403 again: given up
    expect(warnings.find((w) => w.asset === "body")?.message).toMatch(/HTTP 403/);
  });

  it("gives up with a typed error when even the refreshed record's links have expired", async () => {
    server.linkLifetimeSeconds = -10; // every link is born expired
    const error = (await menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("expired");
    expect(server.lookupCount()).toBe(2);
    expect(server.assetCount("fox")).toBe(0);
  });

  it("shares one lookup and one load between concurrent spawns, and a loaded model needs no request", async () => {
    await Promise.all([menagerie.spawnCreature("fox"), menagerie.spawnCreature("fox"), menagerie.preload("fox")]);
    expect(server.lookupCount()).toBe(1);
    expect(server.assetCount("fox", "head.obj")).toBe(1);
  });

  it("reports progress up to every asset loaded", async () => {
    const reports: { assetsLoaded: number; assetsTotal: number; done: boolean }[] = [];
    await menagerie.spawnCreature("fox", { onProgress: (p) => reports.push(p) });
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ assetsLoaded: 13, assetsTotal: 13, done: true });
    expect(reports.filter((r) => r.done)).toHaveLength(1);
    expect(reports.map((r) => r.assetsLoaded)).toEqual([...reports.map((r) => r.assetsLoaded)].sort((a, b) => a - b));
  });
});

describe("degraded and failed loads", () => {
  it("leaves out a part that answers 404 and says so", async () => {
    server.models.set("fox", { ...fox(), missing: ["tail.obj"] });
    const creature = await menagerie.spawnCreature("fox");
    expect(creature.listParts()).not.toContain("tail");
    expect(creature.listParts()).toHaveLength(10);
    expect(warnings).toMatchObject([{ code: "part-failed", model: "fox", asset: "tail" }]);
    expect(warnings[0]!.message).toMatch(
      /^Cannot load tail of "fox": HTTP 404: GET http:\/\/127\.0\.0\.1:\d+\/assets\/fox\/tail\.obj\?Expires=/,
    );
  });

  it("leaves out a part whose OBJ is corrupt", async () => {
    server.models.set("fox", {
      ...fox(),
      parts: { ...quadrupedParts(), head: Buffer.from([0, 159, 146, 150, 10, 1, 2]) },
    });
    const creature = await menagerie.spawnCreature("fox");
    expect(creature.listParts()).not.toContain("head");
    expect(warnings.map((w) => [w.code, w.asset])).toEqual([["part-failed", "head"]]);
  });

  it("loads without textures when the MTL is missing, with a warning", async () => {
    server.models.set("fox", { ...fox(), missing: ["model.mtl"] });
    const creature = await menagerie.spawnCreature("fox");
    expect(creature.listParts()).toHaveLength(11);
    expect(warnings.map((w) => w.code)).toEqual(["material-failed"]);
    // The texture was requested with the MTL (before knowing it failed), then left unused.
    expect(server.assetCount("fox", "fur.png")).toBe(1);
    // The only texture is the crowd's joint texture (the pose of each creature), no image.
    expect(env.scene.textures.map((t) => t.name)).toEqual(["fox/crowd/joints"]);
  });

  it("fails with a typed error when the body cannot be loaded, leaving nothing behind", async () => {
    const before = sceneCounts(env.scene);
    server.models.set("fox", { ...fox(), missing: ["body.obj"] });
    const error = (await menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("no-body");
    expect(error.message).toBe('Cannot load model of "fox": its body could not be loaded');
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("fails with a typed error for a name the service does not know", async () => {
    const error = (await menagerie.spawnCreature("unicorn").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("not-found");
  });

  it("loads a record with no parts from its whole-model OBJ as one unrigged body", async () => {
    server.models.set("rock", {
      type: "scenery",
      height: "1 m",
      whole: boxObj([-1, 0, -1], [1, 2, 1], "stone"),
      mtl: "newmtl stone\nKd 0.5 0.5 0.5\n",
    });
    const rock = await menagerie.spawnCreature("rock");
    expect(rock.listParts()).toEqual(["body"]);
    expect(round(worldBounds(rock.meshes).max.y)).toBe(1);
  });

  it("cancels a spawn when its signal aborts, leaving nothing behind", async () => {
    const before = sceneCounts(env.scene);
    const controller = new AbortController();
    const pending = menagerie.spawnCreature("fox", { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    await new Promise((r) => setTimeout(r, 50));
    expect(sceneCounts(env.scene)).toEqual(before);
  });
});

describe("dispose", () => {
  it("removes only a creature's own nodes, and menagerie.dispose() restores the scene's counts", async () => {
    server.models.set("wolf", fox());
    const before = sceneCounts(env.scene);
    const a = await menagerie.spawnCreature("fox");
    const b = await menagerie.spawnCreature("fox");
    await menagerie.spawnCreature("wolf");
    const withThree = sceneCounts(env.scene);
    // Drawn by its model's crowd, a creature is one node: its root.
    a.dispose();
    const afterOne = sceneCounts(env.scene);
    expect(afterOne.meshes).toBe(withThree.meshes);
    expect(afterOne.transformNodes).toBe(withThree.transformNodes - 1);
    expect(a.meshes).toHaveLength(0); // nothing grows back on a disposed creature
    // One that grew its nodes (a game asked for a part) takes them all with it.
    const c = await menagerie.spawnCreature("fox");
    const withGrown = sceneCounts(env.scene);
    c.getPart("head");
    const grown = sceneCounts(env.scene);
    expect(grown.transformNodes).toBe(withGrown.transformNodes + c.listParts().length);
    expect(grown.meshes).toBe(withGrown.meshes + c.meshes.length);
    c.dispose();
    expect(sceneCounts(env.scene)).toEqual({ ...withGrown, transformNodes: withGrown.transformNodes - 1 });
    expect(afterOne.materials).toBe(withThree.materials);
    expect(b.meshes.every((m) => !m.isDisposed())).toBe(true);
    expect(menagerie.creatures).toHaveLength(2);
    menagerie.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
    expect(b.isDisposed).toBe(true);
  });

  it("disposes a model whose load ends after menagerie.dispose(), called from its last progress report", async () => {
    const before = sceneCounts(env.scene);
    const onProgress = (p: { done: boolean }) => p.done && menagerie.dispose();
    const error = await menagerie.spawnCreature("fox", { onProgress }).catch((e: unknown) => e);
    expect(isMenagerieError(error, "load") && error.reason).toBe("disposed");
    expect(menagerie.creatures).toHaveLength(0);
    expect(sceneCounts(env.scene)).toEqual(before);
  });
});
