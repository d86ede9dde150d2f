/**
 * Finding 15 of issue #29: Vite's own file server (`/@fs/<path>`, or a path under the root)
 * never serves the catalog folder the plugin serves from; its files go out only through
 * signed links.
 */
import { writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { createLogger, createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menagerieServicePlugin } from "../../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../../helpers/serviceCatalog.js";

let catalog: FixtureCatalog;
let server: ViteDevServer;
let origin: string;

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  // The catalog inside the root, as the default one is (<root>/.menagerie/...).
  const root = dirname(catalog.dir);
  await writeFile(join(root, "index.html"), "<!doctype html><title>dev page</title>");
  server = await createServer({
    configFile: false,
    root,
    logLevel: "silent",
    customLogger: createLogger("silent"),
    plugins: [menagerieServicePlugin({ catalogDir: catalog.dir })],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  origin = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
}, 60_000);
afterAll(async () => {
  await server?.close();
  await catalog?.remove();
});

describe("the Vite plugin and the catalog folder", () => {
  it("lets Vite serve none of it, by /@fs/ or by a root path, encoded or not", async () => {
    const name = basename(catalog.dir);
    const paths = [
      `/@fs${catalog.dir}/catalog.json`,
      `/${name}/catalog.json`,
      `/${name}/fox/body.obj`,
      `/%2E/${encodeURIComponent(name)}/catalog.json?raw`,
      `/@fs${catalog.dir}/fox/body.obj?import`,
    ];
    for (const path of paths) expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    // The page and the lookup are still served.
    expect((await fetch(`${origin}/`)).status).toBe(200);
    expect((await fetch(`${origin}/anything?key=dev-key&name=fox`)).status).toBe(200);
  });
});
