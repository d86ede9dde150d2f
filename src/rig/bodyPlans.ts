/**
 * Body plans: for each body type, each known part's parent and joint anchor. Data, not
 * branches, so a game can add its own types ({@link extendBodyPlans}).
 *
 * Anchors follow the official SDK's rules of thumb, read from part bounding boxes:
 * upper legs hinge at the top centre of their box, lower legs near the top (40% of the height
 * above the centre), and heads, tails, wings, arms and the like at the point of their box
 * nearest their parent's centre (bottom-back for a head, front for a tail, inner edge for a wing).
 */

/**
 * Where a joint sits in its part's bounding box.
 * - `"nearest"`: the point of the box nearest the parent part's box centre.
 * - `"center"`: the box centre.
 * - `{ x, y, z }`: fractions of the box along each axis (0 = min, 1 = max); an axis given as
 *   `"nearest"` takes the nearest coordinate to the parent's centre on that axis only.
 * @category Body plans and gaits
 */
export type JointAnchor =
  | "nearest"
  | "center"
  | { x: number | "nearest"; y: number | "nearest"; z: number | "nearest" };

/**
 * One part of a body plan.
 * @category Body plans and gaits
 */
export interface PartPlan {
  /** The parent part, or `null` for the root part of the plan (normally `body`). */
  parent: string | null;
  /** Where its joint sits in its bounding box. */
  anchor: JointAnchor;
}

/**
 * A body plan: part name → parent and anchor.
 * @category Body plans and gaits
 */
export type BodyPlan = Readonly<Record<string, PartPlan>>;

/**
 * Body plans by body type.
 * @category Body plans and gaits
 */
export type BodyPlans = Readonly<Record<string, BodyPlan>>;

/** Upper leg: top centre of its box. */
export const UPPER_LEG_ANCHOR: JointAnchor = { x: 0.5, y: 1, z: 0.5 };
/** Lower leg: 40% of the box height above its centre, where it meets the upper leg. */
export const LOWER_LEG_ANCHOR: JointAnchor = { x: 0.5, y: 0.9, z: 0.5 };

const root: PartPlan = { parent: null, anchor: "center" };
const onBody: PartPlan = { parent: "body", anchor: "nearest" };
const hipOnBody: PartPlan = { parent: "body", anchor: UPPER_LEG_ANCHOR };

/** Upper and lower leg parts named `<prefix>_top` / `<prefix>_bot`, the upper on `parent`. */
function legPair(prefix: string, parent = "body"): Record<string, PartPlan> {
  return {
    [`${prefix}_top`]: { parent, anchor: UPPER_LEG_ANCHOR },
    [`${prefix}_bot`]: { parent: `${prefix}_top`, anchor: LOWER_LEG_ANCHOR },
  };
}

function legs(prefixes: readonly string[]): Record<string, PartPlan> {
  return Object.assign({}, ...prefixes.map((p) => legPair(p)));
}

const SIDES = ["left", "right"] as const;
const FOUR_LEGS = ["front", "hind"].flatMap((end) => SIDES.map((side) => `leg_${end}_${side}`));

/**
 * The body plans of the types seen in the real service.
 * @category Body plans and gaits
 */
export const BODY_PLANS: BodyPlans = Object.freeze({
  quadruped: {
    body: root,
    head: onBody,
    tail: onBody,
    ...legs(FOUR_LEGS),
  },
  quadruped_fat: {
    body: root,
    head: onBody,
    tail: onBody,
    jaw_bot: { parent: "head", anchor: "nearest" },
    ear_left: { parent: "head", anchor: "nearest" },
    ear_right: { parent: "head", anchor: "nearest" },
    ...Object.fromEntries(FOUR_LEGS.map((leg) => [leg, hipOnBody])),
  },
  biped: {
    body: root,
    head: onBody,
    tail: onBody,
    ears: { parent: "head", anchor: "nearest" },
    ...legs(SIDES.map((s) => `leg_${s}`)),
    ...legs(SIDES.map((s) => `arm_${s}`)),
  },
  hopper: {
    body: root,
    head: onBody,
    chest: onBody,
    tail: onBody,
    ears: { parent: "head", anchor: "nearest" },
    ear_left: { parent: "head", anchor: "nearest" },
    ear_right: { parent: "head", anchor: "nearest" },
    ...legs(SIDES.map((s) => `leg_${s}`)),
    arm_left: hipOnBody,
    arm_right: hipOnBody,
  },
  winged_flyer: {
    body: root,
    head: onBody,
    tail: onBody,
    wing_left: onBody,
    wing_right: onBody,
    leg_left: hipOnBody,
    leg_right: hipOnBody,
  },
  winged_standing: {
    body: root,
    neck: onBody,
    head: { parent: "neck", anchor: "nearest" },
    tail: onBody,
    wing_left: onBody,
    wing_right: onBody,
    ...legs(SIDES.map((s) => `leg_${s}`)),
  },
  multileg_crawler: {
    body: root,
    head: onBody,
    claw_left: { parent: "head", anchor: "nearest" },
    claw_right: { parent: "head", anchor: "nearest" },
    ...legs(["front", "middle", "hind"].flatMap((row) => SIDES.map((side) => `leg_${row}_${side}`))),
  },
  uniform: { body: root },
  scenery: { body: root },
  floater: { body: root },
});

/**
 * A new table with `extra` plans added to (or replacing) those of `base`.
 * @example
 * const plans = extendBodyPlans(BODY_PLANS, { centaur: { body: { parent: null, anchor: "center" }, ... } });
 * @category Body plans and gaits
 */
export function extendBodyPlans(base: BodyPlans, extra: BodyPlans): BodyPlans {
  return Object.freeze({ ...base, ...extra });
}
