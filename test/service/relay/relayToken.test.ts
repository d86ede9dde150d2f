/** The opaque ids of relay links: sealed upstream URLs that tell nothing and resist change. */
import { describe, expect, it } from "vitest";
import { relayContentType } from "../../../src/service/relay/relayFetch.js";
import { createRelayCodec } from "../../../src/service/relay/relayToken.js";

const UPSTREAM = "https://storage.example.com/models/fox/fur.png?Expires=1900000000&KeyName=cdn&Signature=c2lnbmF0dXJl";

describe("relay ids", () => {
  it("open to the URL they were sealed from, the same id for the same URL", () => {
    const codec = createRelayCodec("secret");
    const id = codec.seal(UPSTREAM);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.open(id)).toBe(UPSTREAM);
    expect(codec.seal(UPSTREAM)).toBe(id);
    expect(codec.seal(`${UPSTREAM}x`)).not.toBe(id);
    // Another codec with the same key (a restarted proxy, another worker) opens it too.
    expect(createRelayCodec(new TextEncoder().encode("secret")).open(id)).toBe(UPSTREAM);
  });

  it("show nothing of the URL, in any encoding", () => {
    const id = createRelayCodec("secret").seal(UPSTREAM);
    const decoded = Buffer.from(id, "base64url").toString("latin1");
    for (const piece of ["storage", "example", "fox", "fur.png", "Expires", "c2lnbmF0dXJl", "signature", "cdn"]) {
      expect(id).not.toContain(piece);
      expect(decoded).not.toContain(piece);
    }
  });

  it("refuse a changed byte, another key, or anything that is not an id", () => {
    const codec = createRelayCodec("secret");
    const id = codec.seal(UPSTREAM);
    for (let i = 0; i < id.length; i += 7) {
      const changed = id.slice(0, i) + (id[i] === "A" ? "B" : "A") + id.slice(i + 1);
      expect(codec.open(changed)).toBeUndefined();
    }
    expect(createRelayCodec("other").open(id)).toBeUndefined();
    for (const junk of ["", "abc", "a+b/c=", id.slice(0, 30), "A".repeat(9000)])
      expect(codec.open(junk)).toBeUndefined();
  });

  it("are canonical: a valid id with a stray character around it is refused, though base64 would skip it", () => {
    const codec = createRelayCodec("secret");
    const id = codec.seal(UPSTREAM);
    // Node's base64url decoder ignores characters outside its alphabet, so only the id check
    // keeps one asset from having many accepted links.
    expect(Buffer.from(`*${id}.`, "base64url").equals(Buffer.from(id, "base64url"))).toBe(true);
    for (const stray of [`*${id}`, `${id}.`, `${id.slice(0, 20)}=${id.slice(20)}`, ` ${id}`])
      expect([stray, codec.open(stray)]).toEqual([stray, undefined]);
  });

  it("keep their format across versions: links handed out before an upgrade still open after it", () => {
    // A known answer: key derivation (salt, context) and layout (nonce, ciphertext, tag) pinned.
    const url = "https://a.test/models/fox/body.obj";
    const known = "osqj7GJvt_KrUECGUgHk9KBro34pIKkZD1aYyLVcwSPo0VH0lq36WDJjOXGxAv5bwF23vnIr3u5tImKqdwU";
    expect(createRelayCodec("secret").seal(url)).toBe(known);
    expect(createRelayCodec("secret").open(known)).toBe(url);
  });
});

describe("relayContentType", () => {
  it("keeps allowed types, names generic ones by extension, and refuses the rest", () => {
    const at = (path: string) => `https://cdn.test${path}?Expires=1`;
    expect(relayContentType("image/png", at("/a/b.bin"))).toBe("image/png");
    expect(relayContentType("IMAGE/JPG; charset=x", at("/a/b"))).toBe("image/jpeg");
    expect(relayContentType("application/octet-stream", at("/a/fox.OBJ"))).toBe("model/obj");
    expect(relayContentType(null, at("/a/fox.mtl"))).toBe("model/mtl");
    expect(relayContentType("text/plain", at("/a/rig.glb"))).toBe("model/gltf-binary");
    expect(relayContentType("binary/octet-stream", at("/a/scene.gltf"))).toBe("model/gltf+json");
    expect(relayContentType("application/octet-stream", at("/a.png/file"))).toBeUndefined();
    expect(relayContentType("application/octet-stream", at("/a/page.html"))).toBeUndefined();
    expect(relayContentType("text/html", at("/a/fox.png"))).toBeUndefined();
    expect(relayContentType("image/svg+xml", at("/a/fox.svg"))).toBeUndefined();
    expect(relayContentType("application/javascript", at("/a/fox.obj"))).toBeUndefined();
  });
});
