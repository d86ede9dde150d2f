/**
 * New crowd drawing meshes make their shaders one at a time, each in a task of its own.
 *
 * Babylon makes a mesh's effect in the first frame that draws it (or its shadow), and processes
 * the effect's shader code (includes, defines: 40-50 ms of main-thread work for a thin-instanced
 * PBR effect in headless Chromium) as soon as the material's shader modules are imported. The
 * first effects of a material kind wait for that import together, so two crowds shown in the same
 * frame had both their shaders processed in one microtask checkpoint: 94 ms of CPU in
 * `scripts/longTasks.ts`, 139 ms in a loaded CI run of test/browser/populateLoad.browser.test.ts.
 *
 * Here a drawing mesh that starts drawing while another mesh of its scene is having its turn stays
 * hidden (so neither a frame nor a shadow map makes its effect) and holds the scene's
 * `isReady()` (as pending data) until that turn ends and a new task begins; then its own turn
 * starts (its sub-meshes' materials make their effects, as a frame would) and it is shown. A
 * turn ends when the effects are ready, when one fails, when the mesh is disposed, or after
 * {@link TURN_LIMIT_MS} (a texture that never loads keeps a material unready: the next mesh is
 * not held for ever).
 */

import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";

/** The longest a mesh's turn holds the next one, in milliseconds. */
export const TURN_LIMIT_MS = 500;

/** A mesh waiting for its turn, and what shows it then (false: it has nothing to draw by then). */
interface Waiting {
  mesh: Mesh;
  show: () => boolean;
}

/** A scene's turns: whether one is under way, and who waits. */
interface Turns {
  busy: boolean;
  waiting: Waiting[];
}

const turnsOf = new WeakMap<Scene, Turns>();
/** Meshes whose turn has come: they draw as any mesh does from then on. */
const hadTurn = new WeakSet<Mesh>();

/**
 * Whether `mesh` may be drawn now. True once its turn has come, which is at once when no other
 * mesh of its scene is having one (its turn then starts here); otherwise false, and `show` is
 * called when its turn comes (unless it was disposed meanwhile). When `show` then answers that
 * the mesh has nothing to draw, its turn is put off to the next time it is shown.
 */
export function shaderTurnCome(mesh: Mesh, show: () => boolean): boolean {
  if (hadTurn.has(mesh)) return true;
  const scene = mesh.getScene();
  let turns = turnsOf.get(scene);
  if (!turns) {
    turns = { busy: false, waiting: [] };
    turnsOf.set(scene, turns);
  }
  if (!turns.busy) {
    takeTurn(mesh, turns);
    return true;
  }
  if (!turns.waiting.some((w) => w.mesh === mesh)) {
    turns.waiting.push({ mesh, show });
    scene.addPendingData(mesh);
    mesh.onDisposeObservable.addOnce(() => scene.removePendingData(mesh));
  }
  return false;
}

/** Starts `mesh`'s turn: its material makes its effect; the next waiting mesh goes in a later task. */
function takeTurn(mesh: Mesh, turns: Turns): void {
  hadTurn.add(mesh);
  if (!mesh.material) return; // nothing to make
  turns.busy = true;
  let ended = false;
  let started = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(limit);
    mesh.onDisposeObservable.removeCallback(end);
    if (!started) {
      turns.busy = false; // ended within the call: the effect was made already
      return;
    }
    setTimeout(() => next(turns), 0);
  };
  // Not Material.forceCompilation: it asks again every 16 ms until the material is ready, even
  // once the mesh, the material and the scene are disposed, so a texture that never loads would
  // keep it asking for ever. Here the asking stops with the turn (a dispose ends it too).
  const check = () => {
    if (ended) return;
    if (readyToDraw(mesh)) end();
    else setTimeout(check, 16);
  };
  const limit = setTimeout(end, TURN_LIMIT_MS);
  mesh.onDisposeObservable.addOnce(end);
  check();
  started = true;
}

/**
 * Whether each sub-mesh's material has its effect for `mesh` (made here when it has none, as a
 * frame would make it), or failed to make it, or threw: either way Babylon draws it, or reports
 * why not, as it would have without a turn.
 */
function readyToDraw(mesh: Mesh): boolean {
  const instances = mesh.hasThinInstances;
  try {
    return mesh.subMeshes.every((subMesh) => {
      const material = subMesh.getMaterial();
      return (
        !material || material.isReadyForSubMesh(mesh, subMesh, instances) || !!subMesh.effect?.getCompilationError()
      );
    });
  } catch {
    return true;
  }
}

/** Ends a turn: the next waiting mesh still alive takes its turn and is shown. */
function next(turns: Turns): void {
  turns.busy = false;
  while (!turns.busy && turns.waiting.length > 0) {
    const { mesh, show } = turns.waiting.shift()!;
    mesh.getScene().removePendingData(mesh);
    if (mesh.isDisposed() || !show()) continue;
    takeTurn(mesh, turns);
  }
}
