/**
 * The demo's showcase layer: scenery with shadows, a camera that follows a clicked creature
 * (Escape lets go), the frame-time readout, and the Babylon Inspector behind `?inspector`
 * (its code is loaded only then). Kept apart from main.ts, which owns the controls.
 */
import type { ArcRotateCamera } from "@babylonjs/core/Cameras/arcRotateCamera.js";
import type { Engine } from "@babylonjs/core/Engines/engine.js";
import { PointerEventTypes } from "@babylonjs/core/Events/pointerEvents.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { Creature, CreatureGroup, Menagerie } from "../src/index.js";

/** What the showcase reports to the page's test hooks. */
export interface ShowcaseState {
  /** Name of the creature the camera follows, or "". */
  following: string;
  /** Metres between the camera's target and the followed creature's middle (0 when none). */
  followGap: number;
  /** Average frame time over the last second, ms. */
  frameMs: number;
  /** Props in the scene. */
  scenery: number;
  /** Inspector: "off" (no `?inspector`), "loading", "shown" or "failed: <why>". */
  inspector: string;
}

export interface Showcase {
  readonly state: ShowcaseState;
  /** Takes a new group (its props' shadows come from `menagerie.addShadowCaster`). */
  dress(group: CreatureGroup): void;
  follow(creature: Creature): void;
  release(): void;
}

interface ShowcaseDeps {
  scene: Scene;
  engine: Engine;
  camera: ArcRotateCamera;
  /** Tells which creature a click picked (a crowd-drawn one by its thin instance). */
  menagerie: Pick<Menagerie, "creatureFromPick">;
  /** Frame time over the last second, ms (from the page's SceneInstrumentation). */
  frameTime: () => number;
}

export function createShowcase(deps: ShowcaseDeps): Showcase {
  const { scene, camera } = deps;
  const state: ShowcaseState = { following: "", followGap: 0, frameMs: 0, scenery: 0, inspector: "off" };
  let followed: Creature | undefined;
  let stopWatching: (() => void) | undefined;
  let groupNow: CreatureGroup | undefined;
  const aim = new Vector3();

  function release(): void {
    followed = undefined;
    stopWatching?.();
    stopWatching = undefined;
    state.following = "";
    state.followGap = 0;
  }

  function follow(creature: Creature): void {
    release();
    followed = creature;
    state.following = creature.name;
    // Close enough to see it walk, whatever its size.
    camera.radius = Math.min(camera.radius, Math.max(4, creature.heightMeters * 7));
    const observer = creature.onDisposeObservable.addOnce(() => release());
    stopWatching = () => creature.onDisposeObservable.remove(observer);
  }

  // Click a creature to follow it; clicks elsewhere keep the current one.
  scene.onPointerObservable.add((info) => {
    if (info.type !== PointerEventTypes.POINTERPICK) return;
    const creature = deps.menagerie.creatureFromPick(info.pickInfo);
    if (creature) follow(creature);
  });
  addEventListener("keydown", (event) => {
    if (event.key === "Escape" && followed) release();
  });

  scene.onBeforeRenderObservable.add(() => {
    if (!followed) return;
    const p = followed.root.position;
    aim.set(p.x, p.y + followed.heightMeters / 2, p.z);
    // Ease toward it, so the view glides rather than jerks with every step.
    const k = Math.min(1, deps.engine.getDeltaTime() / 250);
    camera.target.addInPlace(aim.subtract(camera.target).scaleInPlace(k));
    state.followGap = Vector3.Distance(camera.target, aim);
  });
  scene.onAfterRenderObservable.add(() => {
    state.frameMs = Math.round(deps.frameTime() * 10) / 10;
    state.scenery = groupNow && !groupNow.isDisposed ? groupNow.scenery.length : 0;
  });

  if (new URLSearchParams(location.search).has("inspector")) {
    state.inspector = "loading";
    import("./inspector.js")
      .then(({ showInspector }) => showInspector(scene))
      .then(
        () => void (state.inspector = "shown"),
        (error: Error) => void (state.inspector = `failed: ${error.message}`),
      );
  }

  return {
    state,
    dress(group) {
      groupNow = group;
    },
    follow,
    release,
  };
}
