/** Proxy mode end to end: one reference service as the upstream of another, on real ports. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { listAssetUrls } from "../../src/records/signedUrl.js";
import { FOREST_NAMES } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

const UPSTREAM_KEY = "upstream-secret-7f3a";
let upstream: TestService;
let proxy: TestService;
/** Every URL the proxy sent upstream. */
let sent: string[] = [];
let clockOffsetMs = 0;
/** Both services share this clock, so link expiry means the same to each. */
const now = () => Date.now() + clockOffsetMs;
/** While set, upstream requests wait for it (to hold lookups in flight). */
let gate: Promise<void> | undefined;

const countingFetch: typeof fetch = async (input, init) => {
  sent.push(String(input));
  await gate;
  return fetch(input, init);
};

beforeAll(async () => {
  upstream = await startTestService({ apiKeys: [UPSTREAM_KEY], linkLifetimeSeconds: 120, linkBucketSeconds: 1, now });
  proxy = await startTestService({ upstream: { url: upstream.url, key: UPSTREAM_KEY, fetch: countingFetch }, now });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});
beforeEach(() => {
  sent = [];
  clockOffsetMs += 3_600_000; // a fresh hour: nothing cached by an earlier test is still valid
});

const keyless = () => createLookupClient({ baseUrl: proxy.url, cache: false, retry: 0 });

describe("proxy mode", () => {
  it("answers keyless clients with the upstream's records, links untouched", async () => {
    const record = await keyless().getModel("fox");
    expect(record?.name).toBe("fox");
    const urls = listAssetUrls(record!);
    expect(urls.every((u) => u.startsWith(`${upstream.url}/assets/fox/`))).toBe(true);
    expect((await fetch(urls[0]!)).status).toBe(200);
    expect(sent).toEqual([`${upstream.url}/anything?key=${UPSTREAM_KEY}&name=fox&fuzzy=true`]);
  });

  it("forwards searches and fuzzy=false", async () => {
    expect((await keyless().search("forest")).map((r) => r.name)).toEqual(FOREST_NAMES);
    expect(await keyless().getModel("polar baer", { fuzzy: false })).toBeNull();
    expect(sent).toEqual([
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&search=forest&fuzzy=true`,
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&name=polar+baer&fuzzy=false`,
    ]);
  });

  it("forwards id lookups (without fuzzy) and maxResultNum, caching each limit apart", async () => {
    const c = keyless();
    expect((await c.getModelById("fixture-fox"))?.name).toBe("fox");
    expect(await c.getModelById("nope")).toBeNull();
    expect((await c.search("mammals", { limit: 2 })).map((r) => r.name)).toEqual(["cat#0001", "cat#0002"]);
    expect((await c.search("mammals")).map((r) => r.name)).toEqual(["cat#0001", "cat#0002", "fox", "polar bear"]);
    expect((await c.search("mammals", { limit: 2 })).map((r) => r.name)).toEqual(["cat#0001", "cat#0002"]);
    expect(sent).toEqual([
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&id=fixture-fox`,
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&id=nope`,
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&search=mammals&fuzzy=true&maxResultNum=2`,
      `${upstream.url}/anything?key=${UPSTREAM_KEY}&search=mammals&fuzzy=true`,
    ]);
  });

  it("accepts a proxy key, never forwards it, and refuses an unknown one", async () => {
    const withKey = createLookupClient({ baseUrl: proxy.url, apiKey: "dev-key", cache: false, retry: 0 });
    expect((await withKey.getModel("owl"))?.name).toBe("barn owl");
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain("dev-key");
    const res = await fetch(`${proxy.url}/anything?key=nope&name=owl`);
    expect([res.status, await res.json()]).toEqual([
      403,
      { code: "Invalid key", message: "The API key is not valid." },
    ]);
    expect(sent).toHaveLength(1);
  });

  it("never shows the upstream key to a client", async () => {
    for (const path of ["/anything?name=fox", "/anything?search=mammals", "/anything?name=zebra", "/anything?name="]) {
      const res = await fetch(`${proxy.url}${path}`);
      const text = await res.text();
      expect(text).not.toContain(UPSTREAM_KEY);
      expect([...res.headers].join(" ")).not.toContain(UPSTREAM_KEY);
    }
  });

  it("serves repeats from cache until the links are about to expire", async () => {
    const url = `${proxy.url}/anything?name=fox`;
    const first = await (await fetch(url)).text();
    expect(await (await fetch(`${proxy.url}/anything?name=%20FOX%20`)).text()).toBe(first);
    expect(sent).toHaveLength(1);
    // Links live 120 s from a whole second; the proxy drops answers 60 s before expiry. 58 s
    // stays clear of that edge however far into its second the first answer came.
    clockOffsetMs += 58_000;
    expect(await (await fetch(url)).text()).toBe(first);
    expect(sent).toHaveLength(1);
    clockOffsetMs += 3_000;
    await fetch(url);
    expect(sent).toHaveLength(2);
  });

  it("shares one upstream request among identical concurrent lookups", async () => {
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    // Handed to the service at once, no sockets between: all five are in flight together.
    const lookup = () => proxy.service.fetch(new Request(`${proxy.url}/anything?search=birds`));
    const pending = Promise.all(Array.from({ length: 5 }, lookup));
    // Held upstream until each has joined the one request or sent its own: their way there is
    // promise turns only, all run before the first immediate.
    try {
      while (sent.length === 0) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setImmediate(r));
      expect(sent).toHaveLength(1);
    } finally {
      release();
      gate = undefined;
    }
    const answers = await pending;
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sent).toHaveLength(1);
    for (const answer of answers) {
      const records = (await answer.json()) as unknown[];
      expect(records.map((r) => ModelRecordSchema.parse(r).name)).toEqual(["barn owl"]);
    }
  });

  it("passes not-found answers through without caching them", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxy.url}/anything?name=zebra`);
      expect([res.status, await res.json()]).toEqual([
        404,
        { code: "Model not found", message: "No model matches this name." },
      ]);
    }
    expect(sent).toHaveLength(2);
  });

  it("refuses bad requests itself, without asking upstream", async () => {
    const res = await fetch(`${proxy.url}/anything?name=fox&search=fox`);
    expect([res.status, await res.json()]).toEqual([
      400,
      { code: "Bad request", message: "Give only one of name, search or id." },
    ]);
    expect(sent).toEqual([]);
  });

  it("serves no assets of its own", async () => {
    const res = await fetch(`${proxy.url}/assets/fox/body.obj`);
    expect([res.status, await res.json()]).toEqual([
      404,
      { code: "Not found", message: "This service serves no assets in proxy mode." },
    ]);
  });
});

