/**
 * Readers that stop reading, over real loopback sockets: clients pipeline requests for a large
 * search page (2.4 MB, from a synthetic catalog of 3 000 records) and never read. The server
 * closes such a connection once its socket has accepted no byte for `writeTimeout`, and keeps
 * at most `maxStalledPerAddress` stalled connections of one address, so a few addresses cannot
 * fill every slot. Stalled clients connect from 127.0.0.2-5, the legitimate client from 127.0.0.1.
 */
import { request } from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureSyntheticCatalog } from "../../bench/syntheticCatalog.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import { STALLED_READER_DEFAULTS, startLookupServer } from "../../src/service/index.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";
import { openStalledReaders, type StalledReaders, settle } from "../helpers/stalledReaders.js";

const PAGE = "/anything?key=dev-key&search=mammals&maxResultNum=-1";
let catalogDir: string;
let server: TestService | undefined;
let readers: StalledReaders[] = [];

beforeAll(async () => {
  catalogDir = await ensureSyntheticCatalog(await ensureDefaultCatalog({ log: () => {} }), 3000);
}, 60_000);
afterEach(async () => {
  await Promise.all(readers.map((r) => r.stop()));
  await server?.close();
  readers = [];
  server = undefined;
});

/** The status of one name lookup from 127.0.0.1 on its own connection, or "refused". */
function lookupStatus(): Promise<number | "refused"> {
  return new Promise((resolve) => {
    const req = request(`${server!.url}/anything?key=dev-key&name=fox`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve("refused"));
    req.end();
  });
}

describe("finding 2: stalled readers", () => {
  it("finding 2: a connection whose reader accepts nothing for writeTimeout is closed", async () => {
    server = await startTestService({ catalogDir, writeTimeout: 500, maxStalledPerAddress: 1000 });
    readers = [openStalledReaders({ port: server.port, count: 8, path: PAGE })];
    await readers[0]!.started;
    await settle(() => server!.connections === 0, 10_000);
    // Before the fix: { held: 8, closed: undefined } (held for ever).
    expect({ held: server.connections, closed: server.closedStalledConnections }).toEqual({ held: 0, closed: 8 });
    expect(await lookupStatus()).toBe(200);
  }, 40_000);

  it("finding 2: four addresses cannot fill every slot with stalled pages: each keeps its share", async () => {
    // The production caps (1 024 slots, 256 per address) scaled down 16x: 4 addresses fill them.
    server = await startTestService({
      catalogDir,
      maxConnections: 64,
      maxConnectionsPerAddress: 16,
      maxStalledPerAddress: 4,
      writeTimeout: 120_000,
    });
    readers = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"].map((localAddress) =>
      openStalledReaders({ port: server!.port, count: 16, path: PAGE, localAddress }),
    );
    await Promise.all(readers.map((r) => r.started));
    await settle(() => server!.closedStalledConnections >= 48, 15_000);
    // Before the fix: { held: 64, closed: undefined }, and the lookup below was refused.
    expect({ held: server.connections, closed: server.closedStalledConnections }).toEqual({ held: 16, closed: 48 });
    expect(await lookupStatus()).toBe(200);
  }, 40_000);

  it("has documented defaults and names a bad option", async () => {
    expect(STALLED_READER_DEFAULTS).toEqual({ writeTimeout: 15_000, maxStalledPerAddress: 16 });
    for (const [options, name] of [
      [{ writeTimeout: 0 }, "writeTimeout"],
      [{ maxStalledPerAddress: 1.5 }, "maxStalledPerAddress"],
    ] as const) {
      const error = await startLookupServer({ catalogDir: "/nowhere", ...options }).catch((e: unknown) => e);
      expect(isMenagerieError(error, "options") && error.option).toBe(name);
    }
  });
});
