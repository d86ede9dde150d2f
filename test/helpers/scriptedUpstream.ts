/**
 * An upstream on a real loopback port that answers what each test scripts, and proxies started
 * against it on a still clock: the harness of the proxy's edge tests. Call it at the top of a
 * test file; it registers its own start, reset and stop hooks.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { UpstreamOptions } from "../../src/service/upstreamOptions.js";
import { createTestServer, type TestServer } from "./httpServer.js";
import { startTestService } from "./serviceServer.js";

/** What the upstream answers for one name, search or id. */
export interface Scripted {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answers (closed with the server). */
  hang?: boolean;
}

/** The clock every proxy of the harness reads, reset to this before each test. */
export const T0 = 1_800_000_000_000;

export interface ScriptedUpstream {
  /** Answers by the value of the name, search or id asked for; cleared before each test. */
  readonly script: Map<string, Scripted>;
  /** The running upstream (its `requests` are cleared before each test). */
  upstream(): TestServer;
  /** Sets the still clock (ms). */
  setNow(ms: number): void;
  /** A signed link expiring `seconds` after {@link T0}. */
  link(seconds: number): string;
  /** Runs `use` against a proxy of the upstream made with `options`, with its log lines. */
  withProxy(
    options: Partial<UpstreamOptions>,
    use: (get: (query: string) => Promise<Response>, lines: string[]) => Promise<void>,
  ): Promise<void>;
}

/** The harness, with `key` as the proxy's upstream key. */
export function scriptedUpstream(key: string): ScriptedUpstream {
  const script = new Map<string, Scripted>();
  let nowMs = T0;
  let upstream: TestServer | undefined;
  beforeAll(async () => {
    upstream = await createTestServer((req, res) => {
      const q = new URL(req.url ?? "/", "http://x").searchParams;
      const asked = q.get("name") ?? q.get("search") ?? q.get("id") ?? "";
      const s = script.get(asked) ?? {};
      if (s.hang) return;
      res.writeHead(s.status ?? 200, { "content-type": "application/json", ...s.headers });
      res.end(s.body ?? JSON.stringify({ name: asked }));
    });
  });
  afterAll(() => upstream?.close());
  beforeEach(() => {
    nowMs = T0;
    script.clear();
    if (upstream) upstream.requests.length = 0;
  });
  return {
    script,
    upstream: () => upstream!,
    setNow: (ms) => {
      nowMs = ms;
    },
    link: (seconds) => `http://cdn.test/a.obj?Expires=${T0 / 1000 + seconds}&KeyName=k&Signature=s`,
    async withProxy(options, use) {
      const lines: string[] = [];
      const proxy = await startTestService({
        upstream: { url: upstream!.url, key, ...options },
        now: () => nowMs,
        log: (line) => lines.push(line),
      });
      try {
        await use((query) => fetch(`${proxy.url}/anything?${query}`), lines);
      } finally {
        await proxy.close();
      }
    },
  };
}
