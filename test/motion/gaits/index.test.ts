import { describe, expect, it } from "vitest";
import {
  BEHAVIOUR_GAITS,
  crawlGait,
  floatGait,
  flyGait,
  gaitFor,
  hopGait,
  slitherGait,
  swimGait,
  waddleGait,
  walkGait,
  wriggleGait,
} from "../../../src/motion/gaits/index.js";
import { sizeOnlyRoles } from "../../../src/motion/rigRoles.js";
import { bodyOnlyRoles, quadrupedRoles } from "../../helpers/motionRig.js";

const legged = quadrupedRoles(0.5);
const legless = bodyOnlyRoles();

describe("BEHAVIOUR_GAITS", () => {
  it("maps each behaviour of the service to its gait, or to idle", () => {
    expect(Object.fromEntries(Object.entries(BEHAVIOUR_GAITS).map(([b, g]) => [b, g?.name ?? null]))).toEqual({
      walk: "walk",
      run: "walk",
      trot: "walk",
      fly: "fly",
      swim: "swim",
      hop: "hop",
      crawl: "crawl",
      waddle: "waddle",
      slither: "slither",
      wriggle: "wriggle",
      bob: "float",
      float: "float",
      drive: null,
      static: null,
      none: null,
    });
    expect(Object.isFrozen(BEHAVIOUR_GAITS)).toBe(true);
  });
});

describe("gaitFor", () => {
  it("looks the behaviour up in any case; unknown or missing ones idle", () => {
    expect(gaitFor("walk", legged)).toBe(walkGait);
    expect(gaitFor("Fly", legged)).toBe(flyGait);
    expect(gaitFor("SWIM", legged)).toBe(swimGait);
    expect(gaitFor("bob", legged)).toBe(floatGait);
    expect(gaitFor("static", legged)).toBeNull();
    expect(gaitFor("moonwalk", legged)).toBeNull();
    expect(gaitFor(undefined, legged)).toBeNull();
    expect(gaitFor("toString", legged)).toBeNull();
  });

  // The lookup reads only the table's own keys: an inherited one would make Object or
  // Object.prototype a gait, and MotionAgent would throw on its first step.
  it("idles for behaviours named like Object.prototype's keys", () => {
    expect(gaitFor("constructor", legged)).toBeNull();
    expect(gaitFor("__proto__", legged)).toBeNull();
  });

  it("gives a legged gait on a rig without legs a slither, or idle when it has no body either", () => {
    for (const gait of ["walk", "crawl", "waddle", "hop"]) {
      expect(gaitFor(gait, legless), gait).toBe(slitherGait);
      expect(gaitFor(gait, sizeOnlyRoles(1)), gait).toBeNull();
    }
    expect(gaitFor("crawl", legged)).toBe(crawlGait);
    expect(gaitFor("waddle", legged)).toBe(waddleGait);
    expect(gaitFor("hop", legged)).toBe(hopGait);
  });

  it("keeps gaits that need no legs on any rig", () => {
    expect(gaitFor("fly", legless)).toBe(flyGait);
    expect(gaitFor("wriggle", legless)).toBe(wriggleGait);
    expect(gaitFor("float", sizeOnlyRoles(1))).toBe(floatGait);
  });

  it("uses a table a game gives", () => {
    const table = { ...BEHAVIOUR_GAITS, walk: null, gallop: walkGait, glide: flyGait };
    expect(gaitFor("walk", legged, table)).toBeNull();
    expect(gaitFor("Gallop", legged, table)).toBe(walkGait);
    expect(gaitFor("gallop", legless, table)).toBe(slitherGait);
    expect(gaitFor("glide", legless, table)).toBe(flyGait);
  });
});
