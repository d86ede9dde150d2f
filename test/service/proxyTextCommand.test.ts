/**
 * Proxy mode's text commands against a hostile upstream on a real port: an upstream that echoes
 * the request it received (the server's key among it) and one that answers JSON nested too
 * deeply to re-serialise. The client is anonymous: it never held a key.
 */
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

/** Mixed case and a character URL encoding changes, so each echoed spelling differs. */
const KEY = "text-Upstream-Secret/5d2b";
/** A key of digits only, which is also a well-formed `Retry-After`. */
const DIGIT_KEY = "918273645";
const DEPTH = 200_000;

let upstream: TestServer;
let proxy: TestService;
let digitProxy: TestService;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

beforeAll(async () => {
  upstream = await createTestServer(async (req, res) => {
    const form = await formOf(req);
    const key = form.get("key") ?? "";
    const text = form.get("text") ?? "";
    if (text === "deep") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(`${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`);
    }
    if (text === "busy") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": key });
      return void res.end(JSON.stringify({ code: "Rate limited", message: "slow down" }));
    }
    // An echo of the request, the key spelt every way an upstream might: raw, in the form it
    // was sent, upper-cased, URL-encoded, as an object key, and inside a link.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        actions: [{ action: "add_model", models: [{ name: key, number: 1 }] }],
        request: { body: form.toString(), key },
        upper: key.toUpperCase(),
        encoded: encodeURIComponent(key),
        [key]: 1,
        link: `https://cdn.test/fox.glb?key=${encodeURIComponent(key)}&Expires=1`,
      }),
    );
  });
  proxy = await startTestService({ upstream: { url: upstream.url, key: KEY } });
  digitProxy = await startTestService({ upstream: { url: upstream.url, key: DIGIT_KEY } });
});
afterAll(async () => {
  await digitProxy?.close();
  await proxy?.close();
  await upstream?.close();
});

/** POSTs `text` as a form, with no key: an anonymous client. */
async function say(base: string, text: string) {
  const res = await fetch(`${base}/parse-text-command`, { method: "POST", body: new URLSearchParams({ text }) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("finding 4: the proxy's text commands never show the server's key", () => {
  it("finding 4: an upstream that echoes its request gets the key redacted from every string, keys included", async () => {
    const answer = await say(proxy.url, "add a fox");
    // It really had the key to echo.
    expect(upstream.requests.some((r) => r.method === "POST")).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.text.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(answer.text).not.toContain(encodeURIComponent(KEY));
    expect(JSON.parse(answer.text)).toEqual({
      actions: [{ action: "add_model", models: [{ name: "***", number: 1 }] }],
      request: { body: "text=add+a+fox&key=***", key: "***" },
      upper: "***",
      encoded: "***",
      "***": 1,
      link: "https://cdn.test/fox.glb?key=***&Expires=1",
    });
  });

  it("finding 4: a Retry-After that echoes the key is not passed on", async () => {
    const answer = await say(digitProxy.url, "busy");
    expect([answer.status, answer.headers.get("retry-after"), JSON.parse(answer.text)]).toEqual([
      429,
      null,
      { code: "Rate limit exceeded", message: "The upstream service refused the command." },
    ]);
  });
});

describe("an upstream text-command answer too deep to re-serialise", () => {
  it("is the upstream's fault: 502 in the service's error shape, and the service stays up", async () => {
    const answer = await say(proxy.url, "deep");
    expect([answer.status, answer.headers.get("content-type"), JSON.parse(answer.text)]).toEqual([
      502,
      "application/json; charset=utf-8",
      { code: "Upstream error", message: "The upstream service's answer is nested too deeply." },
    ]);
    expect((await say(proxy.url, "add a fox")).status).toBe(200);
  });
});
