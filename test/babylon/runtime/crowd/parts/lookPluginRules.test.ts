/**
 * One material drawing several looks (parts/lookPlugin.ts), in a NullEngine scene: which lists of
 * materials may be joined into one look material (each rule shown first on materials that join,
 * then with the one property that refuses them), the material made for them, the plugin's slots
 * and extra textures as it writes them to a recording uniform buffer, what it tells Babylon
 * (attributes, samplers, uniforms, readiness, textures), and its shader code: its regex keys
 * match Babylon's own StandardMaterial fragment shader once each, and every name it uses is
 * declared. Whether the crowd draws as the grown nodes do is the browser test's
 * (test/browser/mixedCrowd.browser.test.ts).
 */

import { ShaderStore } from "@babylonjs/core/Engines/shaderStore.js";
import { Material } from "@babylonjs/core/Materials/material.js";
import { ShaderLanguage } from "@babylonjs/core/Materials/shaderLanguage.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import type { BaseTexture } from "@babylonjs/core/Materials/Textures/baseTexture.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import type { UniformBuffer } from "@babylonjs/core/Materials/uniformBuffer.js";
import { Color3 } from "@babylonjs/core/Maths/math.color.js";
import "@babylonjs/core/Shaders/default.fragment.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  joinableLooks,
  LOOK_KIND,
  type LookColours,
  LookPlugin,
  lookMaterialOf,
  MAX_LOOKS,
} from "../../../../../src/babylon/runtime/crowd/parts/lookPlugin.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
});
afterEach(() => env.dispose());

/** A plain opaque material of its own diffuse colour. */
function material(name: string, r = 0.5): StandardMaterial {
  const m = new StandardMaterial(name, env.scene);
  m.diffuseColor = new Color3(r, 0.5, 0.5);
  return m;
}

/** A texture of no image: enough for the rules, which read its properties only. */
function texture(name: string): Texture {
  const t = new Texture(null, env.scene);
  t.name = name;
  return t;
}

/** Two plain materials, the second changed by `change`. */
function pairWith(change: (m: StandardMaterial) => void): StandardMaterial[] {
  const second = material("b", 0.9);
  change(second);
  return [material("a"), second];
}

/** The case each refusal is shown against: two plain materials alike but for colour join. */
function expectAlikePairJoins(): void {
  expect(
    joinableLooks(
      env.scene,
      pairWith(() => {}),
    ),
  ).toBe(true);
}

