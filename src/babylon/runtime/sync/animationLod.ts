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
import { type AnimationLodOptions, LOD_FULL, LOD_HOLD, LOD_SKIP } from "../../options/animationLodOptions.js";

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
