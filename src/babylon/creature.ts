/**
 * One creature in the scene: a root node, one joint node per part (rest pose = where the OBJ
 * placed the part), and an instance of each template mesh under its joint. Copies share
 * geometry and materials with the template; each has its own joints, so each can move its legs.
 */
import type { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.pure.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { ModelRecord } from "../api/schemas.js";
import type { MotionAgent } from "../motion/agent.js";
import type { Area } from "../motion/area.js";
import type { ModelTemplate } from "./loadModel.js";
import type { MotionBinding } from "./syncMotion.js";

/** Where and how big a new creature is. */
export interface CreaturePlacement {
  position?: Vector3 | { x: number; y: number; z: number };
  /** Heading about +Y, radians (0 faces +Z). */
  rotationY?: number;
  /** Height in metres the creature is scaled to. */
  heightMeters: number;
}

/** What Menagerie puts in `metadata.menagerie` of every node it creates for a creature. */
export interface CreatureNodeMetadata {
  record: ModelRecord;
  creature: Creature;
  /** The part, for joint and mesh nodes. */
  part?: string;
}

/** A creature spawned by {@link Menagerie.spawnCreature}. */
export class Creature {
  /** The node to move, turn and parent; its local +Z is the creature's forward, y = 0 its feet. */
  readonly root: TransformNode;
  /** The record the creature was loaded from. */
  readonly record: ModelRecord;
  /** The height it was sized to, in metres. */
  readonly heightMeters: number;
  /** The instances that draw it, one per template mesh. */
  readonly meshes: readonly InstancedMesh[];
  /** Notified once, when the creature is disposed. */
  readonly onDisposeObservable = new Observable<Creature>();

  readonly #joints: ReadonlyMap<string, TransformNode>;
  #disposed = false;
  #binding: MotionBinding | undefined;

  /** @internal Use {@link Menagerie.spawnCreature}. */
  constructor(scene: Scene, template: ModelTemplate, placement: CreaturePlacement) {
    const { record, layout } = template;
    this.record = record;
    this.heightMeters = placement.heightMeters;
    const modelHeight = layout.bounds.max.y - layout.bounds.min.y;
    const scale = modelHeight > 0 ? placement.heightMeters / modelHeight : 1;

    const root = new TransformNode(record.name, scene);
    root.scaling.setAll(scale);
    if (placement.position) root.position.set(placement.position.x, placement.position.y, placement.position.z);
    root.rotation.y = placement.rotationY ?? 0;
    root.metadata = { menagerie: { record, creature: this } satisfies CreatureNodeMetadata };
    this.root = root;

    // Joints hang from their parent at (pivot - parent pivot); top joints from the root, shifted
    // so the lowest point of the creature rests on the root's y = 0.
    const joints = new Map<string, TransformNode>();
    const pivots = new Map(layout.joints.map((j) => [j.part, j.pivot]));
    const meshes: InstancedMesh[] = [];
    for (const joint of layout.joints) {
      const node = new TransformNode(`${record.name}/${joint.part}`, scene);
      const origin = joint.parent === null ? { x: 0, y: layout.bounds.min.y, z: 0 } : pivots.get(joint.parent)!;
      node.parent = joint.parent === null ? root : joints.get(joint.parent)!;
      node.position.set(joint.pivot.x - origin.x, joint.pivot.y - origin.y, joint.pivot.z - origin.z);
      node.metadata = { menagerie: { record, creature: this, part: joint.part } satisfies CreatureNodeMetadata };
      joints.set(joint.part, node);
      template.parts.get(joint.part)!.meshes.forEach((source, i, all) => {
        const instance = source.createInstance(all.length === 1 ? `${record.name}/${joint.part}` : `${record.name}/${joint.part}/${i}`);
        instance.parent = node;
        instance.position.set(-joint.pivot.x, -joint.pivot.y, -joint.pivot.z);
        instance.isPickable = true;
        instance.metadata = { menagerie: { record, creature: this, part: joint.part } satisfies CreatureNodeMetadata };
        meshes.push(instance);
      });
    }
    this.#joints = joints;
    this.meshes = meshes;
  }

  /** @internal Attaches the motion agent that drives this creature (done by the Menagerie). */
  _bindMotion(binding: MotionBinding): void {
    this.#binding = binding;
  }

  /**
   * The engine-free motion state (position, velocity, gait, pose). For advanced control such as
   * `waterLevel`, `altitude`, `ground` or custom steering behaviours.
   */
  get motion(): MotionAgent {
    if (!this.#binding) throw new Error(`Creature "${this.name}" has no motion (it was disposed)`);
    return this.#binding.agent;
  }

  /**
   * Chooses the gait for a behaviour (`walk`, `fly`, `swim`, `hop`, `waddle`, `crawl`,
   * `slither`, ...); unknown ones idle. By default the record's own behaviour is used.
   */
  setBehaviour(behaviour: string): this {
    this.motion.setBehaviour(behaviour);
    return this;
  }

  /**
   * Walks (flies, swims...) to a point on the ground plane. Resolves `true` on arrival, `false`
   * if another order, `stop()` or `dispose()` came first.
   */
  moveTo(target: { x: number; z: number }, options: { speed?: number } = {}): Promise<boolean> {
    return new Promise((resolve) => this.motion.moveTo({ x: target.x, z: target.z }, { speed: options.speed, onArrive: resolve }));
  }

  /** Wanders, inside `area` and outside `avoid` when given, keeping apart from other creatures. */
  wander(options: { area?: Area; avoid?: readonly Area[]; speed?: number } = {}): this {
    this.motion.wander(options);
    return this;
  }

  /** Stops moving (brakes, then idles). */
  stop(): this {
    this.motion.stop();
    return this;
  }

  /** The record name. */
  get name(): string {
    return this.record.name;
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    return this.#disposed;
  }

  /** The joint node of a part, or `null` when the creature has no such part. */
  getPart(name: string): TransformNode | null {
    return this.#joints.get(name) ?? null;
  }

  /** The names of the parts present, parents before children. */
  listParts(): string[] {
    return [...this.#joints.keys()];
  }

  /**
   * Removes this creature's nodes and instances. Shared geometry, materials and textures stay
   * with the Menagerie until `menagerie.dispose()`.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#binding?.agent.cancel();
    this.root.dispose(false, false);
    this.onDisposeObservable.notifyObservers(this);
    this.onDisposeObservable.clear();
  }
}
