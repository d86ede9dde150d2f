/**
 * The options of mesh level of detail (`meshLod` of `new Menagerie()`), checked when a
 * Menagerie is made. The levels are made where OBJ parts are read (src/obj/objLevels.ts) and
 * chosen per creature by its crowd (runtime/crowd/shared/levelSwitcher.ts).
 */
import { OptionsError } from "../../core/errors.js";

/**
 * Mesh level of detail (`meshLod` of `new Menagerie()`): distant crowd-drawn creatures are drawn
 * from simplified meshes, made once per model (meshoptimizer's simplifier): a part-built model's
 * while its parts are read, in the parse workers; a rigged model's after its first creature is
 * spawned, its bone weights kept. Each level is drawn as one more set of thin instances, so
 * draw calls grow by at most the number of levels. Distances are in multiples of a creature's
 * height, so that how big it looks decides, not how far it is: with the defaults a 2 m bear
 * drops to its first level at 30 m, a 0.4 m fox at 6 m.
 *
 * @example
 * // Keep full detail longer, and drop to a third of the triangles, then a tenth.
 * new Menagerie(scene, { baseUrl, meshLod: { distances: [25, 60], ratios: [0.33, 0.1] } });
 * @category Menagerie
 */
export interface MeshLodOptions {
  /**
   * From how far away (nearest active camera, in multiples of the creature's height) each
   * simplified level is drawn, increasing; one entry per level.
   * @default [15, 40] (about 1/13 and 1/34 of a 1080-pixel screen's height with Babylon's default field of view)
   */
  distances?: readonly number[];
  /**
   * The share of triangles each level keeps at most, decreasing, one per distance. A level
   * keeps more where simplifying further would bend the shape by more than `distance × 0.002`
   * of a part's size (about 2 pixels at that distance).
   * @default [0.25, 0.06]
   */
  ratios?: readonly number[];
  /**
   * How much nearer than a level's distance a creature must come to leave that level again
   * (a share of the distance), so that one at the boundary does not switch every frame.
   * @default 0.1
   */
  hysteresis?: number;
}

/**
 * Defaults of {@link MeshLodOptions}.
 * @category Menagerie
 */
export const MESH_LOD_DEFAULTS: Readonly<Required<MeshLodOptions>> = Object.freeze({
  distances: Object.freeze([15, 40]),
  ratios: Object.freeze([0.25, 0.06]),
  hysteresis: 0.1,
});

/** A level's shape error allowed per unit of its distance (in heights): 0.002 × 40 = 8% of a part's size at 40 heights. */
export const ERROR_PER_DISTANCE = 0.002;

/** Checked {@link MeshLodOptions}, every field set. */
export type MeshLodSettings = Readonly<Required<MeshLodOptions>>;

/** Checked settings, or false for `false` (every creature drawn at full detail). */
export function meshLodSettings(option: MeshLodOptions | false | undefined): MeshLodSettings | false {
  if (option === false) return false;
  const o = { ...MESH_LOD_DEFAULTS, ...option };
  const increasing = (list: readonly number[], up: boolean) =>
    list.every((v, i) => i === 0 || (up ? v > list[i - 1]! : v < list[i - 1]!));
  if (
    !Array.isArray(o.distances) ||
    !o.distances.every((d) => Number.isFinite(d) && d > 0) ||
    !increasing(o.distances, true)
  )
    throw new OptionsError("meshLod.distances", `must be increasing numbers > 0, got ${JSON.stringify(o.distances)}`);
  if (!Array.isArray(o.ratios) || !o.ratios.every((r) => r > 0 && r <= 1) || !increasing(o.ratios, false))
    throw new OptionsError("meshLod.ratios", `must be decreasing numbers in (0, 1], got ${JSON.stringify(o.ratios)}`);
  if (o.ratios.length !== o.distances.length)
    throw new OptionsError(
      "meshLod.ratios",
      `must have one entry per distance (${o.distances.length}), got ${o.ratios.length}`,
    );
  if (!(o.hysteresis >= 0 && o.hysteresis < 1))
    throw new OptionsError("meshLod.hysteresis", `must be a number in [0, 1), got ${o.hysteresis}`);
  return Object.freeze({ distances: [...o.distances], ratios: [...o.ratios], hysteresis: o.hysteresis });
}

/** What the simplifier is asked for each level of `settings`. */
export function levelSpecs(settings: MeshLodSettings | false): { ratio: number; error: number }[] {
  if (!settings) return [];
  return settings.ratios.map((ratio, i) => ({ ratio, error: settings.distances[i]! * ERROR_PER_DISTANCE }));
}
