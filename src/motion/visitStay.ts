/**
 * The stay of a `visit`: the pose it holds where it arrived and the game seconds left, then
 * who hears that it stayed (or was cut short).
 */
import type { SteeringAgent, VisitPose } from "./types.js";

/** A visit's stay; idle (no pose, nobody to tell) between visits. */
export class VisitStay {
  /** The pose held while it stays, else undefined. */
  pose: VisitPose | undefined;
  #left = 0;
  #done: ((stayed: boolean) => void) | undefined;

  /** True while a stay is on. */
  get on(): boolean {
    return this.#done !== undefined;
  }

  /** Stays `seconds` in `pose`, then tells `done(true)`. */
  start(pose: VisitPose, seconds: number, done: (stayed: boolean) => void): void {
    this.pose = pose;
    this.#left = seconds;
    this.#done = done;
  }

  /** Counts one step of `agent` (its `dt`); ends the stay once its time is up. */
  count(agent: SteeringAgent): void {
    this.#left -= agent.dt;
    if (this.#left <= 0) this.end(true);
  }

  /** Ends the stay, if one is on: `true` when it stayed its time, `false` when cut short. */
  end(stayed: boolean): void {
    const done = this.#done;
    if (!done) return;
    this.#done = undefined;
    this.pose = undefined;
    this.#left = 0;
    done(stayed);
  }
}
