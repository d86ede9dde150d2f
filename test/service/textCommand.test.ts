/**
 * `POST /parse-text-command` over real HTTP: the reference service reading English scene
 * commands with its own name index, and the proxy forwarding them upstream with the server's key.
 * The client's `parseTextCommand` reads the answers (unknown action kinds skipped and reported).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { HTTPError } from "../../src/core/errors.js";
import { ensureDefaultCatalog } from "../../src/service/defaultCatalog.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;
/** The catalog, served by a service that takes only `dev-key` (no anonymous clients). */
let keyed: TestService;
let catalogDir: string;
beforeAll(async () => {
  service = await startCatalogService();
  catalogDir = await ensureDefaultCatalog({ cacheDir: fileURLToPath(new URL("../../.menagerie", import.meta.url)) });
  keyed = await startTestService({ catalogDir, apiKeys: ["dev-key"], allowAnonymous: false });
}, 120_000);
afterAll(async () => {
  await keyed?.close();
  await service?.close();
});

/** POSTs `text` as a form, with `key` unless it is `null`. */
async function say(text: string, base = service.url, key: string | null = "dev-key") {
  const form = new URLSearchParams({ text });
  if (key !== null) form.set("key", key);
  const res = await fetch(`${base}/parse-text-command`, { method: "POST", body: form });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { actions: unknown[] } & Record<string, unknown>,
  };
}

