/**
 * Issue #29, finding 1: a search page of 1 000 records is built and sent a piece at a time, so
 * a name lookup sent while it streams is answered before the page's last byte, and a client
 * that hangs up stops the work. Counted, not timed: the server side tallies the page bytes it
 * has handed to the socket (the body read through a counting stream, as countingService.ts
 * does), and the client counts the page bytes it has received, at the moment the lookup answers.
 * Built in one turn (as before), the whole page is handed over before the lookup is even read.
 */

import { writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { get as httpGet, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CatalogEntry } from "../../src/catalog/catalogFormat.js";
import { CatalogStore } from "../../src/service/catalogStore.js";
import { createLookupService, type LookupService } from "../../src/service/index.js";
import { PAGE_PIECE_RECORDS, PageTurns, PIECES_PER_TURN, pageBody } from "../../src/service/pageBody.js";
import { listenOnLoopback } from "../helpers/httpServer.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";

const HERD = 1200;
const PAGE = `/anything?key=dev-key&search=herd&maxResultNum=-1`;
/** A fixed clock: every answer of the file signs its links for the same expiry. */
const NOW = 1_800_000_000_000;

/** Page bytes handed to the socket so far, and whether the client's hang-up reached the body. */
interface Tally {
  produced: number;
  cancelled: boolean;
}

let catalog: FixtureCatalog;
let service: LookupService;
let url: string;
let close: () => Promise<void>;
const pages: Tally[] = [];
/** For each name lookup answered: the bytes of the page then streaming handed over so far. */
const producedAtLookup: number[] = [];

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  // 1 200 records tagged "herd" beside the fixture's own, each with a dozen links (the size of
  // a generated record's), so a full page is about 1 000 × 2.5 KB.
  const template = catalog.records[0]!;
  const parts = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`part${i}`, Object.values(template.model.parts)[0]!]),
  );
  const herd: CatalogEntry[] = Array.from({ length: HERD }, (_, i) => ({
    ...template,
    _id: `herd-${i}`,
    name: `herd beast ${String(i).padStart(4, "0")}`,
    tags: ["herd"],
    model: { ...template.model, parts },
  }));
  const records = [...catalog.records, ...herd];
  await writeFile(join(catalog.dir, "catalog.json"), JSON.stringify({ version: 1, generator: "test", records }));
  service = await createLookupService({
    catalogDir: catalog.dir,
    signingKey: TEST_SIGNING_KEY,
    rateLimit: false,
    now: () => NOW,
  });
  const server = createAdaptorServer({
    hostname: "127.0.0.1",
    fetch: async (request: Request, env: unknown) => {
      const response = await service.fetch(request, env);
      const query = new URL(request.url).searchParams;
      if (query.has("name")) producedAtLookup.push(pages.at(-1)?.produced ?? -1);
      if (!query.has("search") || !response.body) return response;
      const tally: Tally = { produced: 0, cancelled: false };
      pages.push(tally);
      const reader = response.body.getReader();
      const counted = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            tally.produced += value.byteLength;
            controller.enqueue(value);
          },
          cancel(reason) {
            tally.cancelled = true;
            return reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(counted, response);
    },
  }) as Server;
  ({ close } = await listenOnLoopback(server).then(({ port, close }) => {
    url = `http://127.0.0.1:${port}`;
    return { close };
  }));
});
afterAll(async () => {
  await close?.();
  await catalog?.remove();
});

