/**
 * Findings 10 and 16 of issue #29: the proxy forwards the value its cache is keyed on (so the
 * first asker's spelling decides nothing for others), and its `max-age` is the same for every
 * client whenever the answer was fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, sendJson, type TestServer } from "../../helpers/httpServer.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let clockMs = Date.UTC(2030, 0, 1);
let api: TestServer;
let proxy: TestService;

beforeAll(async () => {
  // Echoes what it was asked, so a test sees which spelling reached it.
  api = await createTestServer((_req, res, recorded) => sendJson(res, 200, [{ name: recorded.query.get("name") }]));
  proxy = await startTestService({ upstream: { url: api.url, key: "k" }, now: () => clockMs });
});
afterAll(async () => {
  await proxy?.close();
  await api?.close();
});

const ask = async (query: string) => {
  const res = await fetch(`${proxy.url}/anything?${query}`);
  return { body: (await res.json()) as [{ name: string }], cacheControl: res.headers.get("cache-control") };
};

describe("the proxy's cache", () => {
  it("forwards the normalised value it is keyed on (finding 10)", async () => {
    for (const spelling of ["CAT", "cat", "%20%20cat%20", "Cat"])
      expect((await ask(`name=${spelling}`)).body).toEqual([{ name: "cat" }]);
    expect(api.requests.map((r) => r.query.get("name"))).toEqual(["cat"]);
  });

  it("tells every client the same max-age, however long ago another asked (finding 16)", async () => {
    const first = await ask("name=owl");
    clockMs += 4_000;
    const later = await ask("name=owl");
    clockMs += 100_000;
    const muchLater = await ask("name=owl");
    expect([first.cacheControl, later.cacheControl, muchLater.cacheControl]).toEqual(
      Array(3).fill("private, max-age=60"),
    );
    // In the cached answer's last minute (it lives maxCacheAgeMs, 300 s): 0, not what is left.
    clockMs += 150_000;
    expect((await ask("name=owl")).cacheControl).toBe("private, max-age=0");
    expect(api.requests.filter((r) => r.query.get("name") === "owl")).toHaveLength(1);
  });
});
