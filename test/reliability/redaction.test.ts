/**
 * Findings 3, 4 and 5: no error the client or the loader throws, no retry event and no warning
 * shows the API key, in any part or case, anywhere `util.inspect(value, { depth: Infinity })`
 * looks: message, stack, properties, the whole `cause` chain, `body`, `issues`. A hostile server
 * echoes the key into bodies, names and asset links (the key in their path, where no `key=`
 * pattern finds it), and a custom fetch throws errors that quote the URL, as Node's own
 * "fetch failed" does deep in its causes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import type { MenagerieWarning } from "../../src/api/loadEvents.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { createTestServer, type TestServer } from "../helpers/httpServer.js";
import { tinyRiggedGlb } from "../helpers/tinyGlb.js";
import { boxObj, furMtl, tinyPng } from "../helpers/tinyModels.js";

const KEY = "sk_live_R3dact10n_9f8e7d6c5b4a";
/** Any 8 characters of the key: a part of it counts as a leak. */
const PIECES = Array.from({ length: KEY.length - 7 }, (_, i) => KEY.slice(i, i + 8).toLowerCase());

function leaks(where: string, value: unknown): string[] {
  const text = inspect(value, { depth: Infinity, showHidden: true, breakLength: Infinity, maxStringLength: null });
  const lower = text.toLowerCase();
  return PIECES.some((p) => lower.includes(p)) ? [`${where}: ${text.slice(0, 400)}`] : [];
}

const errors = new Map<string, unknown[]>();
const warnings = new Map<string, MenagerieWarning[]>();
const retries: unknown[] = [];
let server: TestServer;
let idleGlb: Uint8Array;

function record(name: string, model: Record<string, unknown>, height: unknown = 1) {
  return { name, type: "quadruped", behaviour: "walk", forest: true, scale: { height }, model };
}

function handler(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const key = url.searchParams.get("key") ?? "";
  const base = `http://127.0.0.1:${server.port}`;
  // Links carry the key in their path: only the literal key, not a `key=` pattern, finds it.
  const ok = (file: string) => `${base}/a/${key}/${file}?Expires=9999999999&KeyName=k&Signature=s`;
  const fail = (file: string) => `${base}/fail/${key}/${file}?Expires=9999999999&KeyName=k&Signature=s`;
  if (url.pathname.startsWith("/a/")) {
    if (url.pathname.endsWith(".obj")) return void res.end(boxObj([-0.1, 0, -0.2], [0.1, 0.3, 0.2]));
    if (url.pathname.endsWith(".mtl")) return void res.end(furMtl("fur.png"));
    if (url.pathname.endsWith(".png")) return void res.end(tinyPng());
    if (url.pathname.endsWith("idle.glb")) return void res.end(idleGlb);
    res.writeHead(500);
    return void res.end(`no ${key}`);
  }
  const name = url.searchParams.get("name") ?? "";
  const send = (body: unknown, status = 200) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  if (url.searchParams.has("search"))
    return void send([record("good", { parts: { body: ok("body.obj") } }), { name: key, scale: key }]);
  if (name === "http500") return void send(`${"x".repeat(1985)}${key}${"y".repeat(100)}`, 500);
  if (name === "badjson") return void send(`{"name": ${key}}`);
  if (name === "invalid") return void send({ name: key, model: { parts: { [key]: 5 } }, scale: 4 });
  if (name === "slow") return; // never answers
  const models: Record<string, Record<string, unknown>> = {
    parts: { parts: { body: ok("body.obj"), tail: fail("tail.obj") }, other: { material: fail("m.mtl") } },
    textured: { parts: { body: ok("body.obj") }, other: { material: ok("m.mtl"), texture: [fail("fur.png")] } },
    rigged: {
      parts: {},
      other: {},
      rig: { animations: { idle: { GLB: ok("idle.glb") }, walk: { GLB: fail("walk.glb") } } },
    },
    rigfail: { parts: {}, other: {}, rig: { animations: { idle: { GLB: fail("idle.glb") } } } },
    righttp: { parts: {}, other: {}, rig: { animations: { idle: { GLB: ok("x/idle.gl") } } } },
    tall: { parts: { body: ok("body.obj") } },
  };
  if (models[name]) return void send(record(name, models[name], name === "tall" ? `${key} m` : 1));
  send({ code: "Model not found", message: `nothing for ${key}` }, 404);
}

