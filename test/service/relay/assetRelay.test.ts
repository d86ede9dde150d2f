/**
 * The asset relay of proxy mode, end to end on real ports: a proxy in front of an upstream
 * shaped like the real service (tests/helpers/cdnUpstream.ts: one-element arrays, a separate
 * asset host with Cloud CDN links and no CORS), on one still clock shared by both.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getUrlExpiry, listAssetUrls } from "../../../src/records/signedUrl.js";
import { signUrl, verifySignedUrl } from "../../../src/service/signing.js";
import { type CdnFile, type CdnUpstream, startCdnUpstream } from "../../helpers/cdnUpstream.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../../helpers/serviceServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../../helpers/tinyModels.js";

const UPSTREAM_KEY = "upstream-secret-9c41";
const PNG = tinyPng([210, 110, 40]);
const GLB = Buffer.from("glTF fake bytes");
let clockMs = Date.UTC(2030, 0, 1);
const now = () => clockMs;
const logs: string[] = [];
/** A 302 of the asset host; its `location` is set by the test that follows it. */
const moved: CdnFile = { body: "", status: 302 };
let cdn: CdnUpstream;
let proxy: TestService;

beforeAll(async () => {
  cdn = await startCdnUpstream(
    {
      fox: {
        height: "45 cm",
        parts: quadrupedParts(),
        mtl: furMtl("fox fur.png"),
        textures: { "fox fur.png": PNG },
        whole: "v 0 0 0\n",
        reference: PNG,
        clips: { idle: GLB, walk: GLB },
        rigModel: GLB,
        formats: { glb: GLB },
        thumbnails: { small: { body: PNG, type: "image/png" } },
      },
      odd: {
        thumbnails: {
          "big.png": { body: Buffer.alloc(4096, 1), type: "image/png" },
          "page.png": { body: "<script>alert(1)</script>", type: "text/html" },
          "vector.svg": { body: "<svg/>", type: "image/svg+xml" },
          "notes.txt": { body: "hello", type: "text/plain" },
          "gone.png": { body: "no", status: 403 },
          "lost.png": { body: "no", status: 404 },
          "broken.png": { body: "no", status: 500 },
          "moved.png": moved,
          "ok.jpg": { body: PNG, type: "image/jpg" },
        },
      },
    },
    UPSTREAM_KEY,
    now,
  );
  proxy = await startProxy();
});
afterAll(async () => {
  await proxy?.close();
  await cdn?.close();
});
beforeEach(() => {
  clockMs += 3_600_000; // a fresh hour: no answer or file cached by an earlier test is still valid
  logs.length = 0;
  cdn.assets.requests.length = 0; // counts are per test
});

