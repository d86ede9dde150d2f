/**
 * One material for the several looks of a part-built model (partSkin.ts), so that its crowd draws
 * a creature of any number of looks in one draw call. A model's MTL gives each part a material
 * of its own colours and maybe a texture (the catalog's: a coat and an accent texture, a trim
 * colour, shiny eyes), and Babylon draws each material apart. The crowd's joined mesh carries a
 * look index per vertex (`menagerieLook`), and this plugin, on a `StandardMaterial` made for the
 * crowd, reads each fragment's diffuse colour, specular colour and power, and texture from its
 * look, where the material would have read its own uniforms and its one diffuse texture:
 *
 *     baseColor = texture of the look (or white)   diffuseColor = Kd of the look
 *     specularColor, glossiness = Ks, Ns of the look
 *
 * Everything else of the shader is the looks' shared material's, so a fragment comes out as its
 * own material would draw it. Looks are joined only where that holds ({@link joinableLooks}):
 * `StandardMaterial`s alike but for those colours and the diffuse texture, opaque, at most
 * {@link MAX_LOOKS} looks of which at most three textured, and a GLSL engine (WebGL or
 * NullEngine); any other model's crowd keeps one joined mesh per look.
 *
 * The shadow generator's depth pass does not run this plugin and needs nothing of it: it draws
 * the mesh's shape only.
 */

