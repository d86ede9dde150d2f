/**
 * Fetches every asset of one model from the record's own signed links, engine-free: renews the
 * record first when its links are (nearly) expired and once more when an asset answers 403,
 * cancels every request when the load's signal aborts, reports progress, and turns the failure
 * of a degradable asset into a warning. Which assets there are is data ({@link modelAssets},
 * {@link textureAssets}); parsing them is the caller's (see src/babylon/runtime/load/buildTemplate.ts).
 */

import { isMenagerieError, LoadError } from "../core/errors.js";
import { redactError, redactUrl } from "../core/redact.js";
import { type SplitMtl, splitMtl } from "../obj/mtlText.js";
import { isHttpUrl } from "../records/recordAssets.js";
import type { ModelRecord } from "../records/schemas.js";
import { areLinksValid } from "../records/signedUrl.js";
import type { AssetFetcher, AssetResponse } from "./assetFetcher.js";
import type { LoadProgress, MenagerieWarning } from "./loadEvents.js";
import {
  type AssetDescriptor,
  linkedTextureAssets,
  type ModelForm,
  type ModelPreference,
  modelAssets,
  type TextureImage,
  textureAssets,
} from "./modelAssets.js";

/** What {@link fetchModelAssets} needs from its owner. */
export interface FetchModelDeps {
  /** How long links must still live for the record to be used as is, in seconds. */
  linkMarginSeconds: number;
  now: () => number;
  fetchAsset: AssetFetcher;
  /** Fetches the record again; `null` when the service no longer has it. */
  refresh(record: ModelRecord, signal: AbortSignal): Promise<ModelRecord | null>;
  warn(warning: MenagerieWarning): void;
  progress(progress: LoadProgress): void;
  /**
   * Hides secrets (the API key) in what an error or a warning quotes: links, messages, causes.
   * @default redactUrl
   */
  redact?: (text: string) => string;
  /** Which form wins when a record has both OBJ and a rig. @default "rig" */
  prefer?: ModelPreference;
  /**
   * Told of each part's OBJ text as soon as it arrives, in arrival order, before the rest of the
   * model is here: a caller can parse while the network is still busy. The part is also in the
   * result. Not told of parts that failed.
   */
  onPart?(part: FetchedPart): void;
  /** Told of each rig clip's GLB as soon as it arrives, as `onPart` is of parts. */
  onClip?(clip: FetchedClip): void;
}

/** One rig clip's GLB bytes, as it arrived. */
export interface FetchedClip {
  clip: string;
  bytes: ArrayBuffer;
}

/** One part's OBJ text; `undefined` when it could not be fetched (a warning said so). */
export interface FetchedPart {
  part: string;
  text: string | undefined;
  /** Its link in the final record (unredacted), for messages about it. */
  url: string | undefined;
}

/** Everything fetched for one model, not yet parsed. */
export interface ModelAssets {
  /** The record the assets came from (a refreshed one if the links had to be renewed). */
  record: ModelRecord;
  /** Parts sorted by name; the whole-model OBJ as the body when the record has no parts. */
  parts: FetchedPart[];
  /** The MTL, split; `undefined` when the record has none or it failed. */
  mtl: SplitMtl | undefined;
  /** Texture images by the MTL's file name; a failed one is missing. */
  images: Map<string, TextureImage>;
  /**
   * True when the form is `"parts"`: OBJ parts, to be jointed by body plan. False for the
   * whole-model OBJ fetched as one body, and for a `"rig"` (its skeleton is in its glTF).
   */
  jointed: boolean;
  /** The form fetched: OBJ parts, the whole-model OBJ, or the rig's GLBs (in `clips`). */
  form: ModelForm;
  /** GLB bytes by clip name, in the record's order (rig form only; a failed clip is missing). */
  clips: Map<string, ArrayBuffer>;
  /**
   * The last progress report. The load is not over when the bytes are here: the caller reports
   * `{ ...progress, done: true }` once it has built the model (or failed to).
   */
  progress: LoadProgress;
}

