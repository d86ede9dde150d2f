/**
 * A rigged model's template, built from GLB bytes already fetched (one GLB per clip, each the
 * same skinned mesh plus one animation). The model clip's container (`idle`, else the first)
 * gives the mesh, skeleton and materials; every other clip's container gives only its
 * animation, retargeted by node name onto the model's nodes and kept in the model container, so
 * that `instantiateModelsToScene` clones every clip for each copy. The other containers are
 * disposed at once. Nothing is added to the scene: the template is hidden by construction.
 *
 * Loaded by a dynamic import (loadModel.ts): with the glTF loader it brings (loadGlb.ts), it is
 * downloaded only when a rigged model is first loaded.
 */

import { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.pure.js";
import type { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { LoadError } from "../../api/errors.js";
import type { MenagerieWarning } from "../types.js";
import { type GlbBytes, loadGlb } from "./loadGlb.js";

/** GLB bytes of one clip. */
export type { GlbBytes } from "./loadGlb.js";

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

/** Options of {@link buildRiggedTemplate}. */
export interface RiggedTemplateOptions {
  /** Receives degradations (a clip that failed). @default ignore them */
  warn?: (warning: MenagerieWarning) => void;
  /** Aborts the build; nothing stays behind. */
  signal?: AbortSignal;
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
function takeClipGroup(container: AssetContainer, clip: string): AnimationGroup | undefined {
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

/** Nodes of the model by name (the first of a name wins), for retargeting other clips. */
function nodesByName(container: AssetContainer): Map<string, Node> {
  const byName = new Map<string, Node>();
  for (const node of [...container.transformNodes, ...container.meshes])
    if (!byName.has(node.name)) byName.set(node.name, node);
  return byName;
}

/** The error of a failed load, `undefined` for one that succeeded. */
function whyNot(outcome: PromiseSettledResult<unknown>): unknown {
  return outcome.status === "rejected" ? outcome.reason : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A copy of `group` whose channels drive the model's nodes of the same names (a channel whose
 * node the model lacks is dropped), kept out of the scene's list: a template's clip never plays.
 * `undefined` when no channel found its node.
 */
function retarget(
  scene: Scene,
  group: AnimationGroup,
  name: string,
  targets: ReadonlyMap<string, Node>,
): AnimationGroup | undefined {
  const found = group.targetedAnimations.filter((t) => targets.has((t.target as Node).name));
  if (found.length === 0) return undefined;
  const copy = new AnimationGroup(name, scene);
  scene.removeAnimationGroup(copy);
  for (const { animation, target } of found) copy.addTargetedAnimation(animation, targets.get((target as Node).name)!);
  return copy;
}

/**
 * Builds the template of `model` from the GLB bytes of its clips (clip name → bytes). Throws a
 * {@link LoadError} when the model clip's GLB cannot be parsed or has no mesh; a failing other
 * clip is a `clip-failed` warning and is left out. On any failure nothing stays in the scene.
 */
export async function buildRiggedTemplate(
  scene: Scene,
  model: string,
  glbs: ReadonlyMap<string, GlbBytes>,
  options: RiggedTemplateOptions = {},
): Promise<RiggedTemplate> {
  const warn = options.warn ?? (() => undefined);
  const modelClip = modelClipName(glbs.keys());
  if (modelClip === undefined)
    throw new LoadError({ reason: "no-body", model, detail: "the record has no rigged GLB" });
  const names = [...glbs.keys()];
  // Every load settles before anything is judged, so no container arrives after a failure.
  const settled = await Promise.allSettled(names.map((name) => loadGlb(scene, glbs.get(name)!)));
  const containers = new Map<string, AssetContainer>();
  settled.forEach((s, i) => {
    if (s.status === "fulfilled") containers.set(names[i]!, s.value);
  });
  const disposeAll = () => {
    for (const container of containers.values()) container.dispose();
  };

  if (options.signal?.aborted) {
    disposeAll();
    throw options.signal.reason;
  }
  const main = containers.get(modelClip);
  const bounds = main && restBounds(main);
  if (!main || !bounds) {
    disposeAll();
    const error = whyNot(settled[names.indexOf(modelClip)]!);
    throw new LoadError({
      reason: main ? "no-body" : "parse",
      model,
      asset: `clip:${modelClip}`,
      detail: main ? "its GLB has no mesh" : `its GLB cannot be read (${messageOf(error)})`,
      cause: error,
    });
  }

  const clipWarning = (clip: string, message: string, error?: unknown) =>
    warn({
      code: "clip-failed",
      model,
      asset: `clip:${clip}`,
      message: `Cannot load clip "${clip}" of "${model}": ${message}`,
      error,
    });

  const clips: string[] = [];
  const mainGroup = takeClipGroup(main, modelClip);
  if (mainGroup) clips.push(modelClip);
  else clipWarning(modelClip, "its GLB has no animation");

  const targets = nodesByName(main);
  for (const [i, clip] of names.entries()) {
    if (clip === modelClip) continue;
    const source = containers.get(clip);
    if (!source) {
      const error = whyNot(settled[i]!);
      clipWarning(clip, `its GLB cannot be read (${messageOf(error)})`, error);
      continue;
    }
    const group = takeClipGroup(source, clip);
    const retargeted = group && retarget(scene, group, clip, targets);
    source.dispose(); // its meshes, skeleton and nodes: only the animation curves are kept
    containers.delete(clip);
    if (!retargeted) {
      clipWarning(clip, group ? "its animation moves no node of the model" : "its GLB has no animation");
      continue;
    }
    main.animationGroups.push(retargeted);
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
