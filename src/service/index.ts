/**
 * babylon-menagerie/service: the Node-only reference lookup service (never imported by the
 * browser entry point). Importing it has no side effects. Node loads it through `entry.ts`,
 * which reports a missing service package by name (they are optional peer dependencies).
 *
 * Public API, bound by semver, listed by hand like the root entry (see `src/index.ts`): the
 * service, the server, the Vite plugin, the default catalog and the catalog format, with their
 * options and defaults. Signing, key loading, rate limiting, search and fault parsing are the
 * service's own parts and stay out; `api/public-api.txt` records this list.
 */

export {
  CATALOG_INDEX_FILE,
  CatalogAssetsSchema,
  type CatalogEntry,
  CatalogEntrySchema,
  type CatalogFile,
  CatalogFileSchema,
  readCatalog,
} from "../catalog/catalogFormat.js";
export { CatalogError, ServiceSetupError } from "../core/errors.js";
export { type DefaultCatalogOptions, ensureDefaultCatalog } from "./defaultCatalog.js";
export type { FaultInjector, FaultStats } from "./faults/faultInjector.js";
export {
  FAULT_DEFAULTS,
  type FaultKind,
  type FaultOptions,
  type FaultRule,
  type FaultTarget,
} from "./faults/faultRules.js";
export {
  LOOKUP_SERVER_DEFAULTS,
  type LookupServer,
  type LookupServerOptions,
  STALLED_READER_DEFAULTS,
  startLookupServer,
} from "./lookupServer.js";
export { createLookupService, type LookupService } from "./lookupService.js";
export { LOOKUP_SERVICE_DEFAULTS, type LookupServiceOptions, MIN_SIGNING_KEY_BYTES } from "./options.js";
export { RATE_LIMIT_DEFAULTS, type RateLimitOptions } from "./rateLimiter.js";
export {
  RELAY_ASSETS_DEFAULTS,
  RELAY_BYTES_IN_FLIGHT_DEFAULT,
  type RelayAssetsOptions,
} from "./relay/relayOptions.js";
export type { UpstreamOptions } from "./upstreamOptions.js";
export { type MenagerieServicePluginOptions, menagerieServicePlugin } from "./vitePlugin.js";
