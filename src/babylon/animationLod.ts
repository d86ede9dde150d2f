/**
 * Animation level of detail for crowd-drawn creatures: which of them get their gait pose
 * recomputed and their matrices written this frame. Steering and travel (the agent and its
 * root node) advance every frame whatever the level; a creature that skipped frames advanced its
 * gait phase and idle state meanwhile, so the first pose it is given again is exactly the one it
 * would have had without level of detail.
 */
import type { Camera } from "@babylonjs/core/Cameras/camera.js";
import { Frustum } from "@babylonjs/core/Maths/math.frustum.js";
import type { Plane } from "@babylonjs/core/Maths/math.plane.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { OptionsError } from "../api/errors.js";

/**
 * Animation level of detail (`animationLod` of `new Menagerie()`): creatures outside every
 * active camera's view, or farther than `farDistance` from the nearest, are posed less often.
 * Only creatures drawn by their model's crowd (part-built ones whose nodes no game asked for)
 * take part; grown and rigged creatures are posed every frame.
 *
 * @example
 * // Pose distant creatures every 4th frame; keep posing off-screen ones every 10th (their
 * // shadows fall into view in this game).
 * new Menagerie(scene, { baseUrl, animationLod: { farDistance: 30, farInterval: 4, offscreenInterval: 10 } });
 */
export interface AnimationLodOptions {
  /**
   * A creature out of every active camera's view is posed and drawn every this-many frames;
   * 0: not at all until it comes into view. Its matrices (and so its shadow and thin-instance
   * pick) stay where it was last drawn, which is out of view too.
   * @default 0 (nothing of it can be seen, and it catches up exactly the frame it can)
   */
  offscreenInterval?: number;
  /**
   * Beyond this distance from the nearest active camera (scene units, metres for Menagerie's
   * creatures), a creature in view is posed every `farInterval` frames; it still moves every frame.
   * @default 50 (a 1 m creature is then about 20 pixels tall on a 1080-pixel screen with
   * Babylon's default field of view: a gait at half the frame rate does not show)
   */
  farDistance?: number;
  /**
   * How often a distant creature is posed: every this-many frames (1: every frame).
   * @default 2
   */
  farInterval?: number;
}

/** Defaults of {@link AnimationLodOptions}. */
export const ANIMATION_LOD_DEFAULTS: Readonly<Required<AnimationLodOptions>> = Object.freeze({
  offscreenInterval: 0,
  farDistance: 50,
  farInterval: 2,
});

/** What a creature gets this frame. */
export const LOD_FULL = 0;
/** Its pose is held; its matrices are written at its new place. */
export const LOD_HOLD = 1;
/** Nothing is written: it is out of view, and so is the place it was last drawn. */
export const LOD_SKIP = 2;

/** Checked settings, or null for `false` (no level of detail). */
export function animationLodSettings(
  option: AnimationLodOptions | false | undefined,
): Required<AnimationLodOptions> | null {
  if (option === false) return null;
  const o = { ...ANIMATION_LOD_DEFAULTS, ...option };
  if (!Number.isInteger(o.offscreenInterval) || o.offscreenInterval < 0)
    throw new OptionsError("animationLod.offscreenInterval", `must be an integer >= 0, got ${o.offscreenInterval}`);
  if (!Number.isInteger(o.farInterval) || o.farInterval < 1)
    throw new OptionsError("animationLod.farInterval", `must be an integer >= 1, got ${o.farInterval}`);
  if (!(o.farDistance >= 0))
    throw new OptionsError("animationLod.farDistance", `must be a number >= 0, got ${o.farDistance}`);
  return o;
}

/** What the level reads of a creature (a MotionBinding): its agent, and where its crowd last drew it. */
export interface LodSubject {
  readonly agent: { readonly id: number; readonly x: number; readonly y: number; readonly z: number };
  readonly crowd?:
    | { readonly member: { readonly x: number; readonly y: number; readonly z: number; readonly reach: number } }
    | undefined;
}

/** Room around a creature's reach for a frame's travel between this test and the frame's draw. */
const MARGIN = 1;

export class AnimationLod {
  readonly #settings: Required<AnimationLodOptions>;
  #frame = 0;
  #cameraCount = 0;
  /** The sphere radius of the next {@link #sees}. */
  #radius = 0.5;
  readonly #planes: Plane[][] = [];
  /** x, y, z of each camera, flat. */
  #positions = new Float64Array(0);

  constructor(settings: Required<AnimationLodOptions>) {
    this.#settings = settings;
  }

  /** Reads the active cameras' view for this frame (after Babylon has updated them). */
  begin(scene: Scene): void {
    this.#frame++;
    const list = scene.activeCameras;
    const many = list !== null && list !== undefined && list.length > 0;
    const count = many ? list.length : scene.activeCamera ? 1 : 0;
    if (this.#positions.length < count * 3) this.#positions = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) {
      const camera: Camera = many ? list[i]! : scene.activeCamera!;
      camera.getViewMatrix();
      camera.getProjectionMatrix();
      this.#planes[i] ??= Frustum.GetPlanes(camera.getTransformationMatrix());
      Frustum.GetPlanesToRef(camera.getTransformationMatrix(), this.#planes[i]!);
      const p = camera.globalPosition;
      this.#positions[i * 3] = p.x;
      this.#positions[i * 3 + 1] = p.y;
      this.#positions[i * 3 + 2] = p.z;
    }
    this.#cameraCount = count;
  }

  /** The level of a crowd-drawn creature this frame, from where it is and where it was last drawn. */
  level(b: LodSubject): number {
    const member = b.crowd?.member;
    // Without a camera nothing is known to be out of view: everyone is posed.
    if (!member || this.#cameraCount === 0) return LOD_FULL;
    const a = b.agent;
    const s = this.#settings;
    // Numbers travel in fields, not arguments: V8 boxes a double passed to a call it does not
    // inline (bench/motion.ts read 23 bytes per agent-step when they did).
    this.#radius = member.reach + MARGIN;
    if (!this.#sees(a)) {
      if (s.offscreenInterval > 0 && (this.#frame + a.id) % s.offscreenInterval === 0) return LOD_FULL;
      // Last drawn in view (it just walked out, or the camera turned): drawn once more, out of view.
      return this.#sees(member) ? LOD_HOLD : LOD_SKIP;
    }
    if (s.farInterval > 1 && this.#far(a)) return (this.#frame + a.id) % s.farInterval === 0 ? LOD_FULL : LOD_HOLD;
    return LOD_FULL;
  }

  /** True when the sphere of {@link #radius} around `p` is at least partly in some active camera's frustum. */
  #sees(p: Point): boolean {
    const r = this.#radius;
    for (let c = 0; c < this.#cameraCount; c++) {
      const planes = this.#planes[c]!;
      let inside = true;
      for (let i = 0; i < 6 && inside; i++) {
        const plane = planes[i]!;
        const n = plane.normal;
        if (n.x * p.x + n.y * p.y + n.z * p.z + plane.d <= -r) inside = false;
      }
      if (inside) return true;
    }
    return false;
  }

  /** True when `p` is beyond `farDistance` of every active camera. */
  #far(p: Point): boolean {
    const limit = this.#settings.farDistance * this.#settings.farDistance;
    const at = this.#positions;
    for (let c = 0; c < this.#cameraCount; c++) {
      const dx = p.x - at[c * 3]!;
      const dy = p.y - at[c * 3 + 1]!;
      const dz = p.z - at[c * 3 + 2]!;
      if (dx * dx + dy * dy + dz * dz <= limit) return false;
    }
    return true;
  }
}

interface Point {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}
