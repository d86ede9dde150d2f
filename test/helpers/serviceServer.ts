/**
 * The one real-port helper of the service tests: a reference service on 127.0.0.1 and a free
 * port, serving a fresh fixture catalog, torn down (server and temp folder) by `close()`.
 */
import { type LookupServer, type LookupServerOptions, startLookupServer } from "../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "./serviceCatalog.js";

export interface TestService extends LookupServer {
  catalog: FixtureCatalog | undefined;
}

/** A fixed signing secret so tests can sign links of their own. */
export const TEST_SIGNING_KEY = "test-signing-secret-of-32-bytes!";

/**
 * Starts a service. Without `catalogDir` or `upstream` it writes and serves the fixture
 * catalog. The per-key and asset rate limits are off unless given, so tests that are not about
 * them never hit them (the throttle of failed key checks stays at its default).
 */
export async function startTestService(options: Partial<LookupServerOptions> = {}): Promise<TestService> {
  const catalog = options.catalogDir || options.upstream ? undefined : await writeFixtureCatalog();
  try {
    const server = await startLookupServer({
      signingKey: TEST_SIGNING_KEY,
      rateLimit: false,
      assetRateLimit: false,
      ...options,
      ...(catalog ? { catalogDir: catalog.dir } : {}),
      port: 0,
      hostname: "127.0.0.1",
    });
    // Getters stay getters: a spread would freeze the connection counts at their start values.
    return {
      url: server.url,
      port: server.port,
      service: server.service,
      catalog,
      get connections() {
        return server.connections;
      },
      get refusedConnections() {
        return server.refusedConnections;
      },
      get closedStalledConnections() {
        return server.closedStalledConnections;
      },
      close: async () => {
        await server.close();
        await catalog?.remove();
      },
    };
  } catch (error) {
    await catalog?.remove();
    throw error;
  }
}