describe("joinableLooks", () => {
  it("joins two to four looks, never one or more than four", () => {
    const looks = [0.1, 0.2, 0.3, 0.4, 0.5].map((r, i) => material(`m${i}`, r));
    expect(joinableLooks(env.scene, looks.slice(0, 2))).toBe(true);
    expect(joinableLooks(env.scene, looks.slice(0, MAX_LOOKS))).toBe(true);
    expect(joinableLooks(env.scene, looks.slice(0, 1))).toBe(false);
    expect(joinableLooks(env.scene, looks.slice(0, MAX_LOOKS + 1))).toBe(false);
  });

  it("refuses on a WebGPU engine, whose shaders the plugin does not write", () => {
    const looks = [material("a"), material("b", 0.9)];
    expect(joinableLooks(env.scene, looks)).toBe(true);
    Object.defineProperty(env.engine, "isWebGPU", { value: true });
    expect(joinableLooks(env.scene, looks)).toBe(false);
  });

  it("refuses a look of no material or of a StandardMaterial subclass", () => {
    class Shiny extends StandardMaterial {
      override getClassName(): string {
        return "Shiny";
      }
    }
    expect(joinableLooks(env.scene, [material("a"), material("b", 0.9)])).toBe(true);
    expect(joinableLooks(env.scene, [material("a"), null])).toBe(false);
    expect(joinableLooks(env.scene, [material("a"), new Shiny("shiny", env.scene)])).toBe(false);
    expect(joinableLooks(env.scene, [material("a"), new Material("plain", env.scene)])).toBe(false);
  });

  it("refuses looks with a detail map", () => {
    expectAlikePairJoins();
    expect(
      joinableLooks(
        env.scene,
        [material("a"), material("b", 0.9)].map((m) => {
          m.detailMap.isEnabled = true;
          return m;
        }),
      ),
    ).toBe(false);
  });

  it.each([
    "ambientTexture",
    "opacityTexture",
    "reflectionTexture",
    "emissiveTexture",
    "specularTexture",
    "bumpTexture",
    "lightmapTexture",
    "refractionTexture",
  ] as const)("refuses a look with a %s", (slot) => {
    expectAlikePairJoins();
    const looks = pairWith((m) => {
      m[slot] = texture(slot);
    });
    expect(looks[1]![slot]).not.toBeNull();
    expect(joinableLooks(env.scene, looks)).toBe(false);
  });

  it.each([
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
    "roughness",
    "indexOfRefraction",
    "invertRefractionY",
    "alphaCutOff",
    "useAlphaFromDiffuseTexture",
  ] as const)("refuses looks whose %s differs", (key) => {
    expectAlikePairJoins();
    const looks = pairWith((m) => {
      const record = m as unknown as Record<string, unknown>;
      const value = record[key];
      record[key] = typeof value === "boolean" ? !value : (value as number) + 1;
    });
    expect(looks[1]![key]).not.toBe(looks[0]![key]);
    expect(joinableLooks(env.scene, looks)).toBe(false);
  });

  it("refuses looks of another ambient colour, or another emissive colour", () => {
    expectAlikePairJoins();
    expect(
      joinableLooks(
        env.scene,
        pairWith((m) => m.ambientColor.set(0.2, 0, 0)),
      ),
    ).toBe(false);
    expect(
      joinableLooks(
        env.scene,
        pairWith((m) => m.emissiveColor.set(0.2, 0, 0)),
      ),
    ).toBe(false);
  });

  it("refuses looks blended, or alpha tested, even alike", () => {
    const both = (mode: number) =>
      [material("a"), material("b", 0.9)].map((m) => {
        m.transparencyMode = mode;
        return m;
      });
    expect(joinableLooks(env.scene, both(Material.MATERIAL_OPAQUE))).toBe(true);
    const blended = both(Material.MATERIAL_ALPHABLEND);
    expect([blended[0]!.needAlphaBlending(), blended[0]!.needAlphaTesting()]).toEqual([true, false]);
    expect(joinableLooks(env.scene, blended)).toBe(false);
    const tested = both(Material.MATERIAL_ALPHATEST);
    expect([tested[0]!.needAlphaBlending(), tested[0]!.needAlphaTesting()]).toEqual([false, true]);
    expect(joinableLooks(env.scene, tested)).toBe(false);
  });

  it("refuses a diffuse texture of another class, with alpha, or alpha from its RGB", () => {
    class Other extends Texture {
      override getClassName(): string {
        return "Other";
      }
    }
    /** Opaque looks, the second textured with `tex`: opaque so that alpha alone is the texture's. */
    const textured = (tex: Texture) =>
      pairWith((m) => {
        m.diffuseTexture = tex;
      }).map((m) => {
        m.transparencyMode = Material.MATERIAL_OPAQUE;
        return m;
      });
    expect(joinableLooks(env.scene, textured(texture("plain")))).toBe(true);
    expect(joinableLooks(env.scene, textured(new Other(null, env.scene)))).toBe(false);
    const withAlpha = texture("alpha");
    withAlpha.hasAlpha = true;
    expect(joinableLooks(env.scene, textured(withAlpha))).toBe(false);
    const fromRgb = texture("rgb");
    fromRgb.getAlphaFromRGB = true;
    expect(joinableLooks(env.scene, textured(fromRgb))).toBe(false);
  });

  it("joins looks of at most three textures, a texture shared by looks counting once", () => {
    const [t0, t1, t2, t3] = ["t0", "t1", "t2", "t3"].map(texture);
    const texturedWith = (...textures: (Texture | null)[]) =>
      textures.map((tex, i) => {
        const m = material(`m${i}`, i / 10);
        m.diffuseTexture = tex;
        return m;
      });
    expect(joinableLooks(env.scene, texturedWith(t0!, t1!))).toBe(true);
    expect(joinableLooks(env.scene, texturedWith(t0!, t1!, t2!, null))).toBe(true);
    expect(joinableLooks(env.scene, texturedWith(t0!, t0!, t1!, t2!))).toBe(true);
    expect(joinableLooks(env.scene, texturedWith(t0!, t1!, t2!, t3!))).toBe(false);
  });

  it.each([
    ["coordinatesIndex", 1],
    ["uOffset", 0.5],
    ["vScale", 2],
    ["wAng", 0.3],
    ["level", 0.5],
    ["homogeneousRotationInUVTransform", true],
  ] as const)("refuses textures whose %s differs, all looks reading one UV transform", (key, value) => {
    const looksOf = (second: Texture) =>
      [texture("t0"), second].map((tex, i) => {
        const m = material(`m${i}`, i / 10);
        m.diffuseTexture = tex;
        return m;
      });
    expect(joinableLooks(env.scene, looksOf(texture("t1")))).toBe(true);
    const other = texture("t1");
    (other as unknown as Record<string, unknown>)[key] = value;
    expect(joinableLooks(env.scene, looksOf(other))).toBe(false);
  });
});

