/**
 * Proxy mode against a hostile upstream on a real port: huge answers, a cache that counts
 * bytes, redirects, HTML, and echoes of the server's key in other cases and escapes.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPSTREAM_DEFAULTS } from "../../src/service/upstreamOptions.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const KEY = "upstream-Secret-7f3a";
let upstream: TestServer;
let elsewhere: TestServer;
/** Bytes the upstream managed to write of its endless answer before the proxy hung up. */
let endlessBytes = 0;

/** A record of about `size` bytes named `name`. */
const record = (name: string, size = 0) => ({ name, padding: "x".repeat(size), model: { parts: {} } });

function endless(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.write('{"name":"huge","padding":"');
  const pump = () => {
    while (endlessBytes < 200 * 1024 * 1024 && !res.destroyed) {
      endlessBytes += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end('"}');
  };
  pump();
}

beforeAll(async () => {
  elsewhere = await createTestServer((_req, res) => void res.end(JSON.stringify(record("from elsewhere"))));
  upstream = await createTestServer((req, res) => {
    const name = new URL(req.url ?? "/", "http://x").searchParams.get("name") ?? "";
    const json = (body: unknown, type = "application/json") => {
      res.writeHead(200, { "content-type": type });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (name === "big") return void json(record("big", 5 * 1024 * 1024));
    if (name === "endless") return void endless(res);
    if (name.startsWith("r-")) return void json(record(name, 300));
    if (name === "redirect") {
      res.writeHead(302, { location: `${elsewhere.url}/anything?name=fox` });
      return void res.end();
    }
    if (name === "html") return void json("<html><script>alert(document.cookie)</script></html>", "text/html");
    if (name === "echo") {
      const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
      return void json(
        `{"name":"echo","upper":"${KEY.toUpperCase()}","escaped":"${escaped}","${KEY.toLowerCase()}":1,` +
          `"nested":[{"k":"key ${encodeURIComponent(KEY)} here"}]}`,
        "text/html; charset=utf-8",
      );
    }
    json(record(name));
  });
});
afterAll(async () => {
  await upstream.close();
  await elsewhere.close();
});

async function withProxy(
  options: object,
  use: (proxy: TestService) => Promise<void>,
  service: { now?: () => number } = {},
): Promise<void> {
  const proxy = await startTestService({ ...service, upstream: { url: upstream.url, key: KEY, ...options } });
  try {
    await use(proxy);
  } finally {
    await proxy.close();
  }
}

const upstreamAsked = (name: string) => upstream.requests.filter((r) => r.query.get("name") === name).length;

describe("finding 7: the proxy caps upstream answers and its cache in bytes", () => {
  it("finding 7: an answer over maxResponseBytes is a 502, and an endless one is cut off", async () => {
    await withProxy({}, async (proxy) => {
      const big = await fetch(`${proxy.url}/anything?name=big`);
      expect([big.status, await big.json()]).toEqual([
        502,
        { code: "Upstream error", message: "The upstream service's answer is larger than 4194304 bytes." },
      ]);
      const huge = await fetch(`${proxy.url}/anything?name=endless`);
      expect(huge.status).toBe(502);
      await huge.text();
      // The proxy stopped reading: most of the 200 MB was never sent.
      expect(endlessBytes).toBeLessThan(50 * 1024 * 1024);
    });
    expect(UPSTREAM_DEFAULTS.maxResponseBytes).toBe(4 * 1024 * 1024);
  });

  it("finding 7: the cache holds at most maxCacheBytes, oldest out first, and never an answer larger than that", async () => {
    // Each r-* answer is about 350 bytes: two fit in 800, a third pushes the oldest out.
    await withProxy({ maxCacheBytes: 800 }, async (proxy) => {
      const get = async (name: string) => expect((await fetch(`${proxy.url}/anything?name=${name}`)).status).toBe(200);
      for (const name of ["r-a", "r-b", "r-c", "r-c", "r-b", "r-a"]) await get(name);
      expect([upstreamAsked("r-a"), upstreamAsked("r-b"), upstreamAsked("r-c")]).toEqual([2, 1, 1]);
      await withProxy({ maxCacheBytes: 100 }, async (small) => {
        for (let i = 0; i < 3; i++) expect((await fetch(`${small.url}/anything?name=r-d`)).status).toBe(200);
      });
      expect(upstreamAsked("r-d")).toBe(3);
    });
  });
});

describe("finding 8: the proxy never follows a redirect", () => {
  it("finding 8: a 3xx from the upstream is a 502 and the other host is never asked", async () => {
    await withProxy({}, async (proxy) => {
      const res = await fetch(`${proxy.url}/anything?name=redirect`);
      expect([res.status, await res.json()]).toEqual([
        502,
        {
          code: "Upstream error",
          message: "The upstream service answered with a redirect, which the proxy does not follow.",
        },
      ]);
    });
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe("finding 9: the proxy answers only JSON it re-serialised, the key redacted in every string", () => {
  it("finding 9: an HTML answer is a 502, never passed on as HTML", async () => {
    await withProxy({}, async (proxy) => {
      const res = await fetch(`${proxy.url}/anything?name=html`);
      const text = await res.text();
      expect([res.status, res.headers.get("content-type")]).toEqual([502, "application/json; charset=utf-8"]);
      expect(text).not.toContain("<script>");
    });
  });

  it("finding 9: the key is redacted in parsed values and keys, whatever its case or escaping", async () => {
    await withProxy(
      {},
      async (proxy) => {
        const res = await fetch(`${proxy.url}/anything?name=echo`);
        const text = await res.text();
        expect([res.status, res.headers.get("content-type")]).toEqual([200, "application/json; charset=utf-8"]);
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        // No link expires in it: cacheable as long as the proxy caches it.
        expect(res.headers.get("cache-control")).toBe("private, max-age=60");
        expect(JSON.parse(text)).toEqual({
          name: "echo",
          upper: "***",
          escaped: "***",
          "***": 1,
          nested: [{ k: "key *** here" }],
        });
        expect(text.toLowerCase()).not.toContain(KEY.toLowerCase());
      }, // A still clock: the cached answer's lifetime is exactly 300 s, not 299.something.
      { now: () => 1_800_000_000_000 },
    );
  });
});
