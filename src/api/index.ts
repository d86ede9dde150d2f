export * from "./errors.js";
export * from "./height.js";
export * from "./schemas.js";
export * from "./signedUrl.js";
export { recordHabitats, recordHasHabitat, type HabitatSource } from "./recordHabitats.js";
export { recordSize, SIZE_AXES, type RecordSize } from "./recordSize.js";
export {
  LOADABLE_FORMATS,
  recordFormatUrl,
  recordHasObj,
  recordHasRig,
  recordIsLoadable,
  recordObjModelUrl,
  recordRigClips,
  recordRigModelClip,
  recordRigModelUrl,
  type AssetSource,
} from "./recordAssets.js";
export { redactUrl, redactText } from "./redact.js";
export { RETRY_DEFAULTS, type RetryOptions } from "./retry.js";
export type { RetryEvent } from "./request.js";
export {
  createLookupClient,
  LOOKUP_CLIENT_DEFAULTS,
  type LookupClient,
  type LookupClientOptions,
  type LookupCallOptions,
  type LookupByIdOptions,
  type SearchOptions,
  type InvalidRecordReport,
} from "./client.js";
