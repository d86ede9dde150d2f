/**
 * Secrets: the client's API key and the proxy's upstream key never appear in an error message,
 * a log line, an event payload, a progress report or a response to a client. Every output of
 * the client, the loader, the service and the CLI is captured (console included) while they run
 * through faults, hostile servers that echo the key back, and proxy mode; then it is all scanned.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import { Creature } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { CreatureGroup } from "../../src/babylon/populate/index.js";
import { main } from "../../src/service/cli.js";
import { type LookupServer, startLookupServer } from "../../src/service/index.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { startFaultService } from "../helpers/faultHarness.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { boxObj } from "../helpers/tinyModels.js";

const CLIENT_KEY = "sk_live_cl13nt_4f8e2b9d71c05a";
const UPSTREAM_KEY = "sk_live_upstr3am_93ab17ce55d2e8";
const SECRETS = [CLIENT_KEY, UPSTREAM_KEY];

/** Everything seen, as text: console output, log lines, events, errors, responses. */
const seen: { where: string; text: string }[] = [];
function capture(where: string, value: unknown): void {
  const text =
    typeof value === "string" ? value : inspect(value, { depth: 12, breakLength: Infinity, showHidden: false });
  seen.push({ where, text });
}
function leaks(): string[] {
  return seen
    .filter(({ text }) => SECRETS.some((s) => text.includes(s) || text.includes(encodeURIComponent(s))))
    .map(({ where, text }) => `${where}: ${text.slice(0, 300)}`);
}

let consoleSpies: MockInstance[] = [];
beforeAll(() => {
  consoleSpies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((m) =>
    vi
      .spyOn(console, m)
      .mockImplementation((...args: unknown[]) =>
        capture(`console.${m}`, args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 8 }))).join(" ")),
      ),
  );
});
afterAll(() => {
  for (const spy of consoleSpies) spy.mockRestore();
});

/** What a result shows a caller, without walking Babylon's whole scene graph. */
function summary(value: unknown): unknown {
  if (value instanceof CreatureGroup)
    return {
      records: value.records,
      omissions: value.omissions,
      skipped: value.skipped,
      creatures: value.creatures.map((c) => c.name),
    };
  if (value instanceof Creature)
    return {
      name: value.name,
      record: value.record,
      parts: value.listParts(),
      rootName: value.root.name,
      meshes: value.meshes.map((m) => m.name),
    };
  return value;
}

/** Runs `op`, capturing its result or its error (message, inspect, cause chain). */
async function outcome(
  where: string,
  op: () => Promise<unknown>,
  options: { captureResult?: boolean } = {},
): Promise<unknown> {
  try {
    const value = await op();
    if (options.captureResult ?? true) capture(`${where} result`, summary(value));
    return value;
  } catch (error) {
    capture(`${where} error.message`, (error as Error)?.message);
    capture(`${where} error`, error);
    capture(`${where} String(error)`, String(error));
    return error;
  }
}

/** A client and a Menagerie wired so every event they emit is captured. */
function instrumented(
  baseUrl: string,
  apiKey: string | undefined,
  extra: { timeoutMs?: number; captureRecords?: boolean } = {},
) {
  const env = createNullScene();
  const client: LookupClient = createLookupClient({
    baseUrl,
    apiKey,
    retry: { limit: 2, baseDelayMs: 5, maxDelayMs: 20 },
    timeoutMs: extra.timeoutMs ?? 5000,
    onRetry: (e) => capture("client onRetry", e),
    onInvalidRecord: (r) => capture("client onInvalidRecord", r),
  });
  const menagerie = new Menagerie(env.scene, {
    client,
    assetRetry: { limit: 1, baseDelayMs: 5 },
    assetTimeoutMs: 3000,
  });
  menagerie.onWarningObservable.add((w) => capture("menagerie warning", w));
  menagerie.onProgressObservable.add((p) => capture("menagerie progress", p));
  menagerie.onCreatureSpawnedObservable.add((c) =>
    capture("menagerie spawned", extra.captureRecords === false ? c.name : { name: c.name, record: c.record }),
  );
  return {
    client,
    menagerie,
    close: () => {
      menagerie.dispose();
      env.dispose();
    },
  };
}