/** The clip name of a rig clip's asset (`clip:<name>`). */
const clipOf = (asset: AssetDescriptor): string => asset.id.slice("clip:".length);

/**
 * Fetches the assets of `initial`; see the module comment. Every request starts at once, the
 * textures with the MTL. Resolves once every request has settled; parts and clips are also
 * handed to `deps.onPart` / `deps.onClip` as they arrive.
 *
 * @throws LoadError `expired` or `not-found` when the record cannot be renewed before the start;
 * the signal's reason when it aborts. A failed asset is a warning, not an error.
 */
export async function fetchModelAssets(
  initial: ModelRecord,
  deps: FetchModelDeps,
  signal: AbortSignal,
): Promise<ModelAssets> {
  const model = initial.name;
  const redact = deps.redact ?? redactUrl;
  let record = initial;
  let refreshing: Promise<ModelRecord> | undefined;
  const refreshOnce = (): Promise<ModelRecord> =>
    (refreshing ??= deps.refresh(record, signal).then((fresh) => {
      if (!fresh) throw new LoadError({ reason: "not-found", model, detail: "the service no longer has this model" });
      record = fresh;
      return fresh;
    }));

  if (!areLinksValid(record, deps.linkMarginSeconds, deps.now())) {
    await refreshOnce();
    if (!areLinksValid(record, 0, deps.now())) {
      throw new LoadError({ reason: "expired", model, detail: "the refreshed record's links have expired too" });
    }
  }

  // One listener on the load's signal fans out to a controller per request, so a model with
  // many parts does not pile a dozen listeners onto one signal (Node warns past ten).
  const active = new Set<AbortController>();
  let failed = false;
  const abortAll = () => {
    for (const c of active) c.abort(signal.reason);
  };
  signal.addEventListener("abort", abortAll, { once: true });
  const fetchAsset = async (url: string, as: "text" | "bytes"): Promise<AssetResponse> => {
    const controller = new AbortController();
    if (signal.aborted) controller.abort(signal.reason);
    active.add(controller);
    try {
      return await deps.fetchAsset(url, as, controller.signal);
    } finally {
      active.delete(controller);
    }
  };

  const progress: LoadProgress = { model, assetsLoaded: 0, assetsTotal: 0, bytesLoaded: 0, done: false };
  const report = () => deps.progress({ ...progress });

  /** GETs one asset, renewing the record once on 403. Throws LoadError. */
  async function get({ locate, as, id: asset }: AssetDescriptor): Promise<AssetResponse> {
    let url = locate(record);
    if (!isHttpUrl(url)) {
      const shown = redact(JSON.stringify(url ?? null));
      throw new LoadError({ reason: "http", model, asset, detail: `no usable URL (${shown})` });
    }
    try {
      let response = await fetchAsset(url, as);
      if (response.status === 403) {
        // One refresh per load, and one more try per asset: also with the same URL, since a
        // service signs identical links within a second and a refusal may have been passing.
        const fresh = await refreshOnce();
        const renewed = locate(fresh);
        if (isHttpUrl(renewed)) {
          url = renewed;
          response = await fetchAsset(url, as);
        }
      }
      if (response.status < 200 || response.status >= 300) {
        throw new LoadError({
          reason: "http",
          model,
          asset,
          status: response.status,
          url: redact(url),
          detail: `HTTP ${response.status}`,
        });
      }
      progress.assetsLoaded++;
      progress.bytesLoaded += response.size;
      report();
      return response;
    } catch (error) {
      if (signal.aborted) throw error;
      // A request error only knew the link's own secret parameters; the key may be elsewhere.
      if (isMenagerieError(error)) throw redactError(error, redact);
      throw new LoadError({
        reason: "network",
        model,
        asset,
        url: redact(url),
        detail: redact(String((error as Error)?.message ?? error)),
        cause: redactError(error, redact),
      });
    }
  }

  /**
   * {@link get}, then `read` on the answer; a degradable asset's failure (of either) becomes a
   * warning and `undefined`.
   */
  async function fetchOne<T>(asset: AssetDescriptor, read: (response: AssetResponse) => T): Promise<T | undefined> {
    try {
      return read(await get(asset));
    } catch (error) {
      if (signal.aborted || failed || asset.onFailure === "required") throw error;
      const safe = redactError(error, redact);
      deps.warn({ code: asset.onFailure, model, asset: asset.id, message: (safe as Error).message, error: safe });
      return undefined;
    }
  }

  try {
    const { assets, jointed, form } = modelAssets(record, deps.prefer);
    const material = assets.find((a) => a.kind === "material");
    const upFront = assets.filter((a) => a !== material);
    // Textures are requested together with the MTL, from the record's own links, not after the
    // MTL arrives (a round trip later); the MTL then says which of them the model keeps.
    const linked = form === "rig" ? [] : linkedTextureAssets(record);
    progress.assetsTotal = assets.length + linked.length;
    report();

    const mtlPromise: Promise<SplitMtl | undefined> = material
      ? fetchOne(material, (res) => splitMtl(res.text ?? ""))
      : Promise.resolve(undefined);
    const fetchedTextures = linked.map((texture) =>
      get(texture).then(
        (res) => ({ texture, res, error: undefined }),
        (error: unknown) => ({ texture, res: undefined, error }),
      ),
    );

    const imagesPromise = mtlPromise.then(async (mtl) => {
      const used = new Set(textureAssets(record, mtl).map((t) => t.file));
      const images = new Map<string, TextureImage>();
      for (const { texture, res, error } of await Promise.all(fetchedTextures)) {
        // A texture the MTL does not name is dropped, and so is its failure.
        if (!used.has(texture.file)) continue;
        if (res) {
          images.set(texture.file, {
            file: texture.file,
            key: texture.locate(record)!.split("?", 1)[0]!,
            bytes: res.bytes!,
          });
          continue;
        }
        if (signal.aborted || failed) throw error;
        const safe = redactError(error, redact);
        deps.warn({ code: "texture-failed", model, asset: texture.id, message: (safe as Error).message, error: safe });
      }
      return { mtl, images };
    });

    // Awaited below; if the parts fail first (abort), its own rejection must not go unhandled.
    imagesPromise.catch(() => undefined);

    // Each part is handed on as soon as it is here, so that parsing overlaps the network.
    const onArrival = (asset: AssetDescriptor, res: AssetResponse): AssetResponse => {
      if (asset.kind === "part") deps.onPart?.({ part: asset.id, text: res.text ?? "", url: asset.locate(record) });
      else if (asset.kind === "clip" && res.bytes) deps.onClip?.({ clip: clipOf(asset), bytes: res.bytes });
      return res;
    };
    // Every other asset loads at once; a new kind is picked from `answers` by its `kind`.
    const answers = await Promise.all(upFront.map((asset) => fetchOne(asset, (res) => onArrival(asset, res))));
    const { mtl, images } = await imagesPromise;
    signal.throwIfAborted();

    const parts = upFront.flatMap((asset, i) =>
      asset.kind === "part"
        ? [{ part: asset.id, text: answers[i] ? (answers[i].text ?? "") : undefined, url: asset.locate(record) }]
        : [],
    );
    const clips = new Map<string, ArrayBuffer>();
    upFront.forEach((asset, i) => {
      const bytes = answers[i]?.bytes;
      if (asset.kind === "clip" && bytes) clips.set(clipOf(asset), bytes);
    });
    return { record, parts, mtl, images, jointed, form, clips, progress: { ...progress } };
  } catch (error) {
    // The load has failed (its model could not be had): what is still on its way is cancelled,
    // and what fails because of that is no warning.
    failed = true;
    for (const c of active) c.abort(error);
    progress.done = true;
    report();
    throw error;
  } finally {
    signal.removeEventListener("abort", abortAll);
  }
}
