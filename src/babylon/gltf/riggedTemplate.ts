/**
 * A rigged model's template, built from GLB bytes as they arrive (one GLB per clip, each the
 * same skinned mesh plus one animation). Only the model clip's GLB (`idle`, else the first) goes
 * through Babylon's glTF loader (loadGlb.ts): it gives the mesh, skeleton and materials, started
 * the moment its bytes are here. Every other clip's GLB is read as data (readGlbClip.ts: its
 * animation only, no meshes, materials or textures built) and becomes a group on the model's
 * own nodes (clipGroup.ts), kept in the model container, so that `instantiateModelsToScene`
 * clones every clip for each copy. Nothing is added to the scene: the template is hidden by
 * construction.
 */
import type { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { LoadError } from "../../core/errors.js";
import type { MenagerieWarning } from "../types.js";
import { clipGroup } from "./clipGroup.js";
import { type GlbBytes, loadGlb } from "./loadGlb.js";
import { type GlbClip, readGlbClip } from "./readGlbClip.js";

/** An axis-aligned box in the scene's frame, model units. */
export interface RestBounds {
  min: { x: number; y: number; z: number };
  max: { x: number; y: number; z: number };
}

/** A loaded rigged model: see the module comment. */
export interface RiggedTemplate {
  /** The record name. */
  readonly model: string;
  /** The clip whose GLB gave the mesh. */
  readonly modelClip: string;
  /** Clip names, in the order of `container.animationGroups` (what each copy gets). */
  readonly clips: readonly string[];
  /** Bounds of the skinned meshes in the rest pose, in the scene's frame (after `__root__`). */
  readonly bounds: RestBounds;
  /** The hidden source of every copy. Dispose copies before the template: they share geometry. */
  readonly container: AssetContainer;
  readonly isDisposed: boolean;
  dispose(): void;
}

/** Options of {@link RiggedTemplateBuilder}. */
export interface RiggedTemplateOptions {
  /** Receives degradations (a clip that failed). @default ignore them */
  warn?: (warning: MenagerieWarning) => void;
}

/** The model clip: `idle` (any case), else the first. */
export function modelClipName(clips: Iterable<string>): string | undefined {
  let first: string | undefined;
  for (const name of clips) {
    if (name.toLowerCase() === "idle") return name;
    first ??= name;
  }
  return first;
}

/** The group for `clip` in a container (the one named like it, else the first); disposes the rest. */
function takeClipGroup(container: AssetContainer, clip: string) {
  const groups = container.animationGroups;
  const kept = groups.find((g) => String(g.name).toLowerCase() === clip.toLowerCase()) ?? groups[0];
  for (const group of groups.slice()) if (group !== kept) group.dispose();
  groups.splice(0, groups.length, ...(kept ? [kept] : []));
  return kept;
}

/** Rest-pose bounds of the skinned meshes (all meshes with vertices when none is skinned). */
function restBounds(container: AssetContainer): RestBounds | undefined {
  const withVertices = container.meshes.filter((m) => m.getTotalVertices() > 0);
  const skinned = withVertices.filter((m) => m.skeleton);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  const p = new Vector3();
  for (const mesh of skinned.length > 0 ? skinned : withVertices) {
    const positions = mesh.getVerticesData("position");
    if (!positions) continue;
    // The rest pose is the bind pose: skinning is the identity there, so the mesh's own
    // vertices placed by its node give the shape the creature stands in.
    const world = mesh.computeWorldMatrix(true);
    for (let i = 0; i + 2 < positions.length; i += 3) {
      Vector3.TransformCoordinatesFromFloatsToRef(positions[i]!, positions[i + 1]!, positions[i + 2]!, world, p);
      min.minimizeInPlace(p);
      max.maximizeInPlace(p);
    }
  }
  if (!(min.x <= max.x)) return undefined;
  return { min: { x: min.x, y: min.y, z: min.z }, max: { x: max.x, y: max.y, z: max.z } };
}

/** Nodes of the model by name (the first of a name wins), for the other clips' channels. */
function nodesByName(container: AssetContainer): Map<string, Node> {
  const byName = new Map<string, Node>();
  for (const node of [...container.transformNodes, ...container.meshes])
    if (!byName.has(node.name)) byName.set(node.name, node);
  return byName;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A clip's GLB read: its animation (`undefined`: it has none), or why it cannot be read. */
type ClipRead = { clip: GlbClip | undefined } | { error: unknown };

/**
 * Builds the template of one rigged model from its clips' GLBs, each handed to {@link add} as it
 * arrives; {@link finish} then puts the template together. See the module comment.
 */
export class RiggedTemplateBuilder {
  readonly #scene: Scene;
  readonly #model: string;
  readonly #names: readonly string[];
  readonly #modelClip: string;
  readonly #warn: (warning: MenagerieWarning) => void;
  #main: Promise<AssetContainer> | undefined;
  readonly #reads = new Map<string, ClipRead>();
  #state: "open" | "finished" | "disposed" = "open";

  /**
   * @param clips every clip of the record, in its order; the model clip is chosen among them.
   * @throws LoadError `no-body` when there is no clip.
   */
  constructor(scene: Scene, model: string, clips: readonly string[], options: RiggedTemplateOptions = {}) {
    const modelClip = modelClipName(clips);
    if (modelClip === undefined)
      throw new LoadError({ reason: "no-body", model, detail: "the record has no rigged GLB" });
    this.#scene = scene;
    this.#model = model;
    this.#names = clips;
    this.#modelClip = modelClip;
    this.#warn = options.warn ?? (() => undefined);
  }

  /** The clip whose GLB gives the mesh. */
  get modelClip(): string {
    return this.#modelClip;
  }

  /**
   * Starts on `clip`'s GLB: the model clip's is loaded by Babylon's loader (asynchronously),
   * another clip's animation is read at once. A clip added twice keeps its first bytes.
   */
  add(clip: string, bytes: GlbBytes): void {
    if (this.#state !== "open") return;
    if (clip === this.#modelClip) {
      if (this.#main) return;
      this.#main = loadGlb(this.#scene, bytes);
      this.#main.catch(() => undefined); // judged in finish(); disposed on dispose()
      return;
    }
    if (this.#reads.has(clip)) return;
    try {
      this.#reads.set(clip, { clip: readGlbClip(bytes, clip) });
    } catch (error) {
      this.#reads.set(clip, { error });
    }
  }

  /**
   * The template, once the model clip's GLB is loaded. Throws a {@link LoadError} when that GLB
   * was never added, cannot be parsed or has no mesh; another clip that cannot be read is a
   * `clip-failed` warning and is left out (one never added was the fetch's to report). On any
   * failure, or when `signal` aborts, nothing stays in the scene.
   */
  async finish(signal?: AbortSignal): Promise<RiggedTemplate> {
    if (this.#state !== "open") throw new Error("RiggedTemplateBuilder.finish: already finished or disposed");
    this.#state = "finished"; // from here on, what is made is this call's to dispose
    const model = this.#model;
    const modelClip = this.#modelClip;
    const asset = `clip:${modelClip}`;
    if (!this.#main) throw new LoadError({ reason: "parse", model, asset, detail: "its GLB never arrived" });
    let main: AssetContainer;
    try {
      main = await this.#main;
    } catch (error) {
      signal?.throwIfAborted();
      const detail = `its GLB cannot be read (${messageOf(error)})`;
      throw new LoadError({ reason: "parse", model, asset, detail, cause: error });
    }
    if (signal?.aborted) {
      main.dispose();
      throw signal.reason;
    }
    const bounds = restBounds(main);
    if (!bounds) {
      main.dispose();
      throw new LoadError({ reason: "no-body", model, asset, detail: "its GLB has no mesh" });
    }
    const clipWarning = (clip: string, message: string, error?: unknown) =>
      this.#warn({
        code: "clip-failed",
        model,
        asset: `clip:${clip}`,
        message: `Cannot load clip "${clip}" of "${model}": ${message}`,
        error,
      });

    const clips: string[] = [];
    if (takeClipGroup(main, modelClip)) clips.push(modelClip);
    else clipWarning(modelClip, "its GLB has no animation");

    const targets = nodesByName(main);
    const names = [...this.#names, ...[...this.#reads.keys()].filter((name) => !this.#names.includes(name))];
    for (const clip of names) {
      const read = this.#reads.get(clip);
      if (clip === modelClip || !read) continue;
      if ("error" in read) {
        clipWarning(clip, `its GLB cannot be read (${messageOf(read.error)})`, read.error);
        continue;
      }
      const group = read.clip && clipGroup(this.#scene, read.clip, clip, targets);
      if (!group) {
        clipWarning(clip, read.clip ? "its animation moves no node of the model" : "its GLB has no animation");
        continue;
      }
      main.animationGroups.push(group);
      clips.push(clip);
    }

    let disposed = false;
    return {
      model,
      modelClip,
      clips,
      bounds,
      container: main,
      get isDisposed() {
        return disposed;
      },
      dispose() {
        if (disposed) return;
        disposed = true;
        main.dispose();
      },
    };
  }

  /**
   * Gives up before {@link finish}: what was made is disposed (the model's once its load
   * settles, which the returned promise waits for).
   */
  async dispose(): Promise<void> {
    if (this.#state !== "open") return;
    this.#state = "disposed";
    await this.#main?.then(
      (container) => container.dispose(),
      () => undefined,
    );
  }
}
