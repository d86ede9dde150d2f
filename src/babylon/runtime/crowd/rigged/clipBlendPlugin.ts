/**
 * Cross-fades two baked clips per instance in the shaders of a rigged crowd's materials
 * (riggedCrowd.ts). Babylon's BakedVertexAnimationManager reads one frame per instance; this
 * material plugin rewrites, in the vertex shader of the material it is added to, each bone read
 * of Babylon's `bakedVertexAnimation` include into two reads mixed by weight:
 *
 *     read(bone, VATFrameNum)  →  read(bone, x) * (1 - z) + read(bone, w) * z
 *
 * where (x, y, z, w) is the instance's `bakedVertexAnimationSettingsInstanced` vec4, which the
 * crowd fills as (row A, row A, weight of B, row B) ({@link encodeClipBlend}). The skinning
 * matrices are mixed linearly (as linear blend skinning mixes a vertex's bones). Babylon blends
 * two animation groups otherwise: each bone's local rotation and translation, then composes
 * them down the hierarchy, so a swinging limb follows an arc where the linear mix takes the
 * chord. Half-way from a zebra's idle to its walk, skinned vertices land 2.2 cm (at most 8 cm)
 * from the grown creature's, against 10 cm (36 cm) with one clip shown alone: the pop is gone,
 * the mid-fade pose is close but not the same. Matching it exactly would take local transforms
 * baked per bone and the hierarchy composed in the shader.
 *
 * The encoding is chosen so that a shader this plugin does not reach (the shadow generator's
 * depth pass, GPU picking, the depth and geometry renderers) still shows a valid frame: with
 * the manager's time at 0 Babylon's own formula gives `x + floor(z mod (y - x + 1))` = row A,
 * the clip weighing most. Only the material's own shaders blend.
 *
 * The rewrite is a regular expression over the shader code after includes (a plugin's `!…!`
 * injection point), valid in GLSL and WGSL alike since both includes name the same variables
 * (VATStartFrame, VATOffsetFrame, VATSpeed). It touches only code inside
 * `#ifdef BAKED_VERTEX_ANIMATION_TEXTURE`, so meshes sharing the material without the manager
 * (a creature grown into its own skeleton) draw exactly as without the plugin.
 */
import type { Material } from "@babylonjs/core/Materials/material.js";
import { MaterialPluginBase } from "@babylonjs/core/Materials/materialPluginBase.pure.js";
import { ShaderLanguage } from "@babylonjs/core/Materials/shaderLanguage.js";

const NAME = "MenagerieClipBlend";

/** Each bone read of the include, at the frame Babylon's formula computed (the index captured). */
const READ =
  "!readMatrixFromRawSamplerVAT\\(\\s*bakedVertexAnimationTexture\\s*,\\s*([^,]+?)\\s*,\\s*VATFrameNum\\s*\\)";
/** Row A (x) and row B (w), mixed by B's weight (z). */
const BLENDED =
  "(readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,$1,VATStartFrame)*(1.0-VATOffsetFrame)" +
  "+readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,$1,VATSpeed)*VATOffsetFrame)";

/** The plugin: see the module comment. Added to a material by {@link blendClipsOn}. */
export class ClipBlendPlugin extends MaterialPluginBase {
  constructor(material: Material) {
    super(material, NAME, 200, undefined, true, true);
  }

  override getClassName(): string {
    return "ClipBlendPlugin";
  }

  override isCompatible(language: ShaderLanguage): boolean {
    return language === ShaderLanguage.GLSL || language === ShaderLanguage.WGSL;
  }

  override getCustomCode(shaderType: string): { [pointName: string]: string } | null {
    return shaderType === "vertex" ? { [READ]: BLENDED } : null;
  }
}

/**
 * Makes `material` (each of its sub-materials for a multi-material) blend two baked clips per
 * instance; repeat-safe. Materials that take no plugins (a `ShaderMaterial`) are left as they
 * are: their crowd then shows the clip weighing most, as the shadow pass does.
 * Returns how many materials blend.
 */
export function blendClipsOn(material: Material | null): number {
  if (!material) return 0;
  const subs = (material as { subMaterials?: (Material | null)[] }).subMaterials;
  if (Array.isArray(subs)) return subs.reduce((n, sub) => n + blendClipsOn(sub), 0);
  if (!takesPlugins(material)) return 0;
  if (material.pluginManager?.getPlugin(NAME)) return 1;
  new ClipBlendPlugin(material);
  return 1;
}

/** Babylon's materials that call their plugins, by class name (a subclass counts as its base). */
const PLUGGABLE = new Set(["StandardMaterial", "PBRBaseMaterial", "OpenPBRMaterial"]);

function takesPlugins(material: Material): boolean {
  for (let proto = Object.getPrototypeOf(material); proto; proto = Object.getPrototypeOf(proto)) {
    if (!Object.hasOwn(proto, "getClassName")) continue;
    if (PLUGGABLE.has((proto.getClassName as () => string).call(material))) return true;
  }
  return false;
}

/**
 * Writes one instance's settings (4 floats at `base`): rows `rowA` and `rowB` mixed by `weightB`
 * (0..0.5, B being the weaker). Returns true when they changed.
 */
export function encodeClipBlend(out: Float32Array, base: number, rowA: number, rowB: number, weightB: number): boolean {
  // A 32-bit float keeps the weight's precision: compare what is stored.
  const w = Math.fround(weightB);
  if (out[base] === rowA && out[base + 2] === w && out[base + 3] === rowB) return false;
  out[base] = rowA;
  out[base + 1] = rowA; // y ≥ x and 0 ≤ z < 1: Babylon's own formula reads row A
  out[base + 2] = w;
  out[base + 3] = rowB;
  return true;
}