/** GET over node:http, counting the body's bytes as they arrive; `onData` sees each count. */
function getCounted(path: string, onData: (received: number, res: IncomingMessage) => void = () => undefined) {
  return new Promise<{ res: IncomingMessage; body: Buffer }>((resolve, reject) => {
    const req = httpGet(`${url}${path}`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        onData(received, res);
      });
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe("a page streamed in pieces", () => {
  it("answers a name lookup sent after the page's first bytes before its last byte", async () => {
    let lookup: Promise<{ status: number; pageReceived: number }> | undefined;
    let received = 0;
    const page = await getCounted(PAGE, (count) => {
      received = count;
      lookup ??= fetch(`${url}/anything?key=dev-key&name=fox`).then(async (res) => {
        await res.arrayBuffer();
        return { status: res.status, pageReceived: received };
      });
    });
    const answered = await lookup!;
    const total = page.body.byteLength;
    expect(page.res.statusCode).toBe(200);
    expect((JSON.parse(page.body.toString("utf8")) as unknown[]).length).toBe(1000);
    expect(answered.status).toBe(200);
    // Server side: the page was not all handed over when the lookup's answer was.
    expect(producedAtLookup).toHaveLength(1);
    expect(producedAtLookup[0]).toBeGreaterThan(0);
    expect(producedAtLookup[0]).toBeLessThan(total);
    // Client side: the lookup's answer came before the page's last byte.
    expect(answered.pageReceived).toBeLessThan(total);
    expect(pages.at(-1)!.produced).toBe(total);
  });

  it("sends the same bytes as the page built whole: pieces of one piece each, joined", async () => {
    const page = await getCounted(PAGE);
    // Past one piece the page goes out chunked, without a Content-Length.
    expect(page.res.headers["content-length"]).toBeUndefined();
    expect(page.res.headers["transfer-encoding"]).toBe("chunked");
    const slices: string[] = [];
    for (let offset = 0; offset < 1000; offset += PAGE_PIECE_RECORDS) {
      const n = Math.min(PAGE_PIECE_RECORDS, 1000 - offset);
      const slice = await getCounted(`${PAGE.replace("-1", String(n))}&offset=${offset}`);
      // One piece or less is sent whole, with its length, as before.
      expect(slice.res.headers["content-length"]).toBe(String(slice.body.byteLength));
      slices.push(slice.body.toString("utf8").slice(1, -1));
    }
    expect(page.body.toString("utf8")).toBe(`[${slices.join(",")}]`);
    const records = JSON.parse(page.body.toString("utf8")) as CatalogEntry[];
    expect(records.map((r) => r._id)).toEqual(
      (JSON.parse(`[${slices.join(",")}]`) as CatalogEntry[]).map((r) => r._id),
    );
    expect(new Set(records.map((r) => r._id)).size).toBe(1000);
  });

  it("stops building the page when the client hangs up", async () => {
    const before = pages.length;
    // The service's own work: every record it serialises for a page goes through recordBytes.
    const built = vi.spyOn(CatalogStore.prototype, "recordBytes");
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(`${url}${PAGE}`, { agent: false }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(error)));
    });
    const tally = pages[before]!;
    for (let i = 0; i < 200 && !tally.cancelled; i++) await new Promise((r) => setTimeout(r, 10));
    expect(tally.cancelled).toBe(true);
    // A full page is about 2.5 MB; what was built before the hang-up was a few pieces.
    expect(tally.produced).toBeLessThan(1_000_000);
    // And the service built no more than that: a few pieces of records, not the page's 1 000,
    // and none after the hang-up, however many turns pass.
    try {
      const atHangUp = built.mock.calls.length;
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 50));
      expect(built.mock.calls.length).toBe(atHangUp);
      expect(atHangUp).toBeGreaterThan(0);
      expect(atHangUp).toBeLessThan(1000 / 4);
    } finally {
      built.mockRestore();
    }
  });
});

describe("pageBody", () => {
  const json = (n: number) => JSON.stringify({ n });
  const bytes = (n: number) => new TextEncoder().encode(json(n));
  const read = (body: Uint8Array | ReadableStream<Uint8Array>) =>
    body instanceof Uint8Array ? new TextDecoder().decode(body) : new Response(body).text();

  it("is one array up to one piece, a stream past it, with the bytes of a join either way", async () => {
    for (const count of [0, 1, 3, 4, 5, 9]) {
      const items = Array.from({ length: count }, (_, i) => i);
      const body = pageBody(items, bytes, () => undefined, new PageTurns(), 4);
      expect(body instanceof Uint8Array).toBe(count <= 4);
      expect(await read(body)).toBe(`[${items.map(json).join(",")}]`);
    }
  });

  it("serialises a record only when its piece is read", async () => {
    const built: number[] = [];
    const body = pageBody(
      Array.from({ length: 10 }, (_, i) => i),
      (n) => {
        built.push(n);
        return bytes(n);
      },
      () => undefined,
      new PageTurns(),
      4,
    ) as ReadableStream<Uint8Array>;
    expect(built).toEqual([]);
    const reader = body.getReader();
    await reader.read();
    expect(built).toEqual([0, 1, 2, 3]);
    await reader.cancel();
    expect(built).toHaveLength(4);
  });

  it("builds at most PIECES_PER_TURN pieces a turn, of the oldest pages waiting", async () => {
    const turns = new PageTurns();
    const built: string[] = [];
    const bodies = Array.from({ length: 6 }, (_, page) =>
      pageBody(
        ["a", "b", "c"],
        (piece) => {
          built.push(`${page}${piece}`);
          return bytes(page);
        },
        () => undefined,
        turns,
        1,
      ),
    );
    await Promise.all(bodies.map(read));
    expect(PIECES_PER_TURN).toBe(4);
    // First pieces at once; then four pages' pieces a turn, the oldest first, so pages 0-3
    // finish before pages 4 and 5 get their second piece.
    expect(built.filter((b) => !b.endsWith("a"))).toEqual([
      "0b",
      "1b",
      "2b",
      "3b",
      "0c",
      "1c",
      "2c",
      "3c",
      "4b",
      "5b",
      "4c",
      "5c",
    ]);
  });

  it("errors the stream and tells `fail` when a record cannot be serialised", async () => {
    const failures: unknown[] = [];
    const body = pageBody(
      [1, 2, 3, 4, 5],
      (n) => {
        if (n === 5) throw new Error("record 5");
        return bytes(n);
      },
      (error) => failures.push(error),
      new PageTurns(),
      2,
    );
    await expect(read(body)).rejects.toThrow("record 5");
    expect(failures).toHaveLength(1);
  });
});

describe("the proxy in front of a streaming service", () => {
  let proxy: TestService;
  beforeAll(async () => {
    proxy = await startTestService({ upstream: { url, key: "dev-key" }, now: () => NOW });
  });
  afterAll(() => proxy?.close());

  it("reads the streamed page whole and answers the same records", async () => {
    const direct = JSON.parse((await getCounted(PAGE)).body.toString("utf8")) as unknown[];
    const res = await fetch(`${proxy.url}${PAGE}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(direct);
  });
});
