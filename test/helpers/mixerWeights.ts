/** The check every ClipMixer test makes after a step: each clip's weight in 0..1, all summing to 1. */
import { expect } from "vitest";
import type { ClipMixer } from "../../src/motion/clipMixer.js";
import { round } from "./round.js";

/** Fails unless `mixer`'s weights are each within 0..1 and sum to 1 (rounded). */
export function expectWeightsWhole(mixer: ClipMixer): void {
  let sum = 0;
  for (const w of mixer.weights) {
    expect(w).toBeGreaterThanOrEqual(0);
    expect(w).toBeLessThanOrEqual(1);
    sum += w;
  }
  expect(round(sum)).toBe(1);
}
