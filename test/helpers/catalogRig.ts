/**
 * A catalog model's rigged template over real HTTP: the record looked up from the reference
 * service, each clip's signed GLB fetched, and the template built from the bytes as a Menagerie
 * builds it (for tests of what is made from templates: bakes, crowds).
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { createLookupClient } from "../../src/api/client.js";
import { buildRiggedTemplate, type RiggedTemplate } from "../../src/babylon/gltf/index.js";

/** Clip name → GLB bytes of a catalog model, fetched through the service at `serviceUrl`. */
export async function fetchCatalogRig(serviceUrl: string, name: string): Promise<Map<string, Uint8Array>> {
  const client = createLookupClient({ baseUrl: serviceUrl, apiKey: "dev-key" });
  const record = await client.getModel(name, { fuzzy: false });
  const clips = Object.entries(record?.model.rig?.animations ?? {});
  if (clips.length === 0) throw new Error(`${name} has no rigged clips`);
  const glbs = new Map<string, Uint8Array>();
  for (const [clip, file] of clips) {
    const url = (file as { GLB?: string; glb?: string }).GLB ?? (file as { glb?: string }).glb;
    const response = await fetch(url!);
    if (!response.ok) throw new Error(`${clip} GLB of ${name}: HTTP ${response.status}`);
    glbs.set(clip, new Uint8Array(await response.arrayBuffer()));
  }
  return glbs;
}

/** The template of a catalog model in `scene`, from bytes fetched by {@link fetchCatalogRig}. */
export function catalogTemplate(scene: Scene, name: string, glbs: Map<string, Uint8Array>): Promise<RiggedTemplate> {
  return buildRiggedTemplate(scene, name, glbs);
}
