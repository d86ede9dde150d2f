/**
 * The glTF 2.0 scene loader plugin, apart from the rest of the registration: it is most of the
 * code rigged creatures need, so it is registered where a rigged model is loaded (loadGlb.ts,
 * reached through a dynamic import) and a game whose creatures are all OBJ never downloads it.
 */
import { RegisterGLTF2Loader } from "@babylonjs/loaders/glTF/2.0/glTFLoader.pure.js";
import { RegisterGLTFFileLoader } from "@babylonjs/loaders/glTF/glTFFileLoader.pure.js";

/**
 * Registers the glTF file loader plugin (`.glb`/`.gltf`) and the 2.0 loader it hands version-2
 * files to. No glTF extension is registered: files that require one are refused with a
 * LoadError. Repeat-safe, as Babylon's register calls are.
 */
export function registerGltfLoader(): void {
  RegisterGLTFFileLoader();
  RegisterGLTF2Loader();
}
