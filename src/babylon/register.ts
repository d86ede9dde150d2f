/**
 * The one explicit registration Menagerie makes with Babylon. Importing the library registers
 * nothing; `new Menagerie(...)` calls this, and calling it again does nothing more.
 */
import { RegisterInstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.pure.js";

/**
 * Registers what Menagerie needs with Babylon: hardware instancing (`Mesh.createInstance`).
 * Repeat-safe. The OBJ and MTL parsers are used directly, so no scene loader plugin is added.
 */
export function registerMenagerie(): void {
  RegisterInstancedMesh();
}
