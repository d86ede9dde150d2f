/**
 * GLBs whose animations use what a clip may use beyond the tiny fixture's LINEAR translation:
 * STEP and CUBICSPLINE samplers, a rotation stored as normalized shorts, a scale channel, an
 * unnamed node, a channel on a node the model lacks, and a channel of morph weights. Written
 * with glTF-Transform, nodes only (a clip GLB's mesh is never read). And GLBs with an edited JSON.
 */
import { type Accessor, type Buffer, Document, NodeIO } from "@gltf-transform/core";

function accessor(doc: Document, buffer: Buffer, type: "SCALAR" | "VEC3" | "VEC4", array: Float32Array | Int16Array) {
  const made: Accessor = doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  return array instanceof Int16Array ? made.setNormalized(true) : made;
}

/** Bytes of a GLB with the nodes `body` > `head` > (unnamed), `tail`, and one animation `clip`. */
export async function variedClipGlb(clip = "trot"): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const body = doc.createNode("body").setTranslation([0, 0.3, 0]);
  const head = doc.createNode("head").setTranslation([0, 0.3, 0.5]);
  const unnamed = doc.createNode("").setTranslation([0, 0.1, 0.1]);
  const tail = doc.createNode("tail-not-in-model");
  body.addChild(head);
  head.addChild(unnamed);
  doc.createScene("Scene").addChild(body).addChild(tail);
  const animation = doc.createAnimation(clip);
  const channel = (
    node: ReturnType<Document["createNode"]>,
    path: "translation" | "rotation" | "scale" | "weights",
    interpolation: "LINEAR" | "STEP" | "CUBICSPLINE",
    times: number[],
    type: "SCALAR" | "VEC3" | "VEC4",
    values: Float32Array | Int16Array,
  ) => {
    const sampler = doc
      .createAnimationSampler()
      .setInput(accessor(doc, buffer, "SCALAR", new Float32Array(times)))
      .setOutput(accessor(doc, buffer, type, values))
      .setInterpolation(interpolation);
    animation
      .addSampler(sampler)
      .addChannel(doc.createAnimationChannel().setSampler(sampler).setTargetNode(node).setTargetPath(path));
  };
  // Keys start after 0: the loader's normalize adds a key at frame 0.
  channel(body, "translation", "STEP", [0.25, 0.5, 1], "VEC3", new Float32Array([0, 0.3, 0, 0, 0.35, 0, 0, 0.3, 0.1]));
  // CUBICSPLINE: in-tangent, value, out-tangent per key.
  const s = Math.sin(0.2);
  const c = Math.cos(0.2);
  channel(
    head,
    "rotation",
    "CUBICSPLINE",
    [0, 0.8],
    "VEC4",
    new Float32Array([0, 0, 0, 0, 0, 0, 0, 1, 0.1, 0, 0, 0, 0.2, 0, 0, 0, s, 0, 0, c, 0, 0, 0, 0]),
  );
  channel(unnamed, "rotation", "LINEAR", [0, 1.25], "VEC4", new Int16Array([0, 0, 0, 32767, 0, 9000, 0, -32767]));
  channel(head, "scale", "LINEAR", [0, 0.5], "VEC3", new Float32Array([1, 1, 1, 1.2, 1, 1]));
  channel(tail, "translation", "LINEAR", [0, 1.5], "VEC3", new Float32Array([0, 0, 0, 0, 0, -0.1]));
  channel(head, "weights", "LINEAR", [0, 0.5], "SCALAR", new Float32Array([0, 1]));
  return new NodeIO().writeBinary(doc);
}

/** `glb` with its JSON chunk edited by `edit`, re-packed with the same binary chunk. */
export function withGlbJson(glb: Uint8Array, edit: (json: Record<string, unknown[]>) => void): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  edit(json);
  let text = JSON.stringify(json);
  while (text.length % 4) text += " ";
  const rest = glb.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + text.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(glb.subarray(0, 12));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, text.length, true);
  outView.setUint32(16, 0x4e4f534a, true);
  out.set(new TextEncoder().encode(text), 20);
  out.set(rest, 20 + text.length);
  return out;
}
