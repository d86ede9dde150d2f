/**
 * The layout of a rigged model's bake (riggedBakePlan.ts), on hand-made templates in a NullEngine
 * scene (toyRig.ts: no catalog, no HTTP): every reason a template is refused, the rows, frames and
 * seconds each clip gets, the frames a second chosen under the texture's size (its width for the
 * bones, its height for the clips, MIN_FPS at least), what puts the animated properties back at
 * rest, and the CPU clock read from the platform.
 */
import { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";
import { Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { MorphTargetManager } from "@babylonjs/core/Morph/morphTargetManager.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bakeProblem,
  MIN_FPS,
  planBake,
  processCpuClock,
  restPose,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedBakePlan.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";
import { boxOf, containerOf, groupOf, skeletonOf, templateOf, toyRig } from "./toyRig.js";

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
});
afterEach(() => env.dispose());

/** A node of its own, not part of any skeleton. */
const nodeOf = (name: string, parent: TransformNode | null = null) => {
  const node = new TransformNode(name, env.scene);
  node.parent = parent;
  return node;
};

/** A one-second clip moving `target` along x. */
const moveOf = (name: string, target: object) =>
  groupOf(env.scene, name, target, [
    [0, new Vector3(0, 0, 0)],
    [60, new Vector3(1, 0, 0)],
  ]);

describe("bakeProblem", () => {
  it("accepts the toy model: one skinned mesh, its clips moving its bones' nodes", () => {
    expect(bakeProblem(toyRig(env.scene).template)).toBeUndefined();
  });

  it("refuses a model with no mesh, or only meshes without vertices", () => {
    const { skeleton } = skeletonOf(env.scene, 1);
    expect(bakeProblem(templateOf(containerOf(env.scene, { meshes: [] })))).toBe("it has no mesh to draw");
    const empty = new Mesh("empty", env.scene);
    empty.skeleton = skeleton;
    expect(bakeProblem(templateOf(containerOf(env.scene, { meshes: [empty] })))).toBe("it has no mesh to draw");
  });

  it("bakes one skeleton: refuses meshes of none or of two, accepts meshes sharing one beside a mesh of none", () => {
    const one = skeletonOf(env.scene, 1, "one").skeleton;
    const two = skeletonOf(env.scene, 1, "two").skeleton;
    const problem = (...meshes: Mesh[]) => bakeProblem(templateOf(containerOf(env.scene, { meshes })));
    expect(problem(boxOf(env.scene, "plain"))).toBe("its meshes use 0 skeletons (one is baked)");
    expect(problem(boxOf(env.scene, "a", one), boxOf(env.scene, "b", two))).toBe(
      "its meshes use 2 skeletons (one is baked)",
    );
    expect(problem(boxOf(env.scene, "a", one), boxOf(env.scene, "b", one), boxOf(env.scene, "plain"))).toBeUndefined();
    // A mesh without vertices does not count, skeleton or not.
    const empty = new Mesh("empty", env.scene);
    empty.skeleton = two;
    expect(problem(boxOf(env.scene, "a", one), empty)).toBeUndefined();
  });

  it("refuses a skeleton that needs an initial skin matrix", () => {
    const rig = toyRig(env.scene);
    rig.skeleton.needInitialSkinMatrix = true;
    expect(bakeProblem(rig.template)).toBe("its skeleton needs an initial skin matrix");
  });

  it("refuses morph targets on any drawn mesh", () => {
    const rig = toyRig(env.scene);
    const plain = boxOf(env.scene, "plain");
    rig.template.container.meshes.push(plain);
    expect(bakeProblem(rig.template)).toBeUndefined();
    plain.morphTargetManager = new MorphTargetManager(env.scene);
    expect(bakeProblem(rig.template)).toBe("it has morph targets");
    plain.morphTargetManager = null;
    rig.mesh.morphTargetManager = new MorphTargetManager(env.scene);
    expect(bakeProblem(rig.template)).toBe("it has morph targets");
  });

  it("accepts clips of position, rotation (quaternion or Euler) and scaling, nothing else, and no sub-property", () => {
    const rig = toyRig(env.scene);
    const node = rig.nodes[0]!;
    const groups = rig.template.container.animationGroups;
    groups.push(
      groupOf(
        env.scene,
        "turn",
        node,
        [
          [0, new Vector3(0, 0, 0)],
          [60, new Vector3(0, 1, 0)],
        ],
        { property: "rotation" },
      ),
      groupOf(
        env.scene,
        "grow",
        node,
        [
          [0, new Vector3(1, 1, 1)],
          [60, new Vector3(2, 2, 2)],
        ],
        { property: "scaling" },
      ),
    );
    groups.push(groupOf(env.scene, "spin", node, [[0, Quaternion.Identity()]], { property: "rotationQuaternion" }));
    expect(bakeProblem(rig.template)).toBeUndefined();
    groups.push(
      groupOf(
        env.scene,
        "fade",
        rig.mesh,
        [
          [0, 1],
          [60, 0],
        ],
        { property: "visibility" },
      ),
    );
    expect(bakeProblem(rig.template)).toBe('a clip animates "visibility"');
    groups.pop();
    groups.push(
      groupOf(
        env.scene,
        "slide",
        node,
        [
          [0, 0],
          [60, 1],
        ],
        { property: "position.x" },
      ),
    );
    expect(bakeProblem(rig.template)).toBe('a clip animates "position.x"');
  });

  it("refuses a mesh without a skin that a clip moves, itself or through a parent, grandparent", () => {
    const rig = toyRig(env.scene);
    const groups = rig.template.container.animationGroups;
    const meshes = rig.template.container.meshes;
    const hip = nodeOf("hip");
    const knee = nodeOf("knee", hip);
    const shoe = boxOf(env.scene, "shoe");
    shoe.parent = knee;
    meshes.push(shoe);
    expect(bakeProblem(rig.template)).toBeUndefined();
    groups.push(moveOf("kick", hip));
    expect(bakeProblem(rig.template)).toBe('its mesh "shoe" moves with a clip without a skin');
    groups.pop();
    groups.push(moveOf("bend", knee));
    expect(bakeProblem(rig.template)).toBe('its mesh "shoe" moves with a clip without a skin');
    groups.pop();
    groups.push(moveOf("tap", shoe));
    expect(bakeProblem(rig.template)).toBe('its mesh "shoe" moves with a clip without a skin');
  });

  it("accepts a skinned mesh, or a mesh without vertices, under a node a clip moves", () => {
    const rig = toyRig(env.scene);
    const hip = nodeOf("hip");
    rig.mesh.parent = hip;
    const empty = new Mesh("empty", env.scene);
    empty.parent = hip;
    rig.template.container.meshes.push(empty);
    rig.template.container.animationGroups.push(moveOf("kick", hip));
    expect(bakeProblem(rig.template)).toBeUndefined();
  });
});

