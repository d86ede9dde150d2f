/**
 * A part-built crowd's renderer, built directly on a NullEngine scene from a hand-made template
 * (two box parts, body and head, each with a material of its own, so their looks are joined
 * into one mesh): each member's slot, matrix and joint row read back, a hidden member zeroed in
 * its own slot, flushes that upload only after a write or a level switch, dispose done once and
 * leaving the template's textures alone, the crowd forgotten once disposed, and the box its
 * parts measure at a pose.
 */
import type { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import { Texture } from "@babylonjs/core/Materials/Textures/texture.js";
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
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
} from "../../../../../src/babylon/runtime/crowd/parts/crowdRenderer.js";
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
