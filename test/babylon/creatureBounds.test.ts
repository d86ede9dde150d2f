/**
 * What a game asks of where creatures are: `creature.bounds` (a crowd-drawn creature has no
 * meshes of its own, so Babylon's hierarchy bounds find nothing), `menagerie.creaturesInView`,
 * `creature.species` and `recordTaxonomy`, on the reference service in a NullEngine scene.
 */
import { UniversalCamera } from "@babylonjs/core/Cameras/universalCamera.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { describe, expect, it } from "vitest";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { recordTaxonomy } from "../../src/records/index.js";
import { type CatalogMenagerie, catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";
import { round } from "../helpers/round.js";

// Its scene's camera stands at (0, 1, -5), looking along +z.
const fixture = catalogMenagerieFixture();
let env: CatalogMenagerie["env"];
let menagerie: Menagerie;
function setup() {
  ({ env, menagerie } = fixture.setup());
}

describe("creature bounds and creatures in view", () => {
  it("measures a crowd-drawn creature without growing it", async () => {
    setup();
    const zebra = await menagerie.spawnCreature("zebra", { position: new Vector3(3, 0, 10) });
    const meshesBefore = env.scene.meshes.length;
    const hierarchy = zebra.root.getHierarchyBoundingVectors(); // what a game had: an inside-out box
    expect(hierarchy.min.x).toBeGreaterThan(hierarchy.max.x);
    const { min, max, center, radius } = zebra.bounds;
    expect(env.scene.meshes.length).toBe(meshesBefore); // nothing grown
    expect(round(min.y, 2)).toBe(0);
    expect(round(max.y - min.y, 1)).toBe(round(zebra.heightMeters, 1));
    expect(min.x).toBeLessThan(3);
    expect(max.x).toBeGreaterThan(3);
    expect(min.z).toBeLessThan(10);
    expect(max.z).toBeGreaterThan(10);
    expect(radius).toBeGreaterThan(zebra.heightMeters / 2);
    expect(center.y).toBeGreaterThan(0);
    // It follows the creature.
    zebra.root.position.x = 13;
    expect(round(zebra.bounds.center.x - center.x, 3)).toBe(10);
    // Grown, it is measured from its own meshes: about the same box.
    expect(zebra.meshes.length).toBeGreaterThan(0);
    const grown = zebra.bounds;
    expect(Math.abs(grown.max.y - grown.min.y - zebra.heightMeters)).toBeLessThan(zebra.heightMeters * 0.25);
    expect(Math.abs(grown.center.x - zebra.root.getAbsolutePosition().x)).toBeLessThan(0.5);
  });

  it("measures a crowd-drawn part-built creature as posed, without growing it", async () => {
    setup();
    const fox = await menagerie.spawnCreature("fox", { prefer: "parts", position: new Vector3(-4, 0, 6) });
    expect(fox.form).toBe("parts");
    const meshesBefore = env.scene.meshes.length;
    const { min, max } = fox.bounds;
    expect(env.scene.meshes.length).toBe(meshesBefore);
    expect(Math.abs(max.y - min.y - fox.heightMeters)).toBeLessThan(fox.heightMeters * 0.1);
    expect(min.x < -4 && max.x > -4 && min.z < 6 && max.z > 6).toBe(true);
  });

  it("lists the creatures a camera sees, nearest first, within maxDistance", async () => {
    setup();
    const camera = env.scene.activeCamera!;
    const at = (x: number, z: number) => menagerie.spawnCreature("lion", { position: new Vector3(x, 0, z) });
    const near = await at(0, 8);
    const far = await at(2, 40);
    const behind = await at(0, -30);
    const aside = await at(80, 0); // far off to the right of a camera looking along +z
    expect(menagerie.creaturesInView(camera)).toEqual([near, far]);
    expect(menagerie.creaturesInView(camera, { maxDistance: 20 })).toEqual([near]);
    // A camera turned round sees the one behind.
    const back = new UniversalCamera("back", new Vector3(0, 1, -5), env.scene);
    back.setTarget(new Vector3(0, 1, -40));
    expect(menagerie.creaturesInView(back)).toEqual([behind]);
    expect(menagerie.creaturesInView(camera)).not.toContain(aside);
  });

  it("reads a creature's species and a record's taxonomy", async () => {
    setup();
    const ladybird = await menagerie.spawnCreature("beetle#0002");
    expect(ladybird.name).toBe("beetle#0002");
    expect(ladybird.species).toBe("ladybird");
    const lion = await menagerie.spawnCreature("lion");
    expect(lion.species).toBe("lion");
    expect(recordTaxonomy(lion.record)).toEqual(["Carnivora", "Felidae", "Panthera leo"]);
    expect(recordTaxonomy({ taxonomy: { order: "Carnivora", family: "Canidae", rank: 3 } })).toEqual([
      "Carnivora",
      "Canidae",
    ]);
    expect(recordTaxonomy({ taxonomy: "Felidae" })).toEqual(["Felidae"]);
    expect(recordTaxonomy({})).toEqual([]);
  });
});
