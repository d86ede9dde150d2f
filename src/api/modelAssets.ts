/**
 * The assets of a model record, as data: one descriptor per file to fetch, saying where its link
 * is in a record, how its body is read, and what its failure means. The fetcher walks these
 * lists; a new kind of asset (the rigged GLB clips of the newer dialect, say) is a new function
 * here that returns descriptors, not a change to the fetching.
 */

import type { SplitMtl } from "../obj/mtlText.js";
import {
  isHttpUrl,
  recordHasObj,
  recordObjModelUrl,
  recordRigClips,
  recordRigModelClip,
  recordRigModelUrl,
} from "../records/recordAssets.js";
import type { ModelRecord } from "../records/schemas.js";
import { assetFileName } from "../records/signedUrl.js";
import type { MenagerieWarning } from "./loadEvents.js";

/**
 * The part a record's whole-model OBJ stands for when the record has no parts: its body (the
 * part name the records use, and the rig's `BODY_PART`).
 */
export const WHOLE_MODEL_PART = "body";

/** What an asset is for; the fetched model groups its assets by kind. */
export type AssetKind = "part" | "material" | "texture" | "clip";

/**
 * How a model is built: from OBJ parts (jointed by body plan), from its whole-model OBJ (one
 * body), or from its rigged glTF (one GLB per animation clip, or one rigged model).
 * @category Menagerie
 */
export type ModelForm = "parts" | "whole" | "rig";

/**
 * Which form wins when a record has both OBJ and a rig: `"rig"` (as the service's newer
 * clients do) or `"parts"`. A record with only one form loads that form either way.
 * @category Menagerie
 */
export type ModelPreference = "rig" | "parts";

/** One file to fetch for a model. */
export interface AssetDescriptor {
  /** Names the asset in warnings and errors: a part name, `"material"`, `"texture:<file>"`. */
  id: string;
  kind: AssetKind;
  /**
   * Its link in a record. Called again on the renewed record after a refresh, so it must look
   * the link up, not capture it.
   */
  locate: (record: ModelRecord) => string | undefined;
  /** How the body is read. */
  as: "text" | "bytes";
  /**
   * `"required"`: its failure fails the load. Otherwise the warning its failure raises; the
   * load goes on without it.
   */
  onFailure:
    | "required"
    | Extract<MenagerieWarning["code"], "part-failed" | "material-failed" | "texture-failed" | "clip-failed">;
}

/** A texture descriptor also carries the file name the MTL knows it by. */
export interface TextureAssetDescriptor extends AssetDescriptor {
  kind: "texture";
  file: string;
}

/** A texture image fetched for a model. */
export interface TextureImage {
  /** The file name the MTL uses for it. */
  file: string;
  /** A stable, per-asset key (the URL without its query), also Babylon's texture cache key. */
  key: string;
  bytes: ArrayBuffer;
}

/** The form a record loads as, given the caller's preference; see {@link ModelForm}. */
export function modelForm(record: ModelRecord, prefer: ModelPreference = "rig"): ModelForm {
  const hasRig = recordRigModelUrl(record) !== undefined;
  if (hasRig && (prefer === "rig" || !recordHasObj(record))) return "rig";
  // Parts only when one of them has a link: a record whose parts are all unusable (but which
  // validated) has a whole-model OBJ.
  return Object.values(record.model.parts).some(isHttpUrl) ? "parts" : "whole";
}

/**
 * The clip a rigged record's model GLB is known by when it has no clips (`model.rig.GLB` or a
 * `formats` entry): the model alone, with whatever animations it holds.
 */
export const RIG_MODEL_CLIP = "model";

/**
 * The GLBs of a rigged record: one per clip, the model clip (`idle`, else the first) required
 * and the others degradable; or the one rigged model when the record lists no clips.
 */
function clipAssets(record: ModelRecord): AssetDescriptor[] {
  const clips = [...recordRigClips(record).keys()];
  if (clips.length === 0) {
    return [
      {
        id: `clip:${RIG_MODEL_CLIP}`,
        kind: "clip",
        locate: (r) => recordRigModelUrl(r),
        as: "bytes",
        onFailure: "required",
      },
    ];
  }
  const model = recordRigModelClip(record);
  return clips.map((clip) => ({
    id: `clip:${clip}`,
    kind: "clip",
    locate: (r) => recordRigClips(r).get(clip),
    as: "bytes",
    onFailure: clip === model ? "required" : "clip-failed",
  }));
}

/**
 * The assets a record names up front, for the form it loads as ({@link modelForm}): its GLB
 * clips; or its parts (sorted by name), or its whole-model OBJ as the body when it has no
 * parts, and its MTL when it has one. `jointed` is true for OBJ parts jointed by body plan
 * (the `"parts"` form); a `"rig"` model is never jointed: its skeleton comes with its glTF.
 */
export function modelAssets(
  record: ModelRecord,
  prefer: ModelPreference = "rig",
): { assets: AssetDescriptor[]; jointed: boolean; form: ModelForm } {
  const form = modelForm(record, prefer);
  if (form === "rig") return { assets: clipAssets(record), jointed: false, form };
  const names = Object.keys(record.model.parts).sort();
  const jointed = form === "parts";
  const parts: AssetDescriptor[] = jointed
    ? names.map((part) => ({
        id: part,
        kind: "part",
        locate: (r) => r.model.parts[part],
        as: "text",
        onFailure: "part-failed",
      }))
    : [
        {
          id: WHOLE_MODEL_PART,
          kind: "part",
          locate: (r) => recordObjModelUrl(r),
          as: "text",
          onFailure: "part-failed",
        },
      ];
  const material: AssetDescriptor[] = record.model.other.material
    ? [
        {
          id: "material",
          kind: "material",
          locate: (r) => r.model.other.material,
          as: "text",
          onFailure: "material-failed",
        },
      ]
    : [];
  return { assets: [...parts, ...material], jointed, form };
}

/**
 * Every texture the record links, each file once (a record may list one twice): what a load
 * requests together with the MTL, before the MTL says which it uses (see
 * {@link textureAssets} for the ones it keeps).
 */
export function linkedTextureAssets(record: ModelRecord): TextureAssetDescriptor[] {
  const files = record.model.other.texture.map((url) => assetFileName(url));
  return files
    .filter((file, i) => files.indexOf(file) === i)
    .map((file) => ({
      id: `texture:${file}`,
      kind: "texture",
      file,
      locate: (r) => r.model.other.texture.find((u) => assetFileName(u) === file),
      as: "bytes",
      onFailure: "texture-failed",
    }));
}

/**
 * The textures a model keeps once the MTL is known: those of the record's texture links whose
 * file name the MTL uses, each file once. None without an MTL.
 */
export function textureAssets(record: ModelRecord, mtl: SplitMtl | undefined): TextureAssetDescriptor[] {
  const wanted = new Set(mtl?.textures.map((t) => t.file));
  return linkedTextureAssets(record).filter((texture) => wanted.has(texture.file));
}
