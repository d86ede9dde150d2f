/**
 * Which strings of an answer are asset links, and rewriting them in place. The places are the
 * ones the library loads from (see `listAssetUrls` in src/records/signedUrl.ts): parts, the MTL,
 * the whole model, textures, the reference image, the rig's GLBs (each clip's `GLB`/`glb`, the
 * model's), whole models by format, and thumbnails. Other strings (an `original_source` page,
 * a name) stay as they are: the relay only fetches files the library would load.
 */

/** An http(s) URL, the only links worth relaying. */
function isHttpLink(value: unknown): value is string {
  return typeof value === "string" && /^https?:\/\//i.test(value);
}

type Rewrite = (url: string) => string;

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Rewrites the links held directly in `holder` (an object or an array) under `keys`, or under
 * all its keys (an array's indices) when omitted.
 */
function rewriteFields(holder: unknown, rewrite: Rewrite, keys?: readonly string[]): void {
  if (typeof holder !== "object" || holder === null) return;
  const object = holder as Record<string, unknown>;
  for (const key of keys ?? Object.keys(object)) {
    const value = object[key];
    if (isHttpLink(value)) object[key] = rewrite(value);
  }
}

/** Rewrites one record's asset links; anything that is not a record is left alone. */
function rewriteRecord(value: unknown, rewrite: Rewrite): void {
  const record = asObject(value);
  const model = asObject(record?.["model"]);
  if (!record || !model) return;
  rewriteFields(model["parts"], rewrite);
  const other = asObject(model["other"]);
  rewriteFields(other, rewrite, ["material", "model", "reference"]);
  rewriteFields(other?.["texture"], rewrite);
  const rig = asObject(model["rig"]);
  rewriteFields(rig, rewrite, ["GLB", "glb"]);
  for (const clip of Object.values(asObject(rig?.["animations"]) ?? {})) rewriteFields(clip, rewrite, ["GLB", "glb"]);
  rewriteFields(model["formats"], rewrite);
  rewriteFields(record["thumbnails"], rewrite);
}

/**
 * Rewrites, in place, every asset link of a parsed answer: one record, or a list of them (a
 * search, or a `name=` answer in its one-element-array form). Returns `answer`.
 */
export function rewriteAssetLinks<T>(answer: T, rewrite: Rewrite): T {
  if (Array.isArray(answer)) for (const record of answer) rewriteRecord(record, rewrite);
  else rewriteRecord(answer, rewrite);
  return answer;
}