describe("planBake", () => {
  it("gives row 0 to the rest pose and each clip its seconds times fps rows, in order", () => {
    const rig = toyRig(env.scene);
    const plan = planBake(rig.template, 4096, 60);
    expect(plan.fps).toBe(60);
    expect(plan.width).toBe(12); // (2 bones + identity) × 4 pixels
    expect(plan.clips).toEqual([
      { name: "walk", start: 1, frames: 60, seconds: 1 },
      { name: "wave", start: 61, frames: 30, seconds: 0.5 },
    ]);
    expect(plan.rows).toBe(91);
    expect(plan.data).toHaveLength(91 * 12 * 4);
    expect(plan.data.every((v) => v === 0)).toBe(true);
    expect(plan.skeleton).toBe(rig.skeleton);
    expect(plan.mesh).toBe(rig.mesh);
    expect(plan.groups).toBe(rig.template.container.animationGroups);
  });

  it("names the clips as the template does, in the groups' order", () => {
    const rig = toyRig(env.scene);
    const template = { ...rig.template, clips: ["idle", "run"], container: rig.template.container };
    expect(planBake(template, 4096, 60).clips.map((c) => c.name)).toEqual(["idle", "run"]);
  });

  it("takes the skinned mesh with vertices, not a plain mesh or an empty one before it", () => {
    const rig = toyRig(env.scene);
    const empty = new Mesh("empty", env.scene);
    empty.skeleton = rig.skeleton;
    rig.template.container.meshes.unshift(boxOf(env.scene, "plain"), empty);
    expect(planBake(rig.template, 4096, 60).mesh).toBe(rig.mesh);
  });

  it("bakes maxFps frames a second at most", () => {
    const plan = planBake(toyRig(env.scene).template, 4096, 30);
    expect(plan.fps).toBe(30);
    expect(plan.clips.map((c) => [c.start, c.frames])).toEqual([
      [1, 30],
      [31, 15],
    ]);
    expect(plan.rows).toBe(46);
  });

  it("reads a clip's seconds from its first animation's frames a second and its frame range", () => {
    const { skeleton, nodes } = skeletonOf(env.scene, 1);
    const slow = groupOf(
      env.scene,
      "slow",
      nodes[0]!,
      [
        [15, new Vector3()],
        [45, new Vector3(1, 0, 0)],
      ],
      { fps: 20 },
    );
    const template = templateOf(
      containerOf(env.scene, { meshes: [boxOf(env.scene, "body", skeleton)], skeletons: [skeleton], groups: [slow] }),
    );
    const plan = planBake(template, 4096, 60);
    expect(plan.clips).toEqual([{ name: "slow", start: 1, frames: 90, seconds: 1.5 }]);
  });

  it("gives a single pose, or a group animating nothing, a row of zero seconds", () => {
    const rig = toyRig(env.scene);
    const groups = rig.template.container.animationGroups;
    groups.splice(1, 0, groupOf(env.scene, "pose", rig.nodes[1]!, [[10, new Vector3(0, 5, 0)]]));
    groups.push(new AnimationGroup("nothing", env.scene));
    const plan = planBake(rig.template, 4096, 60);
    expect(plan.clips).toEqual([
      { name: "walk", start: 1, frames: 60, seconds: 1 },
      { name: "pose", start: 61, frames: 1, seconds: 0 },
      { name: "wave", start: 62, frames: 30, seconds: 0.5 },
      { name: "nothing", start: 92, frames: 1, seconds: 0 },
    ]);
    expect(plan.rows).toBe(93);
  });

  // Found by this file (riggedBakePlan.ts set 1 frame a second for 0 s of clips, below MIN_FPS,
  // and refused such a model as if "its clips (0.0 s) do not fit a texture 4096 rows high").
  it("bakes a model whose clips are all single poses, a row each, while their rows fit", () => {
    const { skeleton, nodes } = skeletonOf(env.scene, 1);
    const pose = groupOf(env.scene, "pose", nodes[0]!, [[0, new Vector3(0, 5, 0)]]);
    const template = templateOf(
      containerOf(env.scene, { meshes: [boxOf(env.scene, "body", skeleton)], skeletons: [skeleton], groups: [pose] }),
    );
    const plan = planBake(template, 4096, 60);
    expect(plan.clips).toEqual([{ name: "pose", start: 1, frames: 1, seconds: 0 }]);
    expect([plan.rows, plan.fps]).toEqual([2, 60]);
    // A texture 8 pixels across (one bone) holds the rest row and 7 poses, not 8.
    const poses = (n: number) =>
      templateOf(
        containerOf(env.scene, {
          meshes: [boxOf(env.scene, "body", skeleton)],
          skeletons: [skeleton],
          groups: Array.from({ length: n }, (_, i) => groupOf(env.scene, `pose${i}`, nodes[0]!, [[0, Vector3.Zero()]])),
        }),
      );
    expect([planBake(poses(7), 8, 30).rows, planBake(poses(7), 8, 30).fps]).toEqual([8, 30]);
    expect(() => planBake(poses(8), 8, 30)).toThrow(new Error("its clips (0.0 s) do not fit a texture 8 rows high"));
  });

  it("throws bakeProblem's reason", () => {
    const rig = toyRig(env.scene);
    rig.skeleton.needInitialSkinMatrix = true;
    expect(() => planBake(rig.template, 4096, 60)).toThrow("its skeleton needs an initial skin matrix");
  });

  it("fits the bones in the texture's width, (bones + 1) × 4 pixels, exactly at most", () => {
    // 4 bones: 20 pixels across. 20 rows hold 1.5 s of clips at 11 frames a second.
    const rig = toyRig(env.scene, 2);
    expect(planBake(rig.template, 20, 60).width).toBe(20);
    expect(() => planBake(rig.template, 19, 60)).toThrow(new Error("its 4 bones do not fit a texture 19 pixels wide"));
  });

  it("lowers the frames a second to what the texture's height holds, a spare row per clip kept", () => {
    const template = toyRig(env.scene).template;
    // 1.5 s of clips in (rows - 1 - 2 clips) rows: 16 / 1.5 = 10.7 → 10 a second, 10 + 5 rows.
    const plan = planBake(template, 19, 60);
    expect(plan.fps).toBe(10);
    expect(plan.clips.map((c) => [c.start, c.frames])).toEqual([
      [1, 10],
      [11, 5],
    ]);
    expect(plan.rows).toBe(16);
    expect(planBake(template, 22, 60).fps).toBe(12); // 19 / 1.5 = 12.7
  });

  it("bakes MIN_FPS frames a second at least, else refuses saying what does not fit", () => {
    expect(MIN_FPS).toBe(10);
    const template = toyRig(env.scene).template;
    // 18 rows: 15 / 1.5 = 10 frames a second, MIN_FPS exactly.
    expect(planBake(template, 18, 60).fps).toBe(MIN_FPS);
    expect(() => planBake(template, 17, 60)).toThrow(new Error("its clips (1.5 s) do not fit a texture 17 rows high"));
  });
});

