/**
 * A model's materials, parsed once from its one MTL and shared by every part and copy. Texture
 * statements were taken out of the MTL text ({@link splitMtl}); their images arrive as bytes
 * fetched from the record's own signed URLs and become textures here.
 */

import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import type { BaseTexture } from "@babylonjs/core/Materials/Textures/baseTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { TextureImage } from "../../../api/modelAssets.js";
import type { MtlTextureRef, SplitMtl } from "../../../obj/mtlText.js";
import { createMtlMaterials } from "./mtlMaterials.js";

export type { TextureImage } from "../../../api/modelAssets.js";

/** What {@link buildMaterials} made; everything here belongs to one model. */
export interface ModelMaterials {
  byName: Map<string, StandardMaterial>;
  /** Used by meshes whose `usemtl` names no material of the MTL. */
  fallback: StandardMaterial;
  textures: BaseTexture[];
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

function mimeOf(file: string): string | undefined {
  return MIME_BY_EXTENSION[file.slice(file.lastIndexOf(".") + 1).toLowerCase()];
}

function assignTexture(material: StandardMaterial, ref: MtlTextureRef, texture: Texture): void {
  switch (ref.slot) {
    case "diffuse":
      material.diffuseTexture = texture;
      // The SDK's rule: a textured material whose Kd is black would render black; treat it as white.
      if (material.diffuseColor.r === 0 && material.diffuseColor.g === 0 && material.diffuseColor.b === 0) {
        material.diffuseColor = Color3.White();
      }
      break;
    case "ambient":
      material.ambientTexture = texture;
      break;
    case "specular":
      material.specularTexture = texture;
      break;
    case "bump":
      material.bumpTexture = texture;
      if (ref.bumpLevel !== undefined) texture.level = ref.bumpLevel;
      break;
    case "opacity":
      material.opacityTexture = texture;
      break;
  }
}

/**
 * Creates the model's materials in `scene`, named `<prefix>/<newmtl>`, and a texture for each
 * image the MTL names (one texture per image, however many materials use it).
 *
 * @param images the fetched images by MTL file name; a file missing here leaves its slot empty.
 * @param onTextureError told when an image fails to decode.
 */
export function buildMaterials(
  scene: Scene,
  mtl: SplitMtl | undefined,
  images: ReadonlyMap<string, TextureImage>,
  prefix: string,
  onTextureError: (file: string, message: string) => void,
): ModelMaterials {
  const byName = mtl ? createMtlMaterials(scene, mtl.text, prefix) : new Map<string, StandardMaterial>();
  const textures = new Map<string, Texture>();
  if (mtl) {
    for (const ref of mtl.textures) {
      const material = byName.get(ref.material);
      const image = images.get(ref.file);
      if (!material || !image) continue;
      let texture = textures.get(ref.file);
      if (!texture) {
        const mimeType = mimeOf(ref.file);
        // A "data:" URL that is not base64 makes Babylon decode `buffer` instead of fetching
        // (which would lose the signature); the URL stays the per-asset cache key.
        texture = new Texture(`data:${image.key}`, scene, {
          buffer: image.bytes,
          invertY: true,
          ...(mimeType ? { mimeType } : {}),
          onError: (message?: string) => onTextureError(ref.file, message ?? "the image could not be decoded"),
        });
        texture.name = `${prefix}/${ref.file}`;
        textures.set(ref.file, texture);
      }
      assignTexture(material, ref, texture);
    }
  }
  const fallback = new StandardMaterial(`${prefix}/default`, scene);
  fallback.diffuseColor = new Color3(0.6, 0.6, 0.6);
  return { byName, fallback, textures: [...textures.values()] };
}

/** Disposes every material and texture of a model. */
export function disposeMaterials(materials: ModelMaterials): void {
  for (const texture of materials.textures) texture.dispose();
  for (const material of materials.byName.values()) material.dispose(false, false);
  materials.fallback.dispose(false, false);
}
