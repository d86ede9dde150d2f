/**
 * What a record offers to load, read from plain data (a validated record or one straight off
 * the wire). A record may carry OBJ parts, a whole-model OBJ, rigged animated GLBs
 * (`model.rig.animations`: clip name → `{ GLB: url }`, or `glb` in lower case; `model.rig.GLB`)
 * and whole-model files by format (`model.formats`). Only absolute http(s) links count.
 */

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The `model.formats` keys Menagerie can load a whole model from. */
export const LOADABLE_FORMATS: readonly string[] = Object.freeze(["glb", "gltf", "obj"]);

/** What the readers below look at: the record's `model`. */
export interface AssetSource {
  readonly model?: unknown;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The link of a `{ GLB: url }` / `{ glb: url }` object, upper case first. */
function glbLink(value: unknown): string | undefined {
  const link = objectOf(value);
  if (!link) return undefined;
  if (isHttpUrl(link["GLB"])) return link["GLB"];
  return isHttpUrl(link["glb"]) ? link["glb"] : undefined;
}

function rigOf(record: AssetSource): Record<string, unknown> | undefined {
  return objectOf(objectOf(record.model)?.["rig"]);
}

/**
 * The record's clips: clip name → GLB URL, in the record's order; clips without an http(s)
 * link are left out.
 *
 * @example
 * recordRigClips(horse); // Map { "idle" => "https://…/idle.glb?…", "walk" => "https://…/walk.glb?…" }
 * @category Records
 */
export function recordRigClips(record: AssetSource): Map<string, string> {
  const clips = new Map<string, string>();
  const animations = objectOf(rigOf(record)?.["animations"]);
  for (const [name, link] of Object.entries(animations ?? {})) {
    const url = glbLink(link);
    if (url !== undefined) clips.set(name, url);
  }
  return clips;
}

/**
 * The clip whose GLB becomes the model, as the newer SDKs choose it: `idle` (exact, then in any
 * case), else the first clip. `undefined` when the record has no clip.
 */
export function recordRigModelClip(record: AssetSource): string | undefined {
  const names = [...recordRigClips(record).keys()];
  return names.find((n) => n === "idle") ?? names.find((n) => n.toLowerCase() === "idle") ?? names[0];
}

/**
 * The `model.formats` URL of `format` (key matched in any case), when it is an http(s) link.
 *
 * @example
 * recordFormatUrl(horse, "glb"); // "https://…/model.glb?…"
 * @category Records
 */
export function recordFormatUrl(record: AssetSource, format: string): string | undefined {
  const formats = objectOf(objectOf(record.model)?.["formats"]);
  const wanted = format.toLowerCase();
  for (const [key, url] of Object.entries(formats ?? {})) {
    if (key.toLowerCase() === wanted && isHttpUrl(url)) return url;
  }
  return undefined;
}

/**
 * The glTF model of a record: the GLB of its model clip (`idle`, else the first clip), else
 * `model.rig.GLB` (or `glb`), else `model.formats.glb`, else `model.formats.gltf`.
 * `undefined` when it has none.
 * @category Records
 */
export function recordRigModelUrl(record: AssetSource): string | undefined {
  const clip = recordRigModelClip(record);
  if (clip !== undefined) return recordRigClips(record).get(clip);
  return glbLink(rigOf(record)) ?? recordFormatUrl(record, "glb") ?? recordFormatUrl(record, "gltf");
}

/** The whole-model OBJ of a record: `model.other.model`, else `model.formats.obj`. */
export function recordObjModelUrl(record: AssetSource): string | undefined {
  const other = objectOf(objectOf(record.model)?.["other"])?.["model"];
  return isHttpUrl(other) ? other : recordFormatUrl(record, "obj");
}

/** True when the record has an OBJ to build from: a part, `model.other.model` or `model.formats.obj`. */
export function recordHasObj(record: AssetSource): boolean {
  const parts = objectOf(objectOf(record.model)?.["parts"]);
  return Object.values(parts ?? {}).some(isHttpUrl) || recordObjModelUrl(record) !== undefined;
}

/** True when the record has a glTF model ({@link recordRigModelUrl}). */
export function recordHasRig(record: AssetSource): boolean {
  return recordRigModelUrl(record) !== undefined;
}

/**
 * True when Menagerie can load something of the record: OBJ parts, a whole-model OBJ, a rigged
 * clip, a rigged model, or a glb / gltf / obj entry of `model.formats`.
 */
export function recordIsLoadable(record: AssetSource): boolean {
  return recordHasObj(record) || recordHasRig(record);
}
