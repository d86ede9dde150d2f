/**
 * Engine-free sizing of a creature's physics body: the shape fitted to its bounding box and
 * its mass. Bounds are in metres in the creature's own frame (x right, y up, z forward, feet
 * at y = 0), as the physics chunk (physics/index.ts) measures them at spawn.
 */
import type { CreaturePhysicsShape } from "../options/physicsOptions.js";

/** A point or a size in metres. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** An axis-aligned box in the creature's frame, in metres. */
export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** A shape to build: a capsule between two points, or a box about its centre. */
export type ShapeFit =
  | { kind: "capsule"; pointA: Vec3; pointB: Vec3; radius: number }
  | { kind: "box"; center: Vec3; extents: Vec3 };

/** Thinner sides are taken as this (metres), so a flat mesh still gets a body that collides. */
const MIN_SIDE = 0.01;
/** Kilograms per cubic metre of bounding box: water-dense flesh filling a quarter of the box. */
export const MASS_PER_BOX_CUBIC_METRE = 250;

type Axis = "x" | "y" | "z";

/** The box's sides (each at least 1 cm) and centre. */
function sidesOf(bounds: Bounds): { size: Vec3; center: Vec3 } {
  const side = (axis: Axis) => Math.max(MIN_SIDE, bounds.max[axis] - bounds.min[axis]);
  const mid = (axis: Axis) => (bounds.max[axis] + bounds.min[axis]) / 2;
  return { size: { x: side("x"), y: side("y"), z: side("z") }, center: { x: mid("x"), y: mid("y"), z: mid("z") } };
}

/**
 * The shape of a creature's body. A capsule runs along the box's longest side (ties go to
 * height, then length) through the box's centre, its radius half the mean of the two other
 * sides but never more than half the longest, so its ends touch the box's ends.
 */
export function fitShape(bounds: Bounds, shape: CreaturePhysicsShape): ShapeFit {
  const { size, center } = sidesOf(bounds);
  if (shape === "box") return { kind: "box", center, extents: size };
  const axis: Axis = size.y >= size.z && size.y >= size.x ? "y" : size.z >= size.x ? "z" : "x";
  const [u, v] = (["x", "y", "z"] as const).filter((a) => a !== axis);
  const half = size[axis] / 2;
  const radius = Math.min(half, (size[u!] + size[v!]) / 4);
  const pointA = { ...center };
  const pointB = { ...center };
  pointA[axis] = center[axis] - (half - radius);
  pointB[axis] = center[axis] + (half - radius);
  return { kind: "capsule", pointA, pointB, radius };
}

/** A mass estimated from the bounding box: {@link MASS_PER_BOX_CUBIC_METRE} per cubic metre. */
export function estimateMass(bounds: Bounds): number {
  const { size } = sidesOf(bounds);
  return MASS_PER_BOX_CUBIC_METRE * size.x * size.y * size.z;
}

/** The mass of a creature: the option's, else the record's positive `mass`, else the estimate. */
export function creatureMass(option: number | undefined, record: { readonly mass?: unknown }, bounds: Bounds): number {
  if (option !== undefined) return option;
  const fromRecord = record.mass;
  if (typeof fromRecord === "number" && Number.isFinite(fromRecord) && fromRecord > 0) return fromRecord;
  return estimateMass(bounds);
}
