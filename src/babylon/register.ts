/**
 * The one explicit registration Menagerie makes with Babylon. Importing the library registers
 * nothing; `new Menagerie(...)` calls this, and calling it again does nothing more.
 */
import { RegisterInstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.pure.js";
import { RegisterGLTF2Loader } from "@babylonjs/loaders/glTF/2.0/glTFLoader.pure.js";
import { RegisterGLTFFileLoader } from "@babylonjs/loaders/glTF/glTFFileLoader.pure.js";

/**
 * Registers what Menagerie needs with Babylon: hardware instancing (`Mesh.createInstance`) and
 * the glTF 2.0 scene loader plugin (`.glb`/`.gltf`), which rigged creatures load through. Each
 * of Babylon's register calls is repeat-safe, so this is too. The OBJ and MTL parsers are used
 * directly, so no OBJ plugin is added.
 */
export function registerMenagerie(): void {
  RegisterInstancedMesh();
  // The glTF file loader plugin, and the 2.0 loader it hands version-2 files to. No glTF
  // extension is registered: files that require one are refused with a LoadError.
  RegisterGLTFFileLoader();
  RegisterGLTF2Loader();
}
