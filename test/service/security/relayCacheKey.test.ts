/**
 * Findings 11 and 12 of issue #29: the relay caches a file by its URL less the signature only
 * (`?variant=2` is another file), and a control character in an upstream's asset URL never
 * forges a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, sendJson, type TestServer } from "../../helpers/httpServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let assets: TestServer;
let api: TestServer;
let proxy: TestService;
const logs: string[] = [];

beforeAll(async () => {
  assets = await createTestServer((_req, res, recorded) => {
    const variant = recorded.query.get("variant");
    if (variant === null) return sendJson(res, 404, {});
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(`v ${variant} 0 0\n`);
  });
  const base = `${assets.url}/fox/body.obj`;
  const links = {
    one: `${base}?variant=1&Expires=4102444800&KeyName=cdn&Signature=aaaa`,
    oneAgain: `${base}?variant=1&Expires=4102444800&KeyName=cdn&Signature=bbbb`,
    two: `${base}?variant=2&Expires=4102444800&KeyName=cdn&Signature=aaaa`,
    forged: `${assets.url}/fox/x\nForged: admin logged in\r\n.obj`,
  };
  api = await createTestServer((_req, res) => sendJson(res, 200, [{ name: "fox", model: {}, thumbnails: links }]));
  proxy = await startTestService({
    upstream: { url: api.url, key: "k", relayAssets: { allowPrivateAddresses: true } },
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
  await assets?.close();
});

const relayed = async () =>
  ((await (await fetch(`${proxy.url}/anything?name=fox`)).json()) as [{ thumbnails: Record<string, string> }])[0]
    .thumbnails;

describe("the relay", () => {
  it("keeps one file per URL less its signature (finding 11)", async () => {
    const links = await relayed();
    const text = async (link: string) => (await fetch(link)).text();
    expect(await text(links["one"]!)).toBe("v 1 0 0\n");
    expect(await text(links["two"]!)).toBe("v 2 0 0\n");
    expect(await text(links["oneAgain"]!)).toBe("v 1 0 0\n");
    expect(assets.requests.map((r) => r.query.get("variant"))).toEqual(["1", "2"]);
  });

  it("writes a control character of an asset URL escaped, never as a line of its own (finding 12)", async () => {
    const res = await fetch((await relayed())["forged"]!);
    expect(res.status).toBe(404);
    const failing = await fetch(`${proxy.url}/relay/${"x".repeat(40)}/a.obj?Expires=1&KeyName=menagerie&Signature=x`);
    expect(failing.status).toBe(403);
    // A 404 of the asset host is not logged; a refused destination is: make one with a newline.
    const refusing = await startTestService({
      upstream: { url: api.url, key: "k", relayAssets: { allowedHosts: ["cdn.example.com"] } },
      log: (line) => logs.push(line),
    });
    try {
      const links = (
        (await (await fetch(`${refusing.url}/anything?name=fox`)).json()) as [{ thumbnails: Record<string, string> }]
      )[0].thumbnails;
      expect((await fetch(links["forged"]!)).status).toBe(502);
    } finally {
      await refusing.close();
    }
    const line = logs.find((l) => l.includes("Forged"));
    expect(line).toContain("x\\u000aForged: admin logged in\\u000d\\u000a.obj");
    expect(logs.every((l) => !/[\n\r]/.test(l))).toBe(true);
  });
});
