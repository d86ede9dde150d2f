/**
 * Tiny rigged GLBs for loader tests, written with glTF-Transform: one skinned mesh of two boxes
 * (body and head), two joints (`head` a child of `body`, forward at +Z), and one animation.
 * glTF frame: right-handed, +Y up, head at +Z, feet at y = 0.
 *
 * Measurements of the rest pose: height 0.8 (y 0..0.8), length 1.3 (z -0.5..0.8), width 0.4
 * (x -0.2..0.2). The body joint sits at (0, 0.3, 0), the head joint at (0, 0.6, 0.5).
 */
import { type Accessor, type Buffer, Document, NodeIO } from "@gltf-transform/core";

export type Vec3 = [number, number, number];

export const TINY_RIG = {
  height: 0.8,
  length: 1.3,
  width: 0.4,
  bodyJoint: [0, 0.3, 0] as Vec3,
  headJoint: [0, 0.6, 0.5] as Vec3,
} as const;

/** Clips the fixture can carry: `idle` nods the head; `walk` and `run` bob the body. */
export type TinyClip = "idle" | "walk" | "run" | "fly" | "swim";

export interface TinyGlbOptions {
  /** The animation in the file. @default "idle" */
  clip?: TinyClip;
  /** The glTF animation's name. @default the clip */
  animationName?: string;
  /** False: joints and animation only, no mesh (a GLB Menagerie must refuse as a model). @default true */
  mesh?: boolean;
  /** False: the file has no animation. @default true */
  animation?: boolean;
  /** Moves the whole model (mesh and joints) by this offset, e.g. feet below y = 0. @default [0, 0, 0] */
  offset?: Vec3;
}

/** The 8 corners and 12 triangles of a box (counter-clockwise seen from outside, right-handed). */
function box(min: Vec3, max: Vec3, joint: number, out: { p: number[]; j: number[]; w: number[]; i: number[] }): void {
  const base = out.p.length / 3;
  for (let k = 0; k < 8; k++) {
    out.p.push(k & 1 ? max[0] : min[0], k & 2 ? max[1] : min[1], k & 4 ? max[2] : min[2]);
    out.j.push(joint, 0, 0, 0);
    out.w.push(1, 0, 0, 0); // rigid: each box follows one bone
  }
  const faces = [
    [0, 2, 3, 1], // -Z
    [4, 5, 7, 6], // +Z
    [0, 1, 5, 4], // -Y
    [2, 6, 7, 3], // +Y
    [0, 4, 6, 2], // -X
    [1, 3, 7, 5], // +X
  ];
  for (const [a, b, c, d] of faces) out.i.push(base + a!, base + b!, base + c!, base + a!, base + c!, base + d!);
}

function accessor(
  doc: Document,
  buffer: Buffer,
  type: "SCALAR" | "VEC3" | "VEC4" | "MAT4",
  array: Float32Array | Uint16Array,
): Accessor {
  return doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
}

/** A rigged GLB's bytes; see the module comment. */
export async function tinyRiggedGlb(options: TinyGlbOptions = {}): Promise<Uint8Array> {
  const clip = options.clip ?? "idle";
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene("Scene");

  const [ox, oy, oz] = options.offset ?? [0, 0, 0];
  const at = ([x, y, z]: readonly number[]): Vec3 => [x! + ox, y! + oy, z! + oz];
  const [bx, by, bz] = at(TINY_RIG.bodyJoint);
  const [hx, hy, hz] = at(TINY_RIG.headJoint);
  const body = doc.createNode("body").setTranslation([bx, by, bz]);
  const head = doc.createNode("head").setTranslation([hx - bx, hy - by, hz - bz]);
  body.addChild(head);
  scene.addChild(body);

  if (options.mesh !== false) {
    const data = { p: [] as number[], j: [] as number[], w: [] as number[], i: [] as number[] };
    box(at([-0.2, 0, -0.5]), at([0.2, 0.6, 0.5]), 0, data);
    box(at([-0.15, 0.5, 0.5]), at([0.15, 0.8, 0.8]), 1, data);
    const material = doc.createMaterial("fur").setBaseColorFactor([0.6, 0.4, 0.2, 1]);
    const primitive = doc
      .createPrimitive()
      .setAttribute("POSITION", accessor(doc, buffer, "VEC3", new Float32Array(data.p)))
      .setAttribute("JOINTS_0", accessor(doc, buffer, "VEC4", new Uint16Array(data.j)))
      .setAttribute("WEIGHTS_0", accessor(doc, buffer, "VEC4", new Float32Array(data.w)))
      .setIndices(accessor(doc, buffer, "SCALAR", new Uint16Array(data.i)))
      .setMaterial(material);
    const mesh = doc.createMesh("creature").addPrimitive(primitive);
    // Inverse bind matrices (column-major): the inverse of each joint's world translation.
    const ibm = new Float32Array(32);
    [at(TINY_RIG.bodyJoint), at(TINY_RIG.headJoint)].forEach(([x, y, z], k) => {
      ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], k * 16);
    });
    const skin = doc
      .createSkin("rig")
      .addJoint(body)
      .addJoint(head)
      .setSkeleton(body)
      .setInverseBindMatrices(accessor(doc, buffer, "MAT4", ibm));
    scene.addChild(doc.createNode("creature").setMesh(mesh).setSkin(skin));
  }

  if (options.animation !== false) {
    const times = new Float32Array([0, 0.5, 1]);
    const sampler = doc
      .createAnimationSampler()
      .setInput(accessor(doc, buffer, "SCALAR", times))
      .setInterpolation("LINEAR");
    const channel = doc.createAnimationChannel().setSampler(sampler);
    if (clip === "idle") {
      const s = Math.sin(0.1); // a small nod about X
      const c = Math.cos(0.1);
      sampler.setOutput(accessor(doc, buffer, "VEC4", new Float32Array([0, 0, 0, 1, s, 0, 0, c, 0, 0, 0, 1])));
      channel.setTargetNode(head).setTargetPath("rotation");
    } else {
      const bob = clip === "walk" ? 0.03 : 0.06;
      sampler.setOutput(accessor(doc, buffer, "VEC3", new Float32Array([bx, by, bz, bx, by + bob, bz, bx, by, bz])));
      channel.setTargetNode(body).setTargetPath("translation");
    }
    doc
      .createAnimation(options.animationName ?? clip)
      .addSampler(sampler)
      .addChannel(channel);
  }

  return new NodeIO().writeBinary(doc);
}
