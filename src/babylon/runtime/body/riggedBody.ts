/**
 * The body of a rigged creature whose model's clips are baked. By default it is one node, its
 * root: the model's crowd (riggedCrowd.ts) draws it as a thin instance of the template's skinned
 * meshes, posed from the baked clips, so it has no skeleton, no animation group and no node of
 * its own. When a game asks for nodes or clips (`getPart()` of a bone, `meshes`, the groups in
 * `animations`) it grows them on demand as a plain glTF instance (riggedInstance.ts: its own skeleton,
 * meshes and groups, under the same root), leaves the crowd, and keeps them until disposed.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { CreatureBody } from "../../creature.js";
import type { RiggedTemplate } from "../../gltf/index.js";
import type { RiggedCrowd } from "../crowd/rigged/riggedCrowd.js";
import type { CrowdMember, CrowdOwner } from "../crowd/shared/crowdMember.js";
import { crowdClips, handOverClips } from "../sync/crowdClips.js";
import { bindClips, startClips } from "../sync/syncClips.js";
import { crowdPose, type MotionBinding, syncMotion } from "../sync/syncMotion.js";
import { GrowingClips } from "./growingClips.js";
import type { BodyPlacement } from "./partsBody.js";
import { instantiateRigged, type RiggedInstance, riggedScale } from "./riggedInstance.js";

/** Bone names with a node, in skeleton order (the first of a name wins), as a grown copy lists them. */
function boneNames(template: RiggedTemplate): string[] {
  const names = new Set<string>();
  for (const skeleton of template.container.skeletons)
    for (const bone of skeleton.bones) if (bone.getTransformNode()) names.add(bone.name);
  return [...names];
}

/**
 * Binds a creature's clips to the groups it grew: they start where its crowd had played them
 * (or, never crowd-drawn, at their start).
 */
function adoptGroups(binding: MotionBinding, grown: RiggedInstance): void {
  const clips = binding.clips;
  if (!clips) return;
  const groups = bindClips(clips.mixer, grown.animations).groups;
  if (binding.crowdClips) handOverClips(clips, binding.crowdClips, groups);
  else {
    clips.groups = groups;
    startClips(clips);
  }
  binding.crowdClips = undefined;
}

/**
 * Builds the body (see the module comment); `tag(part)` gives each node's `metadata`, and
 * `owner.current` is what a picked thin instance of it answers.
 */
export function buildRiggedBody(
  scene: Scene,
  template: RiggedTemplate,
  crowd: RiggedCrowd,
  placement: BodyPlacement,
  tag: (part?: string) => unknown,
  owner?: CrowdOwner,
): CreatureBody {
  const { bounds } = template;
  const scale = riggedScale(bounds, placement.size);
  const name = template.model;
  const root = new TransformNode(name, scene);
  root.scaling.setAll(scale);
  if (placement.position) root.position.set(placement.position.x, placement.position.y, placement.position.z);
  root.rotation.y = placement.rotationY ?? 0;
  root.metadata = tag();

  // How far from the feet (model units) any vertex can be at rest, with room for limbs a clip swings.
  const lowest = bounds.min.y;
  const dx = Math.max(Math.abs(bounds.min.x), Math.abs(bounds.max.x));
  const dz = Math.max(Math.abs(bounds.min.z), Math.abs(bounds.max.z));
  const reach = Math.hypot(dx, bounds.max.y - lowest, dz) * 1.25;
  let member: CrowdMember | null = crowd.add(owner, reach);
  crowd.write(member, root.computeWorldMatrix(true));
  let binding: MotionBinding | undefined;
  let grown: RiggedInstance | null = null;
  let disposed = false;

  const leaveCrowd = () => {
    if (member) crowd.remove(member);
    member = null;
    if (binding) binding.crowd = undefined;
  };
  const grow = (): RiggedInstance | null => {
    if (grown || disposed) return grown; // a disposed creature grows nothing back
    grown = instantiateRigged(scene, template, { name, size: placement.size, root, tag });
    leaveCrowd();
    if (binding) {
      adoptGroups(binding, grown);
      syncMotion(binding);
    }
    // World matrices now, parents first, as a frame would: a game reading the new meshes' world
    // boxes before the next frame sees them where the creature stands.
    root.computeWorldMatrix(true);
    for (const node of root.getDescendants(false)) if (node instanceof TransformNode) node.computeWorldMatrix(true);
    return grown;
  };
  const parts = boneNames(template);
  const known = new Set(parts);
  const none: ReadonlyMap<string, AnimationGroup> = new Map();

  return {
    root,
    get meshes() {
      return grow()?.meshes ?? [];
    },
    animations: new GrowingClips(template.clips, () => grow()?.animations ?? none),
    heightMeters: (bounds.max.y - bounds.min.y) * scale,
    getPart: (part) => (known.has(part) ? (grow()?.getPart(part) ?? null) : null),
    listParts: () => [...parts],
    bindMotion: (b: MotionBinding) => {
      binding = b;
      if (grown) return adoptGroups(b, grown);
      if (!member) return;
      b.crowd = crowdPose(crowd, member);
      if (b.clips) b.crowdClips = crowdClips(crowd, member, b.clips.mixer.clips);
    },
    // The rest pose's box, feet on y = 0 (model units): what the grown meshes would measure.
    measure: () =>
      member
        ? {
            min: new Vector3(bounds.min.x, 0, bounds.min.z),
            max: new Vector3(bounds.max.x, bounds.max.y - lowest, bounds.max.z),
          }
        : null,
    dispose: () => {
      disposed = true;
      leaveCrowd();
      if (grown) grown.dispose();
      else root.dispose(false, false);
    },
  };
}
