/**
 * What a steadily walking crowd costs Babylon each frame: a creature whose scale (or
 * non-uniform-scaling state) changes makes Babylon re-flag its meshes and dirty their materials.
 * Once walking steadily, no creature's scale may change from one frame to the next — counted
 * over every node of every creature, frame by frame (an idle/walk blend that never settled
 * used to flip every walker's body scale between 1 and 0.9999 each frame).
 * Kept on the hand-made server: it counts scale changes on every node of the tiny box fox of
 * test/helpers/tinyModels.ts; what it checks is motion and sync, not records or links.
 */

import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Node } from "@babylonjs/core/node.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { Creature } from "../../src/index.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { tinyFox } from "../helpers/tinyModels.js";

let server: ModelServer;
let env: ReturnType<typeof createNullScene>;
let menagerie: Menagerie;

beforeEach(async () => {
  server = await createModelServer({
    fox: tinyFox(),
  });
  env = createNullScene();
  menagerie = new Menagerie(env.scene, { baseUrl: server.url });
});

afterEach(async () => {
  menagerie.dispose();
  env.dispose();
  await server.close();
});

/** Every transform of a creature as text: its nodes' scalings and non-uniform-scaling flags. */
function scaleState(creature: Creature): string {
  const nodes: Node[] = [creature.root, ...creature.root.getDescendants(false), ...creature.meshes];
  return nodes
    .map((node) => {
      const t = node as TransformNode;
      if (!t.scaling) return "";
      return `${t.scaling.x},${t.scaling.y},${t.scaling.z},${t.nonUniformScaling}`;
    })
    .join(";");
}

describe("a steadily walking crowd", () => {
  it("changes no creature's scale from frame to frame", async () => {
    const creatures: Creature[] = [];
    for (let i = 0; i < 8; i++) {
      const creature = await menagerie.spawnCreature("fox", { position: new Vector3(i * 2, 0, 0) });
      creature.setBehaviour("walk");
      void creature.moveTo({ x: i * 2, z: 500 }); // far ahead: walks straight at cruise speed
      creatures.push(creature);
    }
    // Up to cruise speed and into the gait (0.35 s from idle), then frame by frame.
    // Nodes a creature makes on demand (when a game asks for its meshes or parts) are made
    // before the warm-up, so that the count compares like with like.
    creatures.map(scaleState);
    for (let i = 0; i < 240; i++) {
      menagerie.stepMotion(1 / 60);
      env.scene.render();
    }
    let before = creatures.map(scaleState);
    const changedPerFrame: number[] = [];
    for (let frame = 0; frame < 30; frame++) {
      menagerie.stepMotion(1 / 60);
      env.scene.render();
      const after = creatures.map(scaleState);
      changedPerFrame.push(after.filter((state, i) => state !== before[i]).length);
      before = after;
    }
    expect(changedPerFrame).toEqual(Array(30).fill(0));
    // The crowd did walk meanwhile (a test of a still crowd could not fail).
    expect(creatures.map((c) => c.root.position.z > 0.5)).toEqual(Array(8).fill(true));
  });
});
