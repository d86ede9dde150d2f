/**
 * What `menagerie.command` adds lives as a populate's creatures do, and commands find the
 * game's own places: the reference service over real HTTP, a NullEngine scene, fixed steps.
 */
import { CreateDisc } from "@babylonjs/core/Meshes/Builders/discBuilder.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { containsPoint } from "../../src/motion/area.js";
import { FleePredatorsBehavior } from "../../src/motion/behaviors/fleePredators.js";
import { HuntBehavior } from "../../src/motion/behaviors/hunt.js";
import { type CatalogMenagerie, catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";

// Its scene's camera stands at (0, 1, -5), looking along +z.
const fixture = catalogMenagerieFixture();
let env: CatalogMenagerie["env"];
let menagerie: Menagerie;
function setup() {
  ({ env, menagerie } = fixture.setup());
}

const flat = (c: Creature, p: { x: number; z: number }) => Math.hypot(c.motion.x - p.x, c.motion.z - p.z);
const has = (c: Creature, kind: new (...args: never[]) => unknown) => c.motion.behaviors.some((b) => b instanceof kind);

describe("commanded creatures live", () => {
  it("join the populate they are put in: wander in its area, keep with a herd, flee its predators", async () => {
    setup();
    const area = { center: { x: 0, z: 10 }, radius: 30 };
    const plains = await menagerie.populate({
      habitat: "grass",
      count: 12,
      area,
      seed: 4,
      ecology: true,
      mix: { zebra: 3, lion: 1 },
    });
    expect(plains.creatures.some((c) => c.name === "lion")).toBe(true);
    // The game's scene has a mesh called "water hole" (a disc lying on the ground).
    const hole = CreateDisc("water hole", { radius: 4 }, env.scene);
    hole.rotation.x = Math.PI / 2;
    hole.position.set(8, 0, 12);
    const added: Creature[] = [];
    const account = await menagerie.command("add five zebras near the water hole", {
      onCreatureAdded: (c) => void added.push(c),
    });
    const zebras = account.outcomes[0]!.creatures;
    expect(account.outcomes[0]!.notes).toEqual([]);
    expect(zebras).toHaveLength(5);
    expect(added).toEqual(zebras);
    for (const z of zebras) {
      expect(flat(z, { x: 8, z: 12 })).toBeGreaterThan(4); // beside the hole, not in it
      expect(flat(z, { x: 8, z: 12 })).toBeLessThan(12);
      expect(z.state).toBe("wander");
      expect(z.group?.kind).toBe("herd");
      expect(has(z, FleePredatorsBehavior)).toBe(true);
    }
    // One herd for the five (or the populate's zebra herd they joined).
    expect(new Set(zebras.map((z) => z.group)).size).toBe(1);
    // The populate's lions hunt them as they hunt its own zebras.
    const lion = plains.creatures.find((c) => c.name === "lion")!;
    const hunt = lion.motion.behaviors.find((b) => b instanceof HuntBehavior) as HuntBehavior;
    expect(hunt.isPrey(zebras[0]!.motion)).toBe(true);
    // They live: 20 s of fixed steps later they have moved and are still in the populate's area.
    const start = zebras.map((z) => ({ x: z.motion.x, z: z.motion.z }));
    for (let i = 0; i < 600; i++) menagerie.stepMotion(1 / 30);
    const moved = zebras.filter((z) => !z.isDisposed).map((z, i) => flat(z, start[i]!));
    expect(Math.max(...moved)).toBeGreaterThan(1);
    for (const z of zebras.filter((c) => !c.isDisposed))
      expect(containsPoint({ center: area.center, radius: area.radius + 3 }, z.motion.x, z.motion.z)).toBe(true);
  });

  it("become members of that populate's group: listed, announced, disposed with it", async () => {
    setup();
    const area = { center: { x: 0, z: 10 }, radius: 30 };
    const plains = await menagerie.populate({ habitat: "grass", count: 6, area, seed: 4, mix: { lion: 1 } });
    const own = [...plains.creatures];
    const announced: Creature[] = [];
    plains.onCreatureAddedObservable.add((c) => void announced.push(c));
    menagerie.addPlace("water hole", { center: { x: 8, z: 12 }, radius: 4 });
    const account = await menagerie.command("add three zebras near the water hole");
    const zebras = account.outcomes[0]!.creatures;
    expect(zebras).toHaveLength(3);
    expect(plains.creatures).toEqual([...own, ...zebras]);
    expect(announced).toEqual(zebras);
    // The herd made for them is the group's, as its own herds are.
    expect(plains.groups).toContain(zebras[0]!.group);
    // One removed leaves the group; the group disposed takes the others and their herd with it.
    zebras[0]!.dispose();
    expect(plains.creatures).toEqual([...own, zebras[1], zebras[2]]);
    const herd = zebras[1]!.group!;
    plains.dispose();
    expect(zebras.every((z) => z.isDisposed)).toBe(true);
    expect(herd.members).toHaveLength(0);
    // Far from any populate, what a command adds is no group's.
    const far = await menagerie.command("add a zebra here");
    expect(far.outcomes[0]!.creatures).toHaveLength(1);
    expect(plains.creatures).toEqual([]);
  });

  it("a creature a command moves walks there, then wanders again as it did", async () => {
    setup();
    const area = { center: { x: 0, z: 10 }, radius: 30 };
    const plains = await menagerie.populate({ habitat: "grass", count: 4, area, seed: 4, mix: { zebra: 1 } });
    for (const c of plains.creatures) expect(c.state).toBe("wander");
    menagerie.addPlace("water hole", { center: { x: 12, z: 20 }, radius: 3 });
    const account = await menagerie.command("move one zebra near the water hole");
    expect(account.outcomes[0]!.creatures).toHaveLength(1);
    const moved = account.outcomes[0]!.creatures[0]!;
    expect(plains.creatures).toContain(moved);
    const before = moved.motion.wanderArea;
    const arrivals: { x: number; z: number }[] = [];
    moved.onArrivedObservable.add((a) => void arrivals.push(a));
    const target = moved.moveTarget!;
    expect(Math.hypot(target.x - 12, target.z - 20)).toBeLessThan(8); // by the water hole
    const states = new Set<string>();
    for (let i = 0; i < 40 * 30 && arrivals.length === 0; i++) {
      states.add(moved.state); // its state on the way (the step it arrives in ends it)
      menagerie.stepMotion(1 / 30);
    }
    expect(arrivals, "it arrived by the water hole").toHaveLength(1);
    for (let i = 0; i < 10; i++) menagerie.stepMotion(1 / 30);
    await Promise.resolve();
    expect(states.has("wander")).toBe(false); // it went there, not wandering on the way
    expect(moved.state).toBe("wander"); // ...and wanders again, where it wandered before
    expect(moved.motion.wanderArea).toBe(before);
  });

  it("with no populate near, wander round where they were put and form their own herd", async () => {
    setup();
    const account = await menagerie.command("add three zebras here");
    const zebras = account.outcomes[0]!.creatures;
    expect(zebras).toHaveLength(3);
    for (const z of zebras) expect(z.state).toBe("wander");
    expect(zebras[0]!.group?.members).toHaveLength(3);
    expect(has(zebras[0]!, FleePredatorsBehavior)).toBe(false); // no ecology asked for
  });

  it("finds the game's own places first, then named scene nodes, creatures and props", async () => {
    setup();
    menagerie.addPlace("barn", { center: { x: -20, z: 10 }, radius: 3 });
    const barnNode = new TransformNode("Barn_01", env.scene); // a scene node of that name, farther back
    barnNode.position.set(40, 0, 40);
    const behind = await menagerie.command("put a horse behind the barn");
    expect(behind.outcomes[0]!.notes).toEqual([]);
    const horse = behind.outcomes[0]!.creatures[0]!;
    // Behind is 4 m beyond the barn's edge, away from its forward (+z).
    expect(flat(horse, { x: -20, z: 3 })).toBeLessThan(0.5);
    expect(menagerie.removePlace("barn")).toBe(true);
    expect(menagerie.removePlace("barn")).toBe(false);
    const node = await menagerie.command("put a horse near the barn");
    expect(node.outcomes[0]!.notes).toEqual([]);
    expect(flat(node.outcomes[0]!.creatures[0]!, { x: 40, z: 40 })).toBeLessThan(5);
    // A name nothing has is still said.
    const none = await menagerie.command("put a horse near the windmill");
    expect(none.outcomes[0]!.notes).toEqual(["no windmill in the scene: horse placed near the camera"]);
  });
});
