/** The signed asset route over real HTTP on 127.0.0.1. */

import { createHash } from "node:crypto";
import { copyFile, mkdir, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelRecord, ModelRecordSchema } from "../../src/records/schemas.js";
import { signUrl } from "../../src/service/signing.js";
import { BOX_OBJ, MTL_TEXT, PNG_BYTES } from "../helpers/serviceCatalog.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";

const START_MS = 1_800_000_000_000;
let nowMs = START_MS;
let server: TestService;
let fox: ModelRecord;

const key = { keyName: "menagerie", secret: TEST_SIGNING_KEY };
const expires = START_MS / 1000 + 3600;
/** Signs a raw path on the server, as the service would. */
const signed = (path: string, options: Partial<typeof key> = {}) =>
  signUrl(`${server.url}${path}`, { ...key, ...options, expires });

async function body(response: Response) {
  return { status: response.status, json: (await response.json()) as unknown };
}

beforeAll(async () => {
  server = await startTestService({ now: () => nowMs });
  await symlink(join(server.catalog!.outsideDir, "secret.txt"), join(server.catalog!.dir, "fox", "escape.txt"));
  await symlink(join(server.catalog!.dir, "fox", "body.obj"), join(server.catalog!.dir, "fox", "alias.obj"));
  // A sibling folder whose name starts with the catalog's: `<root>/catalog-evil` is outside
  // `<root>/catalog`, though its path starts with the catalog's path.
  const sibling = `${server.catalog!.dir}-evil`;
  await mkdir(sibling);
  await writeFile(join(sibling, "secret.txt"), "beside the catalog");
  await symlink(join(sibling, "secret.txt"), join(server.catalog!.dir, "fox", "sibling.txt"));
  expect(dirname(sibling)).toBe(dirname(server.catalog!.dir));
  fox = ModelRecordSchema.parse(await (await fetch(`${server.url}/anything?key=dev-key&name=fox`)).json());
});
afterAll(() => server.close());

