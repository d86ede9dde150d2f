/**
 * Minimal 3-vector helpers on plain tuples. The generator is Node-only and engine-free, so it
 * does not pull Babylon's math in; tuples keep the part builders' data literal and readable.
 */

export type Vec3 = readonly [number, number, number];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const length = (a: Vec3): number => Math.sqrt(dot(a, a));
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** Unit vector of `a`; the zero vector stays zero rather than becoming NaN. */
export function normalize(a: Vec3): Vec3 {
  const l = length(a);
  return l > 1e-12 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
}

export const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** Mirror across the body's mid plane (x = 0): the left part's twin on the right. */
export const mirrorX = (a: Vec3): Vec3 => [-a[0], a[1], a[2]];

/** Point on a quadratic Bézier curve: tails, necks and ears bend through one control point. */
export function bezier2(a: Vec3, control: Vec3, b: Vec3, t: number): Vec3 {
  return lerp(lerp(a, control, t), lerp(control, b, t), t);
}

/** Point on a polyline through `points`, t in [0, 1] spread evenly over its segments. */
export function polyline(points: readonly Vec3[], t: number): Vec3 {
  const n = points.length - 1;
  const x = Math.min(Math.max(t, 0), 1) * n;
  const i = Math.min(Math.floor(x), n - 1);
  return lerp(points[i]!, points[i + 1]!, x - i);
}

/** Direction from pitch (up from horizontal, radians) and yaw (toward +X from +Z). */
export function direction(pitch: number, yaw = 0): Vec3 {
  return [Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), Math.cos(pitch) * Math.cos(yaw)];
}
