/**
 * babylon-menagerie: the browser-safe entry point, what a game imports (the Menagerie plugin,
 * creatures and their behaviours, populate, the lookup client, errors). Importing it has no
 * side effects; registering anything with Babylon is an explicit call.
 *
 * Every name below is public API and bound by semver, so the list is written out by hand:
 * no `export *`. Helpers the layers share (edge probes, spatial grids, gait maths, rig layout,
 * request plumbing) stay out on purpose, so they can change without a major release; tests
 * import them from their own files. Specialist groups are opt-in entries of their own, each a
 * list like this one: `babylon-menagerie/records` (record readers: sizes, habitats, signed
 * links, the schema), `babylon-menagerie/rig` (body plans) and `babylon-menagerie/motion`
 * (gaits, and the steering types a behaviour of your own reads). `api/public-api.txt` records
 * every entry's list and `test/publicApi.test.ts` fails when one changes (`npm run api:report`
 * rewrites it).
 */

// The persistent asset cache (`assetCache`).
export type { AssetCacheOption, AssetCacheOptions } from "./api/assetCacheOption.js";
export {
  ASSET_CACHE_DEFAULTS,
  type AssetStore,
  type AssetStoreOptions,
  MemoryAssetStore,
  type StoredAsset,
} from "./api/assetStore.js";
export {
  CacheStorageAssetStore,
  type CacheStorageStoreOptions,
} from "./api/cacheStorageStore.js";
// The lookup client.
export { createLookupClient } from "./api/client.js";
export {
  type InvalidRecordReport,
  LOOKUP_CLIENT_DEFAULTS,
  type LookupCallOptions,
  type LookupClient,
  type LookupClientOptions,
  type SearchOptions,
} from "./api/clientOptions.js";
export type { ModelForm, ModelPreference } from "./api/modelAssets.js";
export type { RetryEvent } from "./api/request.js";
export { RETRY_DEFAULTS, type RetryOptions } from "./api/retry.js";
export type { SkippedTextCommandAction, TextCommand, TextCommandAction } from "./api/textCommandAnswer.js";
// Creatures for games: behaviours, targets, events, the world they share with the game.
export {
  type BehaviorTarget,
  type BehaviourTarget,
  Creature,
  type CreatureArrival,
  type CreatureCatch,
  type CreatureNodeMetadata,
  type CreatureState,
  type CreatureStateChange,
} from "./babylon/creature.js";
export type { CreatureSelector } from "./babylon/creatureSelector.js";
export type { WorldAgent, WorldAgentOptions, WorldAgentSource } from "./babylon/gameWorld.js";
export { toHeightFunction } from "./babylon/heights/index.js";
export { Menagerie } from "./babylon/menagerie.js";
// The Babylon plugin.
export { ANIMATION_LOD_DEFAULTS, type AnimationLodOptions } from "./babylon/options/animationLodOptions.js";
export type { AreaInput } from "./babylon/options/areaInput.js";
export type { CommandAccount, CommandOptions, CommandOutcome, PlaceInput } from "./babylon/options/commandOptions.js";
export { MENAGERIE_DEFAULTS } from "./babylon/options/menagerieDefaults.js";
export type { MenagerieOptions, MenagerieStats, SpawnOptions } from "./babylon/options/menagerieOptions.js";
export { MESH_LOD_DEFAULTS, type MeshLodOptions } from "./babylon/options/meshLodOptions.js";
export type { MoveToOptions, VisitOptions } from "./babylon/options/moveOptions.js";
// Physics bodies: the option's types and defaults; the body code loads on demand (SpawnOptions.physics).
export {
  CREATURE_PHYSICS_DEFAULTS,
  type CreaturePhysicsOptions,
  type CreaturePhysicsShape,
} from "./babylon/options/physicsOptions.js";
export { POPULATE_DEFAULTS, type PopulateOptions, type PopulateProgress } from "./babylon/options/populateOptions.js";
export {
  CreatureGroup,
  type SceneryNodeMetadata,
  type SceneryOption,
  type SceneryOptions,
  SceneryProp,
} from "./babylon/populate/index.js";
export { registerMenagerie } from "./babylon/register.js";
export type { ShadowCasterOptions, ShadowCasterTarget } from "./babylon/shadowCasters.js";
export type { CreatureBounds, LoadProgress, MenagerieWarning } from "./babylon/types.js";
// Errors and their cross-realm guards; redaction.
export {
  HTTPError,
  isAbortError,
  isMenagerieError,
  LoadError,
  type LoadFailure,
  MenagerieError,
  type MenagerieErrorClasses,
  type MenagerieErrorKind,
  NetworkError,
  OptionsError,
  ResponseValidationError,
  TimeoutError,
  type ValidationIssue,
} from "./core/errors.js";
export { redactText, redactUrl } from "./core/redact.js";
// Behaviours, groups and the motion state a game reads or writes (`creature.motion`, areas);
// gaits, the steering types of a behaviour of your own and the behaviours' defaults are in
// babylon-menagerie/motion.
export type { Area, CircleArea, PolygonArea } from "./motion/area.js";
export { EvadeBehavior } from "./motion/behaviors/evade.js";
export { FleeBehavior, type FleeOptions } from "./motion/behaviors/flee.js";
export { FleePredatorsBehavior, type FleePredatorsOptions } from "./motion/behaviors/fleePredators.js";
export { FollowBehavior, type FollowOptions } from "./motion/behaviors/follow.js";
export { HuntBehavior, type HuntOptions } from "./motion/behaviors/hunt.js";
export { PursueBehavior } from "./motion/behaviors/pursue.js";
export { SeekBehavior, type SeekOptions } from "./motion/behaviors/seek.js";
export { SteeringBehavior } from "./motion/behaviors/steeringBehavior.js";
export { type GroupOptions, MotionGroup } from "./motion/group.js";
export type { MotionAgent } from "./motion/motionAgent.js";
export type { SpeciesSpeeds } from "./motion/speeds.js";
export type { CreatureRealm, HeightFunction, Obstacle } from "./motion/types.js";
// Population rules a game extends: realms, herd sizes, predators and prey.
export { ECOLOGY_RULES, type EcologyRules, isPredatorRecord, preysOn } from "./population/ecology.js";
export { POPULATION_RULES, type PopulationRules, type Realm } from "./population/populationRules.js";
// Records: the types a game's signatures name, and the errors their readers throw; the
// readers themselves are in babylon-menagerie/records.
export type { Habitat } from "./records/habitats.js";
export { HeightParseError, LengthParseError } from "./records/height.js";
export type { ModelRecord, ModelRecordInput } from "./records/schemas.js";
