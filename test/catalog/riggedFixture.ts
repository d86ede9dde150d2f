/**
 * Shared by the rigged-catalog tests: reads a rigged record's GLBs with glTF-Transform and
 * lays out its rig again from the GLB's own vertices (grouped by joint), independently of the
 * generator, so pivots and gaits can be checked against the project's rig and motion code.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Document, type Node as GltfNode, NodeIO } from "@gltf-transform/core";
import type { CatalogEntry } from "../../src/catalog/catalogFormat.js";
import { type RigRoles, rigRoles } from "../../src/motion/rigRoles.js";
import type { Box3 } from "../../src/rig/box.js";
import { layoutRig, type RigLayout } from "../../src/rig/layoutRig.js";
import type { GeneratedCatalog } from "./catalogFixture.js";

const io = new NodeIO();

/** One rigged record with every GLB it links, parsed. */
export interface RiggedCreature {
  record: CatalogEntry;
  /** Relative path → bytes. */
  bytes: Map<string, Uint8Array>;
  /** `rig.GLB` and each clip, parsed. */
  model: Document;
  clips: Map<string, Document>;
}

/** Reads every rigged record's GLBs. */
export async function readRigged(cat: GeneratedCatalog): Promise<RiggedCreature[]> {
  const out: RiggedCreature[] = [];
  for (const record of cat.catalog.records) {
    const rig = record.model.rig;
    if (!rig) continue;
    const bytes = new Map<string, Uint8Array>();
    const load = async (path: string) => {
      const data = new Uint8Array(await readFile(join(cat.dir, path)));
      bytes.set(path, data);
      return io.readBinary(data);
    };
    const model = await load(rig.GLB!);
    const clips = new Map<string, Document>();
    for (const [clip, file] of Object.entries(rig.animations)) clips.set(clip, await load(file.GLB));
    out.push({ record, bytes, model, clips });
  }
  return out;
}

/** The world translation of a joint at rest (joints rest unrotated and unscaled). */
export function restPosition(node: GltfNode): [number, number, number] {
  const p: [number, number, number] = [0, 0, 0];
  for (let n: GltfNode | null = node; n; n = n.getParentNode()) {
    const t = n.getTranslation();
    p[0] += t[0];
    p[1] += t[1];
    p[2] += t[2];
  }
  return p;
}

/** Part boxes from the skinned mesh: each vertex counts for the joint it is weighted to. */
export function jointBoxes(doc: Document): Record<string, Box3> {
  const skin = doc.getRoot().listSkins()[0]!;
  const joints = skin.listJoints();
  const boxes: Record<string, Box3> = {};
  for (const primitive of doc.getRoot().listMeshes()[0]!.listPrimitives()) {
    const position = primitive.getAttribute("POSITION")!;
    const jointIds = primitive.getAttribute("JOINTS_0")!;
    const p: number[] = [];
    const j: number[] = [];
    for (let i = 0; i < position.getCount(); i++) {
      position.getElement(i, p);
      jointIds.getElement(i, j);
      const name = joints[j[0]!]!.getName();
      boxes[name] ??= {
        min: { x: Infinity, y: Infinity, z: Infinity },
        max: { x: -Infinity, y: -Infinity, z: -Infinity },
      };
      const box = boxes[name];
      box.min = { x: Math.min(box.min.x, p[0]!), y: Math.min(box.min.y, p[1]!), z: Math.min(box.min.z, p[2]!) };
      box.max = { x: Math.max(box.max.x, p[0]!), y: Math.max(box.max.y, p[1]!), z: Math.max(box.max.z, p[2]!) };
    }
  }
  return boxes;
}

/** The rig layout and roles the project's own code gives the GLB's parts. */
export function rigOfGlb(type: string, doc: Document): { layout: RigLayout; roles: RigRoles } {
  const layout = layoutRig(type, jointBoxes(doc));
  return { layout, roles: rigRoles(layout, 1) };
}
