/**
 * buildTemplate on its own, from fetched data to a template in a NullEngine scene: which parts
 * it keeps, what each source mesh gets (material, holder, hidden, metadata), the warnings of
 * parts that fail and of images the engine cannot decode, the no-body failures with nothing left
 * behind, parts parsed ahead of it, and dispose (each thing removed from the scene once). The inputs are what fetchModelAssets hands over, written out (tinyModels); no engine
 * render and no network.
 */
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MenagerieWarning } from "../../../../src/api/loadEvents.js";
import { buildTemplate, type TemplateAssets } from "../../../../src/babylon/runtime/load/buildTemplate.js";
import { parseObj } from "../../../../src/babylon/runtime/load/parseObj.js";
import type { PartParse } from "../../../../src/babylon/runtime/load/partParser.js";
import { isMenagerieError, type LoadError } from "../../../../src/core/errors.js";
import { splitMtl } from "../../../../src/obj/mtlText.js";
import { type ModelRecord, ModelRecordSchema } from "../../../../src/records/schemas.js";
import { BODY_PLANS } from "../../../../src/rig/bodyPlans.js";
import { createNullScene, sceneCounts } from "../../../helpers/babylonScene.js";
import { boxObj, furMtl, quadrupedParts, tinyPng } from "../../../helpers/tinyModels.js";

const PARTS = quadrupedParts();
const link = (file: string) => `https://cdn.test/fox/${file}?Expires=4000000000&key=s3cr3t`;

let env: ReturnType<typeof createNullScene>;
beforeEach(() => (env = createNullScene()));
afterEach(() => env.dispose());

function record(parts: string[], type = "quadruped"): ModelRecord {
  return ModelRecordSchema.parse({
    name: "fox",
    type,
    model: {
      parts: Object.fromEntries(parts.map((p) => [p, link(`${p}.obj`)])),
      other: { material: link("model.mtl"), texture: [link("fur.png")] },
    },
  });
}

/** The fox's assets with `texts` as its parts' OBJ (undefined: the part failed to fetch). */
function assets(texts: Record<string, string | undefined>, options: { jointed?: boolean; type?: string } = {}) {
  const r = record(Object.keys(texts), options.type);
  return {
    record: r,
    parts: Object.entries(texts).map(([part, text]) => ({ part, text, url: r.model.parts[part] })),
    mtl: splitMtl(furMtl()),
    images: new Map([
      ["fur.png", { file: "fur.png", key: "https://cdn.test/fox/fur.png", bytes: new Uint8Array(tinyPng()).buffer }],
    ]),
    jointed: options.jointed ?? true,
  } satisfies TemplateAssets;
}

function build(input: TemplateAssets, parsed?: ReadonlyMap<string, PartParse>) {
  const warnings: MenagerieWarning[] = [];
  const template = buildTemplate(env.scene, input, BODY_PLANS, (w) => warnings.push(w), parsed);
  return { template, warnings };
}