describe("lookMaterialOf", () => {
  it("takes the first textured look's material, its texture the material's diffuse texture", () => {
    const plain = material("plain", 0.1);
    const textured = material("textured", 0.7);
    textured.diffuseTexture = texture("coat");
    textured.specularPower = 12;
    const joined = lookMaterialOf(env.scene, "joined", [plain, textured]);
    expect(joined.name).toBe("joined");
    expect(joined.diffuseTexture).toBe(textured.diffuseTexture);
    expect(joined.diffuseColor.r).toBeCloseTo(0.7);
    expect(joined.specularPower).toBe(12);
    const plugin = joined.pluginManager?.getPlugin<LookPlugin>("MenagerieLooks");
    expect(plugin).toBeInstanceOf(LookPlugin);
    // Active, so that Babylon calls it when it readies and binds the material.
    expect((joined.pluginManager as unknown as { _activePlugins: unknown[] })._activePlugins).toContain(plugin);
  });

  it("takes the first look's material when no look is textured", () => {
    const first = material("first", 0.1);
    first.specularPower = 7;
    const joined = lookMaterialOf(env.scene, "joined", [first, material("second", 0.9)]);
    expect(joined.diffuseTexture).toBeNull();
    expect(joined.specularPower).toBe(7);
  });
});

/** A uniform buffer that records what the plugin writes. */
function recorder() {
  const floats = new Map<string, number[]>();
  const textures = new Map<string, BaseTexture | null>();
  const buffer = {
    updateFloat4(name: string, x: number, y: number, z: number, w: number) {
      floats.set(name, [x, y, z, w]);
    },
    setTexture(name: string, tex: BaseTexture | null) {
      textures.set(name, tex);
    },
  };
  return { floats, textures, buffer: buffer as unknown as UniformBuffer };
}

const look = (r: number, tex: Texture | null = null): LookColours => ({
  kd: [r, 0.1, 0.2, 1],
  ks: [r, 0.3, 0.4, 16 + r],
  texture: tex,
});

function pluginOf(looks: LookColours[]): LookPlugin {
  return new LookPlugin(new StandardMaterial("joined", env.scene), looks);
}

/** The slots the plugin writes for `looks`, and the extra textures it binds. */
function bound(looks: LookColours[]) {
  const record = recorder();
  pluginOf(looks).bindForSubMesh(record.buffer);
  return { slots: record.floats.get("menagerieSlots"), record };
}

