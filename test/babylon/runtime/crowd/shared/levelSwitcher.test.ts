/**
 * Choosing a crowd's level of detail, with no service: exact boundaries and hysteresis of
 * `levelAt`, the cameras read, and a `LevelSwitcher` over hand-made levels that record what they
 * are asked (members moved between them, uploads, disposal), so each count is exact.
 */
import { FreeCamera } from "@babylonjs/core/Cameras/freeCamera.js";
import { type Matrix, Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MeshLodSettings } from "../../../../../src/babylon/options/meshLodOptions.js";
import type { CrowdBounds } from "../../../../../src/babylon/runtime/crowd/shared/crowdBounds.js";
import { type CrowdMember, newMember } from "../../../../../src/babylon/runtime/crowd/shared/crowdMember.js";
import {
  cameraPositions,
  LevelSwitcher,
  levelAt,
  levelSwitcherStats,
  nearestDistance,
  STRIDE,
  type SwitchableLevel,
} from "../../../../../src/babylon/runtime/crowd/shared/levelSwitcher.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

describe("levelAt", () => {
  // Level 1 begins past 10 heights, level 2 past 20; a creature 2 tall: 20 and 40, back at 15 and 30.
  const distances = [10, 20];
  const at = (distance: number, current: number) => levelAt(distance, 2, current, distances, 0.25);

  it("goes up a level only past that level's distance, and no further than the last", () => {
    expect([at(0, 0), at(20, 0), at(20.5, 0), at(40, 0), at(40.5, 0), at(1000, 0)]).toEqual([0, 0, 1, 1, 2, 2]);
    expect([at(40, 1), at(40.5, 1), at(1000, 2)]).toEqual([1, 2, 2]);
  });

  it("comes back only once nearer than (1 - hysteresis) of the boundary", () => {
    expect([at(20, 1), at(15, 1), at(14.5, 1), at(0, 1)]).toEqual([1, 1, 0, 0]);
    expect([at(35, 2), at(30, 2), at(29.5, 2), at(14.5, 2)]).toEqual([2, 2, 1, 0]);
  });
});

