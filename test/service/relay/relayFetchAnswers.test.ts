/**
 * What the relay makes of each answer of an asset host (fetchRelayedAsset against real HTTP
 * servers on 127.0.0.1): the status and message a client gets for a redirect, a refusal, a
 * missing file, any other status, a type off the allowlist, a body too large, cut off or too
 * slow; that a refused answer's body is dropped at once (its connection closed, not left to
 * stream); and the line the operator's log gets, which never holds the link's query.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRelayedAsset, type RelayFetchOptions, relayContentType } from "../../../src/service/relay/relayFetch.js";
import { isServiceError, SERVICE_ERROR_CODES } from "../../../src/service/serviceError.js";
import { createTestServer, type TestServer } from "../../helpers/httpServer.js";
import { tinyPng } from "../../helpers/tinyModels.js";

const PNG = tinyPng();
/** Streams of refused answers that are still open, by path: closed once the relay drops them. */
const streaming = new Map<string, ServerResponse>();
let host: TestServer;

/** `/status/<n>/<name>`: answers n; `/type/<t>/<name>`: a PNG declared as t; others below. */
beforeAll(async () => {
  host = await createTestServer((req, res) => {
    const [, what, arg] = (req.url ?? "/").split("?")[0]!.split("/");
    if (what === "status") {
      const status = Number(arg);
      res.writeHead(status, status >= 300 && status < 400 ? { location: "http://127.0.0.1:1/x.png" } : {});
      res.end();
    } else if (what === "type") {
      res.writeHead(200, { "content-type": decodeURIComponent(arg!) });
      res.end(PNG);
    } else if (what === "endless") {
      // A refused answer whose body never ends: only the relay closing the connection ends it.
      res.writeHead(Number(arg), { "content-type": "image/png" });
      res.write(Buffer.alloc(1024));
      streaming.set(req.url!, res);
      const timer = setInterval(() => res.write(Buffer.alloc(1024), () => res.emit("chunk")), 20);
      res.on("close", () => clearInterval(timer));
    } else if (what === "cut") {
      res.writeHead(200, { "content-type": "image/png", "content-length": "4096" });
      res.write(PNG.subarray(0, 16), () => res.destroy());
    } else if (what === "stall") {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(PNG.subarray(0, 16));
    } else if (what === "silent") {
      // Never answers.
    } else if (what === "big") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.concat([PNG, Buffer.alloc(4096)]));
    } else {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(PNG);
    }
  });
});
afterAll(async () => {
  await host?.close();
});

function options(log: string[], change: Partial<RelayFetchOptions> = {}): RelayFetchOptions {
  return {
    fetch,
    timeoutMs: 5000,
    maxBytes: 1 << 20,
    log: (line) => log.push(line),
    destination: { allowedHosts: undefined, allowPrivateAddresses: true },
    dispatcher: undefined,
    ...change,
  };
}

/** The status, code and message of the error `url` is answered with, and the log's lines. */
async function refusal(path: string, change: Partial<RelayFetchOptions> = {}) {
  const log: string[] = [];
  const error = await fetchRelayedAsset(`${host.url}${path}`, options(log, change)).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isServiceError(error)) throw new Error(`not a ServiceError: ${String(error)}`);
  return { status: error.status, code: error.code, message: error.message, log };
}

/** "closed" once `res` closes, "open" if it sends `chunks` more chunks first. */
function closedWithin(res: ServerResponse, chunks: number): Promise<"closed" | "open"> {
  if (res.closed) return Promise.resolve("closed");
  return new Promise((resolve) => {
    let sent = 0;
    res.on("close", () => resolve("closed"));
    res.on("chunk", () => ++sent >= chunks && resolve("open"));
  });
}

const shown = (path: string) => `GET ${host.url}${path.split("?")[0]}`;

