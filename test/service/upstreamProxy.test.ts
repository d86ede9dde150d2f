/**
 * Proxy mode at its edges, against an upstream on a real port that answers what each test
 * scripts: the cache's exact lifetimes and caps, what is forwarded, which answers count as a
 * redirect, which Retry-After passes, and the log line of each failure. A still clock.
 */
import { describe, expect, it } from "vitest";
import { earliestExpiry, earliestExpiryOf } from "../../src/service/upstreamProxy.js";
import { scriptedUpstream, T0 } from "../helpers/scriptedUpstream.js";

const KEY = "edge-Upstream-key-91";
const { script, upstream, setNow, link, withProxy } = scriptedUpstream(KEY);

const asked = () => upstream().requests.length;

describe("the proxy's cache", () => {
  it("keeps an answer exactly maxCacheAgeMs, then asks again and keeps the new answer", async () => {
    await withProxy({ maxCacheAgeMs: 300_000 }, async (get) => {
      const ages: (string | null)[] = [];
      for (const at of [0, 299_999, 300_000, 300_001]) {
        setNow(T0 + at);
        ages.push((await get("name=plain")).headers.get("cache-control"));
      }
      expect(asked()).toBe(2);
      // max-age is 60 for every client, 0 in an answer's last minute (#29 finding 16).
      expect(ages).toEqual(["private, max-age=60", "private, max-age=0", "private, max-age=60", "private, max-age=60"]);
    });
  });

  it("lives until the earliest link of the answer, wherever it is, less the margin", async () => {
    script.set("linked", {
      body: JSON.stringify({ a: link(500), nested: [null, 7, { b: link(100) }], c: [link(200)], d: "no link" }),
    });
    // Its first link expires 30 s from now, within the 60 s margin: not cached at all.
    script.set("soon", { body: JSON.stringify({ a: link(400), b: link(30) }) });
    await withProxy({}, async (get) => {
      // 40 s to live: under a minute, so max-age 0 (#29 finding 16); the cache still keeps it 40 s.
      expect((await get("name=linked")).headers.get("cache-control")).toBe("private, max-age=0");
      setNow(T0 + 39_999);
      await get("name=linked");
      expect(asked()).toBe(1);
      setNow(T0 + 40_000);
      await get("name=linked");
      expect(asked()).toBe(2);
      const soon = await get("name=soon");
      expect([soon.status, soon.headers.get("cache-control")]).toEqual([200, "private, max-age=0"]);
      await get("name=soon");
      expect(asked()).toBe(4);
    });
  });

  it("keeps answers apart by id case, fuzzy and offset, and forwards offset", async () => {
    await withProxy({}, async (get) => {
      for (const q of [
        "id=Fixture",
        "id=fixture",
        "id=fixture",
        "search=x",
        "search=x&fuzzy=false",
        "search=x&offset=2",
      ]) {
        expect((await get(q)).status).toBe(200);
      }
      expect(upstream().requests.map((r) => r.url.split("&").slice(1).join("&"))).toEqual([
        "id=Fixture",
        "id=fixture",
        "search=x&fuzzy=true",
        "search=x&fuzzy=false",
        "search=x&fuzzy=true&offset=2",
      ]);
    });
  });

  it("holds at most maxCacheEntries answers, oldest out first", async () => {
    await withProxy({ maxCacheEntries: 2 }, async (get) => {
      for (const name of ["a", "b", "a", "b", "c", "b", "a"]) await get(`name=${name}`);
      expect(upstream().requests.map((r) => r.query.get("name"))).toEqual(["a", "b", "c", "a"]);
    });
  });

  it("keeps an answer exactly maxCacheBytes long", async () => {
    const bytes = Buffer.byteLength(JSON.stringify({ name: "fits" }));
    await withProxy({ maxCacheBytes: bytes }, async (get) => {
      expect([(await get("name=fits")).status, (await get("name=fits")).status]).toEqual([200, 200]);
      expect(asked()).toBe(1);
    });
  });

  it("passes errors on as not to be stored, and asks again for each", async () => {
    script.set("gone", { status: 404, body: JSON.stringify({ code: "Model not found", message: "No." }) });
    await withProxy({}, async (get) => {
      for (let i = 0; i < 2; i++) {
        const res = await get("name=gone");
        expect([res.status, res.headers.get("cache-control"), await res.json()]).toEqual([
          404,
          "no-store",
          { code: "Model not found", message: "No." },
        ]);
      }
      expect(asked()).toBe(2);
    });
  });
});

