import { SceneLoader } from "@babylonjs/core/Loading/sceneLoader.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { Tools } from "@babylonjs/core/Misc/tools.js";
import { describe, expect, it } from "vitest";
import { createNullScene } from "../helpers/babylonScene.js";

// Vitest isolates each test file's modules, so this file sees a fresh Babylon.
describe("registration", () => {
  it("importing the library changes no Babylon global; registerMenagerie() is repeat-safe", async () => {
    const preprocess = Tools.PreprocessUrl;
    const factory = () => (Mesh as unknown as { _instancedMeshFactory?: unknown })._instancedMeshFactory;
    const factoryBefore = factory();
    const library = await import("../../src/index.js");
    expect(SceneLoader.IsPluginForExtensionAvailable(".obj")).toBe(false); // OBJ is parsed directly, no plugin
    expect(Tools.PreprocessUrl).toBe(preprocess); // signed URLs need no global URL hook
    expect(factory()).toBe(factoryBefore);
    expect(SceneLoader.IsPluginForExtensionAvailable(".glb")).toBe(false); // no glTF loader yet
    // A Menagerie registers instancing only: the glTF loader comes with the first rigged model,
    // so a game whose creatures are all OBJ never downloads it.
    const { scene, dispose } = createNullScene();
    new library.Menagerie(scene).dispose();
    dispose();
    expect(typeof factory()).toBe("function");
    expect(SceneLoader.IsPluginForExtensionAvailable(".glb")).toBe(false);
    library.registerMenagerie();
    library.registerMenagerie();
    expect(Tools.PreprocessUrl).toBe(preprocess);
    expect(SceneLoader.IsPluginForExtensionAvailable(".obj")).toBe(false);
    expect(SceneLoader.IsPluginForExtensionAvailable(".glb")).toBe(true); // rigged creatures load through it
    expect(SceneLoader.GetPluginForExtension(".glb")).toBe(SceneLoader.GetPluginForExtension(".gltf"));
  });
});
