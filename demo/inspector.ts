/**
 * The Babylon Inspector, for `?inspector` only: showcase.ts imports this module dynamically, so
 * the debug layer's code is fetched only on that URL. `@babylonjs/inspector` is not a
 * dependency of this project; without it installed, Babylon's debug layer fetches the
 * inspector bundle from its CDN (`DebugLayer.InspectorURL`) when it is shown.
 */
import "@babylonjs/core/Debug/debugLayer.js";
import type { Scene } from "@babylonjs/core/scene.js";

/** Shows the inspector docked beside the canvas. */
export async function showInspector(scene: Scene): Promise<void> {
  await scene.debugLayer.show({ embedMode: true });
}
