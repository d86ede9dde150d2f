/**
 * Fetched assets -> one model's template, synchronously: parses the parts' OBJ text into hidden
 * source meshes, builds the materials once from the MTL, hangs everything under one invisible
 * holder node and lays out the rig from the parts' boxes. Creatures are instanced from the
 * result (see creature.ts). On failure it disposes whatever it made before throwing.
 */
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelAssets } from "../../../api/fetchModelAssets.js";
import type { MenagerieWarning } from "../../../api/loadEvents.js";
import { LoadError } from "../../../core/errors.js";
import { redactUrl } from "../../../core/redact.js";
import type { ObjLevels } from "../../../obj/objLevels.js";
import type { ModelRecord } from "../../../records/schemas.js";
import type { BodyPlans } from "../../../rig/bodyPlans.js";
import { type Box3, boxOfPositions, unionBoxes } from "../../../rig/box.js";
import { BODY_PART, layoutRig, type RigLayout } from "../../../rig/layoutRig.js";
import type { MeshLodSettings } from "../../options/meshLodOptions.js";
import { buildMaterials, disposeMaterials, type ModelMaterials } from "./buildMaterials.js";
import { parseObj } from "./parseObj.js";
import type { PartParse } from "./partParser.js";

/** The meshes of one part of a template. */
export interface TemplatePart {
  name: string;
  meshes: Mesh[];
  /** Each mesh's simplified levels, as data: its crowd makes drawing meshes of a level when a creature first needs it. */
  levels?: (ObjLevels | undefined)[] | undefined;
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
  jointed: boolean;
  /** How its crowd chooses levels (`meshLod`); absent or false: full detail at every distance. */
  meshLod?: MeshLodSettings | false;
  dispose(): void;
}

/** The fetched data {@link buildTemplate} reads. */
export type TemplateAssets = Pick<ModelAssets, "record" | "parts" | "mtl" | "images" | "jointed">;

/**
 * Builds the template of `assets.record` in `scene`. A part whose OBJ fails to parse is a
 * `part-failed` warning; `warn` also hears of images that fail to decode. Parts already parsed
 * (see partParser.ts) are taken from `parsedParts`, and from then on owned by the template;
 * the others are parsed here.
 *
 * @throws LoadError `no-body` when the body (or, for a model without one, every part) is missing.
 */
export function buildTemplate(
  scene: Scene,
  assets: TemplateAssets,
  plans: BodyPlans,
  warn: (warning: MenagerieWarning) => void,
  parsedParts?: ReadonlyMap<string, PartParse>,
): ModelTemplate {
  const { record, mtl, images, jointed } = assets;
  const model = record.name;
  const created: { meshes: Mesh[]; materials?: ModelMaterials; holder?: TransformNode } = { meshes: [] };
  const cleanup = () => {
    for (const mesh of created.meshes) mesh.dispose(false, false);
    if (created.materials) disposeMaterials(created.materials);
    created.holder?.dispose();
  };

  try {
    const parts = new Map<string, TemplatePart>();
    const usemtl = new Map<string, string[]>();
    const boxes: Record<string, Box3> = {};
    for (const { part, text, url } of assets.parts) {
      if (text === undefined) continue;
      try {
        const earlier = parsedParts?.get(part);
        if (earlier instanceof Error) throw earlier;
        const parsed = earlier ?? parseObj(scene, text, `${model}/${part}`);
        created.meshes.push(...parsed.meshes);
        parts.set(part, { name: part, meshes: parsed.meshes, levels: parsed.levels });
        usemtl.set(part, parsed.materialNames);
        const box = unionBoxes(
          parsed.meshes.map((m) => boxOfPositions(m.getVerticesData("position") ?? [])!).filter(Boolean),
        );
        if (box) boxes[part] = box;
      } catch (error) {
        warn({
          code: "part-failed",
          model,
          asset: part,
          url: redactUrl(url ?? ""),
          message: `Cannot load ${part} of "${model}": ${(error as Error).message}`,
          error,
        });
      }
    }

    const bodyMissing = record.model.parts[BODY_PART] !== undefined ? !parts.has(BODY_PART) : parts.size === 0;
    if (bodyMissing) {
      throw new LoadError({
        reason: "no-body",
        model,
        detail: parts.size === 0 ? "no part could be loaded" : "its body could not be loaded",
      });
    }

    const materials = buildMaterials(scene, mtl, images, model, (file, message) =>
      warn({ code: "texture-failed", model, asset: `texture:${file}`, message }),
    );
    created.materials = materials;

    const holder = new TransformNode(`${model}/template`, scene);
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

    const layout = layoutRig(jointed ? record.type : undefined, boxes, plans);
    let disposed = false;
    return {
      record,
      layout,
      parts,
      materials,
      holder,
      jointed,
      dispose: () => {
        if (disposed) return;
        disposed = true;
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}
