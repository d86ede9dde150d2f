/**
 * babylon-menagerie/motion: the engine-free motion layer's specialist names, for a game that
 * writes its own gaits (a `Gait` posing a `Pose` from `RigRoles`, in a `GaitTable` passed as
 * `MenagerieOptions.gaits`) or its own steering behaviours (the `SteeringAgent` and
 * `SteeringWorld` a behaviour reads, `Vec2` forces), or that drives `creature.motion` by hand
 * (`MoveOrder`, `WanderOrder`), or reads the built-in behaviours' defaults (`FLEE_DEFAULTS`, …).
 * A game that spawns creatures and gives them orders and the
 * built-in behaviours imports from the root entry only.
 *
 * Public API, bound by semver, listed by hand like the root entry (see `src/index.ts`); gait
 * maths, steering helpers and the world's internals stay out. Importing it has no side effects.
 */

export type { NavigationFailure } from "../core/errors.js";
export { NavigationError } from "../core/navigationError.js";
export { MOVE_ORDER_DEFAULTS, VISIT_HEAD_PITCH } from "./agentOrders.js";
export { FLEE_DEFAULTS } from "./behaviors/flee.js";
export { FLEE_PREDATORS_DEFAULTS } from "./behaviors/fleePredators.js";
export { FOLLOW_DEFAULTS } from "./behaviors/follow.js";
export { HUNT_DEFAULTS, type HuntPhase } from "./behaviors/hunt.js";
export { Flight, type FlightPhase, type FlyingBody, type Perch } from "./flight.js";
export {
  FLIGHT_BAND_RULES,
  type FlightBand,
  type FlightBandRule,
  flightBandFor,
  sizeFlightBand,
} from "./flightBands.js";
export {
  BEHAVIOR_GAITS,
  BEHAVIOUR_GAITS,
  type Gait,
  type GaitContext,
  type GaitTable,
} from "./gaits/index.js";
export { GRID_PLANNER } from "./gridPlanner.js";
export {
  BODY_TILT,
  GROUND_TILT_DEFAULTS,
  GroundTilt,
  type GroundTiltOptions,
  type TiltedBody,
  type TiltFollow,
} from "./groundTilt.js";
export { GROUP_DEFAULTS, type GroupKind } from "./group.js";
export {
  JUMP_ARC_DEFAULTS,
  type JumpArc,
  type JumpArcOptions,
  type JumpLeg,
  type JumpPhase,
  type Vec3,
} from "./jumpArc.js";
export type { CreatureJump, JumpState } from "./jumper.js";
export { JUMP_KINDS, type JumpKind, type JumpReach } from "./jumpReach.js";
export type { JumpLink, JumpLinkEnd, JumpLinkOptions, JumpWaypoint } from "./jumpRoutes.js";
export type { Pose } from "./pose.js";
export type { RigRoles } from "./rigRoles.js";
export { DEPTH_BANDS, type DepthBand, SWIM_KINDS, type SwimKind, swimKindOf } from "./swimKinds.js";
export type {
  MoveOrder,
  PathPlanner,
  PlannedAgent,
  SteeringAgent,
  SteeringTarget,
  SteeringWorld,
  Vec2,
  VisitOrder,
  VisitPose,
  WanderOrder,
} from "./types.js";
export { BEHAVIOR_REALMS } from "./water.js";
