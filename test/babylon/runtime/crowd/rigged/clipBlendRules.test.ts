/**
 * Two baked clips cross-faded per instance (clipBlendPlugin.ts), in a NullEngine scene: the four
 * floats an instance's blend is written as (and when they change), which materials get the plugin
 * (once each, a multi-material's sub-materials counted, materials that take no plugins left
 * alone), what the plugin tells Babylon (its name, priority, languages, enabled state), and its
 * shader code: its regex key rewrites every bone read of Babylon's own `bakedVertexAnimation`
 * include, GLSL and WGSL, into the weighted mix of row A (x) and row B (w) by B's weight (z).
 * Whether a crowd draws the fade is the browser tests'.
 */
import { ShaderStore } from "@babylonjs/core/Engines/shaderStore.js";
import { Material } from "@babylonjs/core/Materials/material.js";
import { MultiMaterial } from "@babylonjs/core/Materials/multiMaterial.js";
import { OpenPBRMaterial } from "@babylonjs/core/Materials/PBR/openpbrMaterial.js";
import { PBRMaterial } from "@babylonjs/core/Materials/PBR/pbrMaterial.js";
import { ShaderLanguage } from "@babylonjs/core/Materials/shaderLanguage.js";
import { ShaderMaterial } from "@babylonjs/core/Materials/shaderMaterial.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import "@babylonjs/core/Shaders/ShadersInclude/bakedVertexAnimation.js";
import "@babylonjs/core/ShadersWGSL/ShadersInclude/bakedVertexAnimation.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  blendClipsOn,
  ClipBlendPlugin,
  encodeClipBlend,
} from "../../../../../src/babylon/runtime/crowd/rigged/clipBlendPlugin.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** The plugin's name on a material. */
const NAME = "MenagerieClipBlend";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
});
afterEach(() => env.dispose());

describe("encodeClipBlend", () => {
  it("writes (row A, row A, B's weight, row B) at `base`, leaving the other floats", () => {
    const out = new Float32Array(12).fill(-1);
    expect(encodeClipBlend(out, 4, 7, 19, 0.25)).toBe(true);
    expect(Array.from(out)).toEqual([-1, -1, -1, -1, 7, 7, 0.25, 19, -1, -1, -1, -1]);
  });

  it("tells no change when the same blend is written again, a weight a float32 cannot hold included", () => {
    const out = new Float32Array(4);
    expect(encodeClipBlend(out, 0, 3, 9, 0.1)).toBe(true);
    expect(out[2]).toBe(Math.fround(0.1));
    expect(encodeClipBlend(out, 0, 3, 9, 0.1)).toBe(false);
    expect(Array.from(out)).toEqual([3, 3, Math.fround(0.1), 9]);
  });

  it("tells a change of row A, of the weight, or of row B alone", () => {
    const out = new Float32Array(4);
    encodeClipBlend(out, 0, 3, 9, 0.5);
    expect(encodeClipBlend(out, 0, 4, 9, 0.5)).toBe(true);
    expect(Array.from(out)).toEqual([4, 4, 0.5, 9]);
    expect(encodeClipBlend(out, 0, 4, 9, 0)).toBe(true);
    expect(Array.from(out)).toEqual([4, 4, 0, 9]);
    expect(encodeClipBlend(out, 0, 4, 10, 0)).toBe(true);
    expect(Array.from(out)).toEqual([4, 4, 0, 10]);
    expect(encodeClipBlend(out, 0, 4, 10, 0)).toBe(false);
  });

  it("rewrites y to row A even when only y was changed by someone else, telling no change", () => {
    // y is not compared: it always follows x. A stale y with x, z, w unchanged is left as it is.
    const out = new Float32Array([5, 2, 0.5, 8]);
    expect(encodeClipBlend(out, 0, 5, 8, 0.5)).toBe(false);
    expect(Array.from(out)).toEqual([5, 2, 0.5, 8]);
  });
});

describe("blendClipsOn", () => {
  const pluginsOf = (material: Material) =>
    (material.pluginManager as unknown as { _plugins: { name: string }[] } | undefined)?._plugins.filter(
      (p) => p.name === NAME,
    ) ?? [];
  const activeOf = (material: Material) =>
    (material.pluginManager as unknown as { _activePlugins: { name: string }[] } | undefined)?._activePlugins.filter(
      (p) => p.name === NAME,
    ) ?? [];

  it("counts no material for null", () => {
    expect(blendClipsOn(null)).toBe(0);
  });

  it("adds the plugin, enabled, to a StandardMaterial once however often asked", () => {
    const material = new StandardMaterial("coat", env.scene);
    expect(blendClipsOn(material)).toBe(1);
    const plugin = material.pluginManager!.getPlugin<ClipBlendPlugin>(NAME)!;
    expect(plugin).toBeInstanceOf(ClipBlendPlugin);
    expect(blendClipsOn(material)).toBe(1);
    expect(pluginsOf(material)).toEqual([plugin]);
    expect(activeOf(material)).toEqual([plugin]);
  });

  it("adds it to PBR and OpenPBR materials and to subclasses of pluggable materials, whatever their class name", () => {
    class Shiny extends StandardMaterial {
      override getClassName(): string {
        return "Shiny";
      }
    }
    class Shinier extends Shiny {}
    for (const material of [
      new PBRMaterial("pbr", env.scene),
      new OpenPBRMaterial("openpbr", env.scene),
      new Shiny("shiny", env.scene),
      new Shinier("shinier", env.scene),
    ]) {
      expect(blendClipsOn(material), material.name).toBe(1);
      expect(pluginsOf(material), material.name).toHaveLength(1);
    }
  });

  it("leaves alone materials that take no plugins", () => {
    const shader = new ShaderMaterial("shader", env.scene, "default", {});
    const plain = new Material("plain", env.scene);
    class Custom extends Material {
      override getClassName(): string {
        return "StandardMaterialLike";
      }
    }
    for (const material of [shader, plain, new Custom("custom", env.scene)]) {
      expect(blendClipsOn(material), material.name).toBe(0);
      expect(pluginsOf(material), material.name).toEqual([]);
    }
  });

  it("counts a multi-material's sub-materials that blend, each once, none for the multi-material itself", () => {
    const multi = new MultiMaterial("multi", env.scene);
    const a = new StandardMaterial("a", env.scene);
    const b = new PBRMaterial("b", env.scene);
    multi.subMaterials.push(a, null, new ShaderMaterial("shader", env.scene, "default", {}), b);
    expect(blendClipsOn(multi)).toBe(2);
    expect(blendClipsOn(multi)).toBe(2);
    expect([pluginsOf(a), pluginsOf(b)].map((p) => p.length)).toEqual([1, 1]);
    expect(pluginsOf(multi)).toEqual([]);
    expect(blendClipsOn(new MultiMaterial("empty", env.scene))).toBe(0);
  });
});

