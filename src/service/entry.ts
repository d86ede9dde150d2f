/**
 * What Node loads for `babylon-menagerie/service` (the `node` condition of package.json's
 * exports; types and bundlers read index.ts). The service's npm packages are optional peer
 * dependencies, and a static import of a missing one fails before any code of the library runs,
 * with Node's bare "Cannot find package". So this module imports index.ts dynamically: a missing
 * package becomes a {@link ServiceSetupError} naming it and the command that installs it.
 *
 * It re-exports index.ts's values by name (types need no loading); a test keeps the two lists equal.
 */
import { importServicePart } from "./servicePackages.js";

const service = await importServicePart(() => import("./index.js"));

export const {
  CATALOG_INDEX_FILE,
  CatalogAssetsSchema,
  CatalogEntrySchema,
  CatalogError,
  CatalogFileSchema,
  createLookupService,
  ensureDefaultCatalog,
  FAULT_DEFAULTS,
  LOOKUP_SERVER_DEFAULTS,
  LOOKUP_SERVICE_DEFAULTS,
  MIN_SIGNING_KEY_BYTES,
  menagerieServicePlugin,
  RATE_LIMIT_DEFAULTS,
  RELAY_ASSETS_DEFAULTS,
  RELAY_BYTES_IN_FLIGHT_DEFAULT,
  readCatalog,
  STALLED_READER_DEFAULTS,
  ServiceSetupError,
  startLookupServer,
} = service;