import type { Material } from "@babylonjs/core/Materials/material.js";
import { MaterialPluginBase } from "@babylonjs/core/Materials/materialPluginBase.pure.js";
import { ShaderLanguage } from "@babylonjs/core/Materials/shaderLanguage.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import type { BaseTexture } from "@babylonjs/core/Materials/Textures/baseTexture.js";
import type { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import type { UniformBuffer } from "@babylonjs/core/Materials/uniformBuffer.js";
import type { Scene } from "@babylonjs/core/scene.js";

const NAME = "MenagerieLooks";
/** The per-vertex look index's vertex buffer kind. */
export const LOOK_KIND = "menagerieLook";
/** Looks one material can draw. */
export const MAX_LOOKS = 4;
/** Textures beyond the material's own diffuse texture. */
const EXTRA_TEXTURES = 2;

const KD = [0, 1, 2, 3].map((i) => `menagerieKd${i}`);
const KS = [0, 1, 2, 3].map((i) => `menagerieKs${i}`);
/** Per look: its texture's slot (-1 none, 0 the diffuse texture, 1–2 the extra ones). */
const SLOTS = "menagerieSlots";
const SAMPLERS = [1, 2].map((i) => `menagerieTexture${i}`);

const pick = (names: string[]) => `(l==0?${names[0]}:l==1?${names[1]}:l==2?${names[2]}:${names[3]})`;

const FRAGMENT_DEFINITIONS = `
varying float vMenagerieLook;
uniform sampler2D ${SAMPLERS[0]};
uniform sampler2D ${SAMPLERS[1]};
vec4 menagerieKd(int l){return ${pick(KD)};}
vec4 menagerieKs(int l){return ${pick(KS)};}
float menagerieSlot(int l){return l==0?${SLOTS}.x:l==1?${SLOTS}.y:l==2?${SLOTS}.z:${SLOTS}.w;}
`;

/** The diffuse texture's read, as the material's fragment shader has it after includes. */
const TEXTURE_READ = "!baseColor\\s*=\\s*TEXRD\\(\\s*diffuseSampler\\s*,\\s*vDiffuseUV\\s*\\+\\s*uvOffset\\s*\\)\\s*;";
const LOOK_TEXTURE_READ =
  "float menagerieS=menagerieSlot(menagerieL);" +
  "vec4 menagerieT0=TEXRD(diffuseSampler,vDiffuseUV+uvOffset);" +
  `vec4 menagerieT1=TEXRD(${SAMPLERS[0]},vDiffuseUV+uvOffset);` +
  `vec4 menagerieT2=TEXRD(${SAMPLERS[1]},vDiffuseUV+uvOffset);` +
  "baseColor=menagerieS<-0.5?vec4(1.0):menagerieS<0.5?menagerieT0:menagerieS<1.5?menagerieT1:menagerieT2;";
/** The specular colour and power, as the material's fragment shader reads them. */
const SPECULAR_READ =
  "!float\\s+glossiness\\s*=\\s*vSpecularColor\\.a\\s*;\\s*vec3\\s+specularColor\\s*=\\s*vSpecularColor\\.rgb\\s*;";
const LOOK_SPECULAR_READ = "float glossiness=menagerieKs(menagerieL).a;vec3 specularColor=menagerieKs(menagerieL).rgb;";

/** What one look draws with. */
export interface LookColours {
  /** Diffuse colour and alpha (Kd, d). */
  kd: [number, number, number, number];
  /** Specular colour and power (Ks, Ns). */
  ks: [number, number, number, number];
  /** Its diffuse texture, or null. */
  texture: Texture | null;
}

/** The plugin: see the module comment. Made by {@link lookMaterialOf}. */
export class LookPlugin extends MaterialPluginBase {
  readonly #looks: LookColours[];
  readonly #extra: (Texture | null)[];
  readonly #slots: number[];

  constructor(material: StandardMaterial, looks: LookColours[]) {
    super(material, NAME, 210, undefined, true, true);
    this.#looks = looks;
    const textures: Texture[] = [];
    this.#slots = looks.map((look) => {
      if (!look.texture) return -1;
      const at = textures.indexOf(look.texture);
      return at >= 0 ? at : textures.push(look.texture) - 1;
    });
    this.#extra = Array.from({ length: EXTRA_TEXTURES }, (_, i) => textures[i + 1] ?? textures[0] ?? null);
  }

  override getClassName(): string {
    return "LookPlugin";
  }

  override isCompatible(language: ShaderLanguage): boolean {
    return language === ShaderLanguage.GLSL;
  }

  override getAttributes(attributes: string[]): void {
    attributes.push(LOOK_KIND);
  }

  override getSamplers(samplers: string[]): void {
    samplers.push(...SAMPLERS);
  }

  override getUniforms(): { ubo: { name: string; size: number; type: string }[]; fragment: string } {
    const names = [...KD, ...KS, SLOTS];
    return {
      ubo: names.map((name) => ({ name, size: 4, type: "vec4" })),
      fragment: names.map((name) => `uniform vec4 ${name};`).join("\n"),
    };
  }

  override isReadyForSubMesh(): boolean {
    return this.#extra.every((texture) => !texture || texture.isReadyOrNotBlocking());
  }

  override bindForSubMesh(uniformBuffer: UniformBuffer): void {
    for (let i = 0; i < MAX_LOOKS; i++) {
      const look = this.#looks[i] ?? this.#looks[0]!;
      uniformBuffer.updateFloat4(KD[i]!, ...look.kd);
      uniformBuffer.updateFloat4(KS[i]!, ...look.ks);
    }
    const s = (i: number) => this.#slots[i] ?? -1;
    uniformBuffer.updateFloat4(SLOTS, s(0), s(1), s(2), s(3));
    this.#extra.forEach((texture, i) => {
      uniformBuffer.setTexture(SAMPLERS[i]!, texture);
    });
  }

  override getActiveTextures(activeTextures: BaseTexture[]): void {
    for (const texture of this.#extra) if (texture && !activeTextures.includes(texture)) activeTextures.push(texture);
  }

  override hasTexture(texture: BaseTexture): boolean {
    return this.#extra.includes(texture as Texture);
  }

  override getCustomCode(shaderType: string): { [pointName: string]: string } | null {
    if (shaderType === "vertex") {
      return {
        CUSTOM_VERTEX_DEFINITIONS: `attribute float ${LOOK_KIND};\nvarying float vMenagerieLook;`,
        CUSTOM_VERTEX_MAIN_END: `vMenagerieLook=${LOOK_KIND};`,
      };
    }
    return {
      CUSTOM_FRAGMENT_DEFINITIONS: FRAGMENT_DEFINITIONS,
      CUSTOM_FRAGMENT_MAIN_BEGIN: "int menagerieL=int(vMenagerieLook+0.5);",
      [TEXTURE_READ]: LOOK_TEXTURE_READ,
      CUSTOM_FRAGMENT_UPDATE_DIFFUSE: "diffuseColor=menagerieKd(menagerieL).rgb;",
      [SPECULAR_READ]: LOOK_SPECULAR_READ,
    };
  }
}

/** Exactly Babylon's `StandardMaterial` (a subclass may draw otherwise). */
function isStandard(material: Material | null): material is StandardMaterial {
  return material instanceof StandardMaterial && material.getClassName() === "StandardMaterial";
}

