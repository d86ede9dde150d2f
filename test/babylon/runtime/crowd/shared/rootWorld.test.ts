/**
 * A crowd-drawn root's world matrix written in JavaScript must be exactly Babylon's: compared
 * number for number against Babylon's own composition, over a matrix pre-filled with garbage so
 * that every entry has to be written.
 */
import { Matrix, Quaternion, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  composeToRef,
  rootWorldOf,
  TRANSFORM_LENGTH,
} from "../../../../../src/babylon/runtime/crowd/shared/rootWorld.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** Babylon's matrix for scale, yaw/pitch/roll and translation. */
function babylonMatrix(t: readonly number[]): number[] {
  const q = Quaternion.RotationYawPitchRoll(t[3]!, t[4]!, t[5]!);
  return Array.from(Matrix.Compose(new Vector3(t[0], t[1], t[2]), q, new Vector3(t[6], t[7], t[8])).m);
}

function garbage(): Matrix {
  return Matrix.FromArray(new Array(16).fill(7));
}

describe("composeToRef", () => {
  it("is Babylon's composition, every entry written, and marks the matrix updated", () => {
    expect(TRANSFORM_LENGTH).toBe(9);
    for (const t of [
      [1.5, 2, 0.5, 0.7, -0.4, 1.1, 3, -2, 5],
      [0.9, 1.3, 2.2, -2.1, 0.3, -0.8, -1, 4, 0.25],
    ]) {
      const out = garbage();
      const flag = out.updateFlag;
      composeToRef(Float64Array.from(t), out);
      expect(Array.from(out.m)).toEqual(babylonMatrix(t));
      expect(out.updateFlag).not.toBe(flag);
    }
  });
});

describe("rootWorldOf", () => {
  let env: ReturnType<typeof createNullScene>;
  beforeEach(() => {
    env = createNullScene();
  });
  afterEach(() => env.dispose());

  function posedRoot(): TransformNode {
    const root = new TransformNode("root", env.scene);
    root.position.set(3, -2, 5);
    root.rotation.set(-0.4, 0.7, 1.1); // pitch, yaw, roll
    root.scaling.set(1.5, 2, 0.5);
    return root;
  }

  it("composes a root that hangs from nothing into `out`, as Babylon would", () => {
    const root = posedRoot();
    const out = garbage();
    expect(rootWorldOf(root, out)).toBe(out);
    expect(Array.from(out.m)).toEqual(babylonMatrix([1.5, 2, 0.5, 0.7, -0.4, 1.1, 3, -2, 5]));
    const babylon = Array.from(root.computeWorldMatrix(true).m);
    for (let i = 0; i < 16; i++) expect(out.m[i]).toBeCloseTo(babylon[i]!, 5);
  });

  it("follows a parent moved since the root's matrix was last computed", () => {
    const root = posedRoot();
    const parent = new TransformNode("parent", env.scene);
    root.parent = parent;
    rootWorldOf(root, garbage());
    parent.position.set(100, 0, 0);
    const world = rootWorldOf(root, garbage());
    expect(world.m[12]).toBe(103);
  });

  const cases: [string, (root: TransformNode) => void][] = [
    ["a parent", (root) => (root.parent = new TransformNode("parent", root.getScene()))],
    ["a rotation quaternion", (root) => (root.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.7, -0.4, 1.1))],
    ["a billboard mode", (root) => (root.billboardMode = TransformNode.BILLBOARDMODE_Y)],
    ["a pivot matrix", (root) => root.setPivotMatrix(Matrix.Translation(1, 0, 0))],
  ];
  for (const [what, give] of cases) {
    it(`leaves a root with ${what} to Babylon`, () => {
      const root = posedRoot();
      give(root);
      const out = garbage();
      expect(rootWorldOf(root, out)).toBe(root.getWorldMatrix());
      expect(Array.from(out.m)).toEqual(new Array(16).fill(7));
    });
  }
});
