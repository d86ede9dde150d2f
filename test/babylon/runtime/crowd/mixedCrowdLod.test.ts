/**
 * Level of detail at 1 000 mixed creatures (the grassland's species, part-built and rigged, with
 * shadows), in a NullEngine scene against the reference service: what it costs Babylon in
 * meshes and shadow casters, and what it costs to choose levels. A part-built species is one
 * joined mesh per level in view (parts/partSkin.ts), each registered once with the shadow
 * generator; a still camera's levels are looked at a quarter of the creatures per frame.
 */
import { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import "@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { describe, expect, it } from "vitest";
import { crowdStats } from "../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import { riggedCrowdOfMesh } from "../../../../src/babylon/runtime/crowd/rigged/riggedCrowd.js";
import { levelSwitcherStats, STRIDE } from "../../../../src/babylon/runtime/crowd/shared/levelSwitcher.js";
import { catalogMenagerieFixture } from "../../../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const COUNT = 1000;

describe("level of detail at 1 000 mixed creatures", () => {
  it("costs a mesh and a shadow caster per species and level, and looks at a quarter of the crowd a frame", async () => {
    const { env, menagerie } = fixture.setup();
    const scene = env.scene;
    scene.activeCamera = new ArcRotateCamera("camera", -Math.PI / 2.4, 0.9, 60, Vector3.Zero(), scene);
    const shadows = new ShadowGenerator(256, new DirectionalLight("sun", new Vector3(-1, -2, -1), scene));
    menagerie.addShadowCaster(shadows);
    const group = await menagerie.populate({
      habitat: "grass",
      count: COUNT,
      seed: 3,
      area: { center: { x: 0, z: 0 }, radius: 50 },
      scenery: 0,
    });
    for (const creature of group.creatures) creature.wander();
    const frame = () => {
      menagerie.stepMotion(1 / 30);
      scene.render();
    };
    for (let i = 0; i < 10; i++) frame();
    // Rigged models' levels are simplified after their spawns: wait for every one, then frames
    // that show them where creatures stand.
    const rigged = new Set(
      scene.meshes.flatMap((m) => (m.metadata?.menagerie?.crowd === true ? [riggedCrowdOfMesh(m as Mesh)] : [])),
    );
    rigged.delete(undefined);
    expect(rigged.size).toBeGreaterThan(0);
    await Promise.all([...rigged].map((crowd) => crowd!.levelsReady));
    for (let i = 0; i < 10; i++) frame();

    const creatures = menagerie.creatures;
    expect(creatures.length).toBeGreaterThan(900);
    const forms = new Map(creatures.map((c) => [c.record.name, c.form]));
    const crowd = scene.meshes.filter((m) => m.metadata?.menagerie?.crowd === true) as Mesh[];
    const perModel = new Map<string, Mesh[]>();
    for (const mesh of crowd) {
      const name = (mesh.metadata.menagerie.record as { name: string }).name;
      perModel.set(name, [...(perModel.get(name) ?? []), mesh]);
    }
    // Every level was made where some creature stands: at most three meshes per part-built
    // species (one joined mesh per level), one per level and glTF mesh for a rigged one.
    for (const [name, meshes] of perModel) {
      const levels = new Set(meshes.map((m) => m.metadata.menagerie.level as number));
      expect(levels.size, name).toBeLessThanOrEqual(3);
      if (forms.get(name) !== "rig") expect(meshes.length, name).toBe(levels.size);
    }
    const partBuilt = [...perModel.keys()].filter((name) => forms.get(name) !== "rig");
    expect(partBuilt.length).toBeGreaterThan(5);
    // Every crowd mesh casts, once; nothing else does.
    const casters = shadows.getShadowMap()!.renderList!;
    expect(casters).toHaveLength(crowd.length);
    expect(new Set(casters)).toEqual(new Set(crowd));
    expect(crowd.length).toBeLessThan(4 * perModel.size);
    console.info(
      `${creatures.length} mixed creatures, ${perModel.size} models: ${crowd.length} crowd meshes, ${casters.length} shadow casters`,
    );

    // A still camera, a walking crowd: each creature's distance is looked at once per STRIDE frames.
    levelSwitcherStats.looked = 0;
    crowdStats.levelSwitches = 0;
    const frames = 4 * STRIDE;
    for (let i = 0; i < frames; i++) frame();
    const shown = creatures.length;
    expect(levelSwitcherStats.looked).toBeLessThanOrEqual(Math.ceil((frames / STRIDE) * shown * 1.1));
    expect(levelSwitcherStats.looked).toBeGreaterThanOrEqual(Math.floor((frames / STRIDE) * shown * 0.5));
    // A moved camera looks at everyone at once.
    levelSwitcherStats.looked = 0;
    (scene.activeCamera as ArcRotateCamera).radius = 20;
    scene.render();
    expect(levelSwitcherStats.looked).toBeGreaterThanOrEqual(shown * 0.9);
    shadows.dispose();
  }, 240_000);
});
