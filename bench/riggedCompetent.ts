/**
 * The competent way for rigged creatures: what an experienced Babylon developer writes for
 * walking rigged GLB animals without Menagerie. One lookup, one asset container of the walk
 * clip's GLB (the skinned mesh and its walk animation), then per creature
 * `instantiateModelsToScene` with `doNotInstantiate` (a copy of the nodes, a skeleton and the
 * walk group of its own), the walk group started looped. Each frame every root walks a circle,
 * then `scene.render()` plays the groups and skins. Runs in Node (xhr2).
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { AssetContainer } from "@babylonjs/core/assetContainer.js";
import { LoadAssetContainerAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import { Quaternion } from "@babylonjs/core/Maths/math.vector.js";
import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { registerGltfLoader } from "../src/babylon/registerGltf.js";

/** The parts of a rigged record the competent way reads. */
interface RiggedRecord {
  name: string;
  scale?: { length?: number };
  model: { rig: { animations: Record<string, { GLB?: string; glb?: string }> } };
}

export interface CompetentRigged {
  root: TransformNode;
  walk: AnimationGroup;
}

export class CompetentRiggedLoader {
  #container: AssetContainer | undefined;

  constructor(
    readonly scene: Scene,
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  /** One lookup, one container of the walk GLB. */
  async load(name: string): Promise<void> {
    const response = await fetch(
      `${this.baseUrl}/anything?key=${encodeURIComponent(this.apiKey)}&name=${encodeURIComponent(name)}`,
    );
    if (!response.ok) throw new Error(`lookup ${name} failed: HTTP ${response.status}`);
    const body = (await response.json()) as RiggedRecord | RiggedRecord[];
    const record = Array.isArray(body) ? body[0]! : body;
    const walk = record.model.rig.animations["walk"]!;
    registerGltfLoader(); // what `import "@babylonjs/loaders/glTF"` does
    this.#container = await LoadAssetContainerAsync((walk.GLB ?? walk.glb)!, this.scene, {
      pluginExtension: ".glb",
    });
  }

  /** One creature at `position`: its own nodes, skeleton and walk group, playing looped. */
  spawn(position: { x: number; z: number }): CompetentRigged {
    const entries = this.#container!.instantiateModelsToScene((n) => n, false, { doNotInstantiate: true });
    const root = entries.rootNodes[0] as TransformNode;
    root.position.set(position.x, 0, position.z);
    root.rotationQuaternion ??= new Quaternion();
    const walk = entries.animationGroups[0]!;
    walk.start(true);
    return { root, walk };
  }
}

/** One frame of the competent way's motion: every root walks a circle. */
export function walkCompetentRigged(creatures: readonly CompetentRigged[], time: number): void {
  for (let i = 0; i < creatures.length; i++) {
    const { root } = creatures[i]!;
    const angle = time * 0.3 + i;
    root.position.x += Math.cos(angle) * 0.01;
    root.position.z += Math.sin(angle) * 0.01;
    // glTF's __root__ turns by quaternion (half a turn about Y converts handedness): turn that.
    Quaternion.RotationYawPitchRollToRef(Math.PI - angle, 0, 0, root.rotationQuaternion!);
  }
}
