import { describe, expect, it } from "vitest";
import { flyGait, slitherGait, swimGait, waddleGait, walkGait, wriggleGait } from "../../src/motion/gaits/index.js";
import { sizeOnlyRoles } from "../../src/motion/rigRoles.js";
import { SPEED_RULES, speciesSpeeds } from "../../src/motion/speeds.js";
import { round } from "../helpers/round.js";

/** A legged creature `height` metres tall (legs half its height). */
const legged = (height: number) => sizeOnlyRoles(height);

describe("species speeds", () => {
  it("scales walk and run with leg length by Froude number, per body type", () => {
    const sheep = speciesSpeeds(legged(1.1), "quadruped", walkGait);
    // v = sqrt(Fr · g · L), L = 0.55 m
    expect(round(sheep.walk, 3)).toBe(round(Math.sqrt(0.3 * 9.81 * 0.55), 3));
    expect(round(sheep.run, 3)).toBe(round(Math.sqrt(4 * 9.81 * 0.55), 3));
    expect(sheep.run).toBeGreaterThan(1.4 * 2.5); // trots away faster than a person walks, and then some
    const cat = speciesSpeeds(legged(0.3), "quadruped", walkGait);
    const horse = speciesSpeeds(legged(2.1), "quadruped", walkGait);
    expect(cat.run).toBeLessThan(sheep.run);
    expect(horse.run).toBeGreaterThan(6);
    const cow = speciesSpeeds(legged(1.6), "QUADRUPED_FAT", walkGait);
    expect(cow.run).toBeLessThan(speciesSpeeds(legged(1.6), "quadruped", walkGait).run);
  });

  it("lets a flyer's or swimmer's gait rule over its body type, and falls back for unknown types", () => {
    const roles = legged(0.9);
    const eagle = speciesSpeeds(roles, "winged_flyer", flyGait);
    expect(eagle).toEqual({ walk: flyGait.cruiseSpeed(roles), run: flyGait.cruiseSpeed(roles) * 2 });
    const fish = speciesSpeeds(roles, "quadruped", swimGait);
    expect(fish.run).toBe(swimGait.cruiseSpeed(roles) * 3);
    const odd = speciesSpeeds(roles, "toString", walkGait); // not Object's own key
    expect(round(odd.walk, 6)).toBe(round(Math.sqrt(SPEED_RULES.fallback.walkFroude! * 9.81 * 0.45), 6));
    const custom = { ...SPEED_RULES, byType: { robot: { walkFroude: 1, runFroude: 1 } } };
    const robot = speciesSpeeds(roles, "robot", walkGait, custom);
    expect(robot.walk).toBe(robot.run);
  });

  it("gives snakes, worms and waddlers their gait's own Froude numbers, whatever their body type", () => {
    const roles = legged(0.8); // legs 0.4 m
    const at = (froude: number) => round(Math.sqrt(froude * 9.81 * 0.4), 6);
    for (const [gait, walk, run] of [
      [slitherGait, 0.5, 2],
      [wriggleGait, 0.3, 1],
      [waddleGait, 0.2, 0.8],
    ] as const) {
      const speeds = speciesSpeeds(roles, "quadruped", gait);
      expect([round(speeds.walk, 6), round(speeds.run, 6)], gait.name).toEqual([at(walk), at(run)]);
    }
  });
});
