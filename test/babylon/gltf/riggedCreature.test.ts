import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Node } from "@babylonjs/core/node.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildRiggedTemplate, type GlbBytes } from "../../../src/babylon/gltf/index.js";
import { registerMenagerie } from "../../../src/babylon/register.js";
import type { RiggedInstance } from "../../../src/babylon/runtime/body/riggedInstance.js";
import { bindClips, startClips, syncClips } from "../../../src/babylon/runtime/sync/syncClips.js";
import { isMenagerieError, type LoadError } from "../../../src/core/errors.js";
import { ClipMixer } from "../../../src/motion/clipMixer.js";
import {
  riggedCounts as counts,
  createRiggedScene,
  spawnRigged as spawn,
  foxTemplate as template,
} from "../../helpers/riggedScene.js";
import { round } from "../../helpers/round.js";
import { TINY_RIG, tinyRiggedGlb } from "../../helpers/tinyGlb.js";

let idle: Uint8Array;
let walk: Uint8Array;
beforeAll(async () => {
  registerMenagerie();
  idle = await tinyRiggedGlb({ clip: "idle" });
  walk = await tinyRiggedGlb({ clip: "walk", animationName: "Armature|Walk" });
});

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function setup(options: { rightHanded?: boolean } = {}): Scene {
  const made = createRiggedScene(options);
  cleanup = made.dispose;
  return made.scene;
}

/** World bounds of the creature's skinned meshes, with the skeleton applied. */
function skinnedBounds(creature: RiggedInstance) {
  creature.root.computeWorldMatrix(true);
  const mesh = creature.meshes[0]!;
  mesh.skeleton!.prepare(true);
  mesh.refreshBoundingInfo({ applySkeleton: true });
  mesh.computeWorldMatrix(true);
  const { minimumWorld: min, maximumWorld: max } = mesh.getBoundingInfo().boundingBox;
  return {
    min: [round(min.x, 4), round(min.y, 4), round(min.z, 4)],
    max: [round(max.x, 4), round(max.y, 4), round(max.z, 4)],
  };
}

