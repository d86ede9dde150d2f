/**
 * The asset route where mutation testing found the other asset tests blind: a signed link whose
 * path spells the route's prefix with a percent escape (the router decodes it, the route must
 * not), the ETag memo held to MAX_ETAGS files, oldest out first, and a HEAD answered without
 * opening the file. The first over real HTTP on 127.0.0.1; the memo and HEAD through
 * `serveAsset` itself, as the service never lends its memo nor hands the route a HEAD body.
 */
import { mkdtemp, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AssetRouteContext, type EtagMemo, serveAsset } from "../../src/service/assetRoute.js";
import { signUrl } from "../../src/service/signing.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";

const NOW_MS = 1_800_000_000_000;
const key = { keyName: "menagerie", secret: TEST_SIGNING_KEY };
const expires = NOW_MS / 1000 + 3600;
/** The memo's cap in assetRoute.ts (not exported: the service's own memo is private to it). */
const MAX_ETAGS = 10_000;

let server: TestService;
let dir: string;

beforeAll(async () => {
  server = await startTestService({ now: () => NOW_MS });
  dir = await realpath(await mkdtemp(join(tmpdir(), "menagerie-etags-")));
  for (const name of ["a.obj", "b.obj"]) await write(name, `o ${name}\n`);
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Asks the route for `name` in `dir`, through a signed link, as `method`. */
function serve(name: string, etags: EtagMemo, method = "GET"): Promise<Response> {
  const url = signUrl(`http://assets.test/assets/${name}`, { ...key, expires });
  const context: AssetRouteContext = { dir, prefix: "/assets/", keys: [key], now: () => NOW_MS, etags };
  return serveAsset(new Request(url, { method }), context);
}

/** A file's mtime, in whole seconds, so that putting it back gives the very same mtimeMs. */
const MTIME_S = NOW_MS / 1000 - 60;

async function write(name: string, text: string): Promise<void> {
  await writeFile(join(dir, name), text);
  await utimes(join(dir, name), MTIME_S, MTIME_S);
}

/** Rewrites `name` with other bytes of the same length and the same mtime: only a hash tells. */
const changeInPlace = (name: string) => write(name, `O ${name}\n`);

describe("the asset route's prefix", () => {
  it("refuses a signed link whose path spells the prefix with a percent escape", async () => {
    const path = "/%61ssets/fox/body.obj";
    const res = await fetch(signUrl(`${server.url}${path}`, { ...key, expires }));
    expect([res.status, await res.json()]).toEqual([403, { code: "Forbidden", message: "Forbidden" }]);
    // The same file under the prefix as it is spelled is served.
    expect((await fetch(signUrl(`${server.url}/assets/fox/body.obj`, { ...key, expires }))).status).toBe(200);
  });
});

describe("the ETag memo", () => {
  it("remembers each file it hashed until MAX_ETAGS are, then forgets the oldest first", async () => {
    const etags: EtagMemo = new Map();
    const first = (await serve("a.obj", etags)).headers.get("etag");
    await serve("b.obj", etags);
    await changeInPlace("a.obj");
    // Size and mtime unchanged: a.obj's ETag comes from the memo, b.obj did not push it out.
    expect((await serve("a.obj", etags)).headers.get("etag")).toBe(first);
    expect(etags.size).toBe(2);
    const known = etags.get(join(dir, "a.obj"))!;
    for (let i = etags.size; i < MAX_ETAGS; i++) etags.set(join(dir, `other-${i}`), known);
    expect(etags.size).toBe(MAX_ETAGS);
    await write("c.obj", "o c.obj\n");
    await serve("c.obj", etags);
    // c.obj took the place of the oldest, a.obj, which is hashed anew: its bytes changed.
    expect(etags.size).toBe(MAX_ETAGS);
    expect(etags.has(join(dir, "a.obj"))).toBe(false);
    expect((await serve("a.obj", etags)).headers.get("etag")).not.toBe(first);
  });
});

describe("a HEAD request", () => {
  it("gets the headers of a GET and no body", async () => {
    const etags: EtagMemo = new Map();
    const get = await serve("b.obj", etags);
    const head = await serve("b.obj", etags, "HEAD");
    expect(head.body).toBeNull();
    expect([...head.headers]).toEqual([...get.headers]);
    await get.body?.cancel();
  });
});

describe("an empty file", () => {
  it("is served as an empty body of length 0, as GET and as HEAD", async () => {
    await write("empty.mtl", "");
    const etags: EtagMemo = new Map();
    const get = await serve("empty.mtl", etags);
    const bytes = (await get.arrayBuffer()).byteLength;
    expect([get.status, get.headers.get("content-length"), bytes]).toEqual([200, "0", 0]);
    const head = await serve("empty.mtl", etags, "HEAD");
    expect([head.status, head.headers.get("content-length"), head.body]).toEqual([200, "0", null]);
  });
});
