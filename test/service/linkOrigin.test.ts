/**
 * Which origin signed links are built on, over real loopback connections: the configured
 * public URL, else the address the service listens on; never the Host header or an absolute
 * request target; X-Forwarded-Host/-Proto only when trusted.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { isMenagerieError } from "../../src/core/errors.js";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { main } from "../../src/service/cli.js";
import { createLookupService, type LookupServer } from "../../src/service/index.js";
import { writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";

let server: TestService | LookupServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Looks up fox with a raw request (any Host, any request target); its body part's link. */
function foxLink(port: number, headers: Record<string, string> = {}, target = "/anything?key=dev-key&name=fox") {
  return new Promise<string>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => {
        try {
          resolve(ModelRecordSchema.parse(JSON.parse(body)).model.parts["body"]!);
        } catch (error) {
          reject(new Error(`status ${res.statusCode}: ${body}`, { cause: error }));
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function status(port: number, path: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("finding 6: the Host header never chooses the origin of signed links", () => {
  it("finding 6: Host: evil.test still gets links on the listening address, signed and served there", async () => {
    server = await startTestService();
    const link = await foxLink(server.port, { host: "evil.test" });
    expect(link.startsWith(`${server.url}/assets/fox/body.obj?Expires=`)).toBe(true);
    expect((await fetch(link)).status).toBe(200);
    const absolute = await foxLink(server.port, {}, "http://evil.test/anything?key=dev-key&name=fox");
    expect(absolute.startsWith(`${server.url}/assets/`)).toBe(true);
    // Verified on the listening origin too: the Host a request names changes nothing.
    const path = link.slice(server.url.length);
    expect(await status(server.port, path, { host: "evil.test" })).toBe(200);
    expect(await status(server.port, path.replace("body.obj", "head.obj"), { host: "evil.test" })).toBe(403);
  });

  it("finding 6: publicUrl sets the origin, and assets are verified on it whatever Host arrives", async () => {
    server = await startTestService({ publicUrl: "https://models.example.com/" });
    const link = await foxLink(server.port, { host: "evil.test" });
    expect(link.startsWith("https://models.example.com/assets/fox/body.obj?Expires=")).toBe(true);
    // As a reverse proxy would forward it: the path and query unchanged, any Host.
    const path = link.slice("https://models.example.com".length);
    expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    expect((await fetch(`${server.url}${path.replace("body.obj", "head.obj")}`)).status).toBe(403);
  });

  it("finding 6: X-Forwarded-Host/-Proto count only with trustProxyHeaders", async () => {
    const forwarded = { "x-forwarded-host": "cdn.example.org:8443, evil.test", "x-forwarded-proto": "https" };
    server = await startTestService();
    expect((await foxLink(server.port, forwarded)).startsWith(`${server.url}/assets/`)).toBe(true);
    await server.close();
    server = await startTestService({ trustProxyHeaders: true, publicUrl: "https://models.example.com" });
    const link = await foxLink(server.port, forwarded);
    expect(link.startsWith("https://cdn.example.org:8443/assets/fox/body.obj?")).toBe(true);
    // Malformed forwarded values are ignored, not pasted into links.
    const odd = await foxLink(server.port, { "x-forwarded-host": "evil.test/path?x", "x-forwarded-proto": "https" });
    expect(odd.startsWith("https://models.example.com/assets/")).toBe(true);
    // Without the headers, the public URL.
    expect((await foxLink(server.port)).startsWith("https://models.example.com/assets/")).toBe(true);
  });

  it("finding 6: the CLI takes --public-url and --trust-proxy-headers", async () => {
    const catalog = await writeFixtureCatalog();
    try {
      server = await main(
        ["--port", "0", "--catalog", catalog.dir, "--public-url", "https://m.example.com", "--trust-proxy-headers"],
        { env: {}, log: () => undefined },
      );
      expect(server!.service.options.publicUrl).toBe("https://m.example.com");
      expect(server!.service.options.trustProxyHeaders).toBe(true);
      expect((await foxLink(server!.port)).startsWith("https://m.example.com/assets/")).toBe(true);
    } finally {
      await server?.close();
      server = undefined;
      await catalog.remove();
    }
  });

  it("refuses a publicUrl that is not an http(s) origin", async () => {
    const catalog = await writeFixtureCatalog();
    try {
      for (const publicUrl of ["ftp://x.test", "https://x.test/base", "https://x.test/?q=1", "nope"]) {
        const error = await createLookupService({ catalogDir: catalog.dir, publicUrl }).catch((e: unknown) => e);
        expect(isMenagerieError(error, "options") && error.option).toBe("publicUrl");
      }
    } finally {
      await catalog.remove();
    }
  });
});
