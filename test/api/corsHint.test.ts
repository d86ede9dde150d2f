/** Naming a likely CORS refusal, and its remedy, in asset errors and load errors. */
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import { corsHint, loadErrorWithHint, pageOrigin, withCorsHint } from "../../src/api/corsHint.js";
import { resolveRetryOptions } from "../../src/api/retry.js";
import { isMenagerieError, LoadError, NetworkError } from "../../src/core/errors.js";
import { rejection } from "../helpers/rejection.js";

const PAGE = "http://game.test:5173";
const ASSET = "https://cdn.test/models/fox/fur.png?Expires=1&KeyName=k&Signature=abc";

/** A loopback port nothing listens on: a real fetch to it fails with a TypeError. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("corsHint", () => {
  it("names CORS and the relay for a TypeError on another origin than the page's", () => {
    expect(corsHint(ASSET, new TypeError("Failed to fetch"), PAGE)).toBe(
      `probably CORS: the asset host https://cdn.test did not allow this page (${PAGE}) to read it ` +
        "(no Access-Control-Allow-Origin); serve the assets through a proxy of the service with its " +
        "asset relay (menagerie-service --upstream URL --relay-assets)",
    );
  });

  it("gives none on the page's own origin, for other errors, or outside a browser", () => {
    expect(corsHint("http://game.test:5173/relay/x/fur.png", new TypeError("Failed to fetch"), PAGE)).toBeUndefined();
    expect(corsHint(ASSET, new Error("boom"), PAGE)).toBeUndefined();
    expect(corsHint(ASSET, "Failed to fetch", PAGE)).toBeUndefined();
    expect(corsHint("not a url", new TypeError("x"), PAGE)).toBeUndefined();
    expect(pageOrigin()).toBeUndefined();
    expect(corsHint(ASSET, new TypeError("Failed to fetch"))).toBeUndefined();
  });
});

describe("asset requests that fail in a browser", () => {
  const fetcher = () =>
    createAssetFetcher({
      fetch: globalThis.fetch,
      timeoutMs: 5000,
      retry: resolveRetryOptions(0),
      counters: { assetRequests: 0, assetBytes: 0 },
    });

  it("carry the hint when the asset is on another origin", async () => {
    vi.stubGlobal("location", { origin: PAGE });
    const url = `http://127.0.0.1:${await closedPort()}/models/fox/fur.png?key=api-key-1234&Expires=1`;
    const error = await rejection(fetcher()(url, "bytes", new AbortController().signal));
    expect(isMenagerieError(error, "network")).toBe(true);
    const { hint, message } = error as NetworkError;
    expect(hint).toContain("probably CORS");
    expect(message).toMatch(/^Network error \(probably CORS: .*--relay-assets\)\): GET http:\/\/127\.0\.0\.1:\d+\//);
    expect(message).not.toContain("api-key-1234");
  });

  it("stay plain network errors outside a browser", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/fur.png`;
    const error = (await rejection(fetcher()(url, "bytes", new AbortController().signal))) as NetworkError;
    expect([error.hint, error.message]).toEqual([undefined, `Network error: GET ${url}`]);
  });

  it("keep an error that is no network error, or already has a hint, as it is", () => {
    const other = new Error("x");
    expect(withCorsHint(other, ASSET, PAGE)).toBe(other);
    const hinted = new NetworkError({ method: "GET", url: ASSET }, new TypeError("x"), "known");
    expect(withCorsHint(hinted, ASSET, PAGE)).toBe(hinted);
  });
});

describe("loadErrorWithHint", () => {
  it("tells why a model got no body, and leaves other load errors alone", () => {
    const noBody = new LoadError({ reason: "no-body", model: "fox", detail: "no part could be loaded" });
    const told = loadErrorWithHint(noBody, "probably CORS: ...") as LoadError;
    expect([told.reason, told.model, told.message, told.cause]).toEqual([
      "no-body",
      "fox",
      'Cannot load model of "fox": no part could be loaded, probably CORS: ...',
      noBody,
    ]);
    expect(loadErrorWithHint(noBody, undefined)).toBe(noBody);
    const notFound = new LoadError({ reason: "not-found", model: "fox", detail: "gone" });
    expect(loadErrorWithHint(notFound, "probably CORS: ...")).toBe(notFound);
  });
});