describe("the API key in the client and the loader", () => {
  it("never shows through retries, timeouts, HTTP errors, not-found and degraded loads", async () => {
    const service = await startFaultService(
      {
        seed: 2,
        rules: [
          { targets: ["lookup"], kind: "status", status: 503, first: 1 },
          { targets: ["lookup"], kind: "drop", rate: 0.2 },
          { targets: ["lookup"], kind: "latency", latencyMs: 400, rate: 0.2 },
          { targets: ["obj"], kind: "status", status: 500, match: "tail" },
          { targets: ["texture"], kind: "drop", match: "fur" },
          { targets: ["mtl"], kind: "expire", first: 1 },
        ],
      },
      { apiKeys: [CLIENT_KEY], log: (line) => capture("service log", line) },
    );
    const t = instrumented(service.url, CLIENT_KEY, { timeoutMs: 300 });
    const wrong = instrumented(service.url, `${CLIENT_KEY}x`); // an unknown key that contains the real one
    try {
      await outcome("spawn fox", () =>
        t.menagerie.spawnCreature("fox", { onProgress: (p) => capture("spawn onProgress", p) }),
      );
      await outcome("spawn nothing", () => t.menagerie.spawnCreature("qqqqqqqqqq zzzzzzz", { fuzzy: false }));
      await outcome("search forest", () => t.client.search("forest"));
      await outcome("populate forest", () =>
        t.menagerie.populate({ habitat: "forest", count: 6, onProgress: (p) => capture("populate progress", p) }),
      );
      await outcome("wrong key", () => wrong.client.getModel("fox"));
      capture("describeRequest", t.client.describeRequest({ name: "fox" }));
      const stats = service.service.faults!.stats();
      expect(stats.injected["status"]).toBeGreaterThan(0); // the faults did happen
    } finally {
      t.close();
      wrong.close();
      await service.close();
    }
    expect(seen.some((s) => s.where === "client onRetry")).toBe(true);
    expect(seen.some((s) => s.where === "menagerie warning")).toBe(true);
    expect(leaks()).toEqual([]);
  }, 60_000);

  it("never shows when a hostile server echoes the key into bodies, records and asset links", async () => {
    // Every answer carries the key it was sent: in error codes, messages, Retry-After, invalid
    // JSON, record names, part names, texture file names and the `key` of asset links. The
    // records themselves are the server's data and are not scanned here (a link that carries
    // `key=` is the server's choice); what the library says about them is.
    let echo: TestServer | undefined;
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const key = url.searchParams.get("key") ?? "";
      const base = `http://127.0.0.1:${echo!.port}`;
      const link = (file: string) => `${base}/a/${file}?key=${key}&Expires=9999999999&KeyName=k&Signature=s`;
      if (url.pathname.startsWith("/a/")) {
        if (url.pathname.endsWith("body.obj")) return void res.end(boxObj([-0.1, 0, -0.2], [0.1, 0.3, 0.2]));
        res.writeHead(404, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ code: `No ${key}`, message: `missing for ${key}` }));
      }
      const name = url.searchParams.get("name");
      const record = (n: string, height: unknown) => ({
        name: n,
        type: "quadruped",
        scale: { height },
        model: {
          parts: { body: link("body.obj"), tail: link("tail.obj") },
          other: { material: link("m.mtl"), texture: [link(`${key}.png`)] },
        },
      });
      res.setHeader("content-type", "application/json");
      if (name === "error") {
        res.writeHead(500, { "retry-after": key });
        return void res.end(JSON.stringify({ code: key, message: `bad ${key}` }));
      }
      if (name === "json") return void res.end(`{"name": "${key}", "oops": ${key}`);
      if (name === "invalid")
        return void res.end(JSON.stringify({ name: key, model: { parts: { [key]: 5 } }, scale: 4 }));
      if (name === "creature") return void res.end(JSON.stringify(record("creature", "1 m")));
      if (url.searchParams.has("search")) {
        return void res.end(
          JSON.stringify([
            record("good", "1 m"),
            { name: key, model: { parts: { [key]: key } } },
            { name: 7, [key]: key },
          ]),
        );
      }
      res.writeHead(404);
      res.end(JSON.stringify({ code: "Model not found", message: `nothing for ${key}` }));
    };
    echo = await createTestServer(handler);
    const t = instrumented(echo.url, CLIENT_KEY, { captureRecords: false });
    try {
      for (const name of ["error", "json", "invalid", "missing"])
        await outcome(`getModel ${name}`, () => t.client.getModel(name), { captureResult: false });
      await outcome("search", () => t.client.search("anything"), { captureResult: false });
      await outcome("spawn creature", () => t.menagerie.spawnCreature("creature"), { captureResult: false });
    } finally {
      t.close();
      await echo.close();
    }
    expect(seen.some((s) => s.where === "client onInvalidRecord")).toBe(true);
    expect(seen.some((s) => s.where === "menagerie warning" && s.text.includes("part-failed"))).toBe(true);
    expect(leaks()).toEqual([]);
  }, 60_000);

  it("a height-unreadable warning never quotes a scale.height that echoes the key", async () => {
    const echo = await createTestServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const key = url.searchParams.get("key") ?? "";
      if (url.pathname.startsWith("/a/")) return void res.end(boxObj([-0.1, 0, -0.2], [0.1, 0.3, 0.2]));
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          name: "tall",
          scale: { height: `${key} m` },
          model: { parts: { body: `http://127.0.0.1:${url.port || (req.socket.localPort ?? 0)}/a/body.obj` } },
        }),
      );
    });
    // The record itself carries the echoed key (the service's own data, not a leak): only
    // what Menagerie says about it is scanned.
    const t = instrumented(echo.url, CLIENT_KEY, { captureRecords: false });
    const warnings: string[] = [];
    t.menagerie.onWarningObservable.add((w) => void warnings.push(`${w.message} ${inspect(w.error)}`));
    try {
      await t.menagerie.spawnCreature("tall");
    } finally {
      t.close();
      await echo.close();
    }
    expect(warnings.length).toBe(1);
    expect(warnings.join("\n")).not.toContain(CLIENT_KEY);
  });
});

