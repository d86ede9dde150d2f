/**
 * Loads one model into a template: fetches its assets (engine-free, src/api/fetchModelAssets.ts),
 * parsing OBJ parts (partParser.ts) and rig GLBs (rigParser.ts) as they arrive, then builds the
 * hidden source: OBJ parts and a rig layout (buildTemplate.ts), or a rigged glTF model with its
 * clips (gltf/index.ts), baked
 * for crowd drawing (crowd/rigged/riggedBake.ts: the rest pose before the model is handed out, the clips
 * in slices after). Creatures are made from the result (see
 * creature.ts); nothing here is visible.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import { hintOf, loadErrorWithHint } from "../../../api/corsHint.js";
import {
  type FetchedClip,
  type FetchModelDeps,
  fetchModelAssets,
  type ModelAssets,
} from "../../../api/fetchModelAssets.js";
import { modelAssets } from "../../../api/modelAssets.js";
import { redactError, redactUrl } from "../../../core/redact.js";
import type { ObjParsePool } from "../../../obj/objParsePool.js";
import type { ModelRecord } from "../../../records/schemas.js";
import type { BodyPlans } from "../../../rig/bodyPlans.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import { levelSpecs, type MeshLodSettings } from "../../options/meshLodOptions.js";
import { bakeForCrowds, type RiggedBake } from "../crowd/rigged/riggedBake.js";
import { disposeRiggedCrowd } from "../crowd/rigged/riggedCrowd.js";
import { buildTemplate, type ModelTemplate } from "./buildTemplate.js";
import { type PartParseCounts, PartParser } from "./partParser.js";
import { RigParser } from "./rigParser.js";

export type { ModelTemplate, TemplatePart } from "./buildTemplate.js";

/** A model built from its rigged glTF: one skinned mesh and its clips. */
export interface RiggedModel {
  readonly form: "rig";
  /** The record the assets came from (a refreshed one if the links had to be renewed). */
  readonly record: ModelRecord;
  readonly rig: RiggedTemplate;
  /**
   * Its clips baked once for drawing its creatures together (riggedCrowd.ts); null when they
   * could not be (a warning said why): each creature then has a skeleton of its own.
   */
  readonly bake: RiggedBake | null;
  /** Assets fetched for it (the GLBs), for progress reports of later spawns. */
  readonly assetCount: number;
  /** How its crowd simplifies and chooses levels (crowd/rigged/riggedLevel.ts); false: full detail. */
  readonly meshLod: MeshLodSettings | false;
  dispose(): void;
}

/** A model built from OBJ (parts or whole), tagged for {@link LoadedModel}. */
export type ObjModel = ModelTemplate & { readonly form: "parts" | "whole"; readonly assetCount: number };

/** What a load gives: an OBJ template or a rigged model. */
export type LoadedModel = ObjModel | RiggedModel;

/** What the loader needs from its owner. */
export interface LoadContext extends FetchModelDeps {
  scene: Scene;
  plans: BodyPlans;
  /** Workers that read OBJ text off this thread, when a worker is ready (see partParser.ts). */
  parsePool?: ObjParsePool | undefined;
  /** Where parts were read, counted into. */
  parseCounts?: PartParseCounts | undefined;
  /** Simplified levels for distant creatures (made as parts are read, chosen by the crowd); false: none. */
  meshLod?: MeshLodSettings | false | undefined;
}

/** A rig parser for `record`'s clips when it loads as a rig; `undefined` otherwise (or when it cannot load). */
function startRigParser(ctx: LoadContext, record: ModelRecord): RigParser | undefined {
  let planned: ReturnType<typeof modelAssets>;
  try {
    planned = modelAssets(record, ctx.prefer);
  } catch {
    return undefined; // fetchModelAssets says why
  }
  if (planned.form !== "rig") return undefined;
  const clips = planned.assets.flatMap((a) => (a.kind === "clip" ? [a.id.slice("clip:".length)] : []));
  return new RigParser(ctx.scene, record.name, clips, ctx.warn);
}

/**
 * Loads `record` into a template. Each OBJ part is parsed as it arrives, one per task (see
 * partParser.ts), and each rig GLB is started on as it arrives (rigParser.ts), while the rest is
 * still on its way; the template is put together once every
 * byte is here. An abort or a failed build disposes whatever was made.
 */
export async function loadModel(ctx: LoadContext, record: ModelRecord, signal: AbortSignal): Promise<LoadedModel> {
  // Each part refused by CORS is a warning of its own; the load's error says it too.
  let hint: string | undefined;
  const warn: LoadContext["warn"] = (warning) => {
    hint ??= hintOf(warning.error);
    ctx.warn(warning);
  };
  const meshLod = ctx.meshLod ?? false;
  const parser = new PartParser(ctx.scene, record.name, {
    pool: ctx.parsePool,
    counts: ctx.parseCounts,
    levels: levelSpecs(meshLod),
  });
  // A rig's GLBs are started on as they arrive, the glTF chunk imported while they are fetched.
  const rigParser = startRigParser(ctx, record);
  const onClip = (clip: FetchedClip) => rigParser?.add(clip);
  let assets: ModelAssets;
  try {
    assets = await fetchModelAssets(record, { ...ctx, warn, onPart: (part) => parser.add(part), onClip }, signal);
  } catch (error) {
    parser.dispose();
    await rigParser?.dispose(); // a model GLB still loading is gone before the caller hears
    throw error;
  }
  const assetCount = assets.progress.assetsLoaded;
  try {
    if (assets.form === "rig") {
      let rigs = rigParser;
      if (!rigs) {
        // The renewed record is a rig where the first was not: its GLBs are all here.
        rigs = new RigParser(ctx.scene, assets.record.name, [...assets.clips.keys()], ctx.warn);
        for (const [clip, bytes] of assets.clips) rigs.add({ clip, bytes });
      }
      const rig = await rigs.finish(signal);
      let bake: RiggedBake | null;
      try {
        bake = bakeForCrowds(ctx.scene, rig, (warning) => ctx.warn(warning), signal);
      } catch (error) {
        rig.dispose(); // aborted while baking
        throw error;
      }
      const dispose = () => {
        disposeRiggedCrowd(rig); // its drawing meshes share the template's geometry
        rig.dispose();
      };
      return { form: "rig", record: assets.record, rig, bake, assetCount, meshLod, dispose };
    }
    const parsed = await parser.results();
    signal.throwIfAborted();
    const template = buildTemplate(ctx.scene, assets, ctx.plans, (warning) => ctx.warn(warning), parsed);
    return Object.assign(template, { form: assets.form, assetCount, meshLod });
  } catch (error) {
    parser.dispose();
    // A parser's error may quote what the service sent, the key included.
    throw redactError(loadErrorWithHint(error, hint), ctx.redact ?? redactUrl);
  } finally {
    // The load's last report, after the build, whether it succeeded or not.
    ctx.progress({ ...assets.progress, done: true });
  }
}
