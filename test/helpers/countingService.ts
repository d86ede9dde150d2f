/**
 * The reference service on 127.0.0.1 and a free port, with a record of what it answered: for
 * every request its method, path, status, whether it asked with `If-None-Match`, and how many
 * body bytes the server sent. Counted on the server side, so what a client or a browser
 * takes from a cache of its own cannot make the figures look better than the wire.
 */
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { type CatalogFile, readCatalog } from "../../src/catalog/catalogFormat.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import { createLookupService, type LookupServiceOptions } from "../../src/service/index.js";
import { listenOnLoopback } from "./httpServer.js";
import { TEST_SIGNING_KEY } from "./serviceServer.js";

export interface ServedRequest {
  method: string;
  path: string;
  status: number;
  /** True when the request carried If-None-Match. */
  conditional: boolean;
  /** Body bytes the server sent. */
  bodyBytes: number;
}

export interface CountingService {
  url: string;
  served: ServedRequest[];
  catalogFile: CatalogFile;
  /** Requests for assets (GET/HEAD under /assets/), preflights excluded. */
  assets(): ServedRequest[];
  /** CORS preflights (OPTIONS) for assets. */
  preflights(): ServedRequest[];
  close(): Promise<void>;
}

const repoRoot = new URL("../..", import.meta.url).pathname;

/** Serves `catalogDir` (the generated procedural catalog when absent). */
export async function startCountingService(options: Partial<LookupServiceOptions> = {}): Promise<CountingService> {
  const catalogDir = options.catalogDir ?? (await ensureDefaultCatalog({ cacheDir: `${repoRoot}.menagerie` }));
  const service = await createLookupService({
    signingKey: TEST_SIGNING_KEY,
    rateLimit: false,
    assetRateLimit: false,
    ...options,
    catalogDir,
  });
  const served: ServedRequest[] = [];
  const server = createAdaptorServer({
    hostname: "127.0.0.1",
    fetch: async (request: Request) => {
      const response = await service.fetch(request, {});
      // Read whole, so the count is what goes out, then handed on unchanged.
      const body = response.body ? await response.arrayBuffer() : null;
      served.push({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        conditional: request.headers.has("if-none-match"),
        bodyBytes: body?.byteLength ?? 0,
      });
      return new Response(body, response);
    },
  }) as Server;
  const { port, close } = await listenOnLoopback(server);
  const isAsset = (r: ServedRequest) => r.path.startsWith("/assets/");
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    catalogFile: await readCatalog(catalogDir),
    assets: () => served.filter((r) => isAsset(r) && r.method !== "OPTIONS"),
    preflights: () => served.filter((r) => isAsset(r) && r.method === "OPTIONS"),
    close,
  };
}