describe("the upstream key in proxy mode", () => {
  let catalog: FixtureCatalog;
  let upstream: LookupServer;
  let hostile: TestServer;
  let proxy: LookupServer;
  let hostileProxy: LookupServer;
  /** Every response a client received from a proxy: status line, headers, body. */
  const responses: string[] = [];

  beforeAll(async () => {
    catalog = await writeFixtureCatalog();
    upstream = await startLookupServer({
      catalogDir: catalog.dir,
      apiKeys: [UPSTREAM_KEY],
      rateLimit: false,
      port: 0,
      log: (l) => capture("upstream log", l),
      faults: {
        seed: 4,
        rules: [
          { targets: ["lookup"], kind: "status", status: 503, first: 1 },
          { targets: ["lookup"], kind: "drop", rate: 0.15 },
          { targets: ["lookup"], kind: "rate-limit", rate: 0.1 },
        ],
      },
    });
    // An upstream that echoes the key it receives wherever it can: body, headers, status text.
    hostile = await createTestServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const key = url.searchParams.get("key") ?? "";
      const name = url.searchParams.get("name") ?? "";
      const headers = {
        "content-type": `application/json; key=${key}`,
        "retry-after": key,
        "x-upstream-key": key,
        "set-cookie": `k=${key}`,
      };
      if (name === "refuse") {
        res.writeHead(401, headers);
        return void res.end(JSON.stringify({ code: "Invalid key", message: `key ${key} refused` }));
      }
      if (name === "slow") return; // never answers: the proxy times out
      res.writeHead(name === "busy" ? 429 : 200, headers);
      res.end(
        JSON.stringify({
          name: key,
          echo: req.url,
          model: {
            parts: {
              body: `https://cdn.test/b.obj?key=${key}&Expires=1&KeyName=k&Signature=${encodeURIComponent(key)}`,
            },
          },
        }),
      );
    });
    proxy = await startLookupServer({
      upstream: { url: upstream.url, key: UPSTREAM_KEY, timeoutMs: 2000 },
      rateLimit: false,
      port: 0,
      log: (l) => capture("proxy log", l),
    });
    hostileProxy = await startLookupServer({
      upstream: { url: hostile.url, key: UPSTREAM_KEY, timeoutMs: 500 },
      rateLimit: false,
      port: 0,
      log: (l) => capture("hostile proxy log", l),
    });
  });
  afterAll(async () => {
    await hostileProxy?.close();
    await proxy?.close();
    await hostile?.close();
    await upstream?.close();
    await catalog?.remove();
  });

  async function get(base: string, path: string): Promise<void> {
    try {
      const res = await fetch(`${base}${path}`);
      const body = await res.text();
      const text = `${res.status} ${res.statusText}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${body}`;
      responses.push(text);
      capture(`proxy response ${path}`, text);
    } catch (error) {
      capture(`proxy request ${path} failed`, error);
      // A request that fails has no response to scan: that fails the test, it is not skipped.
      throw new Error(`proxy request ${path} failed`, { cause: error });
    }
  }

  it("no response to a client contains the upstream key, through faults, errors and a hostile upstream", async () => {
    const paths = [
      "/anything?name=fox",
      "/anything?search=forest",
      "/anything?name=polar%20bear&fuzzy=false",
      "/anything?name=qqqqqqqqqq&fuzzy=false",
      "/anything?name=",
      "/anything?name=fox&search=fox",
      "/anything?key=dev-key&name=owl",
      "/anything?key=wrong&name=owl",
      "/assets/fox/body.obj",
      "/nothing",
    ];
    for (let round = 0; round < 3; round++) {
      for (const path of paths) await get(proxy.url, path.replace("fox", round ? `fox${"x".repeat(round)}` : "fox"));
    }
    for (const name of ["echo", "refuse", "busy", "slow", "echo2"])
      await get(hostileProxy.url, `/anything?name=${name}`);
    await get(hostileProxy.url, "/anything?search=forest");
    // A keyless client of the proxy, through the library, sees records and errors: both clean.
    const client = createLookupClient({ baseUrl: hostileProxy.url, retry: 0, cache: false });
    await outcome("proxy client echo", () => client.getModel("echo3"));
    await outcome("proxy client refuse", () => client.getModel("refuse"));

    expect(responses.length).toBe(paths.length * 3 + 6);
    expect(responses.some((r) => r.startsWith("200"))).toBe(true);
    expect(responses.some((r) => r.startsWith("502"))).toBe(true);
    expect(hostile.requests.length).toBeGreaterThan(0);
    expect(hostile.requests.every((r) => r.query.get("key") === UPSTREAM_KEY)).toBe(true); // it really had the key to echo
    expect(responses.filter((r) => r.includes(UPSTREAM_KEY) || r.includes(encodeURIComponent(UPSTREAM_KEY)))).toEqual(
      [],
    );
    expect(leaks()).toEqual([]);
  }, 60_000);

  it("the CLI's start-up lines and error messages never print the upstream or API keys", async () => {
    const lines: string[] = [];
    const server = await main(["--port", "0", "--upstream", upstream.url, "--upstream-key", UPSTREAM_KEY], {
      env: { MENAGERIE_API_KEYS: CLIENT_KEY },
      log: (l) => lines.push(l),
    });
    await server?.close();
    const envServer = await main(["--port", "0", "--upstream", upstream.url], {
      env: { MENAGERIE_UPSTREAM_KEY: UPSTREAM_KEY },
      log: (l) => lines.push(l),
    });
    await envServer?.close();
    await expect(
      main(["--port", "0", "--upstream-key", UPSTREAM_KEY], { env: {}, log: (l) => lines.push(l) }),
    ).rejects.toThrow("--upstream-key needs --upstream");
    await outcome("cli bad upstream", () =>
      main(["--port", "0", "--upstream", `ftp://x/${UPSTREAM_KEY}`, "--upstream-key", UPSTREAM_KEY], {
        env: {},
        log: (l) => lines.push(l),
      }),
    );
    for (const line of lines) capture("cli log", line);
    expect(lines.some((l) => l.includes("listening"))).toBe(true);
    expect(leaks()).toEqual([]);
  });
});
