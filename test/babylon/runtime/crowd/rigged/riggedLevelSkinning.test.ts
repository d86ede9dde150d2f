/**
 * Simplified levels of a skinned mesh stay on the full mesh's surface when posed, not only in
 * the rest pose (riggedLevelData.ts weighing bone weights, riggedLevelSkin.ts): a limb of three
 * bones (a welded tube, as an auto-rigged creature's leg or tail is), skinned rigidly or blended
 * about its joints, is simplified with the default specs, then both meshes are posed on the CPU
 * (linear blend skinning, as the baked clips skin on the GPU) through a stride of a walk, and
 * the posed surfaces compared both ways. Without weights, the simplifier collapses the straight
 * tube's rings across the joints (no error in the rest pose) and a bent knee cuts a chord
 * through the air: 13.7 % of the limb's height at the far level (bound 8 %), 3.8 % at the
 * middle one (bound 3 %).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { levelSpecs, MESH_LOD_DEFAULTS } from "../../../../../src/babylon/options/meshLodOptions.js";
import {
  simplifierReady,
  type VertexLevels,
  type VertexMesh,
  vertexLevels,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";
import { skinAttributes } from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelSkin.js";
import { limbPose, skin, skinnedLimb, surfaceGap } from "./skinnedSurface.js";

beforeAll(() => simplifierReady());

function levelsOf(mesh: VertexMesh, specs: readonly { ratio: number; error: number }[]): VertexLevels {
  const steps = vertexLevels(mesh, specs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Hip and knee angles (radians) at `phase` (0–1) of a stride. */
const stride = (phase: number) => {
  const a = phase * Math.PI * 2;
  return [0.6 * Math.sin(a), 0.3 + 0.9 * Math.max(0, Math.sin(a + Math.PI / 2))];
};

describe("simplified skinned meshes, posed", () => {
  const specs = levelSpecs(MESH_LOD_DEFAULTS);
  for (const [what, band] of [
    ["skinned rigidly to each bone", 0],
    ["blended over 0.3 m about each joint", 0.3],
  ] as const) {
    it(`stay within each level's error bound of the full mesh through a stride: a limb ${what}`, () => {
      const limb = skinnedLimb({ bones: 3, band, rings: 48, segments: 16 });
      const full = limb.mesh;
      const levels = levelsOf(full, specs);
      const figures: string[] = [];
      const gaps: number[] = [];
      levels.forEach((level, l) => {
        expect(level, `level ${l + 1}`).not.toBeNull();
        // As many triangles kept as without weights: the target is met.
        expect(level!.indices.length).toBeLessThanOrEqual(full.indices.length * specs[l]!.ratio);
        let worst = 0;
        for (const phase of [0, 0.25, 0.5, 0.75]) {
          const bones = limbPose(limb, stride(phase));
          const posed = surfaceGap(
            { positions: skin(full.attributes, bones), indices: full.indices },
            { positions: skin(level!.attributes, bones), indices: level!.indices },
          );
          worst = Math.max(worst, posed);
        }
        figures.push(
          `level ${l + 1}: ${level!.indices.length}/${full.indices.length} indices, posed gap ` +
            `${((worst / limb.height) * 100).toFixed(2)} % of its height (bound ${(specs[l]!.error * 100).toFixed(0)} %)`,
        );
        gaps.push(worst);
      });
      console.info(`limb ${what}: ${figures.join("; ")}`);
      // The bound each level is made under in the rest pose, as a share of the limb's height (its extent).
      for (const [l, gap] of gaps.entries()) {
        expect(gap, `level ${l + 1}`).toBeLessThanOrEqual(specs[l]!.error * limb.height);
      }
    });
  }
});

describe("bone weights as the simplifier's attributes", () => {
  const mesh = (indices: number[], bones: number[][], weights: number[][]): VertexMesh => {
    const positions = new Float32Array(bones.length * 3);
    return {
      indices: Uint32Array.from(indices),
      positions,
      attributes: [
        { kind: "position", data: positions, size: 3 },
        { kind: "matricesIndices", data: Float32Array.from(bones.flat()), size: 4 },
        { kind: "matricesWeights", data: Float32Array.from(weights.flat()), size: 4 },
      ],
    };
  };

  it("gives bones that meet on a triangle attributes of their own, and one to bones that never meet", () => {
    // Triangle 0–1–2 joins bones 0 and 1 (vertex 1 blends them); triangle 3–4–5 is bone 2's alone, apart.
    const joined = mesh(
      [0, 1, 2, 3, 4, 5],
      [
        [0, 0, 0, 0],
        [0, 1, 0, 0],
        [1, 0, 0, 0],
        [2, 0, 0, 0],
        [2, 0, 0, 0],
        [2, 0, 0, 0],
      ],
      [
        [1, 0, 0, 0],
        [0.25, 0.75, 0, 0],
        [1, 0, 0, 0],
        [1, 0, 0, 0],
        [1, 0, 0, 0],
        [1, 0, 0, 0],
      ],
    );
    const skin = skinAttributes(joined)!;
    expect(skin.stride).toBe(2);
    expect(Array.from(skin.data)).toEqual([1, 0, 0.25, 0.75, 0, 1, 1, 0, 1, 0, 1, 0]);
  });

  it("gives a mesh of parts each skinned rigidly to its bone, never joined, one attribute equal everywhere", () => {
    const parts = mesh(
      [0, 1, 2, 3, 4, 5],
      [0, 0, 0, 7, 7, 7].map((b) => [b, 0, 0, 0]),
      [0, 0, 0, 0, 0, 0].map(() => [1, 0, 0, 0]),
    );
    expect(skinAttributes(parts)).toEqual({ stride: 1, data: new Float32Array(6).fill(1) });
    const unskinned = { ...parts, attributes: parts.attributes.slice(0, 1) };
    expect(skinAttributes(unskinned)).toBeUndefined();
  });
});