describe("cameras", () => {
  let env: ReturnType<typeof createNullScene>;
  beforeEach(() => {
    env = createNullScene();
  });
  afterEach(() => env.dispose());

  function camera(name: string, x: number, y: number, z: number): FreeCamera {
    const c = new FreeCamera(name, new Vector3(x, y, z), env.scene);
    c.computeWorldMatrix();
    return c;
  }

  it("reads the active camera, or every active camera, into the array given or a larger one", () => {
    const scene = env.scene;
    scene.activeCamera = camera("one", 1, 2, 3);
    const three = new Float64Array(3);
    const read = cameraPositions(scene, three);
    expect(read.positions).toBe(three);
    expect([read.count, ...read.positions]).toEqual([1, 1, 2, 3]);
    scene.activeCameras = [];
    expect(cameraPositions(scene, three).count).toBe(1);
    // Untyped callers may leave undefined there: read as no list.
    scene.activeCameras = undefined as unknown as null;
    expect(cameraPositions(scene, three).count).toBe(1);
    scene.activeCameras = [camera("a", 4, 5, 6), camera("b", -1, -2, -3)];
    const two = cameraPositions(scene, three);
    expect(two.positions).not.toBe(three);
    expect([two.count, ...two.positions]).toEqual([2, 4, 5, 6, -1, -2, -3]);
    scene.activeCameras = null;
    scene.activeCamera = null;
    expect(cameraPositions(scene, three).count).toBe(0);
  });

  it("measures the distance to the nearest of the first `count` positions", () => {
    const positions = Float64Array.from([0, 0, 10, 3, 4, 0, 0, 0, 0]);
    expect(nearestDistance(positions, 2, 0, 0, 0)).toBe(5);
    expect(nearestDistance(positions, 2, 0, 0, 12)).toBe(2);
    expect(nearestDistance(positions, 2, 6, 8, 0)).toBe(5); // off the origin: signs count
    expect(nearestDistance(positions, 1, 0, 0, 0)).toBe(10);
    expect(nearestDistance(positions, 0, 0, 0, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

/** A level recording what it is asked: members by slot, moves, uploads, disposals. */
class FakeLevel implements SwitchableLevel {
  readonly members: CrowdMember[] = [];
  readonly firstMesh: Mesh | undefined;
  uploads = 0;
  disposed = 0;
  constructor(
    readonly index: number,
    mesh?: Mesh,
  ) {
    this.firstMesh = mesh;
  }
  get meshes(): Mesh[] {
    return this.firstMesh ? [this.firstMesh] : [];
  }
  add(member: CrowdMember): void {
    member.slot = this.members.length;
    member.level = this.index;
    this.members.push(member);
  }
  remove(member: CrowdMember): void {
    const last = this.members.pop()!;
    if (last !== member) {
      this.members[member.slot] = last;
      last.slot = member.slot;
    }
    member.slot = -1;
  }
  takeFrom(from: FakeLevel, member: CrowdMember): void {
    from.remove(member);
    this.add(member);
  }
  upload(): number {
    this.uploads++;
    return this.index + 1;
  }
  dispose(): void {
    this.disposed++;
  }
}

describe("LevelSwitcher", () => {
  let env: ReturnType<typeof createNullScene>;
  let cam: FreeCamera;
  let made: number[];
  beforeEach(() => {
    env = createNullScene();
    cam = env.scene.activeCamera as FreeCamera;
    place(0, 0, 0);
    made = [];
    levelSwitcherStats.looked = 0;
  });
  afterEach(() => env.dispose());

  function place(x: number, y: number, z: number): void {
    cam.position.set(x, y, z);
    cam.computeWorldMatrix();
  }

  /** Levels begin past 10 and 20 heights; the model is 2 tall, so 20 and 40 for reach = modelReach. */
  const lod: MeshLodSettings = { distances: [10, 20], ratios: [0.5, 0.25], hysteresis: 0.25 };

  function switcher(): LevelSwitcher<FakeLevel> {
    return new LevelSwitcher((i) => {
      made.push(i);
      return new FakeLevel(i, i === 0 ? new Mesh("level0", env.scene) : undefined);
    }, 2);
  }

  /** A member `z` away from the origin along z, added to `s`. */
  function member(s: LevelSwitcher<FakeLevel>, z: number, reach = 1, modelReach = 1): CrowdMember {
    const m = newMember({ current: z }, modelReach);
    m.z = z;
    m.reach = reach;
    s.add(m);
    return m;
  }

  it("makes level 0 at once and the others when a creature first needs them", () => {
    const s = switcher();
    expect(made).toEqual([0]);
    expect(s.useLevels(lod)).toBe(3);
    expect(s.counts).toEqual([0, 0, 0]);
    expect(s.at(1)).toBeUndefined();
    member(s, 5);
    member(s, 50);
    expect(s.choose(env.scene, true)).toBe(1);
    expect(made).toEqual([0, 2]);
    expect(s.counts).toEqual([1, 0, 1]);
    expect(s.count).toBe(2);
    expect(s.level(1).index).toBe(1);
    expect(s.level(1)).toBe(s.at(1));
    expect(made).toEqual([0, 2, 1]);
  });

  it("keeps everyone at full detail without levels", () => {
    const s = switcher();
    const m = member(s, 100);
    expect(s.choose(env.scene, true)).toBe(0);
    expect(s.of(m)).toBe(s.at(0));
    expect(levelSwitcherStats.looked).toBe(0);
  });

  it("reads a creature's height from its scale: reach over model reach times the model's height", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 30, 2, 2); // scale 1, 2 tall: past 20
    member(s, 30, 4, 2); // scale 2, 4 tall: not past 40
    member(s, 30, 1, 2); // scale 0.5, 1 tall: past 20 (level 2 begins at 20)
    s.choose(env.scene, true);
    expect(s.at(0)!.members.map((m) => m.reach)).toEqual([4]);
    expect(s.at(1)!.members.map((m) => m.reach)).toEqual([2]);
    expect(s.at(2)!.members.map((m) => m.reach)).toEqual([1]);
  });

  it("looks at nobody while creatures and cameras stand still, and at everyone when a camera moves", () => {
    const s = switcher();
    s.useLevels(lod);
    const ms = [5, 6, 7, 8, 9].map((z) => member(s, z));
    expect(s.choose(env.scene, false)).toBe(0); // levels new: everyone looked at
    expect(levelSwitcherStats.looked).toBe(5);
    expect(s.choose(env.scene, false)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(5);
    place(0, 0, -30); // everyone 35..39 away: level 1, where they are looked at again
    expect(s.choose(env.scene, false)).toBe(5);
    expect(levelSwitcherStats.looked).toBe(15);
    expect(s.counts).toEqual([0, 5, 0]);
    expect(ms.every((m) => m.level === 1)).toBe(true);
    place(0, 0, -30.5); // still one camera, moved along z alone
    expect(s.choose(env.scene, false)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(20);
    place(0, 0.5, -30.5); // moved along y alone
    s.choose(env.scene, false);
    expect(levelSwitcherStats.looked).toBe(25);
    place(0.5, 0.5, -30.5); // moved along x alone
    s.choose(env.scene, false);
    expect(levelSwitcherStats.looked).toBe(30);
  });

  it("remembers where a camera off the origin stood", () => {
    const s = switcher();
    s.useLevels(lod);
    place(1, 2, 3);
    member(s, 100);
    s.choose(env.scene, false); // looked at in level 0, then in level 2
    s.choose(env.scene, false);
    expect(levelSwitcherStats.looked).toBe(2);
  });

  it("notices a second camera, and one camera fewer", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 100);
    s.choose(env.scene, false); // looked at in level 0, moved to level 2, looked at there
    expect(levelSwitcherStats.looked).toBe(2);
    const far = new FreeCamera("far", new Vector3(0, 0, 1000), env.scene);
    far.computeWorldMatrix();
    env.scene.activeCameras = [cam, far];
    expect(s.choose(env.scene, false)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(3);
    const near = new FreeCamera("near", new Vector3(0, 0, 99), env.scene);
    near.computeWorldMatrix();
    env.scene.activeCameras = [near, far];
    expect(s.choose(env.scene, false)).toBe(1); // one camera moved: 1 away now
    expect(s.counts).toEqual([1, 0, 0]);
    env.scene.activeCameras = [near];
    expect(s.choose(env.scene, false)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(5);
  });

  it("chooses nothing with no camera", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 100);
    env.scene.activeCamera = null;
    expect(s.choose(env.scene, true)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(0);
    expect(s.counts).toEqual([1, 0, 0]);
  });

  it("under a still camera looks at a quarter of each level a frame, in turn, and at creatures just added", () => {
    const s = switcher();
    s.useLevels(lod);
    const ms = Array.from({ length: 9 }, (_, i) => member(s, i));
    s.choose(env.scene, true);
    expect(levelSwitcherStats.looked).toBe(9);
    for (const m of ms) m.z = 100; // all walked far away, the camera still
    const moves: number[] = [];
    const looked: number[] = [];
    for (let frame = 0; frame < 3 * STRIDE; frame++) {
      levelSwitcherStats.looked = 0;
      moves.push(s.choose(env.scene, true));
      looked.push(levelSwitcherStats.looked);
    }
    // Frame 1 looks at slots 8, 4, 0 of level 0 (backwards: a leaver's slot goes to the last
    // member, already looked at or due later) and slot 0 of level 2; then 5, 1; 2; 3 (gone).
    // A member moved into a slot already looked at this round waits for that slot's next turn:
    // the last of the nine leaves on frame 9.
    expect(STRIDE).toBe(4);
    expect(moves).toEqual([3, 2, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0]);
    expect(looked).toEqual([4, 3, 2, 1, 3, 3, 2, 2, 4, 2, 2, 2]);
    expect(s.counts).toEqual([0, 0, 9]);
    // A creature just added is looked at on its first frame, wherever it stands.
    levelSwitcherStats.looked = 0;
    member(s, 100);
    expect(s.choose(env.scene, true)).toBe(1);
    expect(s.counts).toEqual([0, 0, 10]);
  });

  it("skips hidden creatures and creatures gone since they were added", () => {
    const s = switcher();
    s.useLevels(lod);
    s.choose(env.scene, false); // cameras read: from now on only creatures move
    const hidden = member(s, 100);
    hidden.hidden = true;
    const gone = member(s, 100);
    s.remove(gone);
    const shown = member(s, 100);
    levelSwitcherStats.looked = 0;
    // Fresh: hidden and gone skipped unlooked, shown moved; then slot 0 of level 0 (hidden) and
    // of level 2 (shown) looked at.
    expect(s.choose(env.scene, true)).toBe(1);
    expect(levelSwitcherStats.looked).toBe(3);
    expect(s.of(shown)).toBe(s.at(2));
    expect(s.of(hidden)).toBe(s.at(0));
    place(0, 0, 1); // every camera moved: the hidden one is looked at, not moved
    expect(s.choose(env.scene, false)).toBe(0);
    expect(s.counts).toEqual([1, 0, 1]);
  });

  it("looks at everyone again when given new levels, though the cameras stood still", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 25);
    expect(s.choose(env.scene, false)).toBe(1);
    expect(s.counts).toEqual([0, 1, 0]);
    s.useLevels({ distances: [20, 40], ratios: [0.5, 0.25], hysteresis: 0.25 });
    expect(s.choose(env.scene, false)).toBe(1); // 25 is now under 40 * 0.75
    expect(s.counts).toEqual([1, 0, 0]);
  });

  it("looks at a creature just added in slot 0 on a frame whose turn is another slot's", () => {
    const s = switcher();
    s.useLevels(lod);
    s.choose(env.scene, false); // cameras read
    s.choose(env.scene, true); // turn 0 taken: the next looks at slots 1, 5, ...
    const m = member(s, 100);
    expect(m.slot).toBe(0);
    levelSwitcherStats.looked = 0;
    expect(s.choose(env.scene, true)).toBe(1);
    expect(levelSwitcherStats.looked).toBe(1);
    expect(s.of(m)).toBe(s.at(2));
  });

  it("leaves a creature just added where it belongs already, in its slot, and counts no switch", () => {
    const s = switcher();
    s.useLevels(lod);
    s.choose(env.scene, false); // cameras read: from now on only creatures move
    const first = member(s, 1);
    const second = member(s, 2);
    // Both fresh and within 20 of the camera: level 0 is right for both, nobody moves.
    expect(s.choose(env.scene, true)).toBe(0);
    expect(s.counts).toEqual([2, 0, 0]);
    expect([first.slot, second.slot]).toEqual([0, 1]);
  });

  it("settles once a camera that stood nowhere (NaN) is dropped, keeping no trace of it", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 5);
    const lost = new FreeCamera("lost", new Vector3(Number.NaN, Number.NaN, Number.NaN), env.scene);
    lost.computeWorldMatrix();
    env.scene.activeCameras = [cam, lost];
    s.choose(env.scene, false); // two cameras: read into six numbers
    env.scene.activeCameras = [cam];
    s.choose(env.scene, false); // one camera fewer: everyone looked at
    levelSwitcherStats.looked = 0;
    // The lost camera's numbers past the first camera's three are no camera's: the still
    // camera is still, nobody is looked at.
    expect(s.choose(env.scene, false)).toBe(0);
    expect(levelSwitcherStats.looked).toBe(0);
  });

  it("removes a creature from its own level", () => {
    const s = switcher();
    s.useLevels(lod);
    const near = member(s, 1);
    const far = member(s, 100);
    s.choose(env.scene, true);
    s.remove(far);
    expect(s.counts).toEqual([1, 0, 0]);
    s.remove(near);
    expect(s.count).toBe(0);
    const bare = newMember(undefined, 1);
    expect(s.of(bare)).toBe(s.at(0)); // no level yet: full detail
  });

  it("answers every level's meshes and uploads, fits the bounds under level 0's mesh, and disposes all", () => {
    const s = switcher();
    s.useLevels(lod);
    member(s, 100);
    s.choose(env.scene, true);
    expect(s.meshes).toEqual([s.at(0)!.firstMesh]);
    expect(s.upload()).toBe(1 + 3); // levels 0 and 2, each answering index + 1
    expect([s.at(0)!.uploads, s.at(2)!.uploads]).toEqual([1, 1]);

    const first = s.at(0)!.firstMesh!;
    first.position.set(1, 2, 3);
    const calls: [readonly (readonly CrowdMember[] | undefined)[], Matrix][] = [];
    const bounds = {
      fitAll: (lists: readonly (readonly CrowdMember[] | undefined)[], world: Matrix) => {
        calls.push([lists, world]);
        return true;
      },
    } as unknown as CrowdBounds;
    expect(s.fit(bounds)).toBe(true);
    expect(calls[0]![0]).toEqual([s.at(0)!.members, undefined, s.at(2)!.members]);
    expect(calls[0]![1].m[12]).toBe(1);
    expect(calls[0]![1].m[14]).toBe(3);

    const levels = [s.at(0)!, s.at(2)!];
    s.dispose();
    expect(levels.map((l) => l.disposed)).toEqual([1, 1]);
    expect([s.at(0), s.at(1), s.at(2)]).toEqual([undefined, undefined, undefined]);
    expect(s.meshes).toEqual([]);
    expect(s.count).toBe(0);
    expect(s.upload()).toBe(0);
    expect(s.fit(bounds)).toBe(false);
    expect(calls.length).toBe(1);
    // Nothing of the disposed levels is kept: a level 0 made again is all the bounds read.
    const again = s.level(0);
    expect(s.fit(bounds)).toBe(true);
    expect(calls[1]![0]).toEqual([again.members, undefined, undefined]);
    expect(calls[1]![0][2]).toBeUndefined();
  });

  it("fits nothing while level 0 has no mesh", () => {
    const s = new LevelSwitcher((i) => new FakeLevel(i), 2);
    let fits = 0;
    const bounds = { fitAll: () => ++fits > 0 } as unknown as CrowdBounds;
    expect(s.fit(bounds)).toBe(false);
    expect(fits).toBe(0);
  });
});