describe("restPose", () => {
  it("puts every animated property back to its value when read, a copy each time", () => {
    const rig = toyRig(env.scene);
    const [a, b] = rig.nodes as [TransformNode, TransformNode];
    const toRest = restPose(rig.groups);
    a.position.x = 50; // changed in place: the rest value is a copy
    b.position = new Vector3(9, 9, 9);
    toRest();
    expect(a.position.asArray()).toEqual([1, 2, 3]);
    expect(b.position.asArray()).toEqual([2, 2, 3]);
    a.position.x = 60; // the value put back is a copy too: the next rest is unchanged
    toRest();
    expect(a.position.asArray()).toEqual([1, 2, 3]);
  });

  it("puts back each property of each target, numbers and nulls as they were", () => {
    const { nodes } = skeletonOf(env.scene, 2);
    const [a, b] = nodes as [TransformNode, TransformNode];
    const mesh = boxOf(env.scene, "body");
    mesh.visibility = 0.75;
    const groups = [
      groupOf(env.scene, "move", a, [
        [0, new Vector3()],
        [1, new Vector3(1, 1, 1)],
      ]),
      groupOf(
        env.scene,
        "grow",
        a,
        [
          [0, new Vector3()],
          [1, new Vector3(2, 2, 2)],
        ],
        { property: "scaling" },
      ),
      groupOf(env.scene, "move b", b, [
        [0, new Vector3()],
        [1, new Vector3(1, 1, 1)],
      ]),
      groupOf(
        env.scene,
        "fade",
        mesh,
        [
          [0, 1],
          [1, 0],
        ],
        { property: "visibility" },
      ),
      groupOf(env.scene, "spin", b, [[0, Quaternion.Identity()]], { property: "rotationQuaternion" }),
    ];
    expect(b.rotationQuaternion).toBeNull();
    const toRest = restPose(groups);
    a.position.set(7, 7, 7);
    a.scaling.set(3, 3, 3);
    b.position.set(8, 8, 8);
    mesh.visibility = 0.1;
    b.rotationQuaternion = new Quaternion(0, 1, 0, 0);
    toRest();
    expect([a.position.asArray(), a.scaling.asArray(), b.position.asArray()]).toEqual([
      [1, 2, 3],
      [1, 1, 1],
      [2, 2, 3],
    ]);
    expect(mesh.visibility).toBe(0.75);
    expect(b.rotationQuaternion).toBeNull();
  });

  it("reads a property two clips animate once, as it was before either", () => {
    const { nodes } = skeletonOf(env.scene, 1);
    const node = nodes[0]!;
    const groups = [moveOf("one", node), moveOf("two", node)];
    const toRest = restPose(groups);
    node.position.set(4, 4, 4);
    toRest();
    expect(node.position.asArray()).toEqual([1, 2, 3]);
  });
});

