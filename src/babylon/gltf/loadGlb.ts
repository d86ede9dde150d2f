/**
 * GLB bytes into a hidden AssetContainer through Babylon's glTF loader, leaving nothing behind
 * when the load fails. Babylon makes the container early and, when a load fails midway, keeps
 * it (its observers on the scene and the engine) with the meshes, materials and textures made
 * so far, disposing none of it. So the parsed JSON is checked first (glbJsonProblem.ts: what
 * would fail before the loader's root mesh exists, when nothing yet tells which container is
 * this load's, and much of what would fail later); then the root mesh names the container, and
 * on failure everything made is disposed.
 */
import type { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { GLTFLoaderAnimationStartMode } from "@babylonjs/loaders/glTF/glTFFileLoader.pure.js";
import type {} from "@babylonjs/loaders/glTF/glTFFileLoader.types.js"; // types of pluginOptions.gltf
import { registerGltfLoader } from "../registerGltf.js";
import { glbJsonProblem } from "./glbJsonProblem.js";
import { PBR_READY, registerPbrReady } from "./pbrReady.js";

/** GLB bytes. */
export type GlbBytes = ArrayBuffer | Uint8Array;

/**
 * Loads GLB bytes into an AssetContainer (nothing added to the scene, no animation started).
 * On failure nothing of the load stays behind. Registers the glTF loader first.
 */
export async function loadGlb(scene: Scene, bytes: GlbBytes): Promise<AssetContainer> {
  registerGltfLoader();
  registerPbrReady();
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const made: { dispose(): void }[] = [];
  let container: AssetContainer | undefined;
  try {
    return await LoadAssetContainerAsync(view, scene, {
      pluginExtension: ".glb",
      pluginOptions: {
        gltf: {
          // A started group of a hidden container would play in the scene.
          animationStartMode: GLTFLoaderAnimationStartMode.NONE,
          // The PBR classes handed over, not imported twice per load (pbrReady.ts).
          extensionOptions: { [PBR_READY]: { enabled: true } },
          onParsed: (data) => {
            const problem = glbJsonProblem(data.json, data.bin?.byteLength ?? 0);
            if (problem) throw new Error(`Menagerie does not load this GLB: ${problem}`);
          },
          onMeshLoaded: (mesh) => {
            made.push(mesh);
            // The first mesh is the loader's root, made as soon as the data is read.
            container ??= (mesh._parentContainer as AssetContainer | null) ?? undefined;
          },
          onMaterialLoaded: (material) => void made.push(material),
          onTextureLoaded: (texture) => void made.push(texture),
        },
      },
    });
  } catch (error) {
    for (const thing of made.reverse()) thing.dispose();
    container?.dispose();
    throw error;
  }
}
