/**
 * babylon-menagerie: the browser-safe entry point (Menagerie plugin, lookup client, records,
 * body plans, gaits). Importing it has no side effects; registering anything with Babylon is
 * an explicit call.
 *
 * Every name below is public API and bound by semver, so the list is written out by hand:
 * no `export *`. Helpers the layers share (edge probes, spatial grids, gait maths, rig layout,
 * request plumbing) stay out on purpose, so they can change without a major release; tests
 * import them from their own files. `api/public-api.txt` records this list and
 * `test/publicApi.test.ts` fails when it changes (`npm run api:report` rewrites it).
 */

// The Babylon plugin.
export { Menagerie } from "./babylon/menagerie.js";
export { MENAGERIE_DEFAULTS, type MenagerieOptions, type SpawnOptions, type MenagerieStats } from "./babylon/menagerieOptions.js";
export { Creature, type CreatureNodeMetadata } from "./babylon/creature.js";
export { CreatureGroup, POPULATE_DEFAULTS, type PopulateOptions, type PopulateProgress } from "./babylon/populate.js";
export { registerMenagerie } from "./babylon/register.js";
export type { LoadProgress, MenagerieWarning } from "./babylon/types.js";
export { toArea, toHeightFunction, type AreaInput } from "./babylon/ground.js";

// The lookup client.
export { createLookupClient } from "./api/client.js";
export {
  LOOKUP_CLIENT_DEFAULTS,
  type LookupClient,
  type LookupClientOptions,
  type LookupCallOptions,
  type SearchOptions,
  type InvalidRecordReport,
} from "./api/clientOptions.js";
export { RETRY_DEFAULTS, type RetryOptions } from "./api/retry.js";
export type { RetryEvent } from "./api/request.js";

// Errors and their cross-realm guards.
export {
  MenagerieError,
  HTTPError,
  NetworkError,
  TimeoutError,
  ResponseValidationError,
  OptionsError,
  LoadError,
  isMenagerieError,
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  isResponseValidationError,
  isOptionsError,
  isLoadError,
  isAbortError,
  type MenagerieErrorKind,
  type ValidationIssue,
  type LoadFailure,
} from "./api/errors.js";
export { parseHeight, HeightParseError } from "./api/height.js";

// Records, signed links, redaction.
export {
  ModelRecordSchema,
  ScaleSchema,
  ModelAssetsSchema,
  ErrorBodySchema,
  HABITATS,
  isHabitat,
  type ModelRecord,
  type ModelRecordInput,
  type ErrorBody,
  type Habitat,
} from "./api/schemas.js";
export { recordHabitats, recordHasHabitat } from "./api/recordHabitats.js";
export { recordSize, type RecordSize } from "./api/recordSize.js";
export { parseLength, LengthParseError } from "./api/height.js";
export { getUrlExpiry, getRecordExpiry, areLinksValid, listAssetUrls, assetFileName } from "./api/signedUrl.js";
export { redactUrl, redactText } from "./api/redact.js";

// Data a game extends: body plans, gaits by behaviour, population rules.
export { BODY_PLANS, extendBodyPlans, type BodyPlans, type BodyPlan, type PartPlan, type JointAnchor } from "./rig/bodyPlans.js";
export {
  BEHAVIOUR_GAITS,
  walkGait,
  flyGait,
  swimGait,
  slitherGait,
  wriggleGait,
  hopGait,
  waddleGait,
  crawlGait,
  floatGait,
  type GaitTable,
  type Gait,
  type GaitContext,
} from "./motion/gaits/index.js";
export { POPULATION_RULES, type PopulationRules, type Realm } from "./motion/populationRules.js";

// Types of motion state a game reads or writes (`creature.motion`, areas, custom gaits).
export type { MotionAgent, HeightFunction } from "./motion/agent.js";
export type { Area, CircleArea, PolygonArea } from "./motion/area.js";
export type { Pose } from "./motion/pose.js";
export type { RigRoles, LegRole, LegEnd, Side } from "./motion/rigRoles.js";
