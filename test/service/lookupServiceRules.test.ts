/**
 * The service's routes where mutation testing found the other service tests blind: `GET /names`
 * from a catalog, the relay route serving a relayed link (GET and HEAD), and the text command
 * refusing any method but POST. Over real HTTP on 127.0.0.1; the relay's asset host is a
 * hand-made server, as the reference service in catalog mode serves no foreign links.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, sendJson, type TestServer } from "../helpers/httpServer.js";
import { FIXTURE_SPECS } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";
import { tinyPng } from "../helpers/tinyModels.js";

const PNG = tinyPng([10, 20, 30]);
let catalog: TestService;
let upstream: TestServer;
let relaying: TestService;

beforeAll(async () => {
  catalog = await startTestService();
  // One server as the upstream's lookup and its asset host: a record whose thumbnail is a PNG on it.
  upstream = await createTestServer((req, res) => {
    if (req.url === "/fox.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PNG);
      return;
    }
    sendJson(res, 200, [{ name: "fox", model: {}, thumbnails: { small: `${upstream.url}/fox.png` } }]);
  });
  relaying = await startTestService({
    upstream: { url: upstream.url, key: "k", relayAssets: { allowPrivateAddresses: true } },
  });
});
afterAll(async () => {
  await relaying?.close();
  await upstream?.close();
  await catalog?.close();
});

describe("GET /names from a catalog", () => {
  it("answers every model name with a key", async () => {
    const res = await fetch(`${catalog.url}/names?key=dev-key`);
    expect([res.status, await res.json()]).toEqual([200, FIXTURE_SPECS.map((s) => s.name).sort()]);
  });
});

describe("the relay route", () => {
  it("serves a relayed link's bytes to GET and its headers alone to HEAD", async () => {
    const [record] = (await (await fetch(`${relaying.url}/anything?name=fox`)).json()) as [
      { thumbnails: { small: string } },
    ];
    const link = record.thumbnails.small;
    expect(link.startsWith(`${relaying.url}/relay/`)).toBe(true);
    const got = await fetch(link);
    expect([got.status, got.headers.get("content-type"), Buffer.from(await got.arrayBuffer())]).toEqual([
      200,
      "image/png",
      PNG,
    ]);
    const head = await fetch(link, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([200, "image/png", ""]);
  });
});

describe("the text command route", () => {
  it("refuses a GET with 405, saying POST is the method", async () => {
    const res = await fetch(`${catalog.url}/parse-text-command?key=dev-key`);
    expect([res.status, res.headers.get("allow"), await res.json()]).toEqual([
      405,
      "POST, OPTIONS",
      { code: "Method not allowed", message: "Only POST requests are allowed." },
    ]);
  });
});
