/**
 * The main thread's simplifier (src/obj/objLevels.ts), loaded on first need: for a model's
 * parts read here (no parse worker was ready yet, or workers cannot start), so that their
 * simplified levels are made right after them. A chunk of its own (meshoptimizer's WebAssembly
 * travels inside it), fetched once per page.
 */
import type { ObjLevelSpec, ObjLevels } from "../../../obj/objLevels.js";
import type { ObjMesh } from "../../../obj/objText.js";

/** Makes a mesh's levels. */
export type LevelMaker = (mesh: ObjMesh, specs: readonly ObjLevelSpec[]) => ObjLevels | undefined;

let loading: Promise<LevelMaker | null> | undefined;

/** The simplifier, or null where it cannot run (no WebAssembly, a CSP without `wasm-unsafe-eval`): models then have no levels. */
export function loadLevelMaker(): Promise<LevelMaker | null> {
  loading ??= import("../../../obj/objLevels.js")
    .then(
      async (module) => {
        await module.simplifierReady();
        return module.makeObjLevels;
      },
      () => null,
    )
    .catch(() => null);
  return loading;
}

/** Gives every mesh of `read` that has none its levels. */
export function addLevels(read: readonly ObjMesh[], make: LevelMaker | null, specs: readonly ObjLevelSpec[]): void {
  if (!make) return;
  for (const mesh of read) if (mesh.levels === undefined) mesh.levels = make(mesh, specs);
}
