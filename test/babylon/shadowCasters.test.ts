/**
 * `menagerie.addShadowCaster`: what Menagerie draws casts into a game's shadow generator without
 * leaving its crowd (NullEngine, real HTTP against the reference service). Counts: the
 * generator's render list, skeletons and nodes grown, what is left after remove and dispose.
 */
import { DirectionalLight } from "@babylonjs/core/Lights/directionalLight.js";
import { ShadowGenerator } from "@babylonjs/core/Lights/Shadows/shadowGenerator.js";
import "@babylonjs/core/Lights/Shadows/shadowGeneratorSceneComponent.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { OptionsError } from "../../src/core/errors.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { createRiggedScene, riggedCounts } from "../helpers/riggedScene.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);
afterAll(async () => {
  await service?.close();
});

let t: ReturnType<typeof setup>;
afterEach(() => t?.dispose());

function setup() {
  const env = createRiggedScene();
  const light = new DirectionalLight("sun", new Vector3(-1, -2, -1), env.scene);
  const shadows = new ShadowGenerator(256, light);
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  const menagerie = new Menagerie(env.scene, { client, animationLod: false });
  const spawn = (name: string, count: number, x0 = 0) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        menagerie.spawnCreature(name, { position: new Vector3(x0 + i * 4, 0, 0) }),
      ),
    );
  return {
    scene: env.scene,
    shadows,
    menagerie,
    spawn,
    casters: () => shadows.getShadowMap()!.renderList!,
    dispose() {
      menagerie.dispose();
      shadows.dispose();
      light.dispose();
      env.dispose();
    },
  };
}

const isCrowd = (mesh: AbstractMesh) =>
  (mesh.metadata as { menagerie?: { crowd?: boolean } } | null)?.menagerie?.crowd === true;

describe("menagerie.addShadowCaster", () => {
  it("casts each model's crowd meshes, rigged and part-built, without growing a creature", async () => {
    t = setup();
    const zebras = await t.spawn("zebra", 6);
    const foxes = await t.spawn("fox", 6, 40);
    expect(zebras[0]!.form).toBe("rig");
    expect(foxes[0]!.form).not.toBe("rig");
    const nodesBefore = t.scene.transformNodes.length;
    t.menagerie.addShadowCaster(t.shadows);
    t.scene.render();
    const crowds = t.scene.meshes.filter(isCrowd);
    expect(crowds.length).toBeGreaterThan(1);
    expect(new Set(t.casters())).toEqual(new Set(crowds)); // the crowds, once each, and nothing else
    for (const mesh of crowds) expect(mesh.receiveShadows).toBe(true);
    expect(riggedCounts(t.scene).skeletons).toBe(0); // no zebra grew its skeleton
    expect(t.scene.transformNodes.length).toBe(nodesBefore);

    // A model loaded later casts from its first frame; a disposed creature's crowd mesh stays
    // while its model has others.
    const before = t.casters().length;
    await t.spawn("elephant", 2, 80);
    t.scene.render();
    expect(t.casters().length).toBeGreaterThan(before);
    expect(new Set(t.casters())).toEqual(new Set(t.scene.meshes.filter(isCrowd)));
  });

  it("casts the meshes a creature grows, and lets them go when it is disposed", async () => {
    t = setup();
    t.menagerie.addShadowCaster(t.shadows, { receive: false });
    const [zebra] = await t.spawn("zebra", 2);
    t.scene.render();
    const crowdCasters = t.casters().length;
    const grown = zebra!.meshes; // grows its own skeleton and meshes
    t.scene.render();
    expect(grown.length).toBeGreaterThan(0);
    for (const mesh of grown) expect(t.casters()).toContain(mesh);
    for (const mesh of grown) expect(mesh.receiveShadows).toBe(false);
    zebra!.dispose();
    expect(t.casters().length).toBe(crowdCasters);
  });

  it("remove and dispose take Menagerie's meshes out of the generator and stop following the scene", async () => {
    t = setup();
    t.menagerie.addShadowCaster(t.shadows);
    await t.spawn("zebra", 3);
    t.scene.render();
    expect(t.casters().length).toBeGreaterThan(0);
    t.menagerie.removeShadowCaster(t.shadows);
    expect(t.casters().length).toBe(0);
    await t.spawn("fox", 2, 40);
    t.scene.render();
    expect(t.casters().length).toBe(0); // no longer following
    t.menagerie.addShadowCaster(t.shadows);
    t.scene.render();
    expect(t.casters().length).toBeGreaterThan(0);
    const live = () =>
      t.scene.onNewMeshAddedObservable.observers.filter(
        (o) => !(o as { _willBeUnregistered?: boolean })._willBeUnregistered,
      ).length;
    const observers = live();
    t.menagerie.dispose();
    expect(t.casters().length).toBe(0);
    expect(live()).toBe(observers - 1);
  });

  it("names what is wrong with a bad generator or option", () => {
    t = setup();
    expect(() => t.menagerie.addShadowCaster({} as never)).toThrow(OptionsError);
    expect(() => t.menagerie.addShadowCaster({} as never)).toThrow(/generator must be a ShadowGenerator/);
    expect(() => t.menagerie.addShadowCaster(t.shadows, { receive: "yes" as never })).toThrow(/receive/);
  });
});
