/**
 * A skinned mesh's bone weights as attributes for meshoptimizer's `simplifyWithAttributes`
 * (riggedLevelData.ts), so that the simplifier weighs skinning: a collapse that moves a vertex
 * onto one whose bone influences differ costs attribute error, and one across a joint (a leg's
 * skin onto the body's) costs too much to be made. The simplifier takes at most 32 attributes and
 * a model may have more bones, so bones share attributes: the bones that meet (influence the
 * same triangle) are given different ones (a greedy colouring of the bones that meet), and a
 * vertex's attribute is the sum of its weights of the bones given it. Bones that never meet can
 * share one: no edge runs from one to the other, so no collapse can tell them apart, nor needs
 * to. A mesh whose parts are each weighted rigidly to one bone and never joined (the catalog's)
 * gets a single attribute equal everywhere: simplified exactly as without weights.
 */
/** The simplifier's limit (meshoptimizer 1.x). */
const MAX_ATTRIBUTES = 32;

/** Bone weights as the simplifier's attributes: `stride` floats per vertex. */
export interface SkinAttributes {
  readonly data: Float32Array;
  readonly stride: number;
}

/** What is read of a mesh (riggedLevelData.ts's `VertexMesh` is one). */
export interface SkinnedTriangles {
  readonly indices: Uint32Array;
  /** 3 floats per vertex. */
  readonly positions: Float32Array;
  readonly attributes: readonly { readonly kind: string; readonly data: Float32Array; readonly size: number }[];
}

/** Bone index and weight attribute pairs a mesh can have (Babylon's kinds). */
const INFLUENCES = [
  ["matricesIndices", "matricesWeights"],
  ["matricesIndicesExtra", "matricesWeightsExtra"],
] as const;

/** The bone weights of `mesh` as attributes (see the module comment); undefined for a mesh without any. */
export function skinAttributes(mesh: SkinnedTriangles): SkinAttributes | undefined {
  const sets: [Float32Array, Float32Array][] = [];
  for (const [bones, weights] of INFLUENCES) {
    const b = mesh.attributes.find((a) => a.kind === bones && a.size === 4);
    const w = mesh.attributes.find((a) => a.kind === weights && a.size === 4);
    if (b && w) sets.push([b.data, w.data]);
  }
  if (sets.length === 0) return undefined;
  const vertices = mesh.positions.length / 3;
  const slots = boneSlots(mesh.indices, sets);
  const stride = Math.max(0, ...slots.values()) + 1;
  const data = new Float32Array(vertices * stride);
  for (const [bones, weights] of sets) {
    for (let v = 0; v < vertices; v++) {
      for (let c = 0; c < 4; c++) {
        const w = weights[v * 4 + c]!;
        if (w === 0) continue;
        const at = v * stride + slots.get(bones[v * 4 + c]!)!;
        data[at] = data[at]! + w;
      }
    }
  }
  return { data, stride };
}

/** Bone → attribute: bones that influence one triangle get different ones (greedy, by bone index). */
function boneSlots(indices: Uint32Array, sets: readonly [Float32Array, Float32Array][]): Map<number, number> {
  const meets = new Map<number, Set<number>>();
  const used: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    used.length = 0;
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k]!;
      for (const [bones, weights] of sets) {
        for (let c = 0; c < 4; c++) if (weights[v * 4 + c] !== 0) used.push(bones[v * 4 + c]!);
      }
    }
    for (const a of used) {
      let set = meets.get(a);
      if (!set) meets.set(a, (set = new Set()));
      for (const b of used) if (b !== a) set.add(b);
    }
  }
  const slots = new Map<number, number>();
  for (const bone of [...meets.keys()].sort((a, b) => a - b)) {
    const taken = new Set<number>();
    for (const other of meets.get(bone)!) {
      const slot = slots.get(other);
      if (slot !== undefined) taken.add(slot);
    }
    let slot = 0;
    while (taken.has(slot)) slot++;
    slots.set(bone, Math.min(slot, MAX_ATTRIBUTES - 1)); // beyond 32 bones meeting one: they share the last
  }
  // A bone weighting only vertices no triangle uses: any attribute.
  for (const [bones, weights] of sets) {
    for (let i = 0; i < bones.length; i++) if (weights[i] !== 0 && !slots.has(bones[i]!)) slots.set(bones[i]!, 0);
  }
  return slots;
}
