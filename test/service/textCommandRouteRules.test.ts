/**
 * `POST /parse-text-command` as a game relies on it, over real HTTP on 127.0.0.1: the forms it
 * reads and the ones it refuses with a reason, its limits, the headers of its answer, and in
 * proxy mode what each kind of upstream failure becomes (status, error code, message, log line
 * with the server's key redacted, `Retry-After` passed on only when it is plain seconds).
 */
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

/** The proxy's upstream key; the upstream's address also carries it, as some services' do. */
const KEY = "route-Upstream-Key-7f3a";
/** Largest upstream answer the proxy reads. */
const MAX_RESPONSE_BYTES = 2048;

let service: TestService;
let upstream: TestServer;
let proxy: TestService;
/** A proxy whose upstream is a port nothing listens on. */
let unreachable: TestService;
const lines: string[] = [];
const unreachableLines: string[] = [];
let closedUrl: string;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** What the upstream answers, by the command's text: [status, headers, body]. */
function scripted(text: string): [number, Record<string, string>, string] {
  const json = { "content-type": "application/json" };
  const refusal = JSON.stringify({ code: "x", message: "no" });
  if (text === "redirect") return [302, { location: "http://127.0.0.1:9/elsewhere" }, ""];
  if (text === "redirect 300") return [300, json, refusal];
  if (text === "refused 400") return [400, { ...json, "retry-after": "5" }, refusal];
  if (text === "key 401") return [401, json, refusal];
  if (text === "key 403") return [403, json, refusal];
  if (text === "fails 500") return [500, json, refusal];
  if (text === "not json") return [200, { "content-type": "text/html" }, "<html>hello</html>"];
  if (text === "too large") return [200, json, JSON.stringify({ actions: [], pad: "x".repeat(MAX_RESPONSE_BYTES) })];
  if (text === "deep") return [200, json, `${"[".repeat(100)}${"]".repeat(100)}`];
  if (text.startsWith("busy ")) return [429, { ...json, "retry-after": text.slice(5) }, refusal];
  return [200, json, JSON.stringify({ actions: [{ action: "add_model", models: [{ name: "fox", number: 1 }] }] })];
}

beforeAll(async () => {
  service = await startTestService();
  upstream = await createTestServer(async (req, res) => {
    const [status, headers, body] = scripted((await formOf(req)).get("text") ?? "");
    res.writeHead(status, headers);
    res.end(body);
  });
  proxy = await startTestService({
    upstream: { url: `${upstream.url}/${KEY}`, key: KEY, maxResponseBytes: MAX_RESPONSE_BYTES },
    log: (line) => lines.push(line),
  });
  const closed = await createTestServer(() => undefined);
  closedUrl = `${closed.url}/${KEY}`;
  await closed.close();
  unreachable = await startTestService({
    upstream: { url: closedUrl, key: KEY, timeoutMs: 5000 },
    log: (line) => unreachableLines.push(line),
  });
}, 60_000);
afterAll(async () => {
  await unreachable?.close();
  await proxy?.close();
  await upstream?.close();
  await service?.close();
});

