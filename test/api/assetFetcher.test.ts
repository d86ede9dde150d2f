import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AssetCounters, createAssetFetcher } from "../../src/api/assetFetcher.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import { isMenagerieError, type NetworkError } from "../../src/core/errors.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { rejection } from "../helpers/rejection.js";

/** What the server does for request number n (0-based) of a path; set by each test. */
let reply: (n: number) => { status: number; body?: string | Uint8Array } | "hang" | "reset";
let server: TestServer;

beforeEach(async () => {
  reply = () => ({ status: 200, body: "v 0 0 0\n" });
  const seen = new Map<string, number>();
  server = await createTestServer((req, res, recorded) => {
    const path = recorded.url.split("?")[0]!;
    const n = seen.get(path) ?? 0;
    seen.set(path, n + 1);
    const r = reply(n);
    if (r === "hang") return;
    if (r === "reset") {
      req.socket.destroy();
      return;
    }
    res.writeHead(r.status, { "content-type": "application/octet-stream" });
    res.end(r.body ?? "");
  });
});

afterEach(async () => {
  await server.close();
});

function fetcher(counters: AssetCounters, timeoutMs = 2000) {
  return createAssetFetcher({
    fetch: globalThis.fetch,
    timeoutMs,
    retry: { ...RETRY_DEFAULTS, baseDelayMs: 1, maxDelayMs: 2 },
    counters,
  });
}

const url = (file: string) => `${server.url}/assets/fox/${file}?Expires=2000000000&KeyName=k&Signature=s&key=secret`;
const signal = () => new AbortController().signal;

describe("createAssetFetcher", () => {
  it("reads OBJ and MTL as text and the rest as bytes, counting requests and bytes", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    const get = fetcher(counters);
    reply = () => ({ status: 200, body: "v 1 2 3\n" });
    expect(await get(url("body.obj"), "text", signal())).toEqual({ status: 200, size: 8, text: "v 1 2 3\n" });
    reply = () => ({ status: 200, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff]) });
    const png = await get(url("fur.png"), "bytes", signal());
    expect([png.status, png.size, png.text]).toEqual([200, 5, undefined]);
    expect([...new Uint8Array(png.bytes!)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0xff]);
    expect(counters).toEqual({ assetRequests: 2, assetBytes: 13 });
    expect(server.requests.map((r) => [r.method, r.url.split("?")[0]])).toEqual([
      ["GET", "/assets/fox/body.obj"],
      ["GET", "/assets/fox/fur.png"],
    ]);
  });

  it("decodes UTF-8 text, counting its bytes, not its characters", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = () => ({ status: 200, body: "# écureuil\n" });
    const answer = await fetcher(counters)(url("body.obj"), "text", signal());
    expect([answer.text, answer.size, counters.assetBytes]).toEqual(["# écureuil\n", 12, 12]);
  });

  it("returns a status that is not retried as it is, with its body", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = () => ({ status: 403, body: "expired" });
    expect(await fetcher(counters)(url("body.obj"), "text", signal())).toEqual({
      status: 403,
      size: 7,
      text: "expired",
    });
    expect(counters.assetRequests).toBe(1);
    expect(server.count()).toBe(1);
  });

  it("counts every retried request in assetRequests", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = (n) => (n === 0 ? { status: 503 } : n === 1 ? "reset" : { status: 200, body: "ok" });
    const answer = await fetcher(counters)(url("body.obj"), "text", signal());
    expect(answer).toEqual({ status: 200, size: 2, text: "ok" });
    expect(server.count()).toBe(3);
    expect(counters).toEqual({ assetRequests: 3, assetBytes: 2 });
  });

  it("counts the retries of a retry status answered to the end", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = () => ({ status: 500, body: "down" });
    expect(await fetcher(counters)(url("body.obj"), "text", signal())).toMatchObject({ status: 500, text: "down" });
    expect(server.count()).toBe(3);
    expect(counters).toEqual({ assetRequests: 3, assetBytes: 4 });
  });

  // The last attempt's request counts too, though the call throws instead of returning.
  it("counts every request when every attempt fails with a network error", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = () => "reset";
    const error = await rejection(fetcher(counters)(url("body.obj"), "text", signal()));
    expect(isMenagerieError(error, "network")).toBe(true);
    expect(server.count()).toBe(3);
    expect(counters.assetRequests).toBe(server.count());
  });

  it("throws a NetworkError or TimeoutError with the URL redacted", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    reply = () => "reset";
    const error = (await rejection(fetcher(counters)(url("body.obj"), "text", signal()))) as NetworkError;
    expect(isMenagerieError(error, "network")).toBe(true);
    expect(error.url).toBe(url("body.obj").replace("key=secret", "key=***"));
    expect(error.message).not.toContain("secret");
    reply = () => "hang";
    const timeout = await rejection(fetcher(counters, 30)(url("head.obj"), "bytes", signal()));
    expect(isMenagerieError(timeout, "timeout")).toBe(true);
    expect(counters.assetBytes).toBe(0);
  });

  it("rejects with the signal's reason and counts nothing more once aborted", async () => {
    const counters = { assetRequests: 0, assetBytes: 0 };
    const controller = new AbortController();
    controller.abort(new Error("disposed"));
    expect(await rejection(fetcher(counters)(url("body.obj"), "text", controller.signal))).toEqual(
      new Error("disposed"),
    );
    expect([server.count(), counters.assetRequests]).toEqual([0, 0]);
  });
});
