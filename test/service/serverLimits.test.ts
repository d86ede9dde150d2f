/**
 * The socket-level limits of `startLookupServer` over real loopback connections: slow-header
 * clients are capped per address and timed out, extra connections are refused at once, idle
 * kept-alive connections end, oversized heads are refused. Slow clients connect from
 * 127.0.0.2, the legitimate client from 127.0.0.1.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import { LOOKUP_SERVER_DEFAULTS, startLookupServer } from "../../src/service/index.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";
import { openSlowClients, type SlowClients, waitUntil } from "../helpers/slowClients.js";

let server: TestService | undefined;
let slow: SlowClients | undefined;
afterEach(async () => {
  await slow?.stop();
  await server?.close();
  slow = undefined;
  server = undefined;
});

/** One GET over its own connection (no pool), from `localAddress`. */
function get(path: string, headers: Record<string, string> = {}, localAddress = "127.0.0.1") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${server!.url}${path}`, { headers, localAddress, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("finding 1: connection exhaustion", () => {
  it("finding 1: a lookup answers while 2 000 slow-header connections are open; the extra ones are refused at once, the held ones time out", async () => {
    // The production caps scaled down 10x for 2 000 connections (the attack used 20 000).
    server = await startTestService({
      maxConnections: 400,
      maxConnectionsPerAddress: 100,
      headersTimeout: 5000,
      requestTimeout: 6000,
    });
    slow = openSlowClients({ port: server.port, count: 2000, lineEveryMs: 500 });
    await slow.started;
    await waitUntil(() => slow!.refused >= 1900, 10_000, "1 900 refused connections");
    expect(slow.open).toBe(100);
    expect(server.connections).toBe(100);

    // The legitimate client, meanwhile, is answered at once.
    const answer = await get("/anything?key=dev-key&name=fox");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).name).toBe("fox");

    // Trickling a header line every 500 ms does not keep a connection past headersTimeout.
    await waitUntil(() => slow!.open === 0, 15_000, "the slow connections to time out");
    expect([slow.refused, slow.answered]).toEqual([1900, 100]);
    expect(server.refusedConnections).toBe(1900);
  }, 40_000);

  it("finding 1: past maxConnections every extra connection is refused at once, whatever its address", async () => {
    server = await startTestService({ maxConnections: 20, maxConnectionsPerAddress: 100 });
    slow = openSlowClients({ port: server.port, count: 60, localAddress: "127.0.0.3" });
    await slow.started;
    await waitUntil(() => slow!.refused >= 40, 10_000, "40 refused connections");
    expect([slow.open, server.connections]).toEqual([20, 20]);
    // The total cap is full: a new client is refused too, until a slot frees.
    await expect(get("/anything?key=dev-key&name=fox")).rejects.toThrow();
    await slow.stop();
    await waitUntil(() => server!.connections === 0, 5000, "the slow connections to close");
    expect((await get("/anything?key=dev-key&name=fox")).status).toBe(200);
    expect(server.refusedConnections).toBe(41);
  });
});

describe("server limits", () => {
  it("has documented defaults", () => {
    expect(LOOKUP_SERVER_DEFAULTS).toEqual({
      port: 8787,
      hostname: "127.0.0.1",
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      maxConnections: 1024,
      maxConnectionsPerAddress: 256,
      maxHeaderSize: 16_384,
    });
  });

  it("answers 431 to a request head over maxHeaderSize", async () => {
    server = await startTestService({ maxHeaderSize: 4096 });
    expect((await get("/anything?key=dev-key&name=fox", { "x-small": "a".repeat(2000) })).status).toBe(200);
    expect((await get("/anything?key=dev-key&name=fox", { "x-big": "a".repeat(6000) })).status).toBe(431);
  });

  it("closes an idle kept-alive connection after keepAliveTimeout", async () => {
    server = await startTestService({ keepAliveTimeout: 300 });
    const socket = connect({ port: server.port, host: "127.0.0.1" });
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    const closed = new Promise((r) => socket.once("close", r));
    socket.write("GET /anything?key=dev-key&name=fox HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    // Node's default (5 s) would still have it open when this gives up.
    const outcome = await Promise.race([closed.then(() => "closed"), new Promise((r) => setTimeout(r, 3000, "open"))]);
    socket.destroy();
    expect(outcome).toBe("closed");
    expect(received.startsWith("HTTP/1.1 200 OK")).toBe(true);
  });

  it("names the bad option", async () => {
    const start = (options: object) => startLookupServer({ catalogDir: "/nowhere", ...options });
    for (const [options, name] of [
      [{ headersTimeout: 0 }, "headersTimeout"],
      [{ requestTimeout: 1.5 }, "requestTimeout"],
      [{ keepAliveTimeout: -1 }, "keepAliveTimeout"],
      [{ maxConnections: 0 }, "maxConnections"],
      [{ maxConnectionsPerAddress: Number.NaN }, "maxConnectionsPerAddress"],
      [{ maxHeaderSize: "16k" }, "maxHeaderSize"],
      [{ headersTimeout: 5000, requestTimeout: 4000 }, "requestTimeout"],
    ] as const) {
      const error = await start(options).catch((e: unknown) => e);
      expect(isMenagerieError(error, "options") && error.option).toBe(name);
    }
  });
});
