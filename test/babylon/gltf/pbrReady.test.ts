/**
 * pbrReady.ts: Menagerie's glTF loads get Babylon's PBR material class and its loading adapter
 * handed over instead of imported twice per load, and other loads of the page are left alone.
 * Checked against the real loader: when a Babylon update renames the field the classes go in,
 * the first test fails (the extension would silently do nothing).
 */
import { PBRMaterial } from "@babylonjs/core/Materials/PBR/pbrMaterial.pure.js";
import { GLTFLoader } from "@babylonjs/loaders/glTF/2.0/glTFLoader.pure.js";
import { registeredGLTFExtensions } from "@babylonjs/loaders/glTF/2.0/glTFLoaderExtensionRegistry.js";
import { PBRMaterialLoadingAdapter } from "@babylonjs/loaders/glTF/2.0/pbrMaterialLoadingAdapter.js";
import { GLTFFileLoader } from "@babylonjs/loaders/glTF/glTFFileLoader.pure.js";
import { afterEach, describe, expect, it } from "vitest";
import { loadGlb } from "../../../src/babylon/gltf/loadGlb.js";
import { PBR_READY, registerPbrReady } from "../../../src/babylon/gltf/pbrReady.js";
import { createRiggedScene } from "../../helpers/riggedScene.js";
import { tinyRiggedGlb } from "../../helpers/tinyGlb.js";

type Impls = Map<string, { materialClass: unknown; adapterClass: unknown }>;

/** A glTF 2.0 loader as Babylon makes one per load, and the classes it holds. */
function loaderWith(options: Partial<GLTFFileLoader> = {}): { loader: GLTFLoader; impls: Impls } {
  const parent = Object.assign(new GLTFFileLoader(), options);
  const loader = new GLTFLoader(parent);
  return { loader, impls: (loader as unknown as { _pbrMaterialImpls: Impls })._pbrMaterialImpls };
}

async function runExtension(loader: GLTFLoader) {
  registerPbrReady();
  const registered = registeredGLTFExtensions.get(PBR_READY);
  expect(registered?.isGLTFExtension).toBe(false);
  return registered!.factory(loader);
}

describe("pbrReady", () => {
  const scenes: { dispose(): void }[] = [];
  afterEach(() => {
    for (const s of scenes.splice(0)) s.dispose();
  });

  it("hands a load that enables it the PBR class and adapter the loader would import", async () => {
    const { loader, impls } = loaderWith({ extensionOptions: { [PBR_READY]: { enabled: true } } });
    expect(impls).toBeInstanceOf(Map);
    expect(impls.size).toBe(0);
    const extension = await runExtension(loader);
    expect(extension.name).toBe(PBR_READY);
    expect(extension.enabled).toBe(false); // it takes part in nothing else of the load
    expect([...impls.keys()]).toEqual(["pbr"]);
    expect(impls.get("pbr")).toEqual({ materialClass: PBRMaterial, adapterClass: PBRMaterialLoadingAdapter });
  });

  it("leaves other loads alone: not enabled, OpenPBR asked for, or materials skipped", async () => {
    for (const options of [
      {},
      { extensionOptions: { [PBR_READY]: { enabled: true } }, useOpenPBR: true },
      { extensionOptions: { [PBR_READY]: { enabled: true } }, skipMaterials: true },
    ]) {
      const { loader, impls } = loaderWith(options);
      await runExtension(loader);
      expect(impls.size).toBe(0);
    }
  });

  it("a GLB loaded by loadGlb gets its PBR material, and its dispose leaves nothing", async () => {
    const rigged = createRiggedScene();
    scenes.push(rigged);
    const { scene } = rigged;
    const counts = () => [scene.materials.length, scene.meshes.length, scene.textures.length, scene.skeletons.length];
    const before = counts();
    const container = await loadGlb(scene, await tinyRiggedGlb({ clip: "idle" }));
    expect(container.materials.map((m) => m.getClassName())).toEqual(["PBRMaterial"]);
    expect(container.materials[0]).toBeInstanceOf(PBRMaterial);
    container.dispose();
    expect(counts()).toEqual(before);
  });
});
