/**
 * Ground heights and areas from what a game has: a height function, a ground mesh, a circle or
 * a polygon. Height functions of meshes are in the heights/ chunk (its raycasts pull in Babylon's
 * Ray, so it is loaded only when a game gives a mesh for a ground).
 */
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import type { Area } from "../../motion/area.js";

/**
 * An area as a game may give it: a circle (centre may be a Vector3), a polygon, or a mesh. Its
 * optional fields take `undefined` too, so that every `Area` shape (`CircleArea`, `PolygonArea`)
 * is one under `exactOptionalPropertyTypes`.
 * @category Creatures
 */
export type AreaInput =
  | {
      center: { x: number; y?: number | undefined; z: number };
      radius: number;
      holes?: readonly AreaInput[] | undefined;
    }
  | { points: readonly { x: number; z: number }[]; holes?: readonly AreaInput[] | undefined }
  | AbstractMesh;

export function isMesh(value: unknown): value is AbstractMesh {
  return typeof value === "object" && value !== null && typeof (value as AbstractMesh).getBoundingInfo === "function";
}

/** The ground-plane area of an input; a mesh gives its bounding rectangle in world space. */
export function toArea(input: AreaInput): Area {
  if (isMesh(input)) {
    input.computeWorldMatrix(true);
    const box = input.getBoundingInfo().boundingBox;
    const { minimumWorld: min, maximumWorld: max } = box;
    return {
      points: [
        { x: min.x, z: min.z },
        { x: max.x, z: min.z },
        { x: max.x, z: max.z },
        { x: min.x, z: max.z },
      ],
    };
  }
  const holes = input.holes?.length ? { holes: input.holes.map(toArea) } : {};
  if ("radius" in input) {
    // A height given is kept: an obstacle there stands on that floor (see `Obstacle.y`).
    const y = input.center.y === undefined ? {} : { y: input.center.y };
    return { center: { x: input.center.x, z: input.center.z, ...y }, radius: input.radius, ...holes };
  }
  return { points: input.points.map((p) => ({ x: p.x, z: p.z })), ...holes };
}