function isUnder(node: Node, ancestor: Node): boolean {
  for (let n: Node | null = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

describe("rigged template and creatures", () => {
  it("builds a hidden template; 5 copies each get their own skeleton and their own groups", async () => {
    const scene = setup();
    const baseline = counts(scene);
    const t = await template(scene, [
      ["idle", idle],
      ["walk", walk],
    ]);
    expect(t.modelClip).toBe("idle");
    expect(t.clips).toEqual(["idle", "walk"]);
    expect(counts(scene)).toEqual({ ...baseline, containers: baseline.containers + 1 }); // only the model's container lives

    const creatures = Array.from({ length: 5 }, (_, i) => spawn(scene, t, `fox${i}`));
    expect(scene.skeletons.length).toBe(5);
    expect(scene.animationGroups.length).toBe(5 * 2);
    expect(new Set(creatures.map((c) => c.skeletons[0])).size).toBe(5);
    for (const c of creatures) {
      expect([...c.animations.keys()]).toEqual(["idle", "walk"]);
      expect(c.meshes).toHaveLength(1);
      expect(c.meshes[0]!.skeleton).toBe(c.skeletons[0]);
      expect(c.meshes[0]!.metadata.menagerie).toEqual({ kind: "rigged" });
      for (const group of c.animations.values()) {
        // Both clips, the walk from another GLB too, drive this creature's own nodes.
        expect(group.targetedAnimations.length).toBeGreaterThan(0);
        for (const { target } of group.targetedAnimations) expect(isUnder(target as Node, c.root)).toBe(true);
      }
    }
    const allGroups = creatures.flatMap((c) => [...c.animations.values()]);
    expect(new Set<AnimationGroup>(allGroups).size).toBe(10);
  });

  it("sizes by height or by length from the rest pose, feet on y = 0", async () => {
    const scene = setup();
    const t = await template(scene, [["idle", idle]]);
    const tall = spawn(scene, t, "tall", { axis: "height", meters: 1.6 });
    expect(round(tall.scale)).toBe(round(1.6 / TINY_RIG.height));
    expect(round(tall.heightMeters)).toBe(1.6);
    const b = skinnedBounds(tall);
    expect(b.min[1]).toBe(0);
    expect(b.max[1]).toBe(1.6);
    const long = spawn(scene, t, "long", { axis: "length", meters: 2.6 });
    long.root.position.x = 5;
    const l = skinnedBounds(long);
    expect(round(l.max[2]! - l.min[2]!, 4)).toBe(2.6);
    expect(l.min[1]).toBe(0);
    expect(round(long.heightMeters)).toBe(round(2.6 * (TINY_RIG.height / TINY_RIG.length)));
    // A model whose feet sit below (or above) its origin still stands on y = 0, its origin kept in X and Z.
    for (const offset of [
      [0.1, -0.3, 0.2],
      [0, 0.25, 0],
    ] as const) {
      const shifted = await template(scene, [["idle", await tinyRiggedGlb({ offset: [...offset] })]]);
      const s = skinnedBounds(spawn(scene, shifted, "shifted", { axis: "height", meters: 0.8 }));
      expect(s).toEqual({
        min: [round(-0.2 - offset[0], 4), 0, round(-0.5 + offset[2], 4)],
        max: [round(0.2 - offset[0], 4), 0.8, round(0.8 + offset[2], 4)],
      });
    }
    const wide = spawn(scene, t, "wide", { axis: "width", meters: 0.8 });
    expect(round(wide.scale)).toBe(2);
    expect(() => spawn(scene, t, "bad", { axis: "height", meters: 0 })).toThrow(
      /size.meters must be a positive number/,
    );
  });

  for (const rightHanded of [false, true]) {
    it(`keeps a head at +Z in glTF data at +Z in the ${rightHanded ? "right" : "left"}-handed scene's world`, async () => {
      const scene = setup({ rightHanded });
      const t = await template(scene, [["idle", idle]]);
      const fox = spawn(scene, t, "fox", { axis: "height", meters: TINY_RIG.height });
      fox.root.computeWorldMatrix(true);
      const head = fox.getPart("head")!;
      const body = fox.getPart("body")!;
      head.computeWorldMatrix(true);
      const [hx, hy, hz] = TINY_RIG.headJoint;
      expect([round(head.absolutePosition.x), round(head.absolutePosition.y), round(head.absolutePosition.z)]).toEqual([
        hx,
        hy,
        hz,
      ]);
      expect(head.absolutePosition.z).toBeGreaterThan(body.absolutePosition.z);
      // The drawn mesh agrees: the head box (z 0.5..0.8) is the front of the skinned mesh.
      expect(skinnedBounds(fox)).toEqual({ min: [-0.2, 0, -0.5], max: [0.2, 0.8, 0.8] });
      // Turned half a turn, the head points to -Z: +Z was the creature's own forward.
      fox.root.rotation.y = Math.PI;
      fox.root.computeWorldMatrix(true);
      head.computeWorldMatrix(true);
      expect(round(head.absolutePosition.z)).toBe(-hz);
    });
  }

  it("getPart returns the bone's transform node, which the skeleton follows", async () => {
    const scene = setup();
    const t = await template(scene, [["idle", idle]]);
    const fox = spawn(scene, t);
    const head = fox.getPart("head")!;
    expect(head).toBe(fox.skeletons[0]!.bones.find((b) => b.name === "head")!.getTransformNode());
    expect(head.metadata.menagerie).toEqual({ kind: "rigged", part: "head" });
    expect(fox.listParts()).toEqual(["body", "head"]);
    expect(fox.getPart("tail")).toBeNull();
    const before = skinnedBounds(fox).max[1]!;
    head.position.y += 0.5; // raising the head node raises the drawn head
    expect(round(skinnedBounds(fox).max[1]! - before, 4)).toBe(round(0.5 * fox.scale, 4));
  });

  it("dispose (creatures, then the template) returns the scene to its counts", async () => {
    const scene = setup();
    const baseline = counts(scene);
    const t = await template(scene, [
      ["idle", idle],
      ["walk", walk],
    ]);
    const creatures = [spawn(scene, t, "a"), spawn(scene, t, "b")];
    for (const c of creatures) {
      const binding = bindClips(new ClipMixer({ clips: [...c.animations.keys()], heightMeters: 1 }), c.animations);
      startClips(binding);
      syncClips(binding);
    }
    const live = counts(scene);
    expect(live.animatables).toBe(4);
    expect(live.skeletons).toBe(2);
    creatures[0]!.dispose();
    creatures[0]!.dispose(); // repeat-safe
    expect(creatures[0]!.isDisposed).toBe(true);
    expect(counts(scene)).toMatchObject({ skeletons: 1, animationGroups: 2, animatables: 2 });
    creatures[1]!.dispose();
    // Shared geometry and material stay with the template until it goes.
    expect(counts(scene)).toMatchObject({
      meshes: 0,
      transformNodes: 0,
      skeletons: 0,
      animationGroups: 0,
      animatables: 0,
    });
    t.dispose();
    expect(t.isDisposed).toBe(true);
    expect(counts(scene)).toEqual(baseline);
    expect(() => spawn(scene, t)).toThrow(/was disposed/);
  });

  it("leaves no dead key of a disposed creature in the template's material and clone maps", async () => {
    const scene = setup();
    const t = await template(scene, [["idle", idle]]);
    const keep = spawn(scene, t, "kept");
    const source = t.container.meshes.find((m) => m.getTotalVertices() > 0) as Mesh;
    const material = source.material!;
    const keysOf = (map: object | null | undefined) => Object.keys(map ?? {}).length;
    const before = { material: keysOf(material.meshMap), clones: keysOf(source.cloneMeshMap) };
    // Babylon marks a disposed clone's entry undefined; 50 creatures would leave 50 dead keys each.
    for (let i = 0; i < 50; i++) spawn(scene, t, `c${i}`).dispose();
    expect({ material: keysOf(material.meshMap), clones: keysOf(source.cloneMeshMap) }).toEqual(before);
    keep.dispose();
  });

  it("refuses bad bytes and a GLB with no mesh as the model with a LoadError, leaving nothing", async () => {
    const scene = setup();
    const baseline = counts(scene);
    const truncated = idle.slice(0, 40);
    const noMesh = await tinyRiggedGlb({ mesh: false });
    const cases: [string, GlbBytes, string][] = [
      ["garbage", new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), "parse"],
      ["truncated", truncated, "parse"],
      ["empty", new ArrayBuffer(0), "parse"],
      ["no mesh", noMesh, "no-body"],
    ];
    for (const [label, bytes, reason] of cases) {
      const error = (await template(scene, [
        ["idle", bytes],
        ["walk", walk],
      ]).catch((e: unknown) => e)) as LoadError;
      expect(isMenagerieError(error, "load"), label).toBe(true);
      expect(error.reason, label).toBe(reason);
      expect(error.asset).toBe("clip:idle");
      expect(error.message).toMatch(/^Cannot load clip:idle of "fox": /);
      expect(counts(scene), label).toEqual(baseline);
    }
    const none = await buildRiggedTemplate(scene, "fox", new Map()).catch((e: unknown) => e);
    expect(isMenagerieError(none, "load")).toBe(true);
  });

  it("honours an abort: nothing stays behind", async () => {
    const scene = setup();
    const baseline = counts(scene);
    const controller = new AbortController();
    const promise = buildRiggedTemplate(
      scene,
      "fox",
      new Map([
        ["idle", idle],
        ["walk", walk],
      ]),
      { signal: controller.signal },
    );
    controller.abort(new Error("gone"));
    await expect(promise).rejects.toThrow("gone");
    expect(counts(scene)).toEqual(baseline);
  });
});