/** Like Node's fetch: "fetch failed", the URL (also upper-cased) deep in its causes. */
const hostileFetch: typeof fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.includes("/fail/") || url.includes("name=netfail")) {
    const inner = Object.assign(new Error(`connect ECONNREFUSED ${url}`), { code: "ECONNREFUSED", url });
    throw new TypeError(`fetch failed for ${url}`, {
      cause: Object.assign(inner, { details: { href: url.toUpperCase(), list: [encodeURI(url)] } }),
    });
  }
  // A real Node error: an unparsable URL, which Node quotes in the cause's `input`.
  if (url.includes("name=nodefail")) return fetch(url.replace("http://", "http://["), init);
  return fetch(input, init);
};

function collect(kind: string, error: unknown): void {
  errors.set(kind, [...(errors.get(kind) ?? []), error]);
}

beforeAll(async () => {
  idleGlb = await tinyRiggedGlb({ clip: "idle" });
  server = await createTestServer(handler);
  const client = createLookupClient({
    baseUrl: server.url,
    apiKey: KEY,
    fetch: hostileFetch,
    timeoutMs: 300,
    retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 2 },
    onRetry: (event) => retries.push(event),
  });
  const env = createNullScene();
  const menagerie = new Menagerie(env.scene, { client, fetch: hostileFetch, assetRetry: 0 });
  menagerie.onWarningObservable.add((w) => warnings.set(w.code, [...(warnings.get(w.code) ?? []), w]));
  const attempt = async (op: () => Promise<unknown>) => {
    try {
      await op();
    } catch (error) {
      collect((error as { kind?: string }).kind ?? "other", error);
    }
  };
  for (const name of ["http500", "badjson", "invalid", "slow", "netfail", "nodefail"])
    await attempt(() => client.getModel(name));
  for (const name of ["parts", "textured", "rigged", "tall", "rigfail", "righttp"])
    await attempt(() => menagerie.spawnCreature(name));
  await attempt(() => menagerie.populate({ habitat: "forest", count: 1 }));
  await attempt(async () => createLookupClient({ baseUrl: `${server.url}/?key=${KEY}`, apiKey: KEY }));
  menagerie.dispose();
  env.dispose();
}, 60_000);
afterAll(() => server.close());

describe("findings 3, 4 and 5: the key in errors, events and warnings", () => {
  it("finding 3: NetworkError causes and onRetry events carry no key, a custom fetch quoting the URL included", () => {
    // Two from the client (a custom fetch's error, Node's own), one from the loader (a GLB).
    expect(errors.get("network")?.length).toBe(3);
    expect(retries.length).toBeGreaterThanOrEqual(3);
    const causes = errors.get("network")!.map((e) => (e as Error).cause as Error);
    expect(causes.map((c) => c.message.includes("***"))).toEqual([true, true, true]);
    expect([
      ...errors.get("network")!.flatMap((e, i) => leaks(`network ${i}`, e)),
      ...retries.flatMap((r) => leaks("onRetry", r)),
    ]).toEqual([]);
  });

  it("finding 4: HTTPError.body and an invalid-JSON message hold no part of the key (redacted before any cut)", () => {
    const [http] = errors.get("http") as { body: string }[];
    expect(http!.body).toHaveLength(2000);
    expect(http!.body.slice(1985, 1988)).toBe("***");
    const validation = errors.get("validation") as { issues: { message: string }[] }[];
    expect(validation[0]!.issues[0]!.message).toContain("***");
    expect([...leaks("http", http), ...validation.flatMap((e) => leaks("validation", e))]).toEqual([]);
  });

  it("finding 5: a loader warning's error carries no key, for every warning kind", () => {
    const codes = [
      "part-failed",
      "material-failed",
      "texture-failed",
      "clip-failed",
      "height-unreadable",
      "record-skipped",
    ];
    expect(codes.filter((c) => !warnings.has(c))).toEqual([]);
    expect(warnings.get("part-failed")!.some((w) => w.error !== undefined)).toBe(true);
    expect([...warnings.entries()].flatMap(([code, list]) => list.flatMap((w) => leaks(code, w)))).toEqual([]);
  });

  it("findings 3/4/5: util.inspect(depth Infinity) of every error kind shows no key", () => {
    const kinds = ["http", "network", "timeout", "validation", "options", "load"];
    expect(kinds.filter((k) => !errors.has(k))).toEqual([]);
    expect((errors.get("load") as { reason: string }[]).map((e) => e.reason)).toEqual(["http"]);
    expect([...errors.entries()].flatMap(([kind, list]) => list.flatMap((e) => leaks(kind, e)))).toEqual([]);
  });
});
