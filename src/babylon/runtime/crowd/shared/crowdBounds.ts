/**
 * The one bounding box every drawing mesh of a crowd shares (both families): the creatures'
 * positions grown by each one's reach. One Babylon `BoundingInfo` for the crowd's life, refitted
 * in place only when it changed: refitting once per drawing mesh and frame would make Babylon's
 * `reConstruct` box a number per call (16 bytes), nearly all a walking crowd's frame would
 * allocate.
 */
import { BoundingInfo } from "@babylonjs/core/Culling/boundingInfo.js";
import { type Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";

/** What the box reads of a creature: its root position and reach, in world units. */
export interface BoundedMember {
  x: number;
  y: number;
  z: number;
  reach: number;
}

export class CrowdBounds {
  /** The shared bounding info (give it to every drawing mesh with `setBoundingInfo`). */
  readonly info = new BoundingInfo(new Vector3(), new Vector3());
  readonly #min = new Vector3(Number.NaN, Number.NaN, Number.NaN);
  readonly #max = new Vector3(Number.NaN, Number.NaN, Number.NaN);

  /**
   * Fits the box around every member of `lists` (a crowd's levels of detail; `undefined`
   * entries skipped) under `world` (the drawing meshes' common world matrix), allocating nothing;
   * returns true when it changed. Snapped outward to whole units, it changes only when a
   * creature crosses a unit line (a few times a second for a walking crowd, not every frame);
   * culling loses nothing to a box at most a unit larger.
   */
  fitAll(lists: readonly (readonly BoundedMember[] | undefined)[], world: Matrix): boolean {
    let minX = Number.POSITIVE_INFINITY;
    let minY = minX;
    let minZ = minX;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = maxX;
    let maxZ = maxX;
    for (let l = 0; l < lists.length; l++) {
      const members = lists[l];
      if (!members) continue;
      for (let i = 0; i < members.length; i++) {
        const c = members[i]!;
        minX = Math.min(minX, c.x - c.reach);
        minY = Math.min(minY, c.y - c.reach);
        minZ = Math.min(minZ, c.z - c.reach);
        maxX = Math.max(maxX, c.x + c.reach);
        maxY = Math.max(maxY, c.y + c.reach);
        maxZ = Math.max(maxZ, c.z + c.reach);
      }
    }
    minX = Math.floor(minX);
    minY = Math.floor(minY);
    minZ = Math.floor(minZ);
    maxX = Math.ceil(maxX);
    maxY = Math.ceil(maxY);
    maxZ = Math.ceil(maxZ);
    const min = this.#min;
    const max = this.#max;
    if (min.x === minX && min.y === minY && min.z === minZ && max.x === maxX && max.y === maxY && max.z === maxZ)
      return false;
    min.copyFromFloats(minX, minY, minZ);
    max.copyFromFloats(maxX, maxY, maxZ);
    this.info.reConstruct(min, max, world);
    return true;
  }
}
