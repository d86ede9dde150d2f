/**
 * The savanna of the guide's "A savanna" (docs/guide.md#a-savanna): herds of grazers that keep
 * together, lions and a leopard hunting them, a flock of crows, fish in a pond, trees and rocks
 * every creature walks round, and a player the grazers shy away from. The terrain (a height
 * function and a pond) and the UI are the game's own; this is all the game code the living world
 * takes. test/examples/savanna.test.ts plays it under NullEngine against the reference service,
 * and checks that the guide shows this very code. A game imports from "babylon-menagerie".
 */
// savanna:start
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import {
  type CircleArea,
  type Creature,
  type CreatureCatch,
  type HeightFunction,
  isPredatorRecord,
  type Menagerie,
  MotionGroup,
} from "../src/index.js";

export interface SavannaTerrain {
  ground: HeightFunction; // the hills under everyone's feet
  pond: CircleArea; // where the water is
  player: { position: { x: number; z: number } }; // a camera, a mesh: anything with a position
}

export async function playSavanna(menagerie: Menagerie, { ground, pond, player }: SavannaTerrain) {
  const area = { center: { x: 0, z: 0 }, radius: 30 };
  const you = menagerie.addAgent(player, { radius: 0.4 }); // every creature steers round you
  const catches: CreatureCatch[] = [];
  const plains = await menagerie.populate({
    habitat: "grass",
    count: 40,
    area,
    ground,
    water: pond, // walkers are never placed in it and wander round it
    scenery: 14, // trees, bushes and rocks: obstacles for every creature
    ecology: true, // lions and the leopard hunt what they prey on; their prey flee them
    mix: { zebra: 4, sheep: 3, deer: 2, elephant: 1, lion: 1, leopard: 0.5 },
    onCreatureAdded: (creature) => {
      if (!isPredatorRecord(creature.record)) creature.flee(you, { radius: 4, calmRadius: 8 });
      creature.onCaughtObservable.add((caught) => {
        catches.push(caught);
        caught.prey.dispose(); // eaten: what a catch does is the game's
      });
    },
  });
  // Fish in the pond (and only there).
  const fish = await menagerie.populate({ habitat: "pond", area: pond, water: pond, ground, count: 6 });
  // A flock the game forms itself: crows fly together over the plain.
  const flock = new MotionGroup({ kind: "flock" });
  const crows: Creature[] = [];
  for (let i = 0; i < 6; i++) {
    const crow = await menagerie.spawnCreature("crow", { position: new Vector3(i * 1.5 - 4, 0, -12) });
    crow.wander({ area });
    crows.push(crow);
    flock.add(crow);
  }
  // An elephant walks down to the shore to drink, round the trees and rocks in its way, stays
  // five seconds with its head down, then goes back to grazing round the pond.
  const elephant = plains.creatures.find((c) => c.name === "elephant");
  const drinking = elephant?.visit(pond, { stay: 5, pose: "drink" });
  return { plains, fish, crows, flock, elephant, drinking, catches, you };
}
// savanna:end
