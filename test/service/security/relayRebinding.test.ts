/**
 * Finding 2 of issue #29, DNS rebinding: a name that resolves to a public address when the
 * relay checks it and to 127.0.0.1 when the connection is made. A real DNS server on a loopback
 * UDP port answers it (public first, loopback after), a real resolver asks it, and an
 * "internal" HTTP server on 127.0.0.1 counts what reaches it. The relay's check and its undici
 * Agent resolve through the same resolver: the Agent judges the addresses it connects to, so
 * the second answer is refused and nothing connects. An Agent that does not judge them, on the
 * same resolver, reaches the secret: the rebinding is real here, and the count can fail.
 */
import { createSocket, type Socket } from "node:dgram";
import { Resolver } from "node:dns/promises";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostLookup, publicOnlyDispatcher } from "../../../src/service/relay/relayDestination.js";
import { fetchRelayedAsset } from "../../../src/service/relay/relayFetch.js";
import { isServiceError } from "../../../src/service/serviceError.js";
import { createTestServer, type TestServer } from "../../helpers/httpServer.js";

const PUBLIC = "93.184.215.14";
const LOOPBACK = "127.0.0.1";

/**
 * A DNS server answering A queries from a script per name (the n-th query of a name gets the
 * n-th address, the last one after that), counting the queries. Other types get no answer
 * records (NOERROR, no data).
 */
async function startDnsServer(script: Record<string, readonly string[]>) {
  const queries = new Map<string, number>();
  const socket: Socket = createSocket("udp4");
  socket.on("message", (query, peer) => {
    // Question: labels from byte 12 to a zero length, then type and class.
    const labels: string[] = [];
    let at = 12;
    while (query[at]! > 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString("ascii"));
      at += query[at]! + 1;
    }
    const name = labels.join(".").toLowerCase();
    const type = query.readUInt16BE(at + 1);
    const question = query.subarray(12, at + 5);
    const answers = script[name];
    let address: string | undefined;
    if (type === 1 && answers) {
      const n = queries.get(name) ?? 0;
      queries.set(name, n + 1);
      address = answers[Math.min(n, answers.length - 1)];
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // the query's id
    header.writeUInt16BE(answers ? 0x8180 : 0x8183, 2); // a response, recursion available; NXDOMAIN if unknown
    header.writeUInt16BE(1, 4); // one question
    header.writeUInt16BE(address ? 1 : 0, 6);
    const record = Buffer.alloc(address ? 16 : 0);
    if (address) {
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL 0: nothing may cache it
      record.writeUInt16BE(4, 10);
      for (const [i, octet] of address.split(".").entries()) record[12 + i] = Number(octet);
    }
    socket.send(Buffer.concat([header, question, record]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, LOOPBACK, resolve));
  return {
    port: socket.address().port,
    queries: (name: string) => queries.get(name) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

let internal: TestServer;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let lookup: HostLookup;

beforeAll(async () => {
  internal = await createTestServer((_req, res) => {
    res.writeHead(200, { "content-type": "model/obj" });
    res.end("o secret\n");
  });
  dns = await startDnsServer({
    "rebind.test": [PUBLIC, LOOPBACK],
    "loopback.test": [LOOPBACK],
    "unchecked.test": [PUBLIC, LOOPBACK],
  });
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`${LOOPBACK}:${dns.port}`]);
  lookup = async (hostname) => (await resolver.resolve4(hostname)).map((address) => ({ address, family: 4 }));
});
afterAll(async () => {
  await dns?.close();
  await internal?.close();
});

function relay(url: string, log: string[]) {
  const dispatcher = publicOnlyDispatcher(lookup);
  const done = fetchRelayedAsset(url, {
    fetch,
    timeoutMs: 5000,
    maxBytes: 1 << 20,
    log: (line) => log.push(line),
    destination: { allowedHosts: undefined, allowPrivateAddresses: false, lookup },
    dispatcher,
  });
  return done.finally(() => dispatcher.close());
}

describe("the relay under DNS rebinding", () => {
  it("refuses a name that resolves to a public address for the check and to loopback for the connection", async () => {
    const log: string[] = [];
    const error = await relay(`http://rebind.test:${internal.port}/secret.obj`, log).catch((e: unknown) => e);
    expect(isServiceError(error) && error.status).toBe(502);
    // Asked twice: once by the check (public: passed), once by the Agent's connect (loopback: refused).
    expect(dns.queries("rebind.test")).toBe(2);
    expect(internal.requests).toHaveLength(0);
    expect(log).toEqual([
      `Relay: asset request failed (TypeError): GET http://rebind.test:${internal.port}/secret.obj`,
    ]);
  });

  it("refuses a name that resolves to loopback at the check, before any connection", async () => {
    const log: string[] = [];
    const error = await relay(`http://loopback.test:${internal.port}/secret.obj`, log).catch((e: unknown) => e);
    expect(isServiceError(error) && error.status).toBe(502);
    expect(dns.queries("loopback.test")).toBe(1);
    expect(internal.requests).toHaveLength(0);
    expect(log[0]).toContain("destination refused (host resolves to a non-public address)");
  });

  it("is a real attack here: an Agent that does not judge its addresses reaches the secret", async () => {
    await lookup("unchecked.test"); // the check's answer: public
    const careless = new Agent({
      connect: {
        lookup(hostname, options, callback) {
          lookup(hostname).then(
            (found) =>
              // biome-ignore lint/suspicious/noExplicitAny: net's lookup callback takes a list when `all` is set
              options.all ? (callback as any)(null, found) : callback(null, found[0]!.address, found[0]!.family),
            (error: NodeJS.ErrnoException) => callback(error, "", 0),
          );
        },
      },
    });
    try {
      const res = await fetch(`http://unchecked.test:${internal.port}/secret.obj`, {
        dispatcher: careless,
      } as RequestInit);
      expect(await res.text()).toBe("o secret\n");
    } finally {
      await careless.close();
    }
    expect(dns.queries("unchecked.test")).toBe(2);
    expect(internal.requests).toHaveLength(1);
  });
});