describe("LookPlugin", () => {
  it("gives an untextured look slot -1, a texture met again its first slot, new textures 0, 1, 2", () => {
    const [t0, t1, t2] = ["t0", "t1", "t2"].map(texture);
    expect(bound([look(0), look(1)]).slots).toEqual([-1, -1, -1, -1]);
    expect(bound([look(0, t0!), look(1, t0!)]).slots).toEqual([0, 0, -1, -1]);
    expect(bound([look(0), look(1, t0!), look(2, t1!), look(3, t0!)]).slots).toEqual([-1, 0, 1, 0]);
    expect(bound([look(0, t0!), look(1, t1!), look(2, t2!), look(3, t1!)]).slots).toEqual([0, 1, 2, 1]);
  });

  it("binds the second and third textures as extras, the first where there are fewer", () => {
    const [t0, t1, t2] = ["t0", "t1", "t2"].map(texture);
    const extras = (looks: LookColours[]) => [...bound(looks).record.textures.values()];
    expect(extras([look(0, t0!), look(1, t1!), look(2, t2!)])).toEqual([t1, t2]);
    expect(extras([look(0, t0!), look(1, t1!)])).toEqual([t1, t0]);
    expect(extras([look(0), look(1, t0!)])).toEqual([t0, t0]);
    expect(extras([look(0), look(1)])).toEqual([null, null]);
  });

  it("writes each look's Kd and Ks, the looks past the given ones repeating look 0", () => {
    const { record } = bound([look(0.25), look(0.5)]);
    const values = (prefix: string) => [0, 1, 2, 3].map((i) => record.floats.get(`${prefix}${i}`));
    expect(values("menagerieKd")).toEqual([look(0.25).kd, look(0.5).kd, look(0.25).kd, look(0.25).kd]);
    expect(values("menagerieKs")).toEqual([look(0.25).ks, look(0.5).ks, look(0.25).ks, look(0.25).ks]);
  });

  it("writes exactly the uniforms it declares, each a vec4 of four floats", () => {
    const plugin = pluginOf([look(0), look(1)]);
    const { ubo } = plugin.getUniforms();
    const names = ubo.map((u) => u.name);
    expect(new Set(names).size).toBe(2 * MAX_LOOKS + 1);
    for (const u of ubo) expect(u).toEqual({ name: u.name, size: 4, type: "vec4" });
    const record = recorder();
    plugin.bindForSubMesh(record.buffer);
    expect([...record.floats.keys()].sort()).toEqual([...names].sort());
  });

  it("is ready when its extra textures are, or when it has none", () => {
    const ready = texture("ready");
    ready.isBlocking = false;
    const pending = texture("pending");
    expect([ready.isReadyOrNotBlocking(), pending.isReadyOrNotBlocking()]).toEqual([true, false]);
    expect(pluginOf([look(0), look(1)]).isReadyForSubMesh()).toBe(true);
    expect(pluginOf([look(0, ready), look(1, ready)]).isReadyForSubMesh()).toBe(true);
    expect(pluginOf([look(0, ready), look(1, pending)]).isReadyForSubMesh()).toBe(false);
    expect(pluginOf([look(0, pending), look(1, ready)]).isReadyForSubMesh()).toBe(false);
  });

  it("lists its extra textures once each among the active ones, and has them", () => {
    const [t0, t1, other] = ["t0", "t1", "other"].map(texture);
    const plugin = pluginOf([look(0, t0!), look(1, t1!)]);
    const active: BaseTexture[] = [];
    plugin.getActiveTextures(active);
    expect(active).toEqual([t1, t0]);
    const already: BaseTexture[] = [t0!];
    plugin.getActiveTextures(already);
    expect(already).toEqual([t0, t1]);
    expect([plugin.hasTexture(t0!), plugin.hasTexture(t1!), plugin.hasTexture(other!)]).toEqual([true, true, false]);
  });

  it("names itself and works on GLSL engines only", () => {
    const plugin = pluginOf([look(0), look(1)]);
    expect(plugin.getClassName()).toBe("LookPlugin");
    expect(plugin.isCompatible(ShaderLanguage.GLSL)).toBe(true);
    expect(plugin.isCompatible(ShaderLanguage.WGSL)).toBe(false);
  });

  it("asks for the look index attribute and its two extra samplers", () => {
    const plugin = pluginOf([look(0), look(1)]);
    const attributes: string[] = ["position"];
    plugin.getAttributes(attributes);
    expect(attributes).toEqual(["position", LOOK_KIND]);
    // The kind names a vertex buffer and a GLSL attribute.
    expect(LOOK_KIND).toMatch(/^[A-Za-z_]\w*$/);
    const samplers: string[] = ["diffuseSampler"];
    plugin.getSamplers(samplers);
    expect(samplers).toHaveLength(3);
    expect(new Set(samplers).size).toBe(3);
  });
});

