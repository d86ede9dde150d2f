/**
 * Proxy mode where mutation testing found the other proxy tests blind (issue #18): an answer
 * that is already dead when it arrives, and a redirect status that carries no body. Against an
 * upstream on a real port that answers what each test scripts; a still clock.
 */
import { describe, expect, it } from "vitest";
import { resolveUpstream } from "../../src/service/upstreamOptions.js";
import { UpstreamProxy } from "../../src/service/upstreamProxy.js";
import { scriptedUpstream, T0 } from "../helpers/scriptedUpstream.js";

const { script, upstream, link, withProxy } = scriptedUpstream("survivor-key");

const askedFor = () => upstream().requests.map((r) => r.query.get("name"));

describe("the proxy's cache", () => {
  it("stores no answer whose life ends the moment it arrives, so it evicts nothing", async () => {
    // Its link expires exactly the 60 s margin from now: it may be served until now, no longer.
    script.set("edge", { body: JSON.stringify({ a: link(60) }) });
    await withProxy({ maxCacheEntries: 1 }, async (get) => {
      for (const name of ["kept", "edge", "kept"]) {
        const res = await get(`name=${name}`);
        expect([name, res.status]).toEqual([name, 200]);
      }
      expect(askedFor()).toEqual(["kept", "edge"]);
    });
  });

  it("keeps names apart only as the index folds them: case and spaces make one answer", async () => {
    await withProxy({}, async (get) => {
      for (const q of ["name=Fox", "name=%20fox%20", "name=FOX"]) expect((await get(q)).status).toBe(200);
      // The folded value is what is forwarded (#29 finding 10).
      expect(askedFor()).toEqual(["fox"]);
    });
  });

  it("keeps every maxResultNum apart, absent included", async () => {
    await withProxy({}, async (get) => {
      for (const q of ["name=cap", "name=cap&maxResultNum=2", "name=cap&maxResultNum=3", "name=cap&maxResultNum=2"]) {
        expect((await get(q)).status).toBe(200);
      }
      expect(upstream().requests.map((r) => r.query.get("maxResultNum"))).toEqual([null, "2", "3"]);
    });
  });

  it("counts an answer once when identical lookups joined in flight both store it", async () => {
    const proxy = new UpstreamProxy(
      resolveUpstream({ url: upstream().url })!,
      () => T0,
      () => undefined,
    );
    const query = { op: "name", value: "twice", fuzzy: true, maxResultNum: undefined, offset: 0 } as const;
    // Both enter before either is answered: one upstream request, two callers storing it.
    const answers = await Promise.all([proxy.lookup(query), proxy.lookup(query)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect([askedFor(), proxy.cacheSize, proxy.cacheBytes]).toEqual([
      ["twice"],
      1,
      Buffer.byteLength(JSON.stringify({ name: "twice" })),
    ]);
  });
});

describe("what the proxy takes from the upstream", () => {
  it("redacts the server's key from a failure's log line when a client asks for it by name", async () => {
    script.set("survivor-key", { status: 500, body: "<html>" });
    await withProxy({}, async (get, lines) => {
      expect((await get("name=survivor-key")).status).toBe(502);
      expect(lines).toEqual([
        `Upstream answered 500 with a body that is not JSON: GET ${upstream().url}/anything?key=***&name=***&fuzzy=true`,
      ]);
    });
  });

  it("takes a 304, which has no body, as a redirect", async () => {
    script.set("unchanged", { status: 304 });
    await withProxy({}, async (get, lines) => {
      const res = await get("name=unchanged");
      expect([res.status, await res.json()]).toEqual([
        502,
        {
          code: "Upstream error",
          message: "The upstream service answered with a redirect, which the proxy does not follow.",
        },
      ]);
      expect(lines.map((l) => l.split(":")[0])).toEqual(["Upstream answered with a redirect (304)"]);
    });
  });
});
