/**
 * The reference service serving the generated procedural catalog (cached under .menagerie/,
 * generated on first use), plus a fetch that counts every request the code under test makes.
 */
import { fileURLToPath } from "node:url";
import { type CatalogFile, readCatalog } from "../../src/catalog/catalogFormat.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import type { LookupServerOptions } from "../../src/service/index.js";
import { startTestService, type TestService } from "./serviceServer.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** `options` (link lifetime, fault rules, ...) go to the service; the catalog is always the default one. */
export async function startCatalogService(
  options: Partial<LookupServerOptions> = {},
): Promise<TestService & { catalogFile: CatalogFile; catalogDir: string }> {
  const catalogDir = await ensureDefaultCatalog({ cacheDir: `${repoRoot}.menagerie` });
  const service = await startTestService({ ...options, catalogDir });
  return Object.assign(service, { catalogFile: await readCatalog(catalogDir), catalogDir });
}

/** A fetch that records every URL it is asked for, in order. */
export function countingFetch(): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    urls.push(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    return fetch(input, init);
  };
  return { fetch: counted, urls };
}