describe("POST /parse-text-command (reference service)", () => {
  it("reads each action kind, numbers in words and digits, plurals, articles and places", async () => {
    expect((await say("add three zebras near the pond")).body.actions).toEqual([
      {
        action: "add_model",
        models: [{ name: "zebra", number: 3, location: { relative: "near", model_name: "pond" } }],
      },
    ]);
    expect((await say("remove the bears")).body.actions).toEqual([
      { action: "remove_model", models: [{ name: "bear", number: 0 }] },
    ]);
    expect((await say("move the lion behind the rock")).body.actions).toEqual([
      {
        action: "move_model",
        models: [{ name: "lion", number: 1, location: { relative: "behind", model_name: "rock" } }],
      },
    ]);
    expect((await say("make it a desert")).body.actions).toEqual([
      { action: "change_habitat", habitat: "desert", models: [] },
    ]);
    expect((await say("Put 5 crows above the elephant!")).body.actions).toEqual([
      {
        action: "add_model",
        models: [{ name: "crow", number: 5, location: { relative: "above", model_name: "elephant" } }],
      },
    ]);
    expect((await say("spawn twenty-one ants here")).body.actions).toEqual([
      { action: "add_model", models: [{ name: "ant", number: 21, location: { relative: "here" } }] },
    ]);
    expect((await say("add four wolves here and two deer near the wolf")).body.actions).toEqual([
      {
        action: "add_model",
        models: [
          { name: "wolf", number: 4, location: { relative: "here" } },
          { name: "deer", number: 2, location: { relative: "near", model_name: "wolf" } },
        ],
      },
    ]);
    expect((await say("add a dozen sheep to the left of the cow")).body.actions).toEqual([
      {
        action: "add_model",
        models: [{ name: "sheep", number: 12, location: { relative: "left", model_name: "cow" } }],
      },
    ]);
  });

  it("reads several actions in one sentence, a habitat with its creatures, and maps habitats onto the catalog's", async () => {
    expect((await say("a forest with two wolves and a deer")).body.actions).toEqual([
      { action: "change_habitat", habitat: "forest", models: [] },
      {
        action: "add_model",
        models: [
          { name: "wolf", number: 2 },
          { name: "deer", number: 1 },
        ],
      },
    ]);
    const { actions } = (
      await say("add a lion, then remove the foxes and make it a savannah; move the wolves far from the lion")
    ).body;
    expect(actions).toEqual([
      { action: "add_model", models: [{ name: "lion", number: 1 }] },
      { action: "remove_model", models: [{ name: "fox", number: 0 }] },
      { action: "change_habitat", habitat: "grass", models: [] },
      {
        action: "move_model",
        models: [{ name: "wolf", number: 0, location: { relative: "far", model_name: "lion" } }],
      },
    ]);
    // A habitat with no catalog flag is named as said.
    expect((await say("take me to space")).body.actions).toEqual([
      { action: "change_habitat", habitat: "space", models: [] },
    ]);
  });

  it("resolves names through the service's index, fuzzily after a verb; what it cannot read gives no action", async () => {
    expect((await say("add two zebbras")).body.actions).toEqual([
      { action: "add_model", models: [{ name: "zebra", number: 2 }] },
    ]);
    expect((await say("add an arctic fox")).body.actions).toEqual([
      { action: "add_model", models: [{ name: "arctic fox", number: 1 }] },
    ]);
    const none = await say("fly me to the moon");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ actions: [] });
    expect((await say("")).body).toEqual({ actions: [] });
    // An unknown creature is dropped, the known one kept.
    expect((await say("add a qwxyzzy and a horse")).body.actions).toEqual([
      { action: "add_model", models: [{ name: "horse", number: 1 }] },
    ]);
  });

  it("names what a verb asked for and the catalog lacks altogether in unknown_models, beside the actions", async () => {
    expect((await say("add two unicorns")).body).toEqual({
      actions: [],
      unknown_models: [{ action: "add_model", name: "unicorn", number: 2 }],
    });
    expect((await say("add a qwxyzzy and a horse, then remove the dragons")).body).toEqual({
      actions: [{ action: "add_model", models: [{ name: "horse", number: 1 }] }],
      unknown_models: [
        { action: "add_model", name: "qwxyzzy", number: 1 },
        { action: "remove_model", name: "dragon", number: 0 },
      ],
    });
    // Words with no verb name nothing unknown; known names, none.
    expect((await say("fly me to the moon")).body).toEqual({ actions: [] });
    expect((await say("add two zebbras")).body).not.toHaveProperty("unknown_models");
  });

  it("answers errors as lookups do: key missing or wrong, no text, too long, wrong method", async () => {
    expect((await say("add a fox", keyed.url, null)).status).toBe(401);
    expect((await say("add a fox", keyed.url, "wrong-key")).status).toBe(403);
    expect((await say("add a fox", keyed.url, "dev-key")).status).toBe(200);
    const noText = await fetch(`${service.url}/parse-text-command`, {
      method: "POST",
      body: new URLSearchParams({ key: "dev-key" }),
    });
    expect(noText.status).toBe(400);
    expect(((await noText.json()) as { message: string }).message).toMatch(/text/);
    expect((await say("add a fox ".repeat(200))).status).toBe(400);
    const get = await fetch(`${service.url}/parse-text-command?key=dev-key&text=fox`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    // The key may also come in the query; CORS as everywhere.
    const queried = await fetch(`${service.url}/parse-text-command?key=dev-key`, {
      method: "POST",
      body: new URLSearchParams({ text: "add a fox" }),
      headers: { origin: "http://game.example" },
    });
    expect(queried.status).toBe(200);
    expect(queried.headers.get("access-control-allow-origin")).toBe("*");
    const multipart = new FormData();
    multipart.set("text", "add a cat");
    multipart.set("key", "dev-key");
    const fromMultipart = await fetch(`${service.url}/parse-text-command`, { method: "POST", body: multipart });
    expect(((await fromMultipart.json()) as { actions: unknown[] }).actions).toEqual([
      { action: "add_model", models: [{ name: "cat", number: 1 }] },
    ]);
  });
});

