/**
 * Scenery of a populate: static props (trees, rocks, fences) that dress a habitat. A prop is
 * not a creature: no motion, no gait, never in `Menagerie.creatures`; it is an instance of its
 * model's meshes (one load per kind, like creatures), its world matrices frozen, and it is
 * disposed with its group. Where props stand is planned engine-free (population/sceneryPlan.ts).
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Area } from "../../motion/area.js";
import { habitatWater } from "../../population/populationPlan.js";
import type { PopulationRules } from "../../population/populationRules.js";
import {
  type PlannedScenery,
  planScenery,
  type SceneryPlan,
  type SceneryPlanInput,
} from "../../population/sceneryPlan.js";
import { recordSize } from "../../records/recordSize.js";
import type { ModelRecord } from "../../records/schemas.js";
import type { CreatureBody } from "../creature.js";
import type { ResolvedScenery } from "../options/populateOptions.js";
import type { Spawner } from "../runtime/index.js";
import type { LoadedModel } from "../runtime/load/loadModel.js";

/**
 * What {@link SceneryProp} puts in `metadata.menagerie` of its nodes.
 * @category Populate
 */
export interface SceneryNodeMetadata {
  /** The record the prop was loaded from. */
  record: ModelRecord;
  /** The prop the node belongs to (a pick's way back to it; no `creature` here). */
  scenery: SceneryProp;
  /** The part, for joint and mesh nodes. */
  part?: string;
}

let construct: (record: ModelRecord, body: CreatureBody, radius: number) => SceneryProp;

/**
 * A static prop placed by `populate({ scenery })`.
 * @category Populate
 */
export class SceneryProp {
  /** The node that places it; its y = 0 is the prop's foot. */
  readonly root: TransformNode;
  /** The meshes that draw it: instances of its model's meshes. */
  readonly meshes: readonly AbstractMesh[];
  /** Radius of the ground it takes, metres (creatures keep out of it). */
  readonly radius: number;
  /** The record it was loaded from. */
  readonly record: ModelRecord;
  readonly #body: Pick<CreatureBody, "dispose">;
  #disposed = false;

  static {
    construct = (record, body, radius) => new SceneryProp(record, body, radius);
  }

  /** Made by `populate` (placeProp, below). */
  private constructor(record: ModelRecord, body: CreatureBody, radius: number) {
    this.record = record;
    this.#body = body;
    this.root = body.root;
    this.meshes = body.meshes;
    this.radius = radius;
    // It never moves: compute its matrices once and skip them every frame after.
    this.root.computeWorldMatrix(true);
    for (const node of this.root.getDescendants(false)) (node as TransformNode).freezeWorldMatrix?.();
    this.root.freezeWorldMatrix();
    // Clicks go through props to the creatures behind them.
    for (const mesh of this.meshes) mesh.isPickable = false;
  }

  /** The record name. */
  get name(): string {
    return this.record.name;
  }

  /** True once disposed. */
  get isDisposed(): boolean {
    return this.#disposed;
  }

  /** Removes its nodes and instances (the loaded model stays in the Menagerie). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#body.dispose();
  }
}

/**
 * Plans the props of a populate: the `scenery` option read, the habitat's water found as the
 * creatures' plan finds it (props keep out of it, aquatic ones keep in it).
 */
export function planPopulateScenery(
  options: { habitat: string; scenery: ResolvedScenery; water?: Area | undefined },
  input: Pick<SceneryPlanInput, "records" | "area" | "ground" | "seed" | "defaultHeight"> & { rules: PopulationRules },
): SceneryPlan {
  const water = habitatWater(options.habitat, input.area, input.rules, options.water);
  return planScenery({ ...input, ...options.scenery, habitat: options.habitat, water });
}

/** What placing scenery needs of the Menagerie. */
export interface SceneryHost {
  readonly defaultHeightMeters: number;
  /** Loads models once and builds props' bodies. */
  readonly spawner: Spawner;
}

/**
 * A prop of `model` where `planned` says, sized from its record (or the default height). Its
 * clips, if rigged, are never started: a prop stands still in its rest pose.
 */
function placeProp(
  spawner: Spawner,
  model: LoadedModel,
  planned: PlannedScenery,
  defaultHeightMeters: number,
): SceneryProp {
  const record = model.record;
  const size = recordSize(record) ?? { axis: "height" as const, meters: defaultHeightMeters };
  const placement = { size, position: { x: planned.x, y: planned.groundY, z: planned.z }, rotationY: planned.heading };
  const { body, tags } = spawner.buildProp(model, placement);
  const prop = construct(record, body, planned.radius);
  tags.settle(prop);
  return prop;
}

/**
 * Loads each kind of the plan once (four at a time) and places its props into `into`, in plan
 * order. A kind that fails to load is left out (an omission, as for creatures), never the
 * whole populate. On abort, the props made so far are in `into` for the caller to dispose.
 */
export async function placeScenery(
  host: SceneryHost,
  plan: SceneryPlan,
  into: SceneryProp[],
  omissions: string[],
  signal?: AbortSignal,
): Promise<void> {
  const byKind = new Map<string, PlannedScenery[]>();
  for (const item of plan.items) byKind.set(item.record.name, [...(byKind.get(item.record.name) ?? []), item]);
  const kinds = [...byKind.values()];
  const rank = new Map<SceneryProp, number>();
  let next = 0;
  const worker = async () => {
    while (next < kinds.length) {
      const items = kinds[next++]!;
      const record = items[0]!.record;
      signal?.throwIfAborted();
      let model: LoadedModel;
      try {
        model = await host.spawner.model(record, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw error;
        omissions.push(`${record.name}: ${(error as Error).message}`);
        continue;
      }
      signal?.throwIfAborted();
      for (const item of items) {
        const prop = placeProp(host.spawner, model, item, host.defaultHeightMeters);
        rank.set(prop, plan.items.indexOf(item));
        into.push(prop);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, kinds.length) }, worker));
  // Kinds load in any order; list the props in plan order so a seed gives the same list.
  into.sort((a, b) => rank.get(a)! - rank.get(b)!);
}