/** Texture slots of a `StandardMaterial` the looks must all leave empty. */
const OTHER_TEXTURES = [
  "ambientTexture",
  "opacityTexture",
  "reflectionTexture",
  "emissiveTexture",
  "specularTexture",
  "bumpTexture",
  "lightmapTexture",
  "refractionTexture",
] as const;

/** Properties the looks must share (their values are the joined material's). */
const SHARED = [
  "alpha",
  "alphaMode",
  "backFaceCulling",
  "cullBackFaces",
  "wireframe",
  "pointsCloud",
  "fillMode",
  "disableLighting",
  "maxSimultaneousLights",
  "useLogarithmicDepth",
  "twoSidedLighting",
  "useSpecularOverAlpha",
  "linkEmissiveWithDiffuse",
  "useEmissiveAsIllumination",
  "separateCullingPass",
  "disableDepthWrite",
  "forceDepthWrite",
  "needDepthPrePass",
  "zOffset",
  "transparencyMode",
  "roughness",
  "indexOfRefraction",
  "invertRefractionY",
  "alphaCutOff",
  "useAlphaFromDiffuseTexture",
] as const;

/** The diffuse texture properties the looks' textures must share (one UV transform serves all). */
const TEXTURE_SHARED = [
  "coordinatesIndex",
  "uOffset",
  "vOffset",
  "uScale",
  "vScale",
  "uAng",
  "vAng",
  "wAng",
  "uRotationCenter",
  "vRotationCenter",
  "wRotationCenter",
  "level",
  "coordinatesMode",
  "homogeneousRotationInUVTransform",
] as const;

/**
 * True when the materials of `looks` can be drawn as one (see the module comment): in a GLSL
 * scene, at most {@link MAX_LOOKS} opaque `StandardMaterial`s alike but for their diffuse and
 * specular colours, specular power and diffuse texture, at most three textures among them.
 */
export function joinableLooks(scene: Scene, materials: readonly (Material | null)[]): boolean {
  if (materials.length < 2 || materials.length > MAX_LOOKS) return false;
  if (scene.getEngine().isWebGPU) return false;
  if (!materials.every(isStandard)) return false;
  const first = materials[0] as StandardMaterial;
  const textures: Texture[] = [];
  for (const m of materials as StandardMaterial[]) {
    if (m.detailMap.isEnabled) return false;
    if (OTHER_TEXTURES.some((key) => m[key] !== null)) return false;
    if (SHARED.some((key) => m[key] !== first[key])) return false;
    if (!m.ambientColor.equals(first.ambientColor) || !m.emissiveColor.equals(first.emissiveColor)) return false;
    if (m.needAlphaBlending() || m.needAlphaTesting()) return false;
    const texture = m.diffuseTexture as Texture | null;
    if (!texture) continue;
    if (texture.getClassName() !== "Texture" || texture.hasAlpha || texture.getAlphaFromRGB) return false;
    if (!textures.includes(texture)) textures.push(texture);
  }
  if (textures.length > EXTRA_TEXTURES + 1) return false;
  const base = textures[0];
  return !base || textures.every((t) => TEXTURE_SHARED.every((key) => t[key] === base[key]));
}

/**
 * The material a model's joined looks are drawn with (only for {@link joinableLooks}): the
 * shared properties of the first look's material, the first texture as its diffuse texture, and
 * the plugin reading each look's own. Named `<name>`; the caller disposes it.
 */
export function lookMaterialOf(scene: Scene, name: string, materials: readonly StandardMaterial[]): StandardMaterial {
  const textured = materials.find((m) => m.diffuseTexture !== null) ?? materials[0]!;
  const material = new StandardMaterial(name, scene);
  for (const key of SHARED) (material as unknown as Record<string, unknown>)[key] = textured[key];
  material.ambientColor.copyFrom(textured.ambientColor);
  material.emissiveColor.copyFrom(textured.emissiveColor);
  material.diffuseColor.copyFrom(textured.diffuseColor);
  material.specularColor.copyFrom(textured.specularColor);
  material.specularPower = textured.specularPower;
  material.diffuseTexture = textured.diffuseTexture;
  const looks = materials.map((m) => ({
    kd: [m.diffuseColor.r, m.diffuseColor.g, m.diffuseColor.b, m.alpha] as LookColours["kd"],
    ks: [m.specularColor.r, m.specularColor.g, m.specularColor.b, m.specularPower] as LookColours["ks"],
    texture: m.diffuseTexture as Texture | null,
  }));
  new LookPlugin(material, looks);
  return material;
}