describe("proxy mode when the upstream fails", () => {
  it("answers 502 when the upstream refuses the server's key", async () => {
    const lost = await startTestService({ upstream: { url: upstream.url, key: "not-the-key" } });
    try {
      const res = await fetch(`${lost.url}/anything?name=fox`);
      expect([res.status, await res.json()]).toEqual([
        502,
        { code: "Upstream error", message: "The upstream service refused the server's key." },
      ]);
    } finally {
      await lost.close();
    }
  });

  it("answers 502 when the upstream does not answer", async () => {
    const gone = await startTestService();
    const url = gone.url;
    await gone.close();
    const lines: string[] = [];
    const orphan = await startTestService({ upstream: { url, key: UPSTREAM_KEY }, log: (l) => lines.push(l) });
    try {
      const res = await fetch(`${orphan.url}/anything?name=fox`);
      expect([res.status, await res.json()]).toEqual([
        502,
        { code: "Upstream error", message: "The upstream service did not answer." },
      ]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("key=***");
      expect(lines[0]).not.toContain(UPSTREAM_KEY);
    } finally {
      await orphan.close();
    }
  });

  it("passes the upstream's 429 and Retry-After through", async () => {
    const strict = await startTestService({
      apiKeys: [UPSTREAM_KEY],
      rateLimit: { capacity: 1, refillPerSecond: 0.1 },
    });
    const front = await startTestService({ upstream: { url: strict.url, key: UPSTREAM_KEY } });
    try {
      expect((await fetch(`${front.url}/anything?name=fox`)).status).toBe(200);
      const res = await fetch(`${front.url}/anything?name=owl`);
      expect([res.status, res.headers.get("retry-after"), await res.json()]).toEqual([
        429,
        "10",
        { code: "Rate limit exceeded", message: "Too many requests: try again in 10 s." },
      ]);
    } finally {
      await front.close();
      await strict.close();
    }
  });
});
