/**
 * Proxy mode where mutation testing found the other proxy tests blind: the URL of a forwarded
 * `GET /names` with and without a server key, the relay's rewritten bodies kept per origin (at
 * most four origins an answer), and a Retry-After padded with spaces that `Headers` keeps.
 * Against an upstream on a real port that answers what each test scripts; a still clock.
 */
import { describe, expect, it } from "vitest";
import type { LookupServerOptions } from "../../src/service/index.js";
import { scriptedUpstream, T0 } from "../helpers/scriptedUpstream.js";
import { startTestService } from "../helpers/serviceServer.js";

const KEY = "rules-upstream-key-7";
const { script, upstream, withProxy } = scriptedUpstream(KEY);

/** Runs `use` against a proxy of the scripted upstream made with `options`. */
async function withService(options: Partial<LookupServerOptions>, use: (url: string) => Promise<void>) {
  const proxy = await startTestService(options);
  try {
    await use(proxy.url);
  } finally {
    await proxy.close();
  }
}

describe("GET /names through the proxy", () => {
  it("asks the upstream's /names with the server's key, and with no query at all without one", async () => {
    // What the proxy's fetch is given: a fetch of `/names?` would send `/names` all the same.
    const targets: string[] = [];
    const recording: typeof fetch = (input, init) => {
      targets.push(String(input));
      return fetch(input, init);
    };
    for (const key of [KEY, undefined]) {
      await withService({ upstream: { url: upstream().url, key, fetch: recording } }, async (url) => {
        expect((await fetch(`${url}/names`)).status).toBe(200);
      });
    }
    expect(targets).toEqual([`${upstream().url}/names?key=${KEY}`, `${upstream().url}/names`]);
    expect(upstream().requests.map((r) => r.url)).toEqual([`/names?key=${KEY}`, "/names"]);
  });
});

describe("the relay's rewritten bodies", () => {
  it("are made once per origin while the answer is cached, for at most four origins", async () => {
    // Links without Expires get the relay's own lifetime from the clock when they are made:
    // the same bytes 10 s later mean the body was not made again.
    script.set("fox", {
      body: JSON.stringify([{ name: "fox", model: {}, thumbnails: { a: "https://cdn.test/a.png" } }]),
    });
    let clock = T0;
    await withService(
      { upstream: { url: upstream().url, key: KEY, relayAssets: true }, trustProxyHeaders: true, now: () => clock },
      async (url) => {
        const ask = async (host: string) => {
          clock += 10_000;
          const res = await fetch(`${url}/anything?name=fox`, { headers: { "x-forwarded-host": host } });
          return res.text();
        };
        const first = await ask("a.test");
        expect(first).toContain("http://a.test/relay/");
        for (const host of ["b.test", "c.test", "d.test"]) expect(await ask(host)).toContain(`http://${host}/relay/`);
        expect(await ask("a.test")).toBe(first);
        // A fifth origin makes room by forgetting the four: a.test's body is made anew.
        expect(await ask("e.test")).toContain("http://e.test/relay/");
        const again = await ask("a.test");
        expect(again).toContain("http://a.test/relay/");
        expect(again).not.toBe(first);
        expect(upstream().requests).toHaveLength(1);
      },
    );
  });
});

describe("a Retry-After from the upstream", () => {
  it("is trimmed of the no-break spaces around it, which Headers leaves in place", async () => {
    script.set("slow", { status: 429, headers: { "retry-after": "\u00a012\u00a0" }, body: "slow down" });
    await withProxy({}, async (get) => {
      const res = await get("name=slow");
      expect([res.status, res.headers.get("retry-after")]).toEqual([429, "12"]);
    });
  });
});