describe("what the proxy takes from the upstream", () => {
  it("sends no key when it holds none, and takes a 401 as the server's key refused", async () => {
    script.set("fox", { status: 401, body: JSON.stringify({ code: "Missing key", message: "A key is required." }) });
    await withProxy({ key: undefined }, async (get, lines) => {
      const res = await get("name=fox");
      expect([res.status, await res.json()]).toEqual([
        502,
        { code: "Upstream error", message: "The upstream service refused the server's key." },
      ]);
      expect(upstream().requests.map((r) => [r.url, r.headers.accept])).toEqual([
        ["/anything?name=fox&fuzzy=true", "application/json"],
      ]);
      expect(lines).toEqual([
        `Upstream refused the server key (401): GET ${upstream().url}/anything?name=fox&fuzzy=true`,
      ]);
    });
  });

  it("takes 300 to 399, and a fetch that followed a redirect, as a redirect; 400 passes", async () => {
    const redirect = {
      code: "Upstream error",
      message: "The upstream service answered with a redirect, which the proxy does not follow.",
    };
    for (const status of [300, 399]) script.set(`s${status}`, { status, body: "{}" });
    script.set("s400", { status: 400, body: JSON.stringify({ code: "Bad request", message: "Bad." }) });
    // A fetch may follow a redirect anyway, or report it as opaque: either is refused.
    const reported = (name: string, value: PropertyDescriptorMap) => (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, init).then((res) => (String(input).includes(name) ? Object.defineProperties(res, value) : res));
    const followed = reported("name=followed", { redirected: { value: true } });
    const opaque = reported("name=opaque", { type: { value: "opaqueredirect" } });
    await withProxy(
      { fetch: (i, init) => (String(i).includes("opaque") ? opaque(i, init) : followed(i, init)) },
      async (get, lines) => {
        for (const name of ["s300", "s399", "followed", "opaque"]) {
          const res = await get(`name=${name}`);
          expect({ name, status: res.status, body: await res.json() }).toEqual({ name, status: 502, body: redirect });
        }
        const ok = await get("name=s400");
        expect([ok.status, await ok.json()]).toEqual([400, { code: "Bad request", message: "Bad." }]);
        expect(lines.map((l) => l.split(":")[0])).toEqual([
          "Upstream answered with a redirect (300)",
          "Upstream answered with a redirect (399)",
          "Upstream answered with a redirect (200)",
          "Upstream answered with a redirect (200)",
        ]);
      },
    );
  });

  it("passes a Retry-After of whole seconds or an HTTP date only, trimmed and redacted", async () => {
    const date = "Tue, 01 Jan 2030 00:00:00 GMT";
    const cases: [string, string | null][] = [
      [" 10 ", "10"],
      ["123456789", "123456789"],
      ["1234567890", null],
      ["soon", null],
      [date, date],
      [`${date} (${KEY})`, `${date} (***)`],
    ];
    for (const [i, [header]] of cases.entries()) {
      script.set(`r${i}`, { status: 429, headers: { "retry-after": header }, body: "slow down" });
    }
    await withProxy({}, async (get) => {
      for (const [i, [header, passed]] of cases.entries()) {
        const res = await get(`name=r${i}`);
        expect([header, res.status, res.headers.get("retry-after"), await res.json()]).toEqual([
          header,
          429,
          passed,
          { code: "Rate limit exceeded", message: "The upstream service is rate limiting." },
        ]);
      }
    });
  });

  it("names each failure in one log line, the key redacted", async () => {
    script.set("html", { status: 500, body: "<html>" });
    script.set("deep", { body: `${"[".repeat(100)}${"]".repeat(100)}` });
    script.set("big", { body: JSON.stringify({ padding: "x".repeat(2000) }) });
    script.set("hang", { hang: true });
    await withProxy({ maxResponseBytes: 1000, timeoutMs: 200 }, async (get, lines) => {
      const messages = [];
      for (const name of ["html", "deep", "big", "hang"]) {
        const res = await get(`name=${name}`);
        messages.push([res.status, ((await res.json()) as { message: string }).message]);
      }
      expect(messages).toEqual([
        [502, "The upstream service answered with something other than JSON."],
        [502, "The upstream service's answer is nested too deeply."],
        [502, "The upstream service's answer is larger than 1000 bytes."],
        [502, "The upstream service did not answer."],
      ]);
      const target = (name: string) => `GET ${upstream().url}/anything?key=***&name=${name}&fuzzy=true`;
      expect(lines.slice(0, 3)).toEqual([
        `Upstream answered 500 with a body that is not JSON: ${target("html")}`,
        `Upstream answer nested too deeply: ${target("deep")}`,
        `Upstream answer over 1000 bytes: ${target("big")}`,
      ]);
      expect(lines[3]).toMatch(/^Upstream request failed: .*TimeoutError.*: GET /);
      expect(lines[3]!.endsWith(target("hang"))).toBe(true);
    });
  });
});

describe("earliestExpiry", () => {
  it("reads the earliest Expires of any link in a JSON body, or undefined", () => {
    expect(earliestExpiry(JSON.stringify([link(300), { x: link(100) }, null, link(200)]))).toBe(T0 / 1000 + 100);
    expect(earliestExpiry(JSON.stringify({ a: "no link" }))).toBeUndefined();
    expect(earliestExpiry("not json")).toBeUndefined();
    expect(earliestExpiryOf(link(5))).toBe(T0 / 1000 + 5);
  });
});
