/**
 * Finding 14 of issue #29: without a socket (`service.fetch(request)`, as an edge runtime calls
 * it) every client shared one address, so one client's wrong keys throttled everyone. The
 * `clientAddress` option tells clients apart; without it the service says so, once.
 */
import { createServer } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createLookupService, type LookupService } from "../../../src/service/index.js";
import { listenOnLoopback } from "../../helpers/httpServer.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../../helpers/serviceCatalog.js";

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A real port whose handler hands the service a bare Request, with no socket bindings. */
async function edgeLike(service: LookupService): Promise<string> {
  const server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await service.fetch(new Request(`http://edge.test${req.url}`, { headers }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const { port, close } = await listenOnLoopback(server);
  closers.push(close);
  return `http://127.0.0.1:${port}`;
}

async function run(options: { clientAddress?: (r: Request) => string | undefined }) {
  const catalog: FixtureCatalog = await writeFixtureCatalog();
  closers.push(() => catalog.remove());
  const logs: string[] = [];
  const service = await createLookupService({
    catalogDir: catalog.dir,
    rateLimit: false,
    authFailureLimit: { capacity: 5, refillPerSecond: 0.001 },
    log: (line) => logs.push(line),
    ...options,
  });
  const url = await edgeLike(service);
  const ask = async (client: string, key: string) =>
    (await fetch(`${url}/anything?key=${key}&name=fox`, { headers: { "x-client": client } })).status;
  for (let i = 0; i < 6; i++) await ask("guesser", `wrong-${i}`);
  return { guesser: await ask("guesser", "dev-key"), other: await ask("player", "dev-key"), logs };
}

describe("the client address without a socket", () => {
  it("comes from the clientAddress option: one client's wrong keys throttle only that client", async () => {
    const outcome = await run({ clientAddress: (request) => request.headers.get("x-client") ?? undefined });
    expect([outcome.guesser, outcome.other]).toEqual([429, 200]);
    expect(outcome.logs).toEqual([]);
  });

  it("is one shared address otherwise, and the service says so once", async () => {
    const outcome = await run({});
    expect([outcome.guesser, outcome.other]).toEqual([429, 429]);
    expect(outcome.logs.filter((l) => l.includes("no client address"))).toHaveLength(1);
  });
});
