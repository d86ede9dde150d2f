import { describe, expect, it } from "vitest";
import { BODY_PLANS as CATALOG_PLANS } from "../../src/catalog/plans/index.js";
import {
  BODY_PLANS,
  type BodyPlan,
  extendBodyPlans,
  LOWER_LEG_ANCHOR,
  UPPER_LEG_ANCHOR,
} from "../../src/rig/bodyPlans.js";

const SIDES = ["left", "right"];

describe("BODY_PLANS", () => {
  it("covers the service's body types, frozen", () => {
    expect(Object.keys(BODY_PLANS).sort()).toEqual([
      "biped",
      "floater",
      "hopper",
      "multileg_crawler",
      "quadruped",
      "quadruped_fat",
      "scenery",
      "uniform",
      "winged_flyer",
      "winged_standing",
    ]);
    expect(Object.isFrozen(BODY_PLANS)).toBe(true);
  });

  it("names the quadruped's parts as the service does", () => {
    const legs = ["front", "hind"].flatMap((end) =>
      SIDES.flatMap((side) => [`leg_${end}_${side}_top`, `leg_${end}_${side}_bot`]),
    );
    expect(Object.keys(BODY_PLANS["quadruped"]!).sort()).toEqual(["body", "head", "tail", ...legs].sort());
  });

  it.each(Object.entries(BODY_PLANS))("%s: one root, the body at its centre; every part reaches it", (_type, plan) => {
    const roots = Object.entries(plan).filter(([, part]) => part.parent === null);
    expect(roots).toEqual([["body", { parent: null, anchor: "center" }]]);
    for (const name of Object.keys(plan)) {
      const seen = new Set<string>();
      let at: string | null = name;
      while (at !== null) {
        expect(seen.has(at), `${name}: cycle at ${at}`).toBe(false);
        seen.add(at);
        expect(plan[at], `${name}: parent ${at} is not in the plan`).toBeDefined();
        at = plan[at]!.parent;
      }
      expect(seen.has("body"), name).toBe(true);
    }
  });

  it.each(Object.entries(BODY_PLANS))("%s: legs hinge by the SDK's rules, anchors inside the box", (_type, plan) => {
    for (const [name, part] of Object.entries(plan)) {
      if (name.endsWith("_bot") && plan[name.replace(/_bot$/, "_top")]) {
        expect(part, name).toEqual({ parent: name.replace(/_bot$/, "_top"), anchor: LOWER_LEG_ANCHOR });
      }
      if (name.endsWith("_top")) expect(part, name).toEqual({ parent: "body", anchor: UPPER_LEG_ANCHOR });
      if (typeof part.anchor === "object") {
        for (const value of Object.values(part.anchor)) {
          if (value !== "nearest") expect(value >= 0 && value <= 1, `${name}: ${value}`).toBe(true);
        }
      }
    }
  });

  it("knows every part the reference catalog builds, for each of its types", () => {
    for (const [type, catalog] of Object.entries(CATALOG_PLANS)) {
      const plan = BODY_PLANS[type];
      expect(plan, type).toBeDefined();
      expect(
        [...catalog.parts, ...catalog.optional].filter((p) => !(p in plan!)),
        type,
      ).toEqual([]);
    }
  });

  it("puts upper legs at the top centre and lower legs 40% of the height above the centre", () => {
    expect(UPPER_LEG_ANCHOR).toEqual({ x: 0.5, y: 1, z: 0.5 });
    expect(LOWER_LEG_ANCHOR).toEqual({ x: 0.5, y: 0.9, z: 0.5 });
  });
});

describe("extendBodyPlans", () => {
  const centaur: BodyPlan = { body: { parent: null, anchor: "center" }, torso: { parent: "body", anchor: "nearest" } };

  it("adds and replaces types in a new frozen table, leaving the base alone", () => {
    const tiny: BodyPlan = { body: { parent: null, anchor: "center" } };
    const plans = extendBodyPlans(BODY_PLANS, { centaur, quadruped: tiny });
    expect(plans).not.toBe(BODY_PLANS);
    expect(Object.isFrozen(plans)).toBe(true);
    expect(plans["centaur"]).toBe(centaur);
    expect(plans["quadruped"]).toBe(tiny);
    expect(plans["biped"]).toBe(BODY_PLANS["biped"]);
    expect(BODY_PLANS["centaur"]).toBeUndefined();
    expect(Object.keys(BODY_PLANS["quadruped"]!)).toHaveLength(11);
  });
});