describe("LookPlugin shader code", () => {
  /** Babylon's StandardMaterial fragment shader with its includes, recursively. */
  function defaultFragment(): string {
    const seen = new Set<string>();
    const expand = (source: string): string =>
      source.replace(/#include<(\w+)>(\[[^\]]*\])?/g, (_, name: string) => {
        if (seen.has(name)) return "";
        seen.add(name);
        return expand(ShaderStore.IncludesShadersStore[name] ?? "");
      });
    return expand(ShaderStore.ShadersStore.defaultPixelShader!);
  }

  it("gives the vertex shader the look attribute and the fragment shader the rest", () => {
    const plugin = pluginOf([look(0), look(1)]);
    const vertex = plugin.getCustomCode("vertex")!;
    const fragment = plugin.getCustomCode("fragment")!;
    expect(Object.keys(vertex).sort()).toEqual(["CUSTOM_VERTEX_DEFINITIONS", "CUSTOM_VERTEX_MAIN_END"]);
    expect(Object.keys(fragment).some((key) => key.startsWith("CUSTOM_VERTEX"))).toBe(false);
    expect(Object.keys(fragment)).toContain("CUSTOM_FRAGMENT_DEFINITIONS");
    // The vertex shader declares the attribute asked for and passes it on in the varying the
    // fragment shader declares.
    const attribute = /attribute float (\w+);/.exec(vertex.CUSTOM_VERTEX_DEFINITIONS!)?.[1];
    const varying = /varying float (\w+);/.exec(vertex.CUSTOM_VERTEX_DEFINITIONS!)?.[1];
    expect(attribute).toBe(LOOK_KIND);
    expect(varying).toBeTruthy();
    expect(vertex.CUSTOM_VERTEX_MAIN_END).toMatch(new RegExp(`^\\s*${varying}\\s*=\\s*${attribute}\\s*;\\s*$`));
    expect(fragment.CUSTOM_FRAGMENT_DEFINITIONS).toMatch(new RegExp(`varying float ${varying};`));
  });

  it("matches each regex key once in Babylon's StandardMaterial fragment shader", () => {
    const source = defaultFragment();
    const keys = Object.keys(pluginOf([look(0), look(1)]).getCustomCode("fragment")!).filter((k) => k.startsWith("!"));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(source.match(new RegExp(key.slice(1), "g"))).toHaveLength(1);
  });

  it("uses only names it declares, and uses every name it declares", () => {
    const plugin = pluginOf([look(0), look(1)]);
    const fragment = plugin.getCustomCode("fragment")!;
    const code = [plugin.getUniforms().fragment, ...Object.values(fragment)].join("\n");
    const declared = [...code.matchAll(/\b(?:float|int|vec[34]|sampler2D)\s+(v?[Mm]enagerie\w*)/g)].map((m) => m[1]!);
    const used = [...code.matchAll(/\bv?[Mm]enagerie\w*/g)].map((m) => m[0]);
    expect(declared.length).toBeGreaterThan(0);
    for (const name of used) expect(declared, name).toContain(name);
    for (const name of declared) expect(used.filter((u) => u === name).length, name).toBeGreaterThan(1);
  });
});
