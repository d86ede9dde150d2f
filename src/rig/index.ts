/**
 * babylon-menagerie/rig: body plans, for a game that adds body types of its own (each part's
 * parent and joint anchor) and passes `extendBodyPlans(BODY_PLANS, mine)` as
 * `MenagerieOptions.bodyPlans`. The built-in plans serve every body type the service knows,
 * so most games never import it.
 *
 * Public API, bound by semver, listed by hand like the root entry (see `src/index.ts`); the rig
 * layout maths stays out. Importing it has no side effects.
 */

export {
  BODY_PLANS,
  type BodyPlan,
  type BodyPlans,
  extendBodyPlans,
  type JointAnchor,
  type PartPlan,
} from "./bodyPlans.js";
