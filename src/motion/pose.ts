/**
 * A creature's pose for one frame: a rotation (x, y, z) per joint in the creature's own
 * right-handed model frame (+Y up, +Z forward, left at +X), and body offsets. Preallocated per
 * creature; gaits write into it, the Babylon sync reads it.
 * @category Body plans and gaits
 */
export class Pose {
  /** [rx, ry, rz] per joint. */
  readonly rotations: Float32Array;
  /** Body rise above its rest height, metres. */
  bodyY = 0;
  /** Body breathing scale along Y (1 = rest). */
  breath = 1;

  /** @param jointCount - How many joints the pose holds rotations for. */
  constructor(readonly jointCount: number) {
    this.rotations = new Float32Array(jointCount * 3);
  }

  /** Back to rest: no rotation, no rise, breath 1. */
  reset(): void {
    this.rotations.fill(0);
    this.bodyY = 0;
    this.breath = 1;
  }

  /** Sets joint `joint`'s rotation (radians about X, Y, Z); a negative index (a missing joint) is ignored. */
  set(joint: number, rx: number, ry: number, rz: number): void {
    if (joint < 0) return;
    const i = joint * 3;
    this.rotations[i] = rx;
    this.rotations[i + 1] = ry;
    this.rotations[i + 2] = rz;
  }

  /** Adds to joint `joint`'s rotation (radians about X, Y, Z); a negative index is ignored. */
  add(joint: number, rx: number, ry: number, rz: number): void {
    if (joint < 0) return;
    const i = joint * 3;
    this.rotations[i] = this.rotations[i]! + rx;
    this.rotations[i + 1] = this.rotations[i + 1]! + ry;
    this.rotations[i + 2] = this.rotations[i + 2]! + rz;
  }

  /** Weight of `b` in the next {@link mix}; a field, not an argument (see rigRoles' note on boxing). */
  mixWeight = 0.5;

  /** this = a * (1 - mixWeight) + b * mixWeight. */
  mix(a: Pose, b: Pose): void {
    const t = this.mixWeight;
    const u = 1 - t;
    for (let i = 0; i < this.rotations.length; i++) this.rotations[i] = a.rotations[i]! * u + b.rotations[i]! * t;
    this.bodyY = a.bodyY * u + b.bodyY * t;
    this.breath = a.breath * u + b.breath * t;
  }
}
