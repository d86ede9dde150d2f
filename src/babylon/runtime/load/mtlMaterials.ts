/**
 * MTL text → StandardMaterials, read the way Babylon's `MTLFileLoader.parseMTL` reads it
 * (`Kd`, `Ka`, `Ks`, `Ke` as colours, `Ns` as specular power, `d` as alpha; every other
 * statement ignored, `Tr` included, as it does), without the OBJ loader in the bundle. Texture
 * statements were taken out beforehand ({@link splitMtl}); their images are set by the caller.
 */
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import type { Scene } from "@babylonjs/core/scene.js";

/** MTLFileLoader's reading of a colour: the first three whitespace-separated values; a missing one is 0. */
function colourOf(value: string): Color3 {
  return Color3.FromArray(value.split(/\s+/, 3).map(Number.parseFloat));
}

/**
 * Creates one material per `newmtl`, named `<prefix>/<newmtl>`, keyed by its MTL name. A name
 * given twice keeps its last definition (the earlier material is disposed).
 */
export function createMtlMaterials(scene: Scene, text: string, prefix: string): Map<string, StandardMaterial> {
  const byName = new Map<string, StandardMaterial>();
  let material: StandardMaterial | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.length === 0 || line.charCodeAt(0) === 35) continue;
    // The keyword ends at the first space (not tab), as in MTLFileLoader.
    const space = line.indexOf(" ");
    const key = (space >= 0 ? line.substring(0, space) : line).toLowerCase();
    const value = space >= 0 ? line.substring(space + 1).trim() : "";
    if (key === "newmtl") {
      byName.get(value)?.dispose(false, false);
      material = new StandardMaterial(`${prefix}/${value}`, scene);
      byName.set(value, material);
    } else if (material) {
      if (key === "kd") material.diffuseColor = colourOf(value);
      else if (key === "ka") material.ambientColor = colourOf(value);
      else if (key === "ks") material.specularColor = colourOf(value);
      else if (key === "ke") material.emissiveColor = colourOf(value);
      else if (key === "ns") material.specularPower = Number.parseFloat(value);
      else if (key === "d") material.alpha = Number.parseFloat(value);
    }
  }
  return byName;
}
