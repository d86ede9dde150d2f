/**
 * Writes a creature as a rigged GLB with glTF-Transform: one skinned mesh (one primitive per
 * material, textures embedded as PNG), one joint node per part named after the part, rigid
 * weights (each vertex 1.0 on its part's joint), and optionally one animation.
 *
 * The catalog's model frame (+Y up, +Z forward, right-handed, metres) is glTF's frame, so
 * positions go in unchanged; the UVs too (both put v = 0 at the top of the image). Joints rest
 * unrotated at their pivots, as the OBJ path's joint nodes do, so a clip's rotations are the
 * pose's rotations.
 */
import { Document, type Node as GltfNode, type Material, NodeIO } from "@gltf-transform/core";
import type { BakedClip, CatalogRig } from "./bakeClips.js";
import type { MaterialSlot, PartMesh } from "./mesh.js";

/** One material of the GLB: a flat colour, or a PNG that replaces it. */
export interface GlbMaterial {
  slot: MaterialSlot;
  /** sRGB 0..255. */
  colour: readonly [number, number, number];
  /** PNG bytes and their file name (kept as the image's name). */
  texture?: { name: string; png: Uint8Array };
  roughness: number;
}

/** What one rigged GLB holds besides its clip. */
export interface GlbModel {
  /** Name of the mesh node and the mesh (the record name). */
  name: string;
  /** Prefix of material names (as in the MTL: `<prefix>_coat`). */
  materialPrefix: string;
  parts: ReadonlyMap<string, PartMesh>;
  rig: CatalogRig;
  materials: readonly GlbMaterial[];
}

/** sRGB 0..255 to the linear 0..1 glTF's colour factors are in. */
function linear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** The triangles of one material over every part, with only the vertices they use. */
function primitiveArrays(model: GlbModel, slot: MaterialSlot) {
  const positions: number[] = [],
    normals: number[] = [],
    uvs: number[] = [],
    joints: number[] = [],
    indices: number[] = [];
  model.rig.layout.joints.forEach((joint, j) => {
    const mesh = model.parts.get(joint.part)!;
    const list = mesh.groups.get(slot);
    if (!list) return;
    const remap = new Map<number, number>();
    for (const v of list) {
      let index = remap.get(v);
      if (index === undefined) {
        index = positions.length / 3;
        remap.set(v, index);
        positions.push(mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!);
        normals.push(mesh.normals[v * 3]!, mesh.normals[v * 3 + 1]!, mesh.normals[v * 3 + 2]!);
        uvs.push(mesh.uvs[v * 2]!, mesh.uvs[v * 2 + 1]!);
        joints.push(j, 0, 0, 0);
      }
      indices.push(index);
    }
  });
  return { positions, normals, uvs, joints, indices };
}

function createMaterial(doc: Document, prefix: string, m: GlbMaterial): Material {
  const material = doc.createMaterial(`${prefix}_${m.slot}`).setMetallicFactor(0).setRoughnessFactor(m.roughness);
  if (!m.texture)
    return material.setBaseColorFactor([linear(m.colour[0]), linear(m.colour[1]), linear(m.colour[2]), 1]);
  const texture = doc.createTexture(m.texture.name).setImage(m.texture.png).setMimeType("image/png");
  return material.setBaseColorTexture(texture);
}

/** Adds the clip as one animation: a rotation per joint, the body's translation and scale. */
function addAnimation(doc: Document, clip: BakedClip, nodes: readonly GltfNode[], body: GltfNode | undefined): void {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const animation = doc.createAnimation(clip.name);
  const input = doc.createAccessor(`${clip.name}/time`, buffer).setType("SCALAR").setArray(clip.times);
  const channel = (
    node: GltfNode,
    path: "rotation" | "translation" | "scale",
    type: "VEC4" | "VEC3",
    keys: Float32Array,
  ) => {
    const output = doc.createAccessor(`${clip.name}/${node.getName()}/${path}`, buffer).setType(type).setArray(keys);
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation("LINEAR");
    animation
      .addSampler(sampler)
      .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  };
  for (let j = 0; j < nodes.length; j++) channel(nodes[j]!, "rotation", "VEC4", clip.rotations[j]!);
  if (body) {
    channel(body, "translation", "VEC3", clip.bodyTranslation);
    channel(body, "scale", "VEC3", clip.bodyScale);
  }
}

