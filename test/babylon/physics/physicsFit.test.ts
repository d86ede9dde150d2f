/**
 * A part-built creature's physics body is fitted without growing its nodes (it stays drawn by
 * its model's crowd), to the same box its grown nodes and instances measure.
 * The part-built fox is the tiny box fox of test/helpers/tinyModels.ts on the hand-made server;
 * its body is compared with its own grown nodes, so the model does not matter to these checks,
 * and the catalog's part-built and rigged creatures are fitted over the reference service in the
 * last test.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Creature } from "../../../src/babylon/creature.js";
import { Menagerie } from "../../../src/babylon/menagerie.js";
import type { Bounds } from "../../../src/babylon/physics/bodyFit.js";
import { measureBounds } from "../../../src/babylon/physics/index.js";
import { createNullScene } from "../../helpers/babylonScene.js";
import { startCatalogService } from "../../helpers/catalogService.js";
import { enableHavok, loadHavok } from "../../helpers/havok.js";
import { createModelServer, type ModelServer } from "../../helpers/modelServer.js";
import { tinyFox } from "../../helpers/tinyModels.js";

let env: ReturnType<typeof createNullScene>;

beforeAll(async () => {
  await loadHavok();
});

beforeEach(async () => {
  env = createNullScene();
  await enableHavok(env.scene, Vector3.Zero());
});

afterEach(() => {
  env.dispose();
});

/** True while the creature is drawn by its model's crowd: no node of its own under its root, a slot in a crowd mesh. */
function crowdDrawn(creature: Creature): boolean {
  const inCrowd = env.scene.meshes.some((m) => {
    const tag = m.metadata?.menagerie;
    if (tag?.crowd !== true) return false;
    for (let i = 0; i < (m as Mesh).thinInstanceCount; i++) if (tag.creatureAt(i) === creature) return true;
    return false;
  });
  return inCrowd && creature.root.getChildren().length === 0;
}

/** The physics body's box shape, in the root's frame (metres). */
function bodyBox(creature: Creature): Bounds {
  const { minimum, maximum } = creature.physicsBody!.shape!.getBoundingBox();
  return { min: { x: minimum.x, y: minimum.y, z: minimum.z }, max: { x: maximum.x, y: maximum.y, z: maximum.z } };
}

function expectSameBox(actual: Bounds, expected: Bounds, what: string): void {
  for (const end of ["min", "max"] as const)
    for (const axis of ["x", "y", "z"] as const)
      expect(Math.abs(actual[end][axis] - expected[end][axis]), `${what} ${end}.${axis}`).toBeLessThan(1e-4);
}

describe("a part-built creature with a body", () => {
  let server: ModelServer;
  let menagerie: Menagerie;

  beforeEach(async () => {
    server = await createModelServer({
      fox: tinyFox(),
    });
    menagerie = new Menagerie(env.scene, { baseUrl: server.url });
  });

  afterEach(async () => {
    menagerie.dispose();
    await server.close();
  });

  it("stays crowd-drawn, its body the box its grown nodes measure", async () => {
    const fox = await menagerie.spawnCreature("fox", {
      position: new Vector3(1, 0, 2),
      rotationY: 0.4,
      physics: { shape: "box" },
    });
    expect(fox.form).toBe("parts");
    expect(crowdDrawn(fox)).toBe(true);
    const fitted = bodyBox(fox);
    expect(fox.meshes.length).toBeGreaterThan(1); // grows its nodes: now measured the old way
    expect(crowdDrawn(fox)).toBe(false);
    expectSameBox(fitted, measureBounds(fox), "fox at rest");
    expect(fitted.max.y - fitted.min.y).toBeCloseTo(fox.heightMeters, 4);
  });

  it("is measured as the crowd poses it mid-stride, as its grown nodes are", async () => {
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(1, 0, 2), rotationY: 0.4 });
    fox.setBehaviour("walk");
    void fox.moveTo({ x: 1, z: 50 });
    for (let i = 0; i < 40; i++) menagerie.stepMotion(1 / 60);
    const drawn = measureBounds(fox);
    expect(crowdDrawn(fox)).toBe(true);
    fox.meshes; // grows its nodes, posed as the crowd drew it
    const swing = fox.listParts().reduce((sum, part) => sum + Math.abs(fox.getPart(part)!.rotation.x), 0);
    expect(swing).toBeGreaterThan(0.1); // it really is mid-stride
    expectSameBox(drawn, measureBounds(fox), "fox mid-stride");
  });
});

describe("catalog creatures with a body", () => {
  it("fits part-built and rigged ones without growing them, to the box of their grown nodes", async () => {
    const catalog = await startCatalogService();
    const herd = new Menagerie(env.scene, { baseUrl: catalog.url, apiKey: "dev-key", physics: { shape: "box" } });
    try {
      for (const [name, kind] of [
        ["bear", "parts"],
        ["bat", "parts"],
        ["zebra", "rig"],
      ] as const) {
        const creature = await herd.spawnCreature(name, {
          position: new Vector3(3, 0, -2),
          rotationY: 1.1,
          fuzzy: false,
        });
        expect(creature.form, name).toBe(kind);
        expect(crowdDrawn(creature), name).toBe(true);
        const fitted = bodyBox(creature);
        expect(creature.meshes.length, name).toBeGreaterThan(0); // grows it: measured the old way
        expectSameBox(fitted, measureBounds(creature), name);
        expect(crowdDrawn(creature), name).toBe(false);
      }
    } finally {
      herd.dispose();
      await catalog.close();
    }
  }, 120_000);
});
