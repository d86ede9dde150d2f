/**
 * A part-built crowd's renderer, built directly on a NullEngine scene from a hand-made template
 * (two box parts, body and head, each with a material of its own, so their looks are joined
 * into one mesh): each member's slot, matrix and joint row read back, a hidden member zeroed in
 * its own slot, a member's reach scaled by its root's largest axis, removals of members gone
 * (or after disposal) ignored, flushes that upload only after a write or a level switch (and
 * on their own before the scene evaluates its active meshes, until disposal), levels of detail
 * chosen by the model's height and used when some part mesh has a simplified level, dispose
 * done once and leaving the template's textures alone, the crowd forgotten once disposed, the
 * box its parts measure at a pose (meshes without vertices left out), and the offset matrix of
 * a part hung at its joint.
 */
import type { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeshLodSettings } from "../../../../../src/babylon/options/meshLodOptions.js";
import {
  CrowdRenderer,
  crowdOf,
  crowdStats,
  JointChain,
  type JointPose,
  measurePosed,
  REST_POSE,
  writeOffsetMatrix,
} from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
import type { CrowdMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import { levelSwitcherStats } from "../../../../../src/babylon/runtime/crowd/shared/levelSwitcher.js";
import type { ModelTemplate } from "../../../../../src/babylon/runtime/load/buildTemplate.js";
import type { RigLayout } from "../../../../../src/rig/layoutRig.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** The model's feet are at y = 0.2: its meshes are drawn 0.2 lower, onto the root. */
const FEET = 0.2;
const LAYOUT: RigLayout = {
  type: "test",
  joints: [
    { part: "body", parent: null, pivot: { x: 0, y: 0.5, z: 0 }, known: true },
    { part: "head", parent: "body", pivot: { x: 0, y: 0.8, z: 0.4 }, known: true },
  ],
  bounds: { min: { x: -0.2, y: FEET, z: -0.4 }, max: { x: 0.2, y: 1, z: 0.6 } },
};
/** A level past 10 heights (the model is 0.8 tall: 8 units away). */
const LOD: MeshLodSettings = { distances: [10], ratios: [0.5], hysteresis: 0.1 };

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  env = createNullScene();
  for (const key of Object.keys(crowdStats) as (keyof typeof crowdStats)[]) crowdStats[key] = 0;
});
afterEach(() => env.dispose());

/** A box part mesh from `min` to `max` in the model frame. */
function boxPart(name: string, min: Vector3, max: Vector3, material: StandardMaterial): Mesh {
  const size = max.subtract(min);
  const box = CreateBox(name, { width: size.x, height: size.y, depth: size.z }, env.scene);
  box.bakeTransformIntoVertices(Matrix.Translation((min.x + max.x) / 2, (min.y + max.y) / 2, (min.z + max.z) / 2));
  box.material = material;
  return box;
}

/** The template of a two-box model: body (0.2–0.8 high), head (0.8–1 high) on it; with `meshLod`, the body has a level. */
function templateOf(meshLod?: MeshLodSettings): ModelTemplate & { texture: Texture } {
  const fur = new StandardMaterial("fox/fur", env.scene);
  const texture = new Texture("fur.png", env.scene);
  fur.diffuseTexture = texture;
  const eye = new StandardMaterial("fox/eye", env.scene);
  eye.diffuseColor.set(0, 0, 1);
  const body = boxPart("fox/body", new Vector3(-0.2, 0.2, -0.4), new Vector3(0.2, 0.8, 0.4), fur);
  const head = boxPart("fox/head", new Vector3(-0.1, 0.8, 0.4), new Vector3(0.1, 1, 0.6), eye);
  const holder = new TransformNode("fox/template", env.scene);
  // The body's one simplified level: its own buffers (enough for a level to be made).
  const level = {
    positions: new Float32Array(body.getVerticesData("position")!),
    indices: new Uint16Array(body.getIndices()!),
  };
  return {
    record: { name: "fox" } as ModelTemplate["record"],
    layout: LAYOUT,
    parts: new Map([
      ["body", { name: "body", meshes: [body], levels: meshLod ? [[level]] : undefined }],
      ["head", { name: "head", meshes: [head] }],
    ]),
    materials: {} as ModelTemplate["materials"],
    holder,
    jointed: true,
    meshLod,
    dispose: () => holder.dispose(),
    texture,
  };
}