describe("client.parseTextCommand", () => {
  it("reads the actions, typed", async () => {
    const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", retry: 0 });
    const command = await client.parseTextCommand("add three zebras near the pond, then remove the bears");
    expect(command).toEqual({
      actions: [
        {
          action: "add_model",
          models: [{ name: "zebra", number: 3, location: { relative: "near", modelName: "pond" } }],
        },
        { action: "remove_model", models: [{ name: "bear", number: 0 }] },
      ],
      skipped: [],
    });
    const refused = await createLookupClient({ baseUrl: service.url, apiKey: "not-a-key-123", retry: 0 })
      .parseTextCommand("add a fox")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HTTPError);
    expect((refused as HTTPError).status).toBe(403);
    expect(String((refused as Error).message)).not.toContain("not-a-key-123");
  });

  it("keeps unknown action kinds out of the actions and reports them, without failing the others", async () => {
    const odd: Server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          actions: [
            { action: "add_model", models: [{ name: "fox", number: 2 }] },
            { action: "paint_sky", colour: "red" },
            { action: "remove_model", models: [{ name: "", number: -1 }] },
          ],
        }),
      );
    });
    await new Promise<void>((r) => odd.listen(0, "127.0.0.1", r));
    try {
      const { port } = odd.address() as AddressInfo;
      const client = createLookupClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "k", retry: 0 });
      const command = await client.parseTextCommand("whatever");
      expect(command.actions).toEqual([{ action: "add_model", models: [{ name: "fox", number: 2 }] }]);
      expect(command.skipped.map((s) => [s.index, s.action])).toEqual([
        [1, "paint_sky"],
        [2, "remove_model"],
      ]);
      expect(command.skipped[0]!.issues.length).toBeGreaterThan(0);
      expect(command).not.toHaveProperty("unknownModels");
    } finally {
      await new Promise((r) => odd.close(r));
    }
  });
});

describe("client.parseTextCommand: unknown models", () => {
  it("reads the reference service's unknown_models, typed", async () => {
    const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", retry: 0 });
    expect(await client.parseTextCommand("add two unicorns and a fox")).toEqual({
      actions: [{ action: "add_model", models: [{ name: "fox", number: 1 }] }],
      skipped: [],
      unknownModels: [{ action: "add_model", name: "unicorn", number: 2 }],
    });
  });

  it("keeps the entries of unknown_models that validate, and reads a malformed field as none", async () => {
    const answers = [
      {
        actions: [],
        unknown_models: [{ action: "add_model", name: "griffin" }, { action: "paint_sky", name: "x" }, { name: "" }, 7],
      },
      { actions: [], unknown_models: "unicorn" },
    ];
    const odd: Server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(answers.shift()));
    });
    await new Promise<void>((r) => odd.listen(0, "127.0.0.1", r));
    try {
      const { port } = odd.address() as AddressInfo;
      const client = createLookupClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "k", retry: 0 });
      expect(await client.parseTextCommand("one")).toEqual({
        actions: [],
        skipped: [],
        unknownModels: [{ action: "add_model", name: "griffin", number: 1 }],
      });
      expect(await client.parseTextCommand("two")).toEqual({ actions: [], skipped: [] });
    } finally {
      await new Promise((r) => odd.close(r));
    }
  });
});

describe("proxy mode", () => {
  const UPSTREAM_KEY = "upstream-secret-text-9c1e";
  let upstream: TestService;
  let proxy: TestService;
  const sent: { url: string; body: string }[] = [];
  beforeAll(async () => {
    upstream = await startTestService({ catalogDir, apiKeys: [UPSTREAM_KEY], allowAnonymous: false });
    const recording: typeof fetch = async (input, init) => {
      sent.push({ url: String(input), body: String(init?.body ?? "") });
      return fetch(input, init);
    };
    proxy = await startTestService({
      upstream: { url: upstream.url, key: UPSTREAM_KEY, fetch: recording },
      rateLimit: { capacity: 2, refillPerSecond: 0.001 },
      allowAnonymous: true,
    });
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  it("forwards the text upstream with the server's key, never the browser's, and applies its limits", async () => {
    const first = await say("add two wolves", proxy.url, "dev-key");
    expect(first.status).toBe(200);
    expect(first.body.actions).toEqual([{ action: "add_model", models: [{ name: "wolf", number: 2 }] }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${upstream.url}/parse-text-command`);
    const body = new URLSearchParams(sent[0]!.body);
    expect(body.get("key")).toBe(UPSTREAM_KEY);
    expect(body.get("text")).toBe("add two wolves");
    expect(sent[0]!.body).not.toContain("dev-key"); // the browser's key stays with the proxy
    expect(JSON.stringify(first.body)).not.toContain(UPSTREAM_KEY);
    // The proxy's own rate limit (2 per client: here keyless ones, by address) answers 429
    // before anything goes upstream.
    expect((await say("add a fox", proxy.url, null)).status).toBe(200);
    expect((await say("add a fox", proxy.url, null)).status).toBe(200);
    const limited = await say("add a fox", proxy.url, null);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(sent).toHaveLength(3);
  });
});