describe("the relay's answer to an asset host's answer", () => {
  it("relays a model file with its kind and a strong ETag", async () => {
    const asset = await fetchRelayedAsset(`${host.url}/fur.png?sig=1`, options([]));
    expect(asset.contentType).toBe("image/png");
    expect(asset.bytes.equals(PNG)).toBe(true);
    expect(asset.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it("never follows a redirect, whatever its status, and says so", async () => {
    for (const status of [300, 301, 302, 303, 307, 308, 399]) {
      const path = `/status/${status}/fur.png?Signature=secret`;
      const got = await refusal(path);
      expect(got, String(status)).toMatchObject({
        status: 502,
        message: "The asset host answered with a redirect, which the relay does not follow.",
      });
      expect(got.log).toEqual([`Relay: asset host redirected (${status}): ${shown(path)}`]);
      expect(got.log.join()).not.toContain("secret");
    }
    expect(host.count("/x.png")).toBe(0);
  });

  it("takes a fetch's opaque redirect (the Fetch standard's answer to redirect: manual) for a redirect", async () => {
    // What a standard fetch returns for a redirect it was told not to follow: no status, no body.
    const opaque = { type: "opaqueredirect", status: 0, headers: new Headers(), body: null } as unknown as Response;
    const got = await refusal("/fur.png", { fetch: async () => opaque });
    expect(got).toMatchObject({
      status: 502,
      message: "The asset host answered with a redirect, which the relay does not follow.",
      log: [`Relay: asset host redirected (0): ${shown("/fur.png")}`],
    });
  });

  it("answers 403 Forbidden when the host refuses the link, so the client renews its record", async () => {
    for (const status of [401, 403]) {
      const path = `/status/${status}/fur.png?Signature=secret`;
      expect(await refusal(path)).toEqual({
        status: 403,
        code: SERVICE_ERROR_CODES.forbidden,
        message: "Forbidden",
        log: [`Relay: asset host refused the link (${status}): ${shown(path)}`],
      });
    }
  });

  it("answers 404 for a missing file, without a log line", async () => {
    expect(await refusal("/status/404/fur.png")).toMatchObject({
      status: 404,
      message: "Asset not found.",
      log: [],
    });
  });

  it("answers 502 naming any other status", async () => {
    for (const status of [204, 400, 410, 500, 503]) {
      const got = await refusal(`/status/${status}/fur.png`);
      if (status === 204) {
        // A 2xx without a body has no kind.
        expect(got.message).toBe("The asset host answered with a type the relay does not serve.");
        continue;
      }
      expect(got, String(status)).toMatchObject({
        status: 502,
        code: SERVICE_ERROR_CODES.upstream,
        message: `The asset host answered ${status}.`,
        log: [`Relay: asset host answered ${status}: ${shown(`/status/${status}/fur.png`)}`],
      });
    }
  });

  it("drops the body of a refused answer at once instead of letting it stream", async () => {
    for (const status of [403, 404, 500]) {
      const path = `/endless/${status}/fur.png`;
      // A long time limit: only the relay's cancel may end the answer here.
      const got = await refusal(path, { timeoutMs: 600_000 });
      expect(got.status).toBe(status === 500 ? 502 : status);
      const res = streaming.get(path)!;
      expect(await closedWithin(res, 50)).toBe("closed");
    }
  });

  it("refuses a declared type off the allowlist even when the bytes are a model file", async () => {
    for (const type of ["text/html", "image/svg+xml", "application/javascript", "image/gif"]) {
      const path = `/type/${encodeURIComponent(type)}/fur.png`;
      expect(await refusal(path), type).toMatchObject({
        status: 502,
        message: "The asset host answered with a type the relay does not serve.",
        log: [`Relay: asset of a type the relay does not serve: ${shown(path)}`],
      });
    }
    const asset = await fetchRelayedAsset(`${host.url}/type/${encodeURIComponent("image/PNG ; q=1")}/a`, options([]));
    expect(asset.contentType).toBe("image/png");
  });

  it("refuses bytes of no kind the relay serves, whatever type they were declared as", async () => {
    const text = await createTestServer((_req, res) => {
      res.writeHead(200, { "content-type": "model/obj" });
      res.end("\u0000\u0001 not a model");
    });
    try {
      const log: string[] = [];
      const error = await fetchRelayedAsset(`${text.url}/fox.obj?k=1`, options(log)).catch((e: unknown) => e);
      expect(isServiceError(error) && [error.status, error.message]).toEqual([
        502,
        "The asset host answered with a type the relay does not serve.",
      ]);
      expect(log).toEqual([`Relay: asset bytes of no kind the relay serves: GET ${text.url}/fox.obj`]);
    } finally {
      await text.close();
    }
  });

  it("refuses a body over maxBytes, naming the limit", async () => {
    expect(await refusal("/big/fur.png", { maxBytes: 1000 })).toMatchObject({
      status: 502,
      message: "The asset is larger than 1000 bytes.",
      log: [`Relay: asset over 1000 bytes: ${shown("/big/fur.png")}`],
    });
  });

  it("answers 502 when the host does not answer, answers too slowly, or cuts the body off", async () => {
    const silent = await refusal("/silent/fur.png", { timeoutMs: 200 });
    expect(silent).toMatchObject({ status: 502, message: "The asset host did not answer." });
    expect(silent.log).toEqual([`Relay: asset request failed (TimeoutError): ${shown("/silent/fur.png")}`]);
    const stalled = await refusal("/stall/fur.png", { timeoutMs: 200 });
    expect(stalled).toMatchObject({ status: 502, message: "The asset host did not answer." });
    expect(stalled.log).toEqual([`Relay: asset body failed (TimeoutError): ${shown("/stall/fur.png")}`]);
    const cut = await refusal("/cut/fur.png");
    expect(cut).toMatchObject({ status: 502, message: "The asset host did not answer." });
    expect(cut.log).toEqual([`Relay: asset body failed (TypeError): ${shown("/cut/fur.png")}`]);
  });

  it("answers 502 whatever a resolver, a fetch or a body fails with, even no error at all", async () => {
    const log: string[] = [];
    const named = `http://localhost:${host.port}/fur.png`;
    const lookup = () => Promise.reject(undefined);
    const destination = { allowedHosts: undefined, allowPrivateAddresses: false, lookup };
    const refusedLookup = await fetchRelayedAsset(named, options(log, { destination })).catch((e: unknown) => e);
    expect(isServiceError(refusedLookup) && [refusedLookup.status, refusedLookup.message]).toEqual([
      502,
      "The relay does not fetch from this host.",
    ]);
    expect(log).toEqual([`Relay: destination refused (error): GET ${named}`]);
    // The host here is 127.0.0.1: an IP literal is judged without the resolver.
    const refusedName = await refusal("/fur.png", {
      destination: { allowedHosts: ["localhost"], allowPrivateAddresses: false },
    });
    expect(refusedName.log).toEqual([`Relay: destination refused (host not on allowedHosts): ${shown("/fur.png")}`]);

    const failedFetch = await refusal("/fur.png", { fetch: () => Promise.reject(undefined) });
    expect(failedFetch).toMatchObject({ status: 502, message: "The asset host did not answer." });
    expect(failedFetch.log).toEqual([`Relay: asset request failed (error): ${shown("/fur.png")}`]);

    const failing = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(undefined) });
    const failedBody = await refusal("/fur.png", {
      fetch: async () => new Response(failing, { headers: { "content-type": "image/png" } }),
    });
    expect(failedBody).toMatchObject({ status: 502, message: "The asset host did not answer." });
    expect(failedBody.log).toEqual([`Relay: asset body failed (error): ${shown("/fur.png")}`]);
  });
});

describe("relayContentType", () => {
  it("takes an allowed declared type as it is, its parameters and spaces dropped", () => {
    expect(relayContentType("image/png ; charset=binary", "https://h/x")).toBe("image/png");
    expect(relayContentType(" Model/OBJ ", "https://h/x")).toBe("model/obj");
    expect(relayContentType("image/jpg", "https://h/x")).toBe("image/jpeg");
  });

  it("names a generic type by the extension of the path's last segment only", () => {
    expect(relayContentType("application/octet-stream", "https://h/a/fox.glb?x=.png")).toBe("model/gltf-binary");
    expect(relayContentType(null, "https://h/a.png/fox")).toBeUndefined();
    expect(relayContentType("text/plain", "https://h/fox")).toBeUndefined();
    expect(relayContentType("text/html", "https://h/fox.png")).toBeUndefined();
  });
});
