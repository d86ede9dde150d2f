/**
 * Body caps over real HTTP (issue #29, finding 19): a lookup answer past `maxResponseBytes`
 * and an asset past the fetcher's `maxBytes` (the Menagerie's `maxAssetBytes`) are not read
 * past the cap, streamed or declared, compressed or not; the call rejects with a NetworkError
 * naming the option and the cap (never the key), and is not retried.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import { inspect } from "node:util";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssetFetcher } from "../../src/api/assetFetcher.js";
import { type BodyCap, BodyOverCap, MAX_ASSET_BYTES, readCappedBody } from "../../src/api/cappedBody.js";
import { createLookupClient, LOOKUP_CLIENT_DEFAULTS, type LookupClientOptions } from "../../src/api/client.js";
import { RETRY_DEFAULTS } from "../../src/api/retry.js";
import { isMenagerieError, type NetworkError } from "../../src/core/errors.js";
import { type StreamTally, streamBody } from "../helpers/bodyStream.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { makeRecord } from "../helpers/records.js";
import { rejection, thrown } from "../helpers/rejection.js";

const KEY = "sk_live_cap_7f3a9c2e";
const MiB = 1024 * 1024;
/** What kernel and client buffers may hold past a cap on loopback before the reader stops. */
const SLACK = 16 * MiB;

/** The test server's answer; set by each test. */
/** A streamed answer returns its tally. */
let answer: (req: IncomingMessage, res: ServerResponse) => unknown;
let tallies: Promise<StreamTally>[];
let server: TestServer;

beforeEach(async () => {
  tallies = [];
  answer = (_req, res) => void res.end("[]");
  server = await createTestServer((req, res) => {
    const tally = answer(req, res);
    if (tally instanceof Promise) tallies.push(tally as Promise<StreamTally>);
  });
});

afterEach(async () => {
  await server.close();
});

function client(options: Partial<LookupClientOptions> = {}) {
  return createLookupClient({ baseUrl: server.url, apiKey: KEY, retry: { baseDelayMs: 1, maxDelayMs: 2 }, ...options });
}

/** The error, checked as a network error whose text shows no key. */
async function networkError(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await rejection(promise);
  expect(isMenagerieError(error, "network"), String(error)).toBe(true);
  expect(inspect(error, { depth: 10 })).not.toContain(KEY);
  return error as NetworkError;
}

describe("maxResponseBytes", () => {
  it("stops reading a streamed lookup answer at the cap, once, with a NetworkError naming it", async () => {
    // 96 MiB of a JSON array that never closes, without Content-Length.
    answer = (_req, res) => streamBody(res, 96 * MiB, { prefix: "[", fill: " " });
    const error = await networkError(client({ maxResponseBytes: MiB }).search("forest"));
    expect(error.message).toBe(
      `Network error (over maxResponseBytes: the body has more than ${MiB} bytes): ` +
        `GET ${server.url}/anything?key=***&search=forest`,
    );
    expect(server.requests).toHaveLength(1); // not retried: it would be as long again
    const [tally] = await Promise.all(tallies);
    expect(tally!.hungUp).toBe(true);
    expect(tally!.written).toBeLessThan(MiB + SLACK);
  });

  it("refuses an answer that declares more than the default cap (32 MiB) before reading it", async () => {
    expect(LOOKUP_CLIENT_DEFAULTS.maxResponseBytes).toBe(32 * MiB);
    const declared = 32 * MiB + 1;
    // Headers, one chunk, then nothing: only a reader that trusted the length would wait on.
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(declared) });
      res.write("[");
    };
    const error = await networkError(client().getModel("fox"));
    expect(error.message).toContain(
      `(over maxResponseBytes: the body declares ${declared} bytes, more than ${32 * MiB}): GET ${server.url}/anything?key=***&name=fox`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("counts decoded bytes: a gzip answer of a few kB that inflates past the cap is refused", async () => {
    const bomb = gzipSync(Buffer.alloc(4 * MiB, " "), { level: 1 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(bomb);
    };
    const error = await networkError(client({ maxResponseBytes: MiB }).getModel("fox"));
    expect(error.message).toContain(`over maxResponseBytes: the body has more than ${MiB} bytes`);
  });

  it("reads an answer of exactly the cap (multi-byte text intact), and refuses one byte more", async () => {
    const body = Buffer.from(`${JSON.stringify(makeRecord("écureuil"))}    `);
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      // In 7-byte pieces, so that the two bytes of "é" may straddle two chunks.
      for (let at = 0; at < body.length; at += 7) res.write(body.subarray(at, at + 7));
      res.end();
    };
    const record = await client({ maxResponseBytes: body.length }).getModel("écureuil");
    expect(record?.name).toBe("écureuil");
    const error = await networkError(client({ maxResponseBytes: body.length - 1 }).getModel("écureuil"));
    expect(error.message).toContain(`the body has more than ${body.length - 1} bytes`);
  });

  it("measures the whole body where a fetch gives no stream (some polyfills)", async () => {
    answer = (_req, res) => streamBody(res, 2 * MiB, { prefix: "[", fill: " " });
    // The real answer, behind an object with no `body` stream and no Content-Length.
    const streamless: typeof fetch = async (input, init) => {
      const real = await fetch(input, init);
      const facade = { status: real.status, statusText: real.statusText, headers: new Headers(), body: null };
      return { ...facade, arrayBuffer: () => real.arrayBuffer() } as unknown as Response;
    };
    const error = await networkError(client({ maxResponseBytes: MiB, fetch: streamless }).search("forest"));
    expect(error.message).toContain(`over maxResponseBytes: the body has ${2 * MiB} bytes, more than ${MiB}`);
    expect(server.requests).toHaveLength(1);
  });

  it.each([0, -1, 1.5, Number.POSITIVE_INFINITY, "1024"])("refuses maxResponseBytes %s", (value) => {
    const error = thrown(() => client({ maxResponseBytes: value as number }));
    expect(isMenagerieError(error, "options")).toBe(true);
    expect((error as Error).message).toContain("maxResponseBytes must be a positive integer");
  });
});

