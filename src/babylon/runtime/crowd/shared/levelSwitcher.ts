/**
 * A crowd's levels of detail (`meshLod`) and the one way both families (parts/, rigged/) choose
 * between them: by a creature's distance to the nearest active camera in multiples of its
 * height, with hysteresis, so that a creature at a boundary does not switch every frame. The
 * crowd hands it how to make a level; it makes level 0 at once and the others when a creature
 * first needs them, moves creatures between them, and answers for them all (counts, meshes,
 * uploads, the shared bounding box).
 *
 * Choosing costs a distance per creature. When a camera moved every creature is looked at; when
 * only creatures moved (a walking crowd under a still camera), a quarter of each level is looked
 * at per frame, in turn ({@link STRIDE}): a creature walks a few centimetres a frame, so it is
 * switched a few frames late, well inside the 10% of hysteresis. A creature just added is looked
 * at on its first frame (it may stand anywhere).
 */
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { MeshLodSettings } from "../../../options/meshLodOptions.js";
import type { CrowdBounds } from "./crowdBounds.js";
import type { CrowdMember } from "./crowdMember.js";

/**
 * The level for a creature `distance` away and `size` tall (same units), drawn at `current`:
 * it goes up a level past that level's distance, and comes back only once nearer than
 * `(1 - hysteresis)` of it. `distances[k]` is where level k + 1 begins.
 */
export function levelAt(
  distance: number,
  size: number,
  current: number,
  distances: readonly number[],
  hysteresis: number,
): number {
  let level = current;
  while (level < distances.length && distance > distances[level]! * size) level++;
  while (level > 0 && distance < distances[level - 1]! * size * (1 - hysteresis)) level--;
  return level;
}

/**
 * Writes the active cameras' positions (x, y, z, flat) into `out`, growing it when needed;
 * returns it and how many there are. Read during a render, after Babylon updated the cameras.
 */
export function cameraPositions(scene: Scene, out: Float64Array): { positions: Float64Array; count: number } {
  const list = scene.activeCameras;
  const many = list !== null && list !== undefined && list.length > 0;
  const count = many ? list.length : scene.activeCamera ? 1 : 0;
  const positions = out.length < count * 3 ? new Float64Array(count * 3) : out;
  for (let i = 0; i < count; i++) {
    const p = (many ? list[i]! : scene.activeCamera!).globalPosition;
    positions[i * 3] = p.x;
    positions[i * 3 + 1] = p.y;
    positions[i * 3 + 2] = p.z;
  }
  return { positions, count };
}

