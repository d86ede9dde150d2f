/**
 * A crowd-drawn rigged creature's `animations` (riggedBody.ts): the map a Creature holds from
 * its birth, whose groups exist only once asked for. Its clip names (`size`, `has`, `keys`) are
 * the model's, answered without growing anything; reading a group (`get`, `values`, `entries`,
 * `forEach`, iterating) grows the creature's own groups, which take it out of its crowd.
 */
import type { AnimationGroup } from "@babylonjs/core/Animations/animationGroup.js";

export class GrowingClips implements ReadonlyMap<string, AnimationGroup> {
  /** Clip name → its index, in the model's order (a grown copy's map has the same order). */
  readonly #names: Map<string, number>;
  readonly #grow: () => ReadonlyMap<string, AnimationGroup>;

  /** `grow` gives the creature's own groups, growing them on its first call. */
  constructor(clips: readonly string[], grow: () => ReadonlyMap<string, AnimationGroup>) {
    this.#names = new Map(clips.map((clip, i) => [clip, i]));
    this.#grow = grow;
  }

  get size(): number {
    return this.#names.size;
  }

  has(clip: string): boolean {
    return this.#names.has(clip);
  }

  keys(): MapIterator<string> {
    return this.#names.keys();
  }

  get(clip: string): AnimationGroup | undefined {
    return this.#grow().get(clip);
  }

  values(): MapIterator<AnimationGroup> {
    return this.#grow().values();
  }

  entries(): MapIterator<[string, AnimationGroup]> {
    return this.#grow().entries();
  }

  forEach(callback: (group: AnimationGroup, clip: string, map: ReadonlyMap<string, AnimationGroup>) => void): void {
    for (const [clip, group] of this.#grow()) callback(group, clip, this);
  }

  [Symbol.iterator](): MapIterator<[string, AnimationGroup]> {
    return this.#grow()[Symbol.iterator]();
  }
}
