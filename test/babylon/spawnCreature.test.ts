/**
 * spawnCreature on hand-made models (kept off the reference service on purpose): the rest pose,
 * pivots and sizes are checked against box models whose every coordinate and height this file
 * writes (0.7 as a bare number among them), and the corrupt OBJ, the black Kd with a texture and
 * the record with only a whole-model OBJ are answers the catalog never gives. Requests, links
 * and files the service fails to send are tested over the service in spawnCreatureLinks.test.ts.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { createModelServer, type InlineModel, type ModelServer } from "../helpers/modelServer.js";
import { round } from "../helpers/round.js";
import { boxObj, QUADRUPED_BOXES, quadrupedParts, tinyFox } from "../helpers/tinyModels.js";

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

describe("spawn rules", () => {
  it("reports its model's load on onProgressObservable and counts the model once in stats.modelsLoaded", async () => {
    const heard: { model: string; done: boolean }[] = [];
    menagerie.onProgressObservable.add((p) => void heard.push({ model: p.model, done: p.done }));
    await menagerie.spawnCreature("fox");
    await menagerie.spawnCreature("fox"); // its model is loaded: not counted again
    expect(heard.length).toBeGreaterThan(1);
    expect(heard.every((p) => p.model === "fox")).toBe(true);
    expect(heard.at(-1)).toEqual({ model: "fox", done: true });
    expect(menagerie.stats.modelsLoaded).toBe(1);
  });

  it("numbers creatures 1, 2, ... in the order they were asked for, when the first one's model arrives last", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.models.set("slow", { ...fox(), hold: () => held });
    const slow = menagerie.spawnCreature("slow");
    const quick = await menagerie.spawnCreature("fox");
    release();
    const late = await slow;
    expect([late.motion.id, quick.motion.id]).toEqual([1, 2]);
  });

  it("stands a creature on the Menagerie's ground when its spawn gives none", async () => {
    const raised = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key", ground: () => 0.75 });
    try {
      const creature = await raised.spawnCreature("fox");
      expect([creature.motion.y, creature.root.position.y]).toEqual([0.75, 0.75]);
    } finally {
      raised.dispose();
    }
  });

  it("rejects a spawn whose prefer option is neither rig nor parts, naming the option", async () => {
    const error = await menagerie.spawnCreature("fox", { prefer: "glb" as unknown as "rig" }).catch((e: unknown) => e);
    expect(isMenagerieError(error, "options") && [error.option, error.message]).toEqual([
      "prefer",
      expect.stringMatching(/^prefer /),
    ]);
    expect(menagerie.creatures).toHaveLength(0);
  });

  it("sizes a record whose scale.height cannot be read to the default height, with a height-unreadable warning", async () => {
    server.models.set("vague", { ...fox(), height: "very tall" });
    const sized = new Menagerie(env.scene, { baseUrl: server.url, apiKey: "test-key", defaultHeightMeters: 0.8 });
    sized.onWarningObservable.add((w) => warnings.push(w));
    try {
      const creature = await sized.spawnCreature("vague");
      expect(creature.heightMeters).toBe(0.8);
      expect(warnings).toEqual([
        {
          code: "height-unreadable",
          model: "vague",
          message: 'Cannot parse height "very tall": not a length; using 0.8 m',
          error: expect.objectContaining({ name: "HeightParseError", value: "very tall" }),
        },
      ]);
    } finally {
      sized.dispose();
    }
  });
});

describe("materials", () => {
  it("treats a black Kd with a texture as white", async () => {
    const creature = await menagerie.spawnCreature("fox");
    const material = creature.getPart("body")!.getChildMeshes()[0]!.material as unknown as {
      diffuseColor: { r: number; g: number; b: number };
    };
    expect([material.diffuseColor.r, material.diffuseColor.g, material.diffuseColor.b]).toEqual([1, 1, 1]);
  });
});

describe("degraded and failed loads", () => {
  it("leaves out a part whose OBJ is corrupt", async () => {
    server.models.set("fox", {
      ...fox(),
      parts: { ...quadrupedParts(), head: Buffer.from([0, 159, 146, 150, 10, 1, 2]) },
    });
    const creature = await menagerie.spawnCreature("fox");
    expect(creature.listParts()).not.toContain("head");
    expect(warnings.map((w) => [w.code, w.asset])).toEqual([["part-failed", "head"]]);
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
