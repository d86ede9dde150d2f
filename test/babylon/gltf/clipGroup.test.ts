/**
 * A clip read as data (readGlbClip + clipGroup) against what Babylon's glTF loader makes of the
 * same GLB, retargeted onto the model's nodes as a full load of the clip's GLB was before: the
 * same animations on the same nodes, key for key (frames, values, tangents, interpolation), and
 * the same range. On the catalog zebra's clips and on a GLB with STEP, CUBICSPLINE, normalized
 * rotations, an unnamed node and channels the model cannot take (NullEngine).
 */
import { readFileSync } from "node:fs";
import { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { AssetContainer } from "@babylonjs/core/assetContainer.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clipGroup } from "../../../src/babylon/gltf/clipGroup.js";
import { loadGlb } from "../../../src/babylon/gltf/loadGlb.js";
import { readGlbClip } from "../../../src/babylon/gltf/readGlbClip.js";
import { variedClipGlb } from "../../helpers/clipGlbs.js";
import { generatedCatalog } from "../../helpers/faultHarness.js";
import { createRiggedScene } from "../../helpers/riggedScene.js";
import { tinyRiggedGlb } from "../../helpers/tinyGlb.js";

let env: ReturnType<typeof createRiggedScene>;
const containers: AssetContainer[] = [];
beforeEach(() => {
  env = createRiggedScene();
});
afterEach(() => {
  for (const c of containers.splice(0)) c.dispose();
  env.dispose();
});

const asArray = (v: unknown) => (v === undefined ? undefined : (v as { asArray(): number[] }).asArray());

/** A group as plain data, its animations sorted by name. */
function described(group: AnimationGroup) {
  return {
    name: group.name,
    from: group.from,
    to: group.to,
    animations: group.targetedAnimations
      .map(({ animation, target }) => ({
        target: (target as Node).name,
        targetIsModelNode: target,
        name: animation.name,
        property: animation.targetProperty,
        type: animation.dataType,
        fps: animation.framePerSecond,
        keys: animation.getKeys().map((k) => ({
          frame: k.frame,
          value: asArray(k.value),
          inTangent: asArray(k.inTangent),
          outTangent: asArray(k.outTangent),
          interpolation: k.interpolation,
        })),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

async function modelNodes(scene: Scene, bytes: Uint8Array): Promise<Map<string, Node>> {
  const model = await loadGlb(scene, bytes);
  containers.push(model);
  const byName = new Map<string, Node>();
  for (const node of [...model.transformNodes, ...model.meshes])
    if (!byName.has(node.name)) byName.set(node.name, node);
  return byName;
}

/** What the clip's GLB gave before: a full load, its group's animations put on the model's nodes. */
async function loadedThenRetargeted(scene: Scene, bytes: Uint8Array, clip: string, targets: Map<string, Node>) {
  const source = await loadGlb(scene, bytes);
  containers.push(source);
  const group = source.animationGroups.find((g) => g.name.toLowerCase() === clip) ?? source.animationGroups[0]!;
  const copy = new AnimationGroup(clip, scene);
  scene.removeAnimationGroup(copy);
  for (const { animation, target } of group.targetedAnimations)
    if (targets.has((target as Node).name)) copy.addTargetedAnimation(animation, targets.get((target as Node).name)!);
  return copy;
}

async function expectSameAsLoader(model: Uint8Array, clipBytes: Uint8Array, clip: string, drop: string[] = []) {
  const targets = await modelNodes(env.scene, model);
  for (const name of drop) targets.delete(name);
  const before = described(await loadedThenRetargeted(env.scene, clipBytes, clip, targets));
  const read = readGlbClip(clipBytes, clip)!;
  const after = described(clipGroup(env.scene, read, clip, targets)!);
  expect(after.animations.length).toBeGreaterThan(0);
  expect(after).toEqual(before);
  return after;
}

describe("a clip read as data is what Babylon's loader made of it", () => {
  it("the catalog zebra's walk and run, on the idle GLB's nodes", async () => {
    const dir = `${await generatedCatalog()}/zebra/rig`;
    const idle = new Uint8Array(readFileSync(`${dir}/idle.glb`));
    for (const clip of ["walk", "run"]) {
      const after = await expectSameAsLoader(idle, new Uint8Array(readFileSync(`${dir}/${clip}.glb`)), clip);
      expect(after.animations.length, clip).toBe(13); // 11 bone rotations, the body's translation and scale
    }
  });

  it("STEP and CUBICSPLINE keys, normalized rotations, an unnamed node; channels the model lacks are dropped", async () => {
    const bytes = await variedClipGlb("trot");
    const after = await expectSameAsLoader(bytes, bytes, "trot", ["tail-not-in-model"]);
    expect(after.animations.map((a) => `${a.target}.${a.property}`).sort()).toEqual([
      "body.position",
      "head.rotationQuaternion",
      "head.scaling",
      "node2.rotationQuaternion",
    ]);
    expect(after.from).toBe(0);
    expect(after.to).toBe(1.5 * 60); // the dropped tail channel's end still ends the clip
  });

  it("the tiny fixture's walk on the idle GLB's nodes", async () => {
    await expectSameAsLoader(await tinyRiggedGlb({ clip: "idle" }), await tinyRiggedGlb({ clip: "walk" }), "walk");
  });
});
