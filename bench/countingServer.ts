/**
 * The reference service on 127.0.0.1 with a counter in front: every request and every response
 * body byte, counted on the server side, so the figures include whatever a client does
 * (Menagerie's fetches, the OBJ loader's XMLHttpRequests) without trusting the client.
 */

import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { createLookupService } from "../src/service/lookupService.js";
import { listenOnLoopback } from "../test/helpers/httpServer.js";

export interface Traffic {
  requests: number;
  bytes: number;
  /** Requests answered with a status >= 400 (a baseline that silently 403s would show here). */
  failures: number;
}

export interface CountingServer {
  url: string;
  readonly traffic: Traffic;
  /** Zeroes the counters (between runs). */
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingServer(catalogDir: string): Promise<CountingServer> {
  // No rate limit: the baseline's one lookup per creature must not be throttled into slowness.
  const service = await createLookupService({ catalogDir, rateLimit: false, assetRateLimit: false });
  const traffic: Traffic = { requests: 0, bytes: 0, failures: 0 };
  const server = createAdaptorServer({
    hostname: "127.0.0.1",
    fetch: async (request: Request) => {
      const response = await service.fetch(request);
      // Buffering the body costs little on loopback and gives its exact size.
      const body = await response.arrayBuffer();
      traffic.requests++;
      traffic.bytes += body.byteLength;
      if (response.status >= 400) traffic.failures++;
      return new Response(response.status === 304 || request.method === "HEAD" ? null : body, response);
    },
  }) as Server;
  // Longer than undici's 4 s idle keep-alive, so the client always drops an idle connection
  // first: with Node's 5 s the server could close one as a fetch reused it (ECONNRESET), after a
  // section's frame loops held the event loop for seconds.
  server.keepAliveTimeout = 120_000;
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    traffic,
    reset: () => Object.assign(traffic, { requests: 0, bytes: 0, failures: 0 }),
    close,
  };
}
