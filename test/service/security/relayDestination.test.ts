/**
 * Finding 2 of issue #29: the relay fetches only from public addresses (checked after the name
 * is resolved), only from `allowedHosts` when given, and types what it serves by the bytes'
 * kind. An "internal" server on loopback holds a plain-text secret; upstream answers name it
 * in every spelling of loopback the URL parser accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOnlyDispatcher } from "../../../src/service/relay/relayDestination.js";
import { createTestServer, sendJson, type TestServer } from "../../helpers/httpServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";
import { tinyPng } from "../../helpers/tinyModels.js";

const SECRET = "db-password=hunter2";
let internal: TestServer;
let api: TestServer;
let links: Record<string, string>;
const proxies: TestService[] = [];

beforeAll(async () => {
  internal = await createTestServer((req, res) => {
    const png = req.url?.startsWith("/fur.obj");
    res.writeHead(200, { "content-type": png ? "model/obj" : "text/plain" });
    res.end(png ? tinyPng() : SECRET);
  });
  const p = internal.port;
  links = {
    ip: `http://127.0.0.1:${p}/secret.obj`,
    name: `http://localhost:${p}/secret.obj`,
    v6: `http://[::1]:${p}/secret.obj`,
    hex: `http://0x7f000001:${p}/secret.obj`,
    decimal: `http://2130706433:${p}/secret.obj`,
    mapped: `http://[::ffff:127.0.0.1]:${p}/secret.obj`,
    private: `http://10.0.0.1:${p}/secret.obj`,
    png: `http://127.0.0.1:${p}/fur.obj`,
  };
  api = await createTestServer((_req, res) =>
    sendJson(res, 200, [{ name: "fox", model: { parts: { body: links.ip } }, thumbnails: links }]),
  );
});
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await api?.close();
  await internal?.close();
});

async function relayLinks(relayAssets: object): Promise<Record<string, string>> {
  const proxy = await startTestService({ upstream: { url: api.url, key: "k", relayAssets } });
  proxies.push(proxy);
  const [record] = (await (await fetch(`${proxy.url}/anything?name=fox`)).json()) as [
    { thumbnails: Record<string, string> },
  ];
  return record.thumbnails;
}

const outcome = async (link: string) => {
  const res = await fetch(link);
  return [
    res.status,
    res.status === 200 ? res.headers.get("content-type") : ((await res.json()) as { message: string }).message,
  ];
};

describe("the relay's destinations", () => {
  it("refuses loopback and private destinations in every spelling, before any request", async () => {
    const relayed = await relayLinks({});
    const refused = "The relay does not fetch from this host.";
    for (const which of ["ip", "name", "v6", "hex", "decimal", "mapped", "private", "png"])
      expect(await outcome(relayed[which]!), which).toEqual([502, refused]);
    expect(internal.requests).toHaveLength(0);
  });

  it("fetches only from allowedHosts, and types a file by its bytes", async () => {
    const relayed = await relayLinks({ allowPrivateAddresses: true, allowedHosts: ["127.0.0.1"] });
    expect(await outcome(relayed["name"]!)).toEqual([502, "The relay does not fetch from this host."]);
    expect(internal.requests).toHaveLength(0);
    // On an allowed host, the plain-text secret is no model file: never relabelled model/obj.
    expect(await outcome(relayed["ip"]!)).toEqual([
      502,
      "The asset host answered with a type the relay does not serve.",
    ]);
    // PNG bytes declared model/obj are served as what they are.
    expect(await outcome(relayed["png"]!)).toEqual([200, "image/png"]);
    expect(internal.requests).toHaveLength(2);
  });
});

describe("the relay's connections", () => {
  it("go only to addresses its own lookup checked: a name resolving to loopback never connects", async () => {
    const dispatcher = publicOnlyDispatcher();
    try {
      const init = { dispatcher } as RequestInit;
      const error = await fetch(`http://localhost:${internal.port}/secret.obj`, init).catch((e: Error) => e);
      expect(String((error as Error & { cause?: Error }).cause)).toContain("non-public address");
      expect(internal.requests).toHaveLength(2);
    } finally {
      await dispatcher.close();
    }
  });
});
