import { describe, expect, it } from "vitest";
import { walkGait } from "../../src/motion/gaits/index.js";
import { sizeOnlyRoles } from "../../src/motion/rigRoles.js";
import { speciesSpeeds } from "../../src/motion/speeds.js";

/** Speed at a Froude number for a leg length: v = sqrt(Fr · g · L). */
const froude = (fr: number, leg: number) => Math.sqrt(fr * 9.81 * leg);

describe("default speed rules per legged body type", () => {
  it("each listed type walks and runs at its own Froude numbers, not the fallback's", () => {
    const roles = sizeOnlyRoles(1.6); // legs 0.8 m
    const leg = roles.legLength;
    const table: Record<string, [number, number]> = {
      quadruped: [0.3, 4],
      quadruped_fat: [0.25, 1.6],
      biped: [0.3, 2.5],
      hopper: [0.4, 5],
      winged_standing: [0.3, 2],
      multileg_crawler: [1, 4],
    };
    for (const [type, [walk, run]] of Object.entries(table)) {
      const speeds = speciesSpeeds(roles, type, walkGait);
      expect(speeds.walk, type).toBeCloseTo(froude(walk, leg), 9);
      expect(speeds.run, type).toBeCloseTo(froude(run, leg), 9);
    }
    // A person-like biped runs slower than a quadruped of its leg length, faster than a fat one.
    const biped = speciesSpeeds(roles, "biped", walkGait).run;
    expect(biped).toBeLessThan(speciesSpeeds(roles, "quadruped", walkGait).run);
    expect(biped).toBeGreaterThan(speciesSpeeds(roles, "quadruped_fat", walkGait).run);
  });
});
