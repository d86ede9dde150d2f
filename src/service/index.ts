/**
 * babylon-menagerie/service: the Node-only reference lookup service (never imported by the
 * browser entry point). Importing it has no side effects.
 */
export { createLookupService, type LookupService } from "./lookupService.js";
export { startLookupServer, LOOKUP_SERVER_DEFAULTS, type LookupServer, type LookupServerOptions } from "./lookupServer.js";
export { LOOKUP_SERVICE_DEFAULTS, type LookupServiceOptions, type UpstreamOptions } from "./options.js";
export {
  signUrl,
  verifySignedUrl,
  type SigningKey,
  type SignUrlOptions,
  type SignatureCheck,
  type SignatureFailure,
  type VerifySignedUrlOptions,
} from "./signing.js";
export { TokenBucketLimiter, RATE_LIMIT_DEFAULTS, type RateLimitOptions, type RateDecision } from "./rateLimiter.js";
export { CatalogIndex, type IndexableRecord } from "./searchIndex.js";
export { DEV_API_KEY, API_KEYS_ENV, loadApiKeys, parseApiKeys, type ApiKeySource } from "./apiKeys.js";
export { SERVICE_ERROR_CODES, type ServiceErrorBody } from "./serviceError.js";
export { ASSET_CONTENT_TYPES } from "./assetRoute.js";
export { FAULT_DEFAULTS, type FaultOptions, type FaultRule, type FaultKind, type FaultTarget } from "./faults/faultRules.js";
export { FaultInjector, type FaultStats } from "./faults/faultInjector.js";
export { parseFaultSpec } from "./faults/parseFaultSpec.js";
export { faultsFromEnv } from "./faults/faultsFromEnv.js";
export { menagerieServicePlugin, type MenagerieServicePluginOptions } from "./vitePlugin.js";
export { ensureDefaultCatalog, type DefaultCatalogOptions } from "./defaultCatalog.js";
export * from "./catalogFormat.js";
