/**
 * Drives riggedLevelData.ts's `vertexLevels` generator to its end as the crowd does (one step per
 * simplifier call), counting its steps: for the tests of the rigged levels' data.
 */
import {
  type VertexLevelSpec,
  type VertexLevels,
  type VertexMesh,
  vertexLevels,
} from "../../../../../src/babylon/runtime/crowd/rigged/riggedLevelData.js";

/** `mesh`'s levels for `specs`, and how many steps (simplifier calls) made them. */
export function runVertexLevels(
  mesh: VertexMesh,
  specs: readonly VertexLevelSpec[],
): { levels: VertexLevels; steps: number } {
  const gen = vertexLevels(mesh, specs);
  let steps = 0;
  for (;;) {
    const step = gen.next();
    if (step.done) return { levels: step.value, steps };
    steps++;
  }
}
