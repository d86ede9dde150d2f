/**
 * The competent ways: what an experienced Babylon developer writes without Menagerie. One
 * search for the habitat, then per species either
 *
 * - **A**: one asset container of the record's whole-model OBJ (`other.model`), whose `o <part>`
 *   objects the OBJ loader turns into one root mesh per part: parented and pivoted by hand; or
 * - **B**: one asset container per part OBJ, merged into one container, parented and pivoted
 *   the same way;
 *
 * then `instantiateModelsToScene` (instances, not clones) per creature, scaled to the record's
 * height. The OBJ loader asks for `<folder>/<mtllib>` and `<folder>/<map_Kd>` without the
 * signature: a global `Tools.PreprocessUrl` maps those to the signed links of the records
 * looked up (see obviousWay.ts). Animation: a sine on the upper legs per frame, roots walking
 * in circles. Runs in Node (xhr2) and in the browser bench page.
 */
import { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import "@babylonjs/core/Meshes/instancedMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { ObviousLoader, type RawRecord } from "./obviousWay.js";

export type CompetentMode = "A" | "B";

/** A record as the competent loader reads it. */
export interface CompetentRecord extends RawRecord {
  scale?: { height?: string | number };
  model: RawRecord["model"] & { other: RawRecord["model"]["other"] & { model?: string } };
}

/** A creature the competent way: its root instance and the upper legs the sine swings. */
export interface CompetentCreature {
  root: TransformNode;
  legs: { node: TransformNode; phase: number }[];
}

/** Foot phases of the SDK's quadruped walk, by leg. */
const PHASES: Record<string, number> = { front_right: 0.25, front_left: 0.75, hind_right: 0.5, hind_left: 0 };

/** "45cm", "0.6 m", 0.45 → metres (what a developer writes for the records they see). */
function metres(height: string | number | undefined): number {
  if (typeof height === "number") return height;
  const match = /^\s*([\d.]+)\s*(mm|cm|m)?/i.exec(height ?? "");
  if (!match) return 1;
  const unit = (match[2] ?? "m").toLowerCase();
  return Number(match[1]) / (unit === "mm" ? 1000 : unit === "cm" ? 100 : 1);
}

/** Parents every part root to the body (a lower leg to its upper leg) and pivots each at its joint. */
function rigByHand(container: AssetContainer): void {
  const roots = container.meshes.filter((m) => !m.parent);
  const byName = new Map(roots.map((m) => [m.name, m]));
  const body = byName.get("body") ?? roots[0]!;
  // Pivots from each part's own box first: parenting changes what a hierarchy's box holds.
  for (const mesh of roots) {
    const { min, max } = mesh.getHierarchyBoundingVectors(true);
    const center = min.add(max).scale(0.5);
    mesh.setPivotPoint(
      mesh.name.startsWith("leg_")
        ? new Vector3(center.x, max.y, center.z) // hinge at the top centre
        : mesh.name === "head"
          ? new Vector3(center.x, min.y, min.z) // bottom-back
          : mesh.name === "tail"
            ? new Vector3(center.x, min.y, max.z) // bottom-front
            : center,
    );
  }
  for (const mesh of roots) {
    if (mesh === body) continue;
    mesh.parent = mesh.name.endsWith("_bot") ? (byName.get(mesh.name.replace(/_bot$/, "_top")) ?? body) : body;
  }
}

export class CompetentLoader {
  readonly #obvious: ObviousLoader;
  readonly #containers = new Map<string, Promise<{ container: AssetContainer; scale: number }>>();

  constructor(
    readonly scene: Scene,
    readonly baseUrl: string,
    readonly apiKey: string,
    readonly mode: CompetentMode,
  ) {
    this.#obvious = new ObviousLoader(scene, baseUrl, apiKey);
  }

  install(): this {
    this.#obvious.install();
    return this;
  }

  uninstall(): void {
    this.#obvious.uninstall();
  }

  /** One search: every record of the habitat, their links registered for the URL mapping. */
  async search(habitat: string): Promise<CompetentRecord[]> {
    const response = await fetch(
      `${this.baseUrl}/anything?key=${encodeURIComponent(this.apiKey)}&search=${encodeURIComponent(habitat)}`,
    );
    if (!response.ok) throw new Error(`search ${habitat} failed: HTTP ${response.status}`);
    const records = (await response.json()) as CompetentRecord[];
    for (const record of records) this.#obvious.remember(record, [record.model.other.model]);
    return records;
  }

  /** One lookup by exact name (for a single creature), its links registered likewise. */
  async lookup(name: string): Promise<CompetentRecord> {
    const record = (await this.#obvious.lookup(name)) as CompetentRecord;
    this.#obvious.remember(record, [record.model.other.model]);
    return record;
  }

  /** The species' container, loaded once (both ways share the per-species promise). */
  #container(record: CompetentRecord): Promise<{ container: AssetContainer; scale: number }> {
    let loading = this.#containers.get(record.name);
    if (!loading) {
      loading = this.#load(record);
      this.#containers.set(record.name, loading);
    }
    return loading;
  }

  async #load(record: CompetentRecord): Promise<{ container: AssetContainer; scale: number }> {
    let container: AssetContainer;
    if (this.mode === "A") {
      container = await LoadAssetContainerAsync(record.model.other.model!, this.scene);
    } else {
      const parts = await Promise.all(
        Object.values(record.model.parts).map((url) => LoadAssetContainerAsync(url, this.scene)),
      );
      container = new AssetContainer(this.scene);
      for (const part of parts) {
        container.meshes.push(...part.meshes);
        container.materials.push(...part.materials);
        container.textures.push(...part.textures);
        container.transformNodes.push(...part.transformNodes);
      }
    }
    rigByHand(container);
    const { min, max } = container.meshes.find((m) => !m.parent)!.getHierarchyBoundingVectors(true);
    const scale = metres(record.scale?.height) / Math.max(1e-6, max.y - min.y);
    return { container, scale };
  }

  /** One creature of `record` at `position`: instances of the species' container. */
  async spawn(record: CompetentRecord, position: { x: number; z: number }): Promise<CompetentCreature> {
    const { container, scale } = await this.#container(record);
    const entries = container.instantiateModelsToScene((name) => name, false, { doNotInstantiate: false });
    const root = entries.rootNodes[0] as TransformNode;
    root.position.set(position.x, 0, position.z);
    root.scaling.setAll(scale);
    const legs = root
      .getChildMeshes(false)
      .filter((m: AbstractMesh) => m.name.startsWith("leg_") && m.name.endsWith("_top"))
      .map((node) => ({ node: node as TransformNode, phase: PHASES[node.name.slice(4, -4)] ?? 0 }));
    return { root, legs };
  }
}

/** One frame of the competent animation: legs swing on a sine, roots walk in circles. */
export function animateCompetent(creatures: readonly CompetentCreature[], time: number): void {
  for (let i = 0; i < creatures.length; i++) {
    const { root, legs } = creatures[i]!;
    for (const { node, phase } of legs) node.rotation.x = 0.5 * Math.sin(2 * Math.PI * (time / 1.2 + phase));
    const angle = time * 0.3 + i;
    root.position.x += Math.cos(angle) * 0.01;
    root.position.z += Math.sin(angle) * 0.01;
    root.rotation.y = -angle;
  }
}
