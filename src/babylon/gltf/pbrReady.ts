/**
 * Babylon's glTF loader imports its PBR material class and that class's loading adapter with
 * `import()` at the start of every load (two per load, each model's GLB waiting on them), and
 * keeps the classes per loader. This chunk imports both statically, as they are needed by every
 * rigged model, and hands them to each of Menagerie's loads through a loader extension that runs
 * before the loader looks for them: the load takes the classes it would have imported (the same
 * modules), without asking the module loader twice per load. In a bundle this also saves the
 * PBR chunk's download after the first GLB arrives; under a loader hook such as tsx's it saves
 * two round trips to the hook's thread per cold model.
 *
 * It writes the loader's `_pbrMaterialImpls` (internal): when a Babylon update renames it, the
 * extension does nothing and the loader imports the classes itself, as before.
 */
import { PBRMaterial, RegisterPbrMaterial } from "@babylonjs/core/Materials/PBR/pbrMaterial.pure.js";
import type { GLTFLoader } from "@babylonjs/loaders/glTF/2.0/glTFLoader.pure.js";
import { registerGLTFExtension } from "@babylonjs/loaders/glTF/2.0/glTFLoaderExtensionRegistry.js";
import { PBRMaterialLoadingAdapter } from "@babylonjs/loaders/glTF/2.0/pbrMaterialLoadingAdapter.js";

/** The extension's name: a load enables it with `extensionOptions: { [PBR_READY]: { enabled: true } }`. */
export const PBR_READY = "MENAGERIE_pbr_ready";

let registered = false;

/**
 * Registers the extension (once). It acts only on loads that enable it by name (Menagerie's,
 * loadGlb.ts); any other glTF load of the page gets a disabled extension that does nothing.
 */
export function registerPbrReady(): void {
  if (registered) return;
  registered = true;
  registerGLTFExtension(PBR_READY, false, (loader: GLTFLoader) => {
    const parent = loader.parent;
    const impls = (loader as unknown as { _pbrMaterialImpls?: unknown })._pbrMaterialImpls;
    if (
      parent.extensionOptions[PBR_READY]?.["enabled"] === true &&
      !parent.useOpenPBR &&
      !parent.skipMaterials &&
      impls instanceof Map &&
      !impls.has("pbr")
    ) {
      RegisterPbrMaterial(); // as the loader does with what it imports
      impls.set("pbr", { materialClass: PBRMaterial, adapterClass: PBRMaterialLoadingAdapter });
    }
    return { name: PBR_READY, enabled: false, dispose: () => undefined };
  });
}
