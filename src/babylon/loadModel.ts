/**
 * Loads one model into template meshes: fetches every asset from the record's own signed URLs
 * (refreshing the record once if its links expired or an asset answers 403), parses the MTL
 * once, builds the parts' meshes, and lays out the rig. Copies are instantiated from the result
 * (see createCreature.ts); nothing here is visible.
 */
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { LoadError, isMenagerieError } from "../api/errors.js";
import { redactUrl } from "../api/redact.js";
import type { ModelRecord } from "../api/schemas.js";
import { isHttpUrl } from "../api/schemas.js";
import { areLinksValid, assetFileName } from "../api/signedUrl.js";
import type { BodyPlans } from "../rig/bodyPlans.js";
import { boxOfPositions, unionBoxes, type Box3 } from "../rig/box.js";
import { BODY_PART, layoutRig, type RigLayout } from "../rig/layoutRig.js";
import { buildMaterials, disposeMaterials, type ModelMaterials, type TextureImage } from "./buildMaterials.js";
import { splitMtl, type SplitMtl } from "./mtlText.js";
import { parseObj } from "./parseObj.js";
import type { LoadProgress, MenagerieWarning } from "./types.js";

/** An asset answer: the status and, for 2xx, the body. */
export interface AssetResponse {
  status: number;
  text?: string;
  bytes?: ArrayBuffer;
  size: number;
}

/** What the loader needs from its owner. */
export interface LoadContext {
  scene: Scene;
  plans: BodyPlans;
  linkMarginSeconds: number;
  now: () => number;
  fetchAsset(url: string, as: "text" | "bytes", signal: AbortSignal): Promise<AssetResponse>;
  /** Fetches the record again; `null` when the service no longer has it. */
  refresh(record: ModelRecord, signal: AbortSignal): Promise<ModelRecord | null>;
  warn(warning: MenagerieWarning): void;
  progress(progress: LoadProgress): void;
}

/** The meshes of one part of a template. */
export interface TemplatePart {
  name: string;
  meshes: Mesh[];
}

/** A loaded model: hidden source meshes, shared materials, and the rig layout. */
export interface ModelTemplate {
  /** The record the assets came from (a refreshed one if the links had to be renewed). */
  record: ModelRecord;
  layout: RigLayout;
  parts: Map<string, TemplatePart>;
  materials: ModelMaterials;
  /** The invisible node holding the source meshes. */
  holder: TransformNode;
  /** False when the record had no parts and the whole-model OBJ was loaded as one body. */
  rigged: boolean;
  dispose(): void;
}

interface PartSource {
  part: string;
  locate: (record: ModelRecord) => string | undefined;
}

/** The parts to load: the record's parts, or the whole model as one body when it has none. */
function partSources(record: ModelRecord): { sources: PartSource[]; rigged: boolean } {
  const names = Object.keys(record.model.parts).sort();
  if (names.length > 0) {
    return { sources: names.map((part) => ({ part, locate: (r) => r.model.parts[part] })), rigged: true };
  }
  return { sources: [{ part: BODY_PART, locate: (r) => r.model.other.model }], rigged: false };
}