/** Builds the glTF document of a rigged creature, with `clip` as its one animation if given. */
export function riggedDocument(model: GlbModel, clip?: BakedClip): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const { layout, roles } = model.rig;

  // Joints: parents first (the layout's order), each at its pivot relative to its parent's.
  const nodes: GltfNode[] = [];
  const byPart = new Map<string, GltfNode>();
  const inverseBind = new Float32Array(layout.joints.length * 16);
  layout.joints.forEach((joint, j) => {
    const origin =
      joint.parent === null ? { x: 0, y: 0, z: 0 } : layout.joints.find((p) => p.part === joint.parent)!.pivot;
    const node = doc
      .createNode(joint.part)
      .setTranslation([joint.pivot.x - origin.x, joint.pivot.y - origin.y, joint.pivot.z - origin.z]);
    if (joint.parent !== null) byPart.get(joint.parent)!.addChild(node);
    byPart.set(joint.part, node);
    nodes.push(node);
    // Column-major identity moved by -pivot: the joint's world matrix at rest, inverted.
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -joint.pivot.x, -joint.pivot.y, -joint.pivot.z, 1], j * 16);
  });
  const tops = nodes.filter((_, j) => layout.joints[j]!.parent === null);
  const skin = doc.createSkin(`${model.name}/skin`).setSkeleton(tops[0]!);
  skin.setInverseBindMatrices(doc.createAccessor("inverseBindMatrices", buffer).setType("MAT4").setArray(inverseBind));
  for (const node of nodes) skin.addJoint(node);

  const mesh = doc.createMesh(model.name);
  for (const m of model.materials) {
    const a = primitiveArrays(model, m.slot);
    if (a.indices.length === 0) continue;
    const attribute = (name: string, type: "VEC2" | "VEC3" | "VEC4", array: Float32Array | Uint8Array) =>
      doc.createAccessor(`${m.slot}/${name}`, buffer).setType(type).setArray(array);
    const indexArray = a.positions.length / 3 > 0xffff ? new Uint32Array(a.indices) : new Uint16Array(a.indices);
    const weights = new Uint8Array(a.joints.length);
    for (let i = 0; i < weights.length; i += 4) weights[i] = 255; // 1.0 on the part's joint
    const primitive = doc
      .createPrimitive()
      .setAttribute("POSITION", attribute("POSITION", "VEC3", new Float32Array(a.positions)))
      .setAttribute("NORMAL", attribute("NORMAL", "VEC3", new Float32Array(a.normals)))
      .setAttribute("TEXCOORD_0", attribute("TEXCOORD_0", "VEC2", new Float32Array(a.uvs)))
      .setAttribute("JOINTS_0", attribute("JOINTS_0", "VEC4", new Uint8Array(a.joints)))
      .setAttribute("WEIGHTS_0", attribute("WEIGHTS_0", "VEC4", weights).setNormalized(true))
      .setIndices(doc.createAccessor(`${m.slot}/indices`, buffer).setType("SCALAR").setArray(indexArray))
      .setMaterial(createMaterial(doc, model.materialPrefix, m));
    mesh.addPrimitive(primitive);
  }
  const meshNode = doc.createNode(model.name).setMesh(mesh).setSkin(skin);
  const scene = doc.createScene(model.name).addChild(meshNode);
  for (const top of tops) scene.addChild(top);
  doc.getRoot().setDefaultScene(scene);
  if (clip) addAnimation(doc, clip, nodes, roles.body >= 0 ? nodes[roles.body] : undefined);
  return doc;
}

const io = new NodeIO();

/** The GLB bytes of {@link riggedDocument}; the same input always gives the same bytes. */
export function writeRiggedGlb(model: GlbModel, clip?: BakedClip): Promise<Uint8Array> {
  return io.writeBinary(riggedDocument(model, clip));
}