function startProxy(overrides: { signingKey?: string; maxCacheBytes?: number; publicUrl?: string } = {}) {
  return startTestService({
    ...(overrides.publicUrl ? { publicUrl: overrides.publicUrl } : {}),
    upstream: {
      url: cdn.url,
      key: UPSTREAM_KEY,
      relayAssets: {
        allowPrivateAddresses: true,
        maxAssetBytes: 2048,
        ...(overrides.maxCacheBytes ? { maxCacheBytes: overrides.maxCacheBytes } : {}),
      },
    },
    signingKey: overrides.signingKey ?? TEST_SIGNING_KEY,
    now,
    log: (line) => logs.push(line),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: raw JSON records
async function lookup(name: string, on = proxy): Promise<any> {
  const res = await fetch(`${on.url}/anything?name=${name}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[])[0];
}
// biome-ignore lint/suspicious/noExplicitAny: raw JSON records
async function upstreamRecord(name: string): Promise<any> {
  return ((await (await fetch(`${cdn.url}/anything?key=${UPSTREAM_KEY}&name=${name}`)).json()) as unknown[])[0];
}
const keys = [{ keyName: "menagerie", secret: TEST_SIGNING_KEY }];
const textureOf = (record: { model: { other: { texture: string[] } } }) => record.model.other.texture[0]!;

describe("the asset relay", () => {
  it("leaves GET /names to the proxy: forwarded with the server's key, cached, no link to rewrite", async () => {
    const before = cdn.api.requests.length;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxy.url}/names`);
      expect([res.status, await res.json()]).toEqual([200, ["fox", "odd"]]);
    }
    expect(cdn.api.requests.slice(before).map((r) => r.url)).toEqual([`/names?key=${UPSTREAM_KEY}`]);
  });

  it("rewrites every asset link to a signed relay link that ends with the upstream link", async () => {
    const [relayed, original] = [await lookup("fox"), await upstreamRecord("fox")];
    const links = listAssetUrls(relayed);
    const upstreamLinks = listAssetUrls(original);
    // 11 parts, MTL, whole model, texture, reference, 2 clips, rig model, 1 format, 1 thumbnail
    expect(links).toHaveLength(20);
    expect(upstreamLinks).toHaveLength(20);
    links.forEach((link, i) => {
      const upstream = upstreamLinks[i]!;
      expect(link.startsWith(`${proxy.url}/relay/`), link).toBe(true);
      expect(new URL(link).pathname.split("/").at(-1)).toBe(new URL(upstream).pathname.split("/").at(-1));
      const check = verifySignedUrl(link, { keys, now });
      expect(check).toEqual({ valid: true, expires: getUrlExpiry(upstream), keyName: "menagerie" });
    });
    expect(relayed.model.rig.animations.walk.glb.startsWith(`${proxy.url}/relay/`)).toBe(true);
    expect(relayed.original_source).toBe(original.original_source);
    expect(relayed.name).toBe("fox");
  });

  it("serves each file with CORS, an allowed type, a cache life that ends with the link, and an ETag", async () => {
    const fox = await lookup("fox");
    const link = textureOf(fox);
    const res = await fetch(link, { headers: { origin: "http://game.test" } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const secondsLeft = getUrlExpiry(link)! - Math.floor(clockMs / 1000);
    expect(res.headers.get("cache-control")).toBe(`private, max-age=${secondsLeft}`);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(link, { headers: { "if-none-match": etag } });
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);
    const head = await fetch(link, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, String(PNG.length), ""]);
    // The asset host names OBJ and MTL files application/octet-stream: the extension decides.
    const part = await fetch(fox.model.parts.body);
    expect([part.status, part.headers.get("content-type")]).toEqual([200, "model/obj"]);
    expect(await part.text()).toBe(quadrupedParts().body);
    expect((await fetch(fox.model.other.material)).headers.get("content-type")).toBe("model/mtl");
    expect((await fetch(fox.model.formats.glb)).headers.get("content-type")).toBe("model/gltf-binary");
  });

  it("costs the asset host one request per file, however many clients ask at once", async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => lookup("fox")));
    const answers = await Promise.all(clients.flatMap((record) => listAssetUrls(record).map((url) => fetch(url))));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    const paths = cdn.assetRequests("fox").map((r) => r.url.split("?", 1)[0]);
    expect(paths).toHaveLength(20);
    expect(new Set(paths).size).toBe(20);
    // Later clients, while the links live, are served from the relay's cache.
    await Promise.all(listAssetUrls(await lookup("fox")).map(async (url) => (await fetch(url)).arrayBuffer()));
    expect(cdn.assetRequests("fox")).toHaveLength(20);
  });

  it("answers 403 to tampered, unsigned, foreign or expired relay links, asking the asset host nothing", async () => {
    const link = textureOf(await lookup("fox"));
    const url = new URL(link);
    const [, , id, file] = url.pathname.split("/");
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const signature = url.searchParams.get("Signature")!;
    const expires = Number(url.searchParams.get("Expires"));
    const unsigned = `${proxy.url}/relay/${id}/${file}`;
    const bad = [
      link.replace(`Signature=${signature}`, `Signature=${flip(signature, 3)}`),
      link.replace(`Expires=${expires}`, `Expires=${expires + 1}`),
      link.replace(`/relay/${id}/`, `/relay/${flip(id!, 20)}/`),
      link.replace(`/${file}?`, "/other.png?"),
      unsigned,
      `${unsigned}?Expires=${expires}&KeyName=menagerie`,
      signUrl(unsigned, { keyName: "menagerie", secret: "another-secret", expires }),
      signUrl(`${proxy.url}/relay/${flip(id!, 20)}/${file}`, {
        keyName: "menagerie",
        secret: TEST_SIGNING_KEY,
        expires,
      }),
    ];
    for (const target of bad) {
      const res = await fetch(target);
      expect([target, res.status, await res.json()]).toEqual([
        target,
        403,
        { code: "Forbidden", message: "Forbidden" },
      ]);
    }
    expect(cdn.assetRequests("fox")).toHaveLength(0);
    clockMs = expires * 1000; // the second the upstream link (and so the relay link) expires
    expect((await fetch(link)).status).toBe(403);
    expect(cdn.assetRequests("fox")).toHaveLength(0);
  });

  it("never shows the upstream key, the asset host or its signatures in an answer or a log line", async () => {
    const upstreamLinks = [
      ...listAssetUrls(await upstreamRecord("fox")),
      ...listAssetUrls(await upstreamRecord("odd")),
    ];
    const secrets = [UPSTREAM_KEY, ...upstreamLinks.map((u) => new URL(u).searchParams.get("Signature")!)];
    const seen: string[] = [];
    const keep = async (res: Response) => seen.push(`${res.status} ${[...res.headers].join(" ")} ${await res.text()}`);
    for (const path of ["/anything?name=fox", "/anything?name=odd", "/anything?search=forest", "/anything?name=nope"]) {
      await keep(await fetch(`${proxy.url}${path}`));
    }
    const links = [...listAssetUrls(await lookup("fox")), ...listAssetUrls(await lookup("odd"))];
    for (const link of links) await keep(await fetch(link));
    expect(seen.length).toBe(4 + 20 + 9);
    expect(logs.length).toBeGreaterThan(0); // the odd files' failures were logged
    for (const text of [...seen, ...logs]) for (const secret of secrets) expect(text).not.toContain(secret);
    // Answers do not even tell where the files are (log lines name the failing file's path).
    for (const text of seen)
      for (const hidden of [cdn.assetOrigin, "/models/", "cdn-key"]) expect(text).not.toContain(hidden);
  });

  it("relays only the allowed types, within the size cap, and passes a refusal on as 403, a 404 as 404", async () => {
    const odd = await lookup("odd");
    const status = async (name: string) => {
      const res = await fetch(odd.thumbnails[name]);
      return [name, res.status, res.status === 200 ? res.headers.get("content-type") : (await res.json()).code];
    };
    expect(await Promise.all(Object.keys(odd.thumbnails).map(status))).toEqual([
      ["big.png", 502, "Upstream error"],
      ["page.png", 502, "Upstream error"],
      ["vector.svg", 502, "Upstream error"],
      ["notes.txt", 502, "Upstream error"],
      ["gone.png", 403, "Forbidden"],
      ["lost.png", 404, "Not found"],
      ["broken.png", 502, "Upstream error"],
      ["moved.png", 502, "Upstream error"],
      // PNG bytes declared image/jpg: typed by what the bytes are (#29), never relabelled.
      ["ok.jpg", 200, "image/png"],
    ]);
    expect(logs.some((line) => line.includes("asset over 2048 bytes"))).toBe(true);
  });

  it("does not follow a redirect of the asset host", async () => {
    const target = textureOf(await upstreamRecord("fox"));
    const odd = await lookup("odd");
    moved.location = target;
    try {
      const res = await fetch(odd.thumbnails["moved.png"]);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        code: "Upstream error",
        message: "The asset host answered with a redirect, which the relay does not follow.",
      });
    } finally {
      delete moved.location;
    }
    expect(cdn.assetRequests("odd", "moved.png")).toHaveLength(1);
    expect(cdn.assetRequests("fox")).toHaveLength(0);
  });

  it("keeps links valid across a restart with the same signing key only, and bounds its cache in bytes", async () => {
    // Links on a public origin, so that a proxy on another port verifies them as its own.
    const publicUrl = "http://relay.test";
    const start = (options: { signingKey?: string; maxCacheBytes?: number } = {}) =>
      startProxy({ ...options, publicUrl });
    const first = await start();
    const fox = await lookup("fox", first);
    await first.close();
    const [texture, reference] = [textureOf(fox), fox.model.other.reference as string];
    expect(texture.startsWith(`${publicUrl}/relay/`)).toBe(true);
    // Room for one 2×2 PNG, not two: each new file pushes the other out.
    const second = await start({ maxCacheBytes: PNG.byteLength + 10 });
    const get = (on: TestService, link: string) => fetch(link.replace(publicUrl, on.url));
    try {
      for (const link of [texture, reference, texture, texture]) expect((await get(second, link)).status).toBe(200);
    } finally {
      await second.close();
    }
    expect(cdn.assetRequests("fox", "fox fur.png")).toHaveLength(2);
    expect(cdn.assetRequests("fox", "reference.png")).toHaveLength(1);
    const third = await start({ signingKey: "a-new-secret-of-at-least-32-bytes" });
    try {
      expect((await get(third, texture)).status).toBe(403);
    } finally {
      await third.close();
    }
    expect(cdn.assetRequests("fox")).toHaveLength(3);
  });
});