/** Loads `record` into a template; see the module comment. Cleans up after itself on failure. */
export async function loadModel(ctx: LoadContext, initial: ModelRecord, signal: AbortSignal): Promise<ModelTemplate> {
  const model = initial.name;
  let record = initial;
  let refreshing: Promise<ModelRecord> | undefined;
  const refreshOnce = (): Promise<ModelRecord> =>
    (refreshing ??= ctx.refresh(record, signal).then((fresh) => {
      if (!fresh) throw new LoadError({ reason: "not-found", model, detail: "the service no longer has this model" });
      record = fresh;
      return fresh;
    }));

  if (!areLinksValid(record, ctx.linkMarginSeconds, ctx.now())) {
    await refreshOnce();
    if (!areLinksValid(record, 0, ctx.now())) {
      throw new LoadError({ reason: "expired", model, detail: "the refreshed record's links have expired too" });
    }
  }

  // One listener on the load's signal fans out to a controller per request, so a model with
  // many parts does not pile a dozen listeners onto one signal (Node warns past ten).
  const active = new Set<AbortController>();
  const abortAll = () => active.forEach((c) => c.abort(signal.reason));
  signal.addEventListener("abort", abortAll, { once: true });
  const fetchAsset = async (url: string, as: "text" | "bytes"): Promise<AssetResponse> => {
    const controller = new AbortController();
    if (signal.aborted) controller.abort(signal.reason);
    active.add(controller);
    try {
      return await ctx.fetchAsset(url, as, controller.signal);
    } finally {
      active.delete(controller);
    }
  };

  const progress: LoadProgress = { model, assetsLoaded: 0, assetsTotal: 0, bytesLoaded: 0, done: false };
  const report = () => ctx.progress({ ...progress });

  /** GETs one asset, renewing the record once on 403. Throws LoadError. */
  async function get(asset: string, locate: (r: ModelRecord) => string | undefined, as: "text" | "bytes"): Promise<AssetResponse> {
    let url = locate(record);
    if (!isHttpUrl(url)) {
      throw new LoadError({ reason: "http", model, asset, detail: `no usable URL (${JSON.stringify(url ?? null)})` });
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
        throw new LoadError({ reason: "http", model, asset, status: response.status, url: redactUrl(url), detail: `HTTP ${response.status}` });
      }
      progress.assetsLoaded++;
      progress.bytesLoaded += response.size;
      report();
      return response;
    } catch (error) {
      if (signal.aborted || isMenagerieError(error)) throw error;
      throw new LoadError({ reason: "network", model, asset, url: redactUrl(url), detail: String((error as Error)?.message ?? error), cause: error });
    }
  }

  const created: { meshes: Mesh[]; materials?: ModelMaterials; holder?: TransformNode } = { meshes: [] };
  const cleanup = () => {
    for (const mesh of created.meshes) mesh.dispose(false, false);
    if (created.materials) disposeMaterials(created.materials);
    created.holder?.dispose();
  };

  try {
    const { sources, rigged } = partSources(record);
    const materialUrl = record.model.other.material;
    progress.assetsTotal = sources.length + (materialUrl ? 1 : 0) + record.model.other.texture.length;
    report();

    // The MTL and the parts load together; textures follow once the MTL says which it needs.
    const mtlPromise: Promise<SplitMtl | undefined> = materialUrl
      ? get("material", (r) => r.model.other.material, "text").then(
          (res) => splitMtl(res.text ?? ""),
          (error: unknown) => {
            if (signal.aborted) throw error;
            ctx.warn({ code: "material-failed", model, asset: "material", message: (error as Error).message, error });
            return undefined;
          },
        )
      : Promise.resolve(undefined);

    const imagesPromise = mtlPromise.then(async (mtl) => {
      const wanted = new Set(mtl?.textures.map((t) => t.file));
      const textureFiles = record.model.other.texture.map((url) => assetFileName(url));
      const needed = textureFiles.filter((file, i) => wanted.has(file) && textureFiles.indexOf(file) === i);
      progress.assetsTotal -= record.model.other.texture.length - needed.length;
      report();
      const images = new Map<string, TextureImage>();
      await Promise.all(
        needed.map(async (file) => {
          const locate = (r: ModelRecord) => r.model.other.texture.find((u) => assetFileName(u) === file);
          try {
            const res = await get(`texture:${file}`, locate, "bytes");
            const url = locate(record)!;
            images.set(file, { file, key: url.split("?", 1)[0]!, bytes: res.bytes! });
          } catch (error) {
            if (signal.aborted) throw error;
            ctx.warn({ code: "texture-failed", model, asset: `texture:${file}`, message: (error as Error).message, error });
          }
        }),
      );
      return { mtl, images };
    });

    // Awaited below; if the parts fail first (abort), its own rejection must not go unhandled.
    imagesPromise.catch(() => undefined);

    const partTexts = await Promise.all(
      sources.map(async (source) => {
        try {
          return { part: source.part, text: (await get(source.part, source.locate, "text")).text ?? "" };
        } catch (error) {
          if (signal.aborted) throw error;
          ctx.warn({ code: "part-failed", model, asset: source.part, message: (error as Error).message, error });
          return { part: source.part, text: undefined };
        }
      }),
    );
    const { mtl, images } = await imagesPromise;
    signal.throwIfAborted();

    // Parsing happens only once every byte is here, so an abort never leaves meshes behind.
    const parts = new Map<string, TemplatePart>();
    const usemtl = new Map<string, string[]>();
    const boxes: Record<string, Box3> = {};
    for (const { part, text } of partTexts) {
      if (text === undefined) continue;
      try {
        const parsed = parseObj(ctx.scene, text, `${model}/${part}`);
        created.meshes.push(...parsed.meshes);
        parts.set(part, { name: part, meshes: parsed.meshes });
        usemtl.set(part, parsed.materialNames);
        const box = unionBoxes(parsed.meshes.map((m) => boxOfPositions(m.getVerticesData("position") ?? [])!).filter(Boolean));
        if (box) boxes[part] = box;
      } catch (error) {
        ctx.warn({ code: "part-failed", model, asset: part, url: redactUrl(sources.find((s) => s.part === part)?.locate(record) ?? ""), message: `Cannot load ${part} of "${model}": ${(error as Error).message}`, error });
      }
    }

    const bodyMissing = record.model.parts[BODY_PART] !== undefined ? !parts.has(BODY_PART) : parts.size === 0;
    if (bodyMissing) {
      throw new LoadError({ reason: "no-body", model, detail: parts.size === 0 ? "no part could be loaded" : "its body could not be loaded" });
    }

    const materials = buildMaterials(ctx.scene, mtl, images, model, (file, message) =>
      ctx.warn({ code: "texture-failed", model, asset: `texture:${file}`, message }),
    );
    created.materials = materials;

    const holder = new TransformNode(`${model}/template`, ctx.scene);
    created.holder = holder;
    holder.metadata = { menagerie: { template: true, record } };
    for (const part of parts.values()) {
      const names = usemtl.get(part.name) ?? [];
      part.meshes.forEach((mesh, i) => {
        mesh.material = materials.byName.get(names[i] ?? "") ?? materials.fallback;
        mesh.parent = holder;
        mesh.isVisible = false; // sources draw only through their instances
        mesh.isPickable = false;
        mesh.metadata = { menagerie: { template: true, record, part: part.name } };
      });
    }

    const layout = layoutRig(rigged ? record.type : undefined, boxes, ctx.plans);
    progress.done = true;
    report();
    let disposed = false;
    return {
      record,
      layout,
      parts,
      materials,
      holder,
      rigged,
      dispose: () => {
        if (disposed) return;
        disposed = true;
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    progress.done = true;
    report();
    throw error;
  } finally {
    signal.removeEventListener("abort", abortAll);
  }
}
