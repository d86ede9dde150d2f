/**
 * Reading signed asset links (Google Cloud CDN scheme: `Expires`, `KeyName`, `Signature`).
 * Only reading: signing lives in the reference service.
 */
import type { ModelRecord } from "./schemas.js";

/**
 * The `Expires` of a signed URL, in unix seconds, or `undefined` when the URL carries none (or
 * it is not an integer).
 *
 * @example
 * getUrlExpiry("https://cdn.test/a.obj?Expires=1700000000&KeyName=k&Signature=s"); // 1700000000
 */
export function getUrlExpiry(url: string): number | undefined {
  const query = url.split("#", 1)[0]!.split("?").slice(1).join("?");
  if (!query) return undefined;
  const raw = new URLSearchParams(query).get("Expires");
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : undefined;
}

/** What the link readers look at: the record's assets, and its thumbnails when it has some. */
export type LinkedRecord = Pick<ModelRecord, "model"> & { readonly thumbnails?: ModelRecord["thumbnails"] };

/**
 * Every asset URL of a record, each once: parts, material, whole model, textures, reference
 * image, rigged GLBs (clips and model), whole models by format, thumbnails. All of them count
 * for the record's expiry, since any may be the one a caller loads.
 */
export function listAssetUrls(record: LinkedRecord): string[] {
  const { parts, other, rig, formats } = record.model;
  const clips = Object.values(rig?.animations ?? {}).flatMap((clip) => (clip ? [clip.GLB, clip.glb] : []));
  const urls = [
    ...Object.values(parts),
    other.material,
    other.model,
    ...other.texture,
    other.reference,
    ...clips,
    rig?.GLB,
    rig?.glb,
    ...Object.values(formats ?? {}),
    ...Object.values(record.thumbnails ?? {}),
  ];
  return [...new Set(urls.filter((u): u is string => typeof u === "string" && u.length > 0))];
}

/**
 * The earliest `Expires` among a record's asset links (unix seconds), or `undefined` when no
 * link carries one (unsigned links do not expire).
 * @category Records
 */
export function getRecordExpiry(record: LinkedRecord): number | undefined {
  let earliest: number | undefined;
  for (const url of listAssetUrls(record)) {
    const expiry = getUrlExpiry(url);
    if (expiry !== undefined && (earliest === undefined || expiry < earliest)) earliest = expiry;
  }
  return earliest;
}

/**
 * True when every signed link of the record stays valid for at least `marginSeconds` more
 * seconds after `nowMs`. A record without signed links is always valid.
 *
 * @param marginSeconds how long the links must still live. @default 60
 * @param nowMs the current time in milliseconds. @default Date.now()
 * @category Records
 */
export function areLinksValid(record: LinkedRecord, marginSeconds = 60, nowMs: number = Date.now()): boolean {
  const expiry = getRecordExpiry(record);
  return expiry === undefined || expiry * 1000 >= nowMs + marginSeconds * 1000;
}

/**
 * The file name of an asset URL: the last path segment before `?`, URL-decoded. Used to match
 * MTL `map_*` entries with texture links.
 *
 * @example
 * assetFileName("https://cdn.test/a/b/fur%20coat.png?Expires=1&KeyName=k&Signature=a/b"); // "fur coat.png"
 */
export function assetFileName(url: string): string {
  const path = url.split("#", 1)[0]!.split("?", 1)[0]!;
  const segment = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
