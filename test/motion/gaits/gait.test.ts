import { describe, expect, it } from "vitest";
import { fract, smoothstep, TAU } from "../../../src/motion/gaits/gait.js";
import { round } from "../../helpers/round.js";

describe("gait helpers", () => {
  it("TAU is a full turn", () => {
    expect(TAU).toBe(2 * Math.PI);
  });

  it("smoothstep eases 0 to 1 with flat ends, clamped outside [0, 1]", () => {
    expect([-1, 0, 0.25, 0.5, 0.75, 1, 2].map(smoothstep)).toEqual([0, 0, 0.15625, 0.5, 0.84375, 1, 1]);
    const slope = (t: number) => (smoothstep(t + 1e-6) - smoothstep(t - 1e-6)) / 2e-6;
    expect(round(slope(1e-6), 4)).toBe(0);
    expect(round(slope(1 - 1e-6), 4)).toBe(0);
    expect(round(slope(0.5), 4)).toBe(1.5);
  });

  it("fract keeps the part after the point, in [0, 1), negatives included", () => {
    expect([0, 0.25, 1, 3.75, -0.25, -1].map(fract)).toEqual([0, 0.25, 0, 0.75, 0.75, 0]);
  });
});