/** The distance from (x, y, z) to the nearest of `count` positions. */
export function nearestDistance(positions: Float64Array, count: number, x: number, y: number, z: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < count; c++) {
    const dx = x - positions[c * 3]!;
    const dy = y - positions[c * 3 + 1]!;
    const dz = z - positions[c * 3 + 2]!;
    const d = dx * dx + dy * dy + dz * dz;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/**
 * The active cameras' positions, and whether they moved since the last call: a crowd whose
 * creatures and cameras stood still keeps every creature at its level without looking.
 */
class CameraWatch {
  positions: Float64Array = new Float64Array(0);
  count = 0;
  #seen: Float64Array = new Float64Array(0);
  #seenCount = -1;

  /** Reads the cameras; true when they moved (or were never read). */
  read(scene: Scene): boolean {
    const read = cameraPositions(scene, this.positions);
    this.positions = read.positions;
    this.count = read.count;
    let moved = read.count !== this.#seenCount;
    for (let i = 0; !moved && i < read.count * 3; i++) moved = read.positions[i] !== this.#seen[i];
    this.#seenCount = read.count;
    if (moved) {
      if (this.#seen.length < read.count * 3) this.#seen = new Float64Array(read.count * 3);
      this.#seen.set(read.positions.subarray(0, read.count * 3));
    }
    return moved;
  }

  /** Makes the next {@link read} answer true (new levels to choose from). */
  forget(): void {
    this.#seenCount = -1;
  }
}

/** One level of detail of a crowd: its drawing meshes and the creatures drawn at it. */
export interface SwitchableLevel {
  readonly members: readonly CrowdMember[];
  /** Its drawing meshes (a new array: for tests and tools). */
  readonly meshes: readonly Mesh[];
  /** Its first drawing mesh, if any: all hang from nothing at the origin, so its world matrix is everyone's. */
  readonly firstMesh: Mesh | undefined;
  /** Appends `member` (its slot and level set there). */
  add(member: CrowdMember): void;
  /** Removes `member`: the last one takes its slot. */
  remove(member: CrowdMember): void;
  /** Takes `member` from `from` (its slot there goes to `from`'s last member). */
  takeFrom(from: this, member: CrowdMember): void;
  /** Uploads what was written; returns how many buffers were uploaded. */
  upload(): number;
  dispose(): void;
}

/** Frames over which a still camera's levels are looked at once each. */
export const STRIDE = 4;

/** Counts for tests and tools: creatures whose distance was looked at, since last reset. */
export const levelSwitcherStats = { looked: 0 };

export class LevelSwitcher<L extends SwitchableLevel> {
  /** Index 0: full detail, made at once; the others made when a creature first needs them. */
  readonly #levels: (L | undefined)[] = [undefined];
  /** Each level's member list (undefined for a level not made yet), for the bounds. */
  readonly #memberLists: (readonly CrowdMember[] | undefined)[] = [undefined];
  readonly #make: (index: number) => L;
  /** The model's height (model units): times a member's scale, its height in the world. */
  readonly #modelHeight: number;
  /** The cameras, and whether they moved since levels were last chosen. */
  readonly #cameras = new CameraWatch();
  /** Null: full detail only. */
  #lod: MeshLodSettings | null = null;
  /** Counts the passes where only creatures moved: which quarter of the members to look at. */
  #turn = 0;
  /** Creatures added since levels were last chosen (with levels only). */
  #fresh: CrowdMember[] = [];

  /** Makes level 0 with `make`, which makes level `index` (it may ask {@link level} for those below). */
  constructor(make: (index: number) => L, modelHeight: number) {
    this.#make = make;
    this.#modelHeight = modelHeight;
    this.level(0);
  }

  /** Lets creatures be drawn at `lod`'s levels; returns how many levels there are. */
  useLevels(lod: MeshLodSettings): number {
    const count = lod.distances.length + 1;
    while (this.#levels.length < count) {
      this.#levels.push(undefined);
      this.#memberLists.push(undefined);
    }
    this.#lod = lod;
    this.#cameras.forget();
    return count;
  }

  /** Level `index`, made now if it was not. */
  level(index: number): L {
    let level = this.#levels[index];
    if (!level) {
      level = this.#make(index);
      this.#levels[index] = level;
      this.#memberLists[index] = level.members;
    }
    return level;
  }

  /** Level `index` if made. */
  at(index: number): L | undefined {
    return this.#levels[index];
  }

  /** The level `member` is drawn at. */
  of(member: CrowdMember): L {
    return this.#levels[member.level ?? 0]!;
  }

  /** Adds a creature at full detail. */
  add(member: CrowdMember): void {
    this.#levels[0]!.add(member);
    if (this.#lod) this.#fresh.push(member);
  }

  /** Removes a creature from its level. */
  remove(member: CrowdMember): void {
    this.of(member).remove(member);
  }

  /** The drawing meshes made so far (one per mesh of the model and level of detail). */
  get meshes(): readonly Mesh[] {
    return this.#levels.flatMap((level) => level?.meshes ?? []);
  }

  /** How many creatures it draws. */
  get count(): number {
    let count = 0;
    for (const level of this.#levels) count += level?.members.length ?? 0;
    return count;
  }

  /** How many creatures each level draws (levels not made yet: 0), for tests and tools. */
  get counts(): number[] {
    return this.#levels.map((level) => level?.members.length ?? 0);
  }

  /**
   * Moves each shown creature whose distance to the nearest camera crossed a level's boundary
   * (with hysteresis) to that level; returns how many moved. Looks only when creatures `moved`
   * or the cameras did: else every level is still right.
   */
  choose(scene: Scene, moved: boolean): number {
    if (!this.#lod) return 0;
    const camerasMoved = this.#cameras.read(scene);
    const fresh = this.#fresh;
    this.#fresh = [];
    if (this.#cameras.count === 0 || (!moved && !camerasMoved)) return 0;
    // A moved camera can bring anyone across a boundary: look at all; else at one quarter, and
    // at the creatures just added.
    const phase = camerasMoved ? -1 : this.#turn++ % STRIDE;
    let switched = phase < 0 ? 0 : this.#switchFresh(fresh, this.#lod);
    for (let l = 0; l < this.#levels.length; l++) switched += this.#switchFrom(l, this.#lod, phase);
    return switched;
  }

  /** Uploads every level's written buffers; returns how many were uploaded. */
  upload(): number {
    let uploads = 0;
    for (const level of this.#levels) if (level) uploads += level.upload();
    return uploads;
  }

  /** Refits `bounds` around every level's creatures; true when it changed. */
  fit(bounds: CrowdBounds): boolean {
    const first = this.#levels[0]?.firstMesh;
    return first !== undefined && bounds.fitAll(this.#memberLists, first.getWorldMatrix());
  }

  /** Disposes every level's drawing meshes. */
  dispose(): void {
    for (const level of this.#levels) level?.dispose();
    this.#levels.fill(undefined);
    this.#memberLists.fill(undefined);
  }

  /** Moves each of `fresh` (creatures just added, some maybe gone since) that belongs elsewhere; returns how many. */
  #switchFresh(fresh: readonly CrowdMember[], lod: MeshLodSettings): number {
    let switched = 0;
    for (const m of fresh) {
      if (m.slot < 0 || m.hidden) continue;
      const l = m.level ?? 0;
      levelSwitcherStats.looked++;
      const target = this.#targetOf(m, l, lod);
      if (target === l) continue;
      this.level(target).takeFrom(this.#levels[l]!, m);
      switched++;
    }
    return switched;
  }

  /** The level `m`, drawn at `l`, belongs at. */
  #targetOf(m: CrowdMember, l: number, lod: MeshLodSettings): number {
    const cameras = this.#cameras;
    const distance = nearestDistance(cameras.positions, cameras.count, m.x, m.y, m.z);
    const size = (m.reach / m.modelReach) * this.#modelHeight;
    return levelAt(distance, size, l, lod.distances, lod.hysteresis);
  }

  /** Moves level `l`'s creatures that belong elsewhere (those in slots ≡ `phase` mod STRIDE, or all for -1); returns how many. */
  #switchFrom(l: number, lod: MeshLodSettings, phase: number): number {
    const level = this.#levels[l];
    if (!level) return 0;
    const members = level.members;
    let switched = 0;
    // Backwards: a member leaving takes the last one's slot, which was already looked at.
    for (let i = members.length - 1; i >= 0; i--) {
      if (phase >= 0 && i % STRIDE !== phase) continue;
      const m = members[i]!;
      levelSwitcherStats.looked++;
      if (m.hidden) continue;
      const target = this.#targetOf(m, l, lod);
      if (target === l) continue;
      this.level(target).takeFrom(level, m);
      switched++;
    }
    return switched;
  }
}