describe("a valid signed link", () => {
  it("serves each file with its content type and bytes", async () => {
    const expected: [string, string, string | Buffer][] = [
      [fox.model.parts["body"]!, "model/obj", BOX_OBJ],
      [fox.model.other.model!, "model/obj", BOX_OBJ],
      [fox.model.other.material!, "model/mtl", MTL_TEXT],
      [fox.model.other.texture[0]!, "image/png", PNG_BYTES],
      [fox.model.other.reference!, "image/jpeg", PNG_BYTES],
    ];
    for (const [url, type, content] of expected) {
      const res = await fetch(url);
      expect([res.status, res.headers.get("content-type")]).toEqual([200, type]);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
    }
  });

  it("may be cached privately until the link expires, with an ETag", async () => {
    nowMs = START_MS + 600_000;
    const res = await fetch(fox.model.parts["body"]!);
    nowMs = START_MS;
    expect(res.headers.get("cache-control")).toBe("private, max-age=3000");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get("content-length")).toBe(String(BOX_OBJ.length));
  });

  it("takes its ETag from the file's content (a hash), not its mtime", async () => {
    const hashed = `"${createHash("sha256").update(BOX_OBJ).digest("base64url").slice(0, 27)}"`;
    const body = await fetch(fox.model.parts["body"]!);
    // Another file with the same bytes, written at another moment, has the same tag.
    const file = join(server.catalog!.dir, "fox", "body.obj");
    const copy = join(server.catalog!.dir, "fox", "copy.obj");
    await copyFile(file, copy);
    await utimes(copy, new Date(2001, 0, 1), new Date(2001, 0, 1));
    const copied = await fetch(signed("/assets/fox/copy.obj"));
    expect([body.headers.get("etag"), copied.headers.get("etag")]).toEqual([hashed, hashed]);
    expect(hashed).not.toContain(Math.floor((await stat(file)).mtimeMs).toString(16));
  });

  it("answers 304 with no body when the ETag matches, 200 when it does not", async () => {
    const url = fox.model.parts["head"]!;
    const etag = (await fetch(url)).headers.get("etag")!;
    const same = await fetch(url, { headers: { "if-none-match": etag } });
    expect([same.status, await same.text(), same.headers.get("etag"), same.headers.get("cache-control")]).toEqual([
      304,
      "",
      etag,
      "private, max-age=3600",
    ]);
    expect((await fetch(url, { headers: { "if-none-match": `W/${etag}` } })).status).toBe(304);
    expect((await fetch(url, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("names the type of every known extension, in any case, and serves anything else as bytes", async () => {
    const types: Record<string, string> = {
      "a.glb": "model/gltf-binary",
      "a.gltf": "model/gltf+json",
      "a.json": "application/json",
      "a.jpeg": "image/jpeg",
      "B.GLB": "model/gltf-binary",
      "a.bin": "application/octet-stream",
    };
    for (const name of Object.keys(types)) await writeFile(join(server.catalog!.dir, "fox", name), "{}");
    const served: Record<string, string | null> = {};
    for (const name of Object.keys(types)) {
      served[name] = (await fetch(signed(`/assets/fox/${name}`))).headers.get("content-type");
    }
    expect(served).toEqual(types);
  });

  it("hashes a file again when its size or mtime changes, and only then", async () => {
    const file = join(server.catalog!.dir, "fox", "memo.obj");
    const etag = async () => (await fetch(signed("/assets/fox/memo.obj"))).headers.get("etag");
    const at = (seconds: number) => utimes(file, seconds, seconds);
    await writeFile(file, "v 1 1 1\n");
    await at(1_000_000);
    const first = await etag();
    // Same size, new mtime: hashed again.
    await writeFile(file, "v 2 2 2\n");
    await at(1_000_000);
    const sameSizeAndMtime = await etag(); // the memo trusts size and mtime: no read
    await at(2_000_000);
    const newMtime = await etag();
    // New size, mtime put back: hashed again.
    await writeFile(file, "v 3 3 3 3\n");
    await at(2_000_000);
    const newSize = await etag();
    expect(sameSizeAndMtime).toBe(first);
    expect(new Set([first, newMtime, newSize]).size).toBe(3);
  });

  it("matches If-None-Match lists and *", async () => {
    const url = fox.model.parts["head"]!;
    const etag = (await fetch(url)).headers.get("etag")!;
    for (const header of [`"other", ${etag}`, `"other",W/${etag}`, "*"]) {
      expect({ header, status: (await fetch(url, { headers: { "if-none-match": header } })).status }).toEqual({
        header,
        status: 304,
      });
    }
    expect((await fetch(url, { headers: { "if-none-match": `"other", W/"more"` } })).status).toBe(200);
  });

  it("serves a file with a colon in its name: only a leading drive letter is refused", async () => {
    await writeFile(join(server.catalog!.dir, "fox", "draft:2.obj"), BOX_OBJ);
    expect((await fetch(signed("/assets/fox/draft:2.obj"))).status).toBe(200);
  });

  it("answers 404 for a signed path to a folder", async () => {
    expect(await body(await fetch(signed("/assets/fox")))).toEqual({
      status: 404,
      json: { code: "Not found", message: "Asset not found." },
    });
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await fetch(fox.model.parts["body"]!, { method: "HEAD" });
    expect([res.status, res.headers.get("content-type"), await res.text()]).toEqual([200, "model/obj", ""]);
  });

  it("is readable cross-origin", async () => {
    const res = await fetch(fox.model.parts["body"]!, { headers: { origin: "https://game.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("follows a symlink that stays inside the catalog", async () => {
    expect((await fetch(signed("/assets/fox/alias.obj"))).status).toBe(200);
  });

  it("answers 404 for a signed path with no file", async () => {
    expect(await body(await fetch(signed("/assets/fox/missing.obj")))).toEqual({
      status: 404,
      json: { code: "Not found", message: "Asset not found." },
    });
  });
});

describe("anything else is 403", () => {
  // Every refusal reads the same: which check failed would only help whoever probes the links.
  const forbidden = () => ({ status: 403, json: { code: "Forbidden", message: "Forbidden" } });

  it("refuses a link without a signature", async () => {
    const bare = fox.model.parts["body"]!.split("?")[0]!;
    expect(await body(await fetch(bare))).toEqual(forbidden());
  });

  it("refuses a tampered path, expiry or signature", async () => {
    const url = fox.model.parts["body"]!;
    const bad = forbidden();
    expect(await body(await fetch(url.replace("/fox/body.obj", "/fox/head.obj")))).toEqual(bad);
    expect(await body(await fetch(url.replace(`Expires=${expires}`, `Expires=${expires + 1}`)))).toEqual(bad);
    const sig = url.slice(url.indexOf("Signature=") + 10);
    expect(await body(await fetch(url.replace(sig, (sig[0] === "a" ? "b" : "a") + sig.slice(1))))).toEqual(bad);
  });

  it("refuses an expired link, then serves it again under an earlier clock (nothing is remembered)", async () => {
    const url = fox.model.parts["body"]!;
    nowMs = expires * 1000;
    const expired = await body(await fetch(url));
    nowMs = START_MS;
    expect(expired).toEqual(forbidden());
    expect((await fetch(url)).status).toBe(200);
  });

  it("refuses a link signed under another key name", async () => {
    expect(await body(await fetch(signed("/assets/fox/body.obj", { keyName: "other" })))).toEqual(forbidden());
  });

  it("refuses paths that leave the catalog, even correctly signed", async () => {
    const outside = forbidden();
    for (const path of [
      "/assets/fox/..%2F..%2Foutside%2Fsecret.txt",
      "/assets/%2Fetc%2Fpasswd",
      "/assets/fox/..%5C..%5Coutside%5Csecret.txt",
      "/assets/fox/escape.txt",
      "/assets/fox/sibling.txt",
      // An empty segment, a NUL, a drive letter, an escape that does not decode.
      "/assets/fox//body.obj",
      "/assets/fox/body.obj%00",
      "/assets/C:body.obj",
      "/assets/fox/%E0%A4%A",
    ]) {
      expect({ path, ...(await body(await fetch(signed(path)))) }).toEqual({ path, ...outside });
    }
  });

  it.each(["/assets/../../outside/secret.txt", "/assets/%2e%2e/%2E%2E/outside/secret.txt"])(
    "never serves %s: URL parsing folds dot segments out of /assets/ before routing",
    async (path) => {
      const url = new URL(signed("/assets/fox/body.obj"));
      const raw = `${path}${url.search}`;
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: server.port, path: raw }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on("error", reject);
        req.end();
      });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({
        code: "Not found",
        message: "No such route: use /anything or /assets/.",
      });
    },
  );

  it("answers non-GET methods with 405", async () => {
    const res = await fetch(fox.model.parts["body"]!, { method: "DELETE" });
    expect(await body(res)).toEqual({
      status: 405,
      json: { code: "Method not allowed", message: "Only GET requests are allowed." },
    });
  });
});