describe("processCpuClock", () => {
  type Usage = () => { user: number; system: number };
  const proc = process as unknown as { cpuUsage?: Usage; threadCpuUsage?: Usage };

  /** Runs `body` with the process's CPU usage functions replaced, then puts them back. */
  function withUsage(usage: { cpuUsage?: Usage; threadCpuUsage?: Usage }, body: () => void) {
    const saved = { cpuUsage: proc.cpuUsage, threadCpuUsage: proc.threadCpuUsage };
    const hadThread = Object.hasOwn(proc, "threadCpuUsage");
    try {
      proc.cpuUsage = usage.cpuUsage;
      proc.threadCpuUsage = usage.threadCpuUsage;
      body();
    } finally {
      proc.cpuUsage = saved.cpuUsage;
      if (hadThread) proc.threadCpuUsage = saved.threadCpuUsage;
      else delete proc.threadCpuUsage;
    }
  }

  it("is a clock of milliseconds on Node", () => {
    const clock = processCpuClock();
    expect(typeof clock).toBe("function");
    expect(Number.isFinite(clock!())).toBe(true);
  });

  it("reads the thread's CPU time where there is one, else the process's, user and system in µs summed to ms", () => {
    const calls: unknown[] = [];
    const thread: Usage = function (this: unknown) {
      calls.push(this);
      return { user: 3000, system: 1500 };
    };
    const whole: Usage = () => ({ user: 20_000, system: 4000 });
    withUsage({ cpuUsage: whole, threadCpuUsage: thread }, () => {
      expect(processCpuClock()!()).toBe(4.5);
    });
    expect(calls).toEqual([process]); // called on the process, as Node's own methods must be
    withUsage({ cpuUsage: whole }, () => {
      expect(processCpuClock()!()).toBe(24);
    });
  });

  it("is undefined where the platform tells no CPU time", () => {
    withUsage({}, () => {
      expect(processCpuClock()).toBeUndefined();
    });
  });
});