describe("ClipBlendPlugin", () => {
  const pluginOf = () => new ClipBlendPlugin(new StandardMaterial("coat", env.scene));

  it("names itself, runs at priority 200, and works on GLSL and WGSL alike", () => {
    const plugin = pluginOf();
    expect(plugin.name).toBe(NAME);
    expect(plugin.getClassName()).toBe("ClipBlendPlugin");
    expect(plugin.priority).toBe(200);
    expect(plugin.isCompatible(ShaderLanguage.GLSL)).toBe(true);
    expect(plugin.isCompatible(ShaderLanguage.WGSL)).toBe(true);
    expect(plugin.isCompatible(7 as ShaderLanguage)).toBe(false);
  });

  it("changes the vertex shader only, by one regex key", () => {
    const plugin = pluginOf();
    expect(plugin.getCustomCode("fragment")).toBeNull();
    const vertex = plugin.getCustomCode("vertex")!;
    expect(Object.keys(vertex)).toHaveLength(1);
    expect(Object.keys(vertex)[0]!.startsWith("!")).toBe(true);
  });

  /** Babylon's include rewritten as the material plugin manager does with the plugin's regex key. */
  function rewritten(source: string): { code: string; matches: number } {
    const [key, replacement] = Object.entries(pluginOf().getCustomCode("vertex")!)[0]!;
    const regex = new RegExp(key.slice(1), "g");
    return { code: source.replace(regex, replacement), matches: source.match(regex)?.length ?? 0 };
  }

  it.each([
    ["GLSL", () => ShaderStore.IncludesShadersStore.bakedVertexAnimation!, ""],
    ["WGSL", () => ShaderStore.IncludesShadersStoreWGSL.bakedVertexAnimation!, "vertexInputs."],
  ] as const)(
    "rewrites each of the 8 bone reads of Babylon's %s include into row A and row B mixed by B's weight",
    (_, source, inputs) => {
      const include = source();
      const { code, matches } = rewritten(include);
      expect(matches).toBe(8);
      expect(code).not.toMatch(/readMatrixFromRawSamplerVAT\([^)]*VATFrameNum/);
      // Each read of bone `i` at VATFrameNum becomes the mix of its reads at rows x and w.
      const mix = (bone: string) =>
        `(readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,${bone},VATStartFrame)*(1.0-VATOffsetFrame)` +
        `+readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,${bone},VATSpeed)*VATOffsetFrame)`;
      expect(code).toContain(`=${mix(`${inputs}matricesIndices[0]`)}*${inputs}matricesWeights[0];`);
      expect(code).toContain(`${mix(`${inputs}matricesIndicesExtra[3]`)}*${inputs}matricesWeightsExtra[3];`);
      // Nothing else changed.
      const expected = include.replace(
        /readMatrixFromRawSamplerVAT\(bakedVertexAnimationTexture,([^,]+),VATFrameNum\)/g,
        (_, bone: string) => mix(bone),
      );
      expect(code).toBe(expected);
    },
  );

  it("reads bone indices with spaces around the arguments, and nothing but a read at VATFrameNum", () => {
    const { code, matches } = rewritten(
      "a=readMatrixFromRawSamplerVAT( bakedVertexAnimationTexture , bones[1] , VATFrameNum );" +
        "b=readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,bones[2],otherFrame);" +
        "c=readMatrixFromRawSamplerVAT(otherTexture,bones[3],VATFrameNum);",
    );
    expect(matches).toBe(1);
    expect(code).toBe(
      "a=(readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,bones[1],VATStartFrame)*(1.0-VATOffsetFrame)" +
        "+readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,bones[1],VATSpeed)*VATOffsetFrame);" +
        "b=readMatrixFromRawSamplerVAT(bakedVertexAnimationTexture,bones[2],otherFrame);" +
        "c=readMatrixFromRawSamplerVAT(otherTexture,bones[3],VATFrameNum);",
    );
  });

  it("uses only the names Babylon's include declares", () => {
    const { code } = rewritten(ShaderStore.IncludesShadersStore.bakedVertexAnimation!);
    for (const name of ["VATStartFrame", "VATOffsetFrame", "VATSpeed"])
      expect(ShaderStore.IncludesShadersStore.bakedVertexAnimation).toMatch(new RegExp(`float ${name}=BVASNAME`));
    expect(code).toContain("VATStartFrame");
  });
});