/** POSTs `body` (with `content-type` when given) to the route; status, headers and JSON answer. */
async function post(base: string, body: BodyInit, contentType?: string) {
  const res = await fetch(`${base}/parse-text-command?key=dev-key`, {
    method: "POST",
    body,
    ...(contentType === undefined ? {} : { headers: { "content-type": contentType } }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const FOX = { actions: [{ action: "add_model", models: [{ name: "fox", number: 1 }] }] };
const bad = (message: string) => ({ code: "Bad request", message });

describe("the forms the route reads", () => {
  it("reads the text from an urlencoded, a text/plain, an untyped or a multipart body", async () => {
    const form = "text=add+a+fox";
    expect((await post(service.url, form, "application/x-www-form-urlencoded")).json).toEqual(FOX);
    expect((await post(service.url, form, "application/x-www-form-urlencoded; charset=utf-8")).json).toEqual(FOX);
    // A string body is sent as text/plain (what a game's plain `fetch` with a string does).
    expect((await post(service.url, form)).json).toEqual(FOX);
    expect((await post(service.url, form, "text/plain")).json).toEqual(FOX);
    // Bytes with no content type at all.
    const untyped = await post(service.url, new TextEncoder().encode(form));
    expect([untyped.status, untyped.json]).toEqual([200, FOX]);
    const multipart = new FormData();
    multipart.set("text", "add a fox");
    expect((await post(service.url, multipart)).json).toEqual(FOX);
  });

  it("refuses any other body type, an unreadable multipart body and a body over 16 KiB, saying why", async () => {
    for (const type of ["application/json", "text/html", "application/octet-stream"]) {
      const refused = await post(service.url, JSON.stringify({ text: "add a fox" }), type);
      expect([refused.status, refused.json], type).toEqual([
        400,
        bad("Send the text as a form field (application/x-www-form-urlencoded or multipart/form-data)."),
      ]);
    }
    const garbled = await post(service.url, "not a multipart body", "multipart/form-data; boundary=abc");
    expect([garbled.status, garbled.json]).toEqual([400, bad("The request body is not a readable form.")]);
    const large = await post(service.url, `text=add+a+fox&pad=${"x".repeat(16 * 1024)}`);
    expect([large.status, large.json]).toEqual([400, bad("The request body is larger than 16384 bytes.")]);
    // Just under the cap is read.
    const under = await post(service.url, `text=add+a+fox&pad=${"x".repeat(16 * 1024 - 19)}`);
    expect([under.status, under.json]).toEqual([200, FOX]);
  });

  it("reads a text of 1000 characters and refuses a longer one, saying so", async () => {
    const text = `add a fox${" ".repeat(991)}`;
    expect(text).toHaveLength(1000);
    const longest = await post(service.url, new URLSearchParams({ text }));
    expect([longest.status, longest.json]).toEqual([200, FOX]);
    const over = await post(service.url, new URLSearchParams({ text: `${text} ` }));
    expect([over.status, over.json]).toEqual([400, bad("The text is longer than 1000 characters.")]);
  });

  it("answers JSON that no cache keeps", async () => {
    const answer = await post(service.url, new URLSearchParams({ text: "add a fox" }));
    expect([answer.headers.get("content-type"), answer.headers.get("cache-control")]).toEqual([
      "application/json; charset=utf-8",
      "no-store",
    ]);
  });
});

describe("proxy mode", () => {
  const target = () => `${upstream.url}/***/parse-text-command`;
  const say = (text: string) => post(proxy.url, new URLSearchParams({ text }));

  it("asks the upstream for JSON and passes its answer on, uncached", async () => {
    const answer = await say("add a fox");
    expect([answer.status, answer.json]).toEqual([200, FOX]);
    expect([answer.headers.get("content-type"), answer.headers.get("cache-control")]).toEqual([
      "application/json; charset=utf-8",
      "no-store",
    ]);
    const asked = upstream.requests.at(-1)!;
    expect([asked.method, asked.url, asked.headers.accept]).toEqual([
      "POST",
      `/${KEY}/parse-text-command`,
      "application/json",
    ]);
  });

  it("answers each upstream failure 502 with its reason, and logs it without the key", async () => {
    const cases: [string, string, string][] = [
      ["redirect", "The upstream service answered with a redirect.", "Upstream answered with a redirect (302)"],
      ["redirect 300", "The upstream service answered with a redirect.", "Upstream answered with a redirect (300)"],
      ["key 401", "The upstream service refused the server's key.", "Upstream refused the server key (401)"],
      ["key 403", "The upstream service refused the server's key.", "Upstream refused the server key (403)"],
      ["not json", "The upstream service's answer is not JSON.", "Upstream answered with something other than JSON"],
      ["too large", "The upstream service's answer is too large.", "Upstream answer too large"],
      ["deep", "The upstream service's answer is nested too deeply.", "Upstream answer nested too deeply"],
    ];
    for (const [text, message, line] of cases) {
      lines.length = 0;
      const answer = await say(text);
      expect([answer.status, answer.json], text).toEqual([502, { code: "Upstream error", message }]);
      expect(lines, text).toEqual([`${line}: POST ${target()}`]);
    }
  });

  it("answers an upstream error 502, its refusal of the command 400, and its rate limit 429", async () => {
    const failed = await say("fails 500");
    expect([failed.status, failed.json]).toEqual([
      502,
      { code: "Upstream error", message: "The upstream service failed to answer." },
    ]);
    const refused = await say("refused 400");
    expect([refused.status, refused.json, refused.headers.get("retry-after")]).toEqual([
      400,
      bad("The upstream service refused the command."),
      null,
    ]);
    const busy = await say("busy 30");
    expect([busy.status, busy.json, busy.headers.get("retry-after")]).toEqual([
      429,
      { code: "Rate limit exceeded", message: "The upstream service refused the command." },
      "30",
    ]);
  });

  it("passes on a Retry-After of plain seconds (1 to 9 digits) only", async () => {
    const retryAfter = async (value: string) => (await say(`busy ${value}`)).headers.get("retry-after");
    expect(await retryAfter("7")).toBe("7");
    expect(await retryAfter("123456789")).toBe("123456789");
    for (const value of ["1234567890", "1e3", "5s", "x7", "Wed, 21 Oct 2037 07:28:00 GMT"])
      expect(await retryAfter(value), value).toBeNull();
  });

  it("answers 502 when the upstream does not answer, and logs why without the key", async () => {
    const answer = await post(unreachable.url, new URLSearchParams({ text: "add a fox" }));
    expect([answer.status, answer.json]).toEqual([
      502,
      { code: "Upstream error", message: "The upstream service did not answer." },
    ]);
    expect(unreachableLines).toHaveLength(1);
    const target = closedUrl.replace(KEY, "***");
    expect(unreachableLines[0]).toMatch(/^Upstream request failed: \S.*: POST /);
    expect(unreachableLines[0]!.endsWith(`: POST ${target}/parse-text-command`)).toBe(true);
    expect(unreachableLines[0]).not.toContain(KEY);
  });
});
