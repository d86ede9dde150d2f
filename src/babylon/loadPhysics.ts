/**
 * The one door from spawning to physics: checks the `physics` options and, only when a spawn
 * asks for a body, loads the physics chunk (physics/index.ts) with `import()`, so a game
 * without physics bundles none of Babylon's physics classes (a bundler puts them in a chunk of
 * their own).
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { Creature } from "./creature.js";
import { spawnPhysics } from "./options/physicsOptions.js";

/**
 * What gives a new creature its body, or `undefined` when the spawn asks for none.
 *
 * @throws OptionsError (the promise rejects) for a bad option, or a scene without Havok physics.
 */
export async function loadCreaturePhysics(
  scene: Scene,
  spawnValue: unknown,
  menagerieValue: unknown,
): Promise<((creature: Creature) => void) | undefined> {
  const physics = spawnPhysics(spawnValue, menagerieValue);
  if (!physics) return undefined;
  const { attachCreaturePhysics, checkPhysicsScene } = await import("./physics/index.js");
  checkPhysicsScene(scene); // before the model loads: a missing engine is the game's set-up
  return (creature) => {
    try {
      attachCreaturePhysics(creature, physics, scene);
    } catch (error) {
      creature.dispose(); // no half-made creature stays in the scene
      throw error;
    }
  };
}