describe("the asset fetcher's maxBytes (the Menagerie's maxAssetBytes)", () => {
  const counters = { assetRequests: 0, assetBytes: 0 };
  const fetcher = (maxBytes?: number) =>
    createAssetFetcher({
      fetch: globalThis.fetch,
      timeoutMs: 5000,
      retry: { ...RETRY_DEFAULTS, baseDelayMs: 1, maxDelayMs: 2 },
      counters,
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    });
  const url = () => `${server.url}/assets/fox/body.glb?Expires=2000000000&KeyName=k&Signature=s&key=${KEY}`;
  const signal = () => new AbortController().signal;

  beforeEach(() => {
    counters.assetRequests = 0;
    counters.assetBytes = 0;
  });

  it("stops reading a streamed asset at the cap, once, with a NetworkError naming maxAssetBytes", async () => {
    answer = (_req, res) => streamBody(res, 96 * MiB, { headers: { "content-type": "model/gltf-binary" } });
    const error = await networkError(fetcher(2 * MiB)(url(), "bytes", signal()));
    expect(error.message).toBe(
      `Network error (over maxAssetBytes: the body has more than ${2 * MiB} bytes): ` +
        `GET ${server.url}/assets/fox/body.glb?Expires=2000000000&KeyName=k&Signature=s&key=***`,
    );
    expect(counters).toEqual({ assetRequests: 1, assetBytes: 0 });
    const [tally] = await Promise.all(tallies);
    expect(tally!.hungUp).toBe(true);
    expect(tally!.written).toBeLessThan(2 * MiB + SLACK);
  });

  it("refuses an asset that declares more than the default cap (64 MiB) before reading it", async () => {
    expect(MAX_ASSET_BYTES).toBe(64 * MiB);
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain", "content-length": String(64 * MiB + 1) });
      res.write("v 0 0 0\n");
    };
    const error = await networkError(fetcher()(url(), "text", signal()));
    expect(error.message).toContain(`over maxAssetBytes: the body declares ${64 * MiB + 1} bytes`);
    expect(counters.assetRequests).toBe(1);
  });
});

describe("readCappedBody", () => {
  const cap = (maxBytes: number): BodyCap => ({ maxBytes, option: "maxTestBytes" });
  const bytes = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)];
  /** A response whose body stream gives `chunks` as they are, in order. */
  const streamed = (chunks: Uint8Array[], headers: Record<string, string> = {}) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { headers },
    );
  /** A response with no body stream (a fetch without streams), whose whole body is `body`. */
  const streamless = (body: Uint8Array) =>
    ({ headers: new Headers(), body: null, arrayBuffer: async () => body.slice().buffer }) as unknown as Response;

  it("reads a body that declares exactly the cap, and refuses one that declares a byte more as a BodyOverCap", async () => {
    const declared = () => streamed([new Uint8Array([1, 2, 3, 4, 5])], { "content-length": "5" });
    expect(bytes(await readCappedBody(declared(), cap(5)))).toEqual([1, 2, 3, 4, 5]);
    const error = await rejection(readCappedBody(declared(), cap(4)));
    expect(error).toBeInstanceOf(BodyOverCap);
    const over = error as BodyOverCap;
    expect([over.name, over.option, over.maxBytes]).toEqual(["BodyOverCap", "maxTestBytes", 4]);
    expect(over.message).toBe("over maxTestBytes: the body declares 5 bytes, more than 4");
  });

  it("reads a streamless body of exactly the cap, and refuses one a byte longer", async () => {
    const body = new Uint8Array([7, 8, 9]);
    expect(bytes(await readCappedBody(streamless(body), cap(3)))).toEqual([7, 8, 9]);
    const error = await rejection(readCappedBody(streamless(body), cap(2)));
    expect((error as Error).message).toBe("over maxTestBytes: the body has 3 bytes, more than 2");
  });

  it("joins a body that arrives in pieces, in order, and reads an empty one", async () => {
    const pieces = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])];
    expect(bytes(await readCappedBody(streamed(pieces), cap(6)))).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await readCappedBody(streamed([]), cap(6))).byteLength).toBe(0);
  });

  it("returns a body that arrives whole in one piece without copying it, and only that piece's bytes", async () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(await readCappedBody(streamed([whole]), cap(3))).toBe(whole.buffer);
    // One piece that views part of a larger buffer (Node hands out slices of a shared pool).
    const view = new Uint8Array(new Uint8Array([0, 0, 4, 5, 6, 0]).buffer, 2, 3);
    expect(bytes(await readCappedBody(streamed([view]), cap(3)))).toEqual([4, 5, 6]);
  });
});