describe("buildTemplate", () => {
  it("hangs every part's hidden, unpickable source meshes under one holder, with their MTL materials", () => {
    const input = assets(PARTS);
    const { template, warnings } = build(input);
    expect(warnings).toEqual([]);
    expect([...template.parts.keys()].sort()).toEqual(Object.keys(PARTS).sort());
    expect(template.holder.name).toBe("fox/template");
    expect(template.holder.metadata).toEqual({ menagerie: { template: true, record: input.record } });
    const head = template.parts.get("head")!;
    expect(head.meshes.map((m) => m.material?.name)).toEqual(["fox/fur", "fox/eye"]);
    for (const { name, meshes } of template.parts.values()) {
      expect(meshes.length, name).toBeGreaterThan(0);
      for (const mesh of meshes) {
        expect(mesh.name.startsWith(`fox/${name}`), mesh.name).toBe(true);
        expect([mesh.parent, mesh.isVisible, mesh.isPickable]).toEqual([template.holder, false, false]);
        expect(mesh.metadata).toEqual({ menagerie: { template: true, record: input.record, part: name } });
      }
    }
    expect(template.parts.get("body")!.meshes[0]!.material?.name).toBe("fox/fur");
    expect([template.record, template.jointed, template.materials.textures.length]).toEqual([input.record, true, 1]);
  });

  it("gives a mesh whose usemtl names no material of the MTL the fallback material", () => {
    const { template } = build(
      assets({ body: boxObj([0, 0, 0], [1, 1, 1], "velvet"), head: boxObj([0, 0, 0], [1, 1, 1]) }),
    );
    expect(template.parts.get("body")!.meshes[0]!.material).toBe(template.materials.fallback);
    expect(template.materials.fallback.name).toBe("fox/default");
    expect(template.parts.get("head")!.meshes[0]!.material?.name).toBe("fox/fur");
  });

  it("lays the rig out by the record's type only when the parts are jointed", () => {
    const rigged = build(assets(PARTS)).template;
    expect(rigged.layout.type).toBe("quadruped");
    expect(rigged.layout.joints.find((j) => j.part === "head")?.parent).toBe("body");
    expect(rigged.layout.bounds.max.y).toBeCloseTo(0.5, 6);
    const whole = build(assets({ body: PARTS["body"] }, { jointed: false })).template;
    expect([whole.jointed, whole.layout.type]).toEqual([false, "unknown"]);
  });

  it("skips a part that was not fetched, and warns of one that does not parse, its link redacted", () => {
    const { template, warnings } = build(assets({ ...PARTS, tail: "not an obj", head: undefined }));
    expect([...template.parts.keys()]).not.toContain("tail");
    expect([...template.parts.keys()]).not.toContain("head");
    expect(warnings).toEqual([
      {
        code: "part-failed",
        model: "fox",
        asset: "tail",
        url: "https://cdn.test/fox/tail.obj?Expires=4000000000&key=***",
        message: expect.stringMatching(/^Cannot load tail of "fox": ./),
        error: expect.any(Error),
      },
    ]);
  });

  it("takes parts parsed ahead of it as they are, and warns with the error of one that failed then", () => {
    const body = parseObj(env.scene, PARTS["body"]!, "fox/body");
    const early = new Map<string, PartParse>([
      ["body", body],
      ["tail", new Error("the tail's OBJ had no face")],
    ]);
    const { template, warnings } = build(
      assets({ body: "not parsed again", tail: PARTS["tail"], head: PARTS["head"] }),
      early,
    );
    expect(template.parts.get("body")!.meshes).toEqual(body.meshes);
    expect(warnings.map((w) => [w.asset, w.message, w.url])).toEqual([
      [
        "tail",
        'Cannot load tail of "fox": the tail\'s OBJ had no face',
        "https://cdn.test/fox/tail.obj?Expires=4000000000&key=***",
      ],
    ]);
  });

  it("shows an empty link for a failed part that has none", () => {
    const input = assets({ body: PARTS["body"], tail: "not an obj" });
    const { warnings } = build({ ...input, parts: input.parts.map((p) => ({ ...p, url: undefined })) });
    expect(warnings.map((w) => [w.asset, w.url])).toEqual([["tail", ""]]);
  });

  it("disposes everything it made, once, however often dispose is called", () => {
    const before = sceneCounts(env.scene);
    const { template } = build(assets(PARTS));
    expect(sceneCounts(env.scene)).not.toEqual(before);
    template.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
    template.dispose();
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  /** Every removal the scene announces, in order, as [kind, thing]. */
  function listenToRemovals() {
    const heard: [string, object][] = [];
    const scene = env.scene;
    scene.onMeshRemovedObservable.add((m) => void heard.push(["mesh", m]));
    scene.onTransformNodeRemovedObservable.add((n) => void heard.push(["node", n]));
    scene.onMaterialRemovedObservable.add((m) => void heard.push(["material", m]));
    scene.onTextureRemovedObservable.add((t) => void heard.push(["texture", t]));
    return heard;
  }

  it("removes each of its materials and textures once, however many meshes share them", () => {
    const { template } = build(assets(PARTS));
    const heard = listenToRemovals();
    const { byName, fallback, textures } = template.materials;
    template.dispose();
    const once = (kind: string, things: object[]) =>
      things.map((thing) => heard.filter(([k, t]) => k === kind && t === thing).length);
    const materials = [...byName.values(), fallback];
    expect(materials.length).toBe(3); // fur (on every part), eye, and the fallback
    expect(once("material", materials)).toEqual([1, 1, 1]);
    expect(once("texture", textures)).toEqual([1]);
  });

  it("removes nothing more from the scene when disposed a second time", () => {
    const { template } = build(assets(PARTS));
    const heard = listenToRemovals();
    template.dispose();
    const first = heard.length;
    expect(first).toBeGreaterThan(0);
    template.dispose();
    expect(heard.length).toBe(first);
  });

  it("takes with it a node hung under one of its source meshes", () => {
    const before = sceneCounts(env.scene);
    const { template } = build(assets(PARTS));
    const marker = new TransformNode("marker", env.scene);
    marker.parent = template.parts.get("head")!.meshes[0]!;
    template.dispose();
    expect(marker.isDisposed()).toBe(true);
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("warns of an image the engine cannot decode, naming its file, and keeps the model", async () => {
    // NullEngine decodes nothing; this engine fails every image as a browser's does a corrupt one.
    const engine = env.engine;
    const createTexture = engine.createTexture.bind(engine);
    engine.createTexture = (...args: Parameters<typeof engine.createTexture>) => {
      const texture = createTexture(...args);
      const onError = args[6];
      setTimeout(() => onError?.("the PNG is corrupt", undefined));
      return texture;
    };
    const { template, warnings } = build(assets(PARTS));
    await new Promise((r) => setTimeout(r, 0));
    expect(warnings).toEqual([
      { code: "texture-failed", model: "fox", asset: "texture:fur.png", message: "the PNG is corrupt" },
    ]);
    expect(template.parts.get("body")!.meshes[0]!.material?.name).toBe("fox/fur");
  });
});

describe("buildTemplate without a body", () => {
  const noBody = (fn: () => unknown): LoadError => {
    try {
      fn();
    } catch (error) {
      if (isMenagerieError(error, "load")) return error;
      throw error;
    }
    throw new Error("expected a LoadError");
  };

  it("fails when the body does not parse, leaving nothing in the scene", () => {
    const before = sceneCounts(env.scene);
    const error = noBody(() => build(assets({ ...PARTS, body: "not an obj" })));
    expect([error.reason, error.message]).toEqual([
      "no-body",
      'Cannot load model of "fox": its body could not be loaded',
    ]);
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("fails when no part could be loaded", () => {
    const before = sceneCounts(env.scene);
    const error = noBody(() => build(assets({ body: undefined, head: "not an obj" })));
    expect([error.reason, error.message]).toEqual(["no-body", 'Cannot load model of "fox": no part could be loaded']);
    expect(sceneCounts(env.scene)).toEqual(before);
  });

  it("builds a model that has no body part from the parts it has, and fails only when none loads", () => {
    const { template } = build(assets({ wing: PARTS["tail"], head: "not an obj" }, { type: "bird" }));
    expect([...template.parts.keys()]).toEqual(["wing"]);
    const error = noBody(() => build(assets({ wing: "not an obj" }, { type: "bird" })));
    expect(error.message).toBe('Cannot load model of "fox": no part could be loaded');
  });
});