function crowdOfTemplate(meshLod?: MeshLodSettings, onEmpty = () => {}) {
  const template = templateOf(meshLod);
  return { template, crowd: new CrowdRenderer(env.scene, template, onEmpty) };
}

/** A root's world matrix: scaled, turned and placed. */
const rootAt = (x: number, z: number, yaw = 0, scale = 1) =>
  Matrix.Compose(new Vector3(scale, scale, scale), Quaternion.RotationYawPitchRoll(yaw, 0, 0), new Vector3(x, 0, z));

/** Where a part mesh of the model is drawn at rest under `root`: the model frame shifted down onto the root. */
const restPart = (root: Matrix) => Matrix.Translation(0, -FEET, 0).multiply(root);

function expectMatrix(actual: Matrix | null, expected: Matrix): void {
  expect(actual).not.toBeNull();
  for (const [i, v] of actual!.m.entries()) expect(v, `entry ${i}`).toBeCloseTo(expected.m[i]!, 5);
}

const isZero = (m: Matrix | null) => m?.m.every((v) => v === 0) === true;

describe("a crowd's members and their slots", () => {
  it("draws each part of a creature at rest where its root is, read from its own slot and row", () => {
    const { crowd } = crowdOfTemplate();
    const roots = [rootAt(0, 0), rootAt(3, -2, 0.7, 2), rootAt(-5, 4, -1.2, 0.5)];
    const members = roots.map(() => crowd.add(undefined, 1));
    for (const [i, member] of members.entries()) crowd.write(member, roots[i]!);
    expect(members.map((m) => m.slot)).toEqual([0, 1, 2]);
    for (const [slot, root] of roots.entries())
      for (const joint of [0, 1]) expectMatrix(crowd.partMatrixAt(slot, joint), restPart(root));
  });

  it("answers no part matrix for a slot outside its level, a removed member's, or a level not made", () => {
    const { crowd } = crowdOfTemplate();
    const a = crowd.add(undefined, 1);
    const b = crowd.add(undefined, 1);
    crowd.write(a, rootAt(1, 1));
    crowd.write(b, rootAt(2, 2));
    expect(crowd.partMatrixAt(0, 1)).not.toBeNull();
    expect(crowd.partMatrixAt(1, 1)).not.toBeNull();
    expect(crowd.partMatrixAt(-1, 0)).toBeNull();
    expect(crowd.partMatrixAt(2, 0)).toBeNull();
    expect(crowd.partMatrixAt(0, 0, 1)).toBeNull();
    // The last member leaves: its slot is outside the level now, though its floats are still there.
    crowd.remove(b);
    expect(b.slot).toBe(-1);
    expect(crowd.partMatrixAt(1, 0)).toBeNull();
    expectMatrix(crowd.partMatrixAt(0, 0), restPart(rootAt(1, 1)));
  });

  it("hides a creature by zeroing its own matrix, leaving its neighbours'", () => {
    const { crowd } = crowdOfTemplate();
    const a = crowd.add(undefined, 1);
    const b = crowd.add(undefined, 1);
    const c = crowd.add(undefined, 1);
    for (const [i, member] of [a, b, c].entries()) crowd.write(member, rootAt(i + 1, 0));
    b.hidden = true;
    crowd.write(b, rootAt(9, 9));
    expect(isZero(crowd.partMatrixAt(1, 0))).toBe(true);
    expect(isZero(crowd.partMatrixAt(1, 1))).toBe(true);
    expectMatrix(crowd.partMatrixAt(0, 0), restPart(rootAt(1, 0)));
    expectMatrix(crowd.partMatrixAt(2, 0), restPart(rootAt(3, 0)));
  });

  it("reaches as far as its model reach times its root's largest axis scale, whichever axis that is", () => {
    const { crowd } = crowdOfTemplate();
    // Turned about every axis, so that each axis's scale is spread over its row's three entries.
    const turn = Quaternion.RotationYawPitchRoll(0.3, 0.5, 0.7);
    for (const scale of [new Vector3(3, 2, 1.5), new Vector3(1.5, 3, 2), new Vector3(2, 1.5, 3)]) {
      const member = crowd.add(undefined, 1.5);
      crowd.write(member, Matrix.Compose(scale, turn, new Vector3(1, 2, 3)));
      expect(member.reach, `scale ${scale}`).toBeCloseTo(1.5 * 3, 5);
      expect([member.x, member.y, member.z]).toEqual([1, 2, 3]);
    }
  });

  it("ignores the removal of a member already removed: the others keep their slots and matrices", () => {
    const { crowd } = crowdOfTemplate();
    const [a, b, c] = [0, 1, 2].map(() => crowd.add(undefined, 1)) as [CrowdMember, CrowdMember, CrowdMember];
    for (const [i, member] of [a, b, c].entries()) crowd.write(member, rootAt(i + 1, 0));
    crowd.remove(a);
    expect([a.slot, b.slot, c.slot]).toEqual([-1, 1, 0]);
    crowd.remove(a);
    expect(crowd.count).toBe(2);
    expect([a.slot, b.slot, c.slot]).toEqual([-1, 1, 0]);
    expectMatrix(crowd.partMatrixAt(0, 0), restPart(rootAt(3, 0)));
    expectMatrix(crowd.partMatrixAt(1, 0), restPart(rootAt(2, 0)));
  });

  it("ignores the removal of a member once the crowd is disposed", () => {
    const { crowd } = crowdOfTemplate();
    const member = crowd.add(undefined, 1);
    crowd.write(member, rootAt(1, 0));
    crowd.dispose();
    expect(() => crowd.remove(member)).not.toThrow();
    expect(member.slot).toBe(0);
  });
});

