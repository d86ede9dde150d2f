/**
 * The service's fault mode itself: off by default, never reachable from a request, switched on
 * only by the option, the CLI flags or the environment, and each fault doing what it says.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import { main } from "../../src/service/cli.js";
import type { FaultOptions } from "../../src/service/faults/faultRules.js";
import { faultsFromEnv } from "../../src/service/faults/faultsFromEnv.js";
import { parseFaultSpec } from "../../src/service/faults/parseFaultSpec.js";
import { createLookupService, type LookupServer } from "../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

let catalog: FixtureCatalog | undefined;
let server: LookupServer | undefined;
const written: FixtureCatalog[] = [];

afterEach(async () => {
  await server?.close();
  await catalog?.remove();
  for (const c of written.splice(0)) await c.remove();
  server = undefined;
  catalog = undefined;
});

async function service(faults?: FaultOptions) {
  const catalog = await writeFixtureCatalog();
  written.push(catalog);
  return createLookupService({
    catalogDir: catalog.dir,
    rateLimit: false,
    signingKey: "k".repeat(32),
    ...(faults ? { faults } : {}),
  });
}

const FOX = "/anything?key=dev-key&name=fox";

describe("fault mode", () => {
  it("is off by default, and no query parameter or header turns it on", async () => {
    const s = await service();
    expect(s.faults).toBeUndefined();
    for (const probe of ["&faults=lookup:status=503", "&MENAGERIE_FAULTS=lookup:status=503", "&fault=drop"]) {
      const res = await s.app.request(`${FOX}${probe}`, { headers: { "x-menagerie-faults": "lookup:status=503" } });
      // An unknown parameter is ignored by the lookup: the answer is the healthy record.
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe("fox");
    }
  });

  it("with rules, decides from the path alone: a fault-looking query changes nothing", async () => {
    const s = await service({ rules: [{ targets: ["lookup"], kind: "status", status: 503, first: 1 }] });
    expect((await s.app.request(`${FOX}&faults=none`)).status).toBe(503);
    expect((await s.app.request(`${FOX}&faults=lookup:status=503`)).status).toBe(200);
    expect(s.faults!.stats()).toMatchObject({ requests: { lookup: 2 }, injected: { status: 1 }, matched: [2] });
  });

  it("never faults a preflight, nor a path that is neither the lookup nor an asset", async () => {
    const s = await service({
      rules: [
        { targets: ["lookup"], kind: "status", status: 503, first: 1 },
        { targets: ["asset"], kind: "status", status: 502 },
      ],
    });
    const preflight = await s.app.request("/anything", {
      method: "OPTIONS",
      headers: { origin: "https://a.test", "access-control-request-method": "GET" },
    });
    expect([preflight.status, (await s.app.request("/nothing")).status]).toEqual([204, 404]);
    // The lookup's one fault is still there for the first real lookup.
    expect((await s.app.request(FOX)).status).toBe(503);
    expect(s.faults!.stats()).toMatchObject({ requests: { lookup: 1 }, injected: { status: 1 } });
  });

  it("answers 429 with Retry-After, 5xx with a JSON error body, 403 for an early-expired link", async () => {
    const s = await service({
      rules: [
        { targets: ["lookup"], kind: "rate-limit", retryAfterSeconds: 7, first: 1 },
        { targets: ["lookup"], kind: "status", status: 500, first: 2 },
      ],
    });
    const limited = await s.app.request(FOX);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    const failed = await s.app.request(FOX);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ code: "Internal error", message: "Injected fault." });
    const healthy = await s.app.request(FOX);
    expect(healthy.status).toBe(200);

    const s2 = await service({ rules: [{ targets: ["obj"], kind: "expire", first: 1 }] });
    const record = (await (await s2.app.request(FOX)).json()) as { model: { parts: { body: string } } };
    const expired = await s2.app.request(record.model.parts.body);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ code: "Forbidden", message: "The asset link has expired." });
    expect((await s2.app.request(record.model.parts.body)).status).toBe(200);
  });

  it("truncates, corrupts, drops and slows bodies of the targeted kind only", async () => {
    const s = await service({
      seed: 3,
      rules: [
        { targets: ["lookup"], kind: "truncate", fraction: 0.5, first: 1 },
        { targets: ["obj"], kind: "corrupt", match: "head" },
        { targets: ["obj"], kind: "drop", match: "body", fraction: 0.25 },
        { targets: ["mtl"], kind: "slow", chunkDelayMs: 5, chunkBytes: 4 },
      ],
    });
    const truncated = await (await s.app.request(FOX)).text();
    const whole = await (await s.app.request(FOX)).text();
    expect(truncated).toBe(whole.slice(0, Math.floor(Buffer.byteLength(whole) / 2)));
    expect(() => JSON.parse(truncated)).toThrow();
    const record = JSON.parse(whole) as {
      model: { parts: Record<string, string>; other: { material: string; texture: string[] } };
    };

    const head = await s.app.request(record.model.parts["head"]!);
    const headBytes = new Uint8Array(await head.arrayBuffer());
    expect(head.status).toBe(200);
    expect(headBytes.length).toBeGreaterThan(0);
    expect(new TextDecoder().decode(headBytes)).not.toContain("v 0 0 0"); // garbage of the same length
    expect(head.headers.get("etag")).toBeNull();

    const body = await s.app.request(record.model.parts["body"]!);
    expect(body.status).toBe(200);
    await expect(body.text()).rejects.toThrow();

    const mtl = await s.app.request(record.model.other.material);
    expect(await mtl.text()).toContain("newmtl skin");
    // Untargeted kinds pass untouched.
    expect((await s.app.request(record.model.other.texture[0]!)).status).toBe(200);
    expect(s.faults!.stats().injected).toEqual({ truncate: 1, corrupt: 1, drop: 1, slow: 1 });
  });

  it("draws rates from the seed: the same seed fires on the same requests", async () => {
    const pattern = async (seed: number) => {
      const s = await service({ seed, rules: [{ targets: ["lookup"], kind: "status", status: 503, rate: 0.5 }] });
      const out: number[] = [];
      for (let i = 0; i < 24; i++) out.push((await s.app.request(FOX)).status);
      return out.join(",");
    };
    const a = await pattern(42);
    expect(await pattern(42)).toBe(a);
    expect(await pattern(43)).not.toBe(a);
    expect(a).toContain("503");
    expect(a).toContain("200");
  });

  it("parses the CLI / environment spec, and names what is wrong in it", () => {
    expect(
      parseFaultSpec("lookup:status=503,first=2; obj|mtl:drop,rate=0.2,match=tail ;texture:slow=100,chunk=512", 9),
    ).toEqual({
      seed: 9,
      rules: [
        { targets: ["lookup"], kind: "status", status: 503, first: 2 },
        { targets: ["obj", "mtl"], kind: "drop", rate: 0.2, match: "tail" },
        { targets: ["texture"], kind: "slow", chunkDelayMs: 100, chunkBytes: 512 },
      ],
    });
    expect(faultsFromEnv({})).toBeUndefined();
    expect(faultsFromEnv({ MENAGERIE_FAULTS: "asset:latency=50", MENAGERIE_FAULT_SEED: "4" })).toEqual({
      seed: 4,
      rules: [{ targets: ["asset"], kind: "latency", latencyMs: 50 }],
    });
    const bad: [string, RegExp][] = [
      ["lookup", /must read <targets>:<kind>/],
      ["moon:drop", /faults\.rules\[0\]\.targets/],
      ["lookup:explode", /faults\.rules\[0\]\.kind/],
      ["lookup:status=200", /faults\.rules\[0\]\.status must be an integer from 400 to 599/],
      ["lookup:drop,rate=2", /rate must be a number from 0 to 1/],
      ["lookup:drop,first=1,rate=0.5", /first and rate exclude each other/],
      ["lookup:drop,colour=red", /unknown option "colour"/],
      ["lookup:corrupt=3", /takes no value/],
    ];
    for (const [spec, message] of bad) {
      let error: unknown;
      try {
        parseFaultSpec(spec);
      } catch (e) {
        error = e;
      }
      expect(isMenagerieError(error, "options"), spec).toBe(true);
      expect((error as Error).message, spec).toMatch(message);
    }
  });

  it("is switched on by --faults / MENAGERIE_FAULTS, says so at start, and is off without them", async () => {
    catalog = await writeFixtureCatalog();
    const lines: string[] = [];
    server = await main(
      ["--port", "0", "--catalog", catalog.dir, "--faults", "lookup:status=503,first=1", "--fault-seed", "5"],
      { env: {}, log: (l) => lines.push(l) },
    );
    expect(lines.some((l) => l.startsWith("FAULT MODE: 1 fault rule(s) active (seed 5)"))).toBe(true);
    expect((await fetch(`${server!.url}${FOX}`)).status).toBe(503);
    expect((await fetch(`${server!.url}${FOX}`)).status).toBe(200);
    await server!.close();

    lines.length = 0;
    server = await main(["--port", "0", "--catalog", catalog.dir], {
      env: { MENAGERIE_FAULTS: "lookup:status=500" },
      log: (l) => lines.push(l),
    });
    expect((await fetch(`${server!.url}${FOX}`)).status).toBe(500);
    await server!.close();

    lines.length = 0;
    server = await main(["--port", "0", "--catalog", catalog.dir], { env: {}, log: (l) => lines.push(l) });
    expect(server!.service.faults).toBeUndefined();
    expect(lines.some((l) => l.includes("FAULT MODE"))).toBe(false);
    expect((await fetch(`${server!.url}${FOX}`)).status).toBe(200);

    await expect(
      main(["--port", "0", "--catalog", catalog.dir, "--fault-seed", "1"], { env: {}, log: () => undefined }),
    ).rejects.toThrow("--fault-seed needs --faults");
  });
});
