/**
 * The one explicit registration Menagerie makes with Babylon. Importing the library registers
 * nothing; `new Menagerie(...)` registers instancing, and the first rigged model to load
 * registers the glTF loader (registerGltf.ts). Calling any of it again does nothing more.
 */
import { RegisterInstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.pure.js";
import { registerGltfLoader } from "./registerGltf.js";

/** Hardware instancing (`Mesh.createInstance`), which every OBJ creature is drawn with. */
export function registerInstancing(): void {
  RegisterInstancedMesh();
}

/**
 * Registers everything Menagerie needs with Babylon up front: hardware instancing
 * (`Mesh.createInstance`) and the glTF 2.0 scene loader plugin (`.glb`/`.gltf`), which rigged
 * creatures load through. A Menagerie does not need this call: it registers instancing when
 * made and the glTF loader when a rigged model first loads, so that the loader's code is only
 * downloaded by games that use it. Each of Babylon's register calls is repeat-safe, so this is
 * too. The OBJ and MTL parsers are used directly, so no OBJ plugin is added.
 * @category Menagerie
 */
export function registerMenagerie(): void {
  registerInstancing();
  registerGltfLoader();
}
