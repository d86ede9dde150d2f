/**
 * Named shapes on top of {@link sweep}: ellipsoids, limbs (straight or bent through a control
 * point), flat fins and wings. A {@link Sculptor} writes into one part and owns the detail
 * level: every shape asks it for segment and ring counts, so one number (`res`) sets the
 * triangle budget of the whole creature.
 */
import { createMesh, type MaterialSlot, type PartMesh } from "./mesh.js";
import { sweep } from "./sweep.js";
import { add, bezier2, length, lerp, normalize, polyline, scale, sub, type Vec3 } from "./vec3.js";

/** Options shared by limb-like shapes. */
export interface LimbOptions {
  /** Direction the first radius leans toward. @default [0, 0, 1] (or up for level limbs) */
  hint?: Vec3;
  /** Across/along-hint radius ratio (1 = round, small = flat like an ear or fin). @default 1 */
  flat?: number;
  /** End rounding (see SweepSpec.roundness). @default 0.35 */
  roundness?: number;
  /** Share of the resolution this shape gets (eyes need little). @default 1 */
  detail?: number;
  /** Radius multiplier along the limb, for bulges (bushy tails) and bellies. */
  profile?: (s: number) => number;
}

/** Builds the shapes of one part at one resolution. */
export class Sculptor {
  readonly mesh: PartMesh = createMesh();
  constructor(readonly res: number) {}

  private counts(detail: number, len: number, radius: number): { segments: number; rings: number } {
    const segments = Math.max(3, Math.round(this.res * detail));
    const elongation = Math.min(2, Math.max(0.5, len / (4 * Math.max(radius, 1e-6))));
    return { segments, rings: Math.max(3, Math.round(segments * elongation)) };
  }

  /**
   * Ellipsoid centred at `centre`, its long axis along `axis` with half-length `half`, and
   * half-widths `a` (toward `hint`) and `b` (across).
   */
  ellipsoid(
    material: MaterialSlot,
    centre: Vec3,
    axis: Vec3,
    half: number,
    a: number,
    b: number,
    hint: Vec3 = [0, 1, 0],
    detail = 1,
  ): this {
    const dir = normalize(axis);
    const start = sub(centre, scale(dir, half));
    const end = add(centre, scale(dir, half));
    sweep(this.mesh, material, {
      path: (s) => lerp(start, end, s),
      radius: () => [a, b],
      hint,
      roundness: 1,
      ...this.counts(detail, 2 * half, Math.max(a, b)),
    });
    return this;
  }

  /** A limb through 2 points (straight), 3 points (bent through the middle one) or more (polyline). */
  limb(material: MaterialSlot, points: readonly Vec3[], r0: number, r1: number, options: LimbOptions = {}): this {
    const path =
      points.length === 3
        ? (s: number) => bezier2(points[0]!, points[1]!, points[2]!, s)
        : (s: number) => polyline(points, s);
    let len = 0;
    for (let i = 1; i < points.length; i++) len += length(sub(points[i]!, points[i - 1]!));
    const flat = options.flat ?? 1;
    const profile = options.profile ?? (() => 1);
    const dir = normalize(sub(points[points.length - 1]!, points[0]!));
    const hint = options.hint ?? (Math.abs(dir[1]) > 0.9 ? [0, 0, 1] : [0, 1, 0]);
    sweep(this.mesh, material, {
      path,
      radius: (s) => {
        const r = (r0 + (r1 - r0) * s) * profile(s);
        return [r, r * flat];
      },
      hint,
      roundness: options.roundness ?? 0.35,
      ...this.counts(options.detail ?? 1, len, Math.max(r0, r1)),
    });
    return this;
  }

  /** A sweep along any path, for snakes and curled tails. */
  path(
    material: MaterialSlot,
    path: (s: number) => Vec3,
    radius: (s: number) => readonly [number, number],
    hint: Vec3,
    len: number,
    rmax: number,
    detail = 1,
    roundness = 0.5,
  ): this {
    const { segments } = this.counts(detail, len, rmax);
    const rings = Math.max(3, Math.round(segments * Math.min(8, len / (2 * rmax))));
    sweep(this.mesh, material, { path, radius, hint, roundness, segments, rings });
    return this;
  }
}

/** Point on the surface of an axis-aligned ellipsoid toward direction `d`, pushed in by `inset`. */
export function onEllipsoid(centre: Vec3, radii: Vec3, d: Vec3, inset = 0.9): Vec3 {
  const n = normalize(d);
  return add(centre, [n[0] * radii[0] * inset, n[1] * radii[1] * inset, n[2] * radii[2] * inset]);
}