describe("a crowd's flushes", () => {
  it("uploads and refits nothing while nothing was written", () => {
    const { crowd } = crowdOfTemplate();
    crowd.flush();
    crowd.flush();
    expect(crowdStats.uploads).toBe(0);
    expect(crowdStats.boundsRefits).toBe(0);
  });

  it("uploads what was written once, at the next flush, and again after a member leaves", () => {
    const { crowd } = crowdOfTemplate();
    const a = crowd.add(undefined, 1);
    const b = crowd.add(undefined, 1);
    crowd.write(a, rootAt(0, 0));
    crowd.write(b, rootAt(4, 0));
    crowd.flush();
    // The joined mesh's matrices and the joint texture.
    expect(crowdStats.uploads).toBe(2);
    expect(crowdStats.boundsRefits).toBe(1);
    crowd.flush();
    expect(crowdStats.uploads).toBe(2);
    crowd.remove(b);
    crowd.flush();
    expect(crowdStats.uploads).toBe(4);
  });

  it("looks at no creature's distance again while neither it nor the camera moves", () => {
    const { crowd } = crowdOfTemplate(LOD);
    const member = crowd.add(undefined, 1);
    crowd.write(member, rootAt(0, 0));
    crowd.flush();
    levelSwitcherStats.looked = 0;
    for (let i = 0; i < 4; i++) crowd.flush();
    expect(levelSwitcherStats.looked).toBe(0);
    expect(crowdStats.uploads).toBe(2);
  });

  it("uploads both levels when the camera backing away moves a creature to a simplified level, though nothing was written", () => {
    const { crowd } = crowdOfTemplate(LOD);
    const member = crowd.add(undefined, 1);
    crowd.write(member, rootAt(0, 0));
    crowd.flush();
    expect(crowd.levelCounts).toEqual([1, 0]);
    crowdStats.uploads = 0;
    const camera = env.scene.activeCamera as FreeCamera;
    camera.position.set(0, 1, -100);
    camera.computeWorldMatrix();
    crowd.flush();
    expect(crowdStats.levelSwitches).toBe(1);
    expect(crowd.levelCounts).toEqual([0, 1]);
    // Each level's joined mesh's matrices and joint texture.
    expect(crowdStats.uploads).toBe(4);
    expectMatrix(crowd.partMatrixAt(0, 1, 1), restPart(rootAt(0, 0)));
  });

  it("flushes on its own before the scene evaluates its active meshes", () => {
    const { crowd } = crowdOfTemplate();
    crowd.write(crowd.add(undefined, 1), rootAt(0, 0));
    expect(crowdStats.uploads).toBe(0);
    env.scene.onBeforeActiveMeshesEvaluationObservable.notifyObservers(env.scene);
    // The joined mesh's matrices and the joint texture.
    expect(crowdStats.uploads).toBe(2);
    expect(crowdStats.boundsRefits).toBe(1);
  });

  it("stops flushing before the scene's evaluations once disposed", () => {
    const { crowd } = crowdOfTemplate();
    const flush = vi.spyOn(crowd, "flush");
    env.scene.onBeforeActiveMeshesEvaluationObservable.notifyObservers(env.scene);
    expect(flush).toHaveBeenCalledTimes(1);
    crowd.dispose();
    env.scene.onBeforeActiveMeshesEvaluationObservable.notifyObservers(env.scene);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

describe("a crowd's levels of detail", () => {
  /** Moves the scene's camera to `z` on the z axis, level with the root (at the origin). */
  function cameraAt(z: number): void {
    const camera = env.scene.activeCamera as FreeCamera;
    camera.position.set(0, 0, z);
    camera.computeWorldMatrix();
  }

  it("measures distances in the model's height, from its feet to its top, not from the ground", () => {
    // 0.8 tall (feet at 0.2, top at 1): level 1 begins 8 units away, not 10 (the top's height).
    const { crowd } = crowdOfTemplate(LOD);
    cameraAt(-9);
    crowd.write(crowd.add(undefined, 1), rootAt(0, 0));
    crowd.flush();
    expect(crowd.levelCounts).toEqual([0, 1]);
  });

  it("keeps a creature at full detail nearer than its level's distance in model heights", () => {
    const { crowd } = crowdOfTemplate(LOD);
    cameraAt(-7.5);
    crowd.write(crowd.add(undefined, 1), rootAt(0, 0));
    crowd.flush();
    expect(crowd.levelCounts).toEqual([1, 0]);
  });

  it("uses levels when some part mesh has a simplified one, though not at every level", () => {
    // Two levels, past 10 and 20 heights (8 and 16 units); the body has only the second simplified.
    const { template } = crowdOfTemplate({ distances: [10, 20], ratios: [0.5, 0.25], hysteresis: 0.1 });
    const body = template.parts.get("body")!;
    const simplified = body.levels![0]![0]!;
    body.levels = [[null, simplified]];
    const crowd = new CrowdRenderer(env.scene, template, () => {});
    expect(crowd.levelCounts).toEqual([0, 0, 0]);
    cameraAt(-20);
    crowd.write(crowd.add(undefined, 1), rootAt(0, 0));
    crowd.flush();
    expect(crowd.levelCounts).toEqual([0, 0, 1]);
  });
});

describe("a crowd's disposal", () => {
  it("is done once, however often it is asked", () => {
    const onEmpty = vi.fn();
    const { crowd } = crowdOfTemplate(undefined, onEmpty);
    crowd.add(undefined, 1);
    const [mesh] = crowd.meshes;
    crowd.dispose();
    expect(mesh!.isDisposed()).toBe(true);
    expect(onEmpty).toHaveBeenCalledTimes(1);
    crowd.dispose();
    expect(onEmpty).toHaveBeenCalledTimes(1);
  });

  it("binds its drawing meshes to a joint skeleton named after the model, kept out of the scene's list", () => {
    const { crowd } = crowdOfTemplate();
    const skeleton = crowd.meshes[0]!.skeleton;
    expect(skeleton?.name).toBe("fox/crowd/joints");
    expect(skeleton?.bones).toHaveLength(2);
    expect(env.scene.skeletons).not.toContain(skeleton);
  });

  it("disposes its own look material but leaves the template's textures to the template", () => {
    const { crowd, template } = crowdOfTemplate();
    const material = crowd.meshes[0]!.material as StandardMaterial;
    expect(crowd.meshes).toHaveLength(1);
    expect(material.name).toBe("fox/crowd/looks");
    expect(material.diffuseTexture).toBe(template.texture);
    crowd.dispose();
    expect(env.scene.materials).not.toContain(material);
    expect(env.scene.textures).toContain(template.texture);
    expect(template.texture.getInternalTexture()).not.toBeNull();
  });

  it("is forgotten by the model once disposed: its next creature gets a new crowd", () => {
    const template = templateOf();
    const crowd = crowdOf(env.scene, template);
    expect(crowdOf(env.scene, template)).toBe(crowd);
    crowd.dispose();
    const next = crowdOf(env.scene, template);
    expect(next).not.toBe(crowd);
    expect(crowdOf(env.scene, template)).toBe(next);
    // The template's disposal takes its crowd with it.
    template.dispose();
    const after = crowdOf(env.scene, template);
    expect(after).not.toBe(next);
    after.dispose();
  });
});

describe("a crowd's measure of a pose", () => {
  it("measures the rest pose as the part meshes' box, feet at the root", () => {
    const { crowd } = crowdOfTemplate();
    const box = crowd.measure();
    expect(box).not.toBeNull();
    expect(box!.min.asArray().map((v) => +v.toFixed(6))).toEqual([-0.2, 0, -0.4]);
    expect(box!.max.asArray().map((v) => +v.toFixed(6))).toEqual([0.2, 0.8, 0.6]);
  });

  it("measures a lifted body with the head it carries", () => {
    const { crowd } = crowdOfTemplate();
    const lifted: JointPose = { ...REST_POSE, body: 0, bodyLift: 0.5 };
    const box = crowd.measure(lifted)!;
    expect(box.min.asArray().map((v) => +v.toFixed(6))).toEqual([-0.2, 0.5, -0.4]);
    expect(box.max.asArray().map((v) => +v.toFixed(6))).toEqual([0.2, 1.3, 0.6]);
  });

  it("leaves a part mesh without vertices out of the box, wherever it stands", () => {
    const { template } = crowdOfTemplate();
    // An empty mesh of the body's, placed far off: it has a bounding box (a point), but no vertex.
    const empty = new Mesh("fox/body/empty", env.scene);
    empty.position.set(5, 5, 5);
    empty.material = template.parts.get("body")!.meshes[0]!.material;
    expect(empty.getTotalVertices()).toBe(0);
    template.parts.get("body")!.meshes.push(empty);
    const crowd = new CrowdRenderer(env.scene, template, () => {});
    const box = crowd.measure()!;
    expect(box.min.asArray().map((v) => +v.toFixed(6))).toEqual([-0.2, 0, -0.4]);
    expect(box.max.asArray().map((v) => +v.toFixed(6))).toEqual([0.2, 0.8, 0.6]);
  });

  it("measures no box where no part has a corner, and a flat one where the parts are flat", () => {
    const chain = new JointChain(LAYOUT);
    expect(measurePosed(chain, [], REST_POSE)).toBeNull();
    expect(measurePosed(chain, [{ joint: 0, corners: [] }], REST_POSE)).toBeNull();
    // A card in the body's plane x = 0.
    const card = [new Vector3(0, 0.3, -0.1), new Vector3(0, 0.6, 0.1)];
    const box = measurePosed(chain, [{ joint: 0, corners: card }], REST_POSE);
    expect(box).not.toBeNull();
    expect([box!.min.x, box!.max.x]).toEqual([0, 0]);
    expect(box!.min.y).toBeCloseTo(0.1, 6);
    expect(box!.max.y).toBeCloseTo(0.4, 6);
  });
});

describe("a part's offset matrix", () => {
  it("hangs a turned, scaled joint's part at -pivot: the translation row moved by -pivot through the joint's axes", () => {
    const m = Matrix.Compose(
      new Vector3(2, 3, 0.5),
      Quaternion.RotationYawPitchRoll(0.4, -0.6, 1.1),
      new Vector3(7, -2, 5),
    );
    const pivot = new Vector3(0.3, -1.5, 2);
    const out = new Float32Array(32).fill(9);
    writeOffsetMatrix(out, 16, m.m, pivot);
    // The slot before is untouched.
    expect([...out.subarray(0, 16)]).toEqual(new Array(16).fill(9));
    const expected = Matrix.Translation(-pivot.x, -pivot.y, -pivot.z).multiply(m);
    for (let i = 0; i < 16; i++) expect(out[16 + i], `entry ${i}`).toBeCloseTo(expected.m[i]!, 5);
    // The translation row by hand: -pivot times the three axis rows, plus the joint's translation.
    const r = m.m;
    for (let c = 0; c < 3; c++) {
      const hand = -0.3 * r[c]! + 1.5 * r[4 + c]! - 2 * r[8 + c]! + r[12 + c]!;
      expect(out[28 + c], `column ${c}`).toBeCloseTo(hand, 5);
    }
  });

  it("follows its formula for every column, the projective one too, given a matrix that is not affine", () => {
    const m = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    const out = new Float32Array(16);
    writeOffsetMatrix(out, 0, m, new Vector3(1, 2, 3));
    expect([...out.subarray(0, 12)]).toEqual(m.slice(0, 12));
    // Row 3 = -(1, 2, 3) × the first three rows + row 3.
    expect(out[12]).toBe(-1 * 2 - 2 * 11 - 3 * 23 + 41);
    expect(out[13]).toBe(-1 * 3 - 2 * 13 - 3 * 29 + 43);
    expect(out[14]).toBe(-1 * 5 - 2 * 17 - 3 * 31 + 47);
    expect(out[15]).toBe(-1 * 7 - 2 * 19 - 3 * 37 + 53);
  });
});
