/**
 * Finding 15 of issue #29: Vite's own file server (`/@fs/<path>`, or a path under the root)
 * never serves the catalog folder the plugin serves from; its files go out only through
 * signed links. That holds when the folder is reached through a symlink too, as npm workspaces
 * link packages into node_modules/.
 */
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { createLogger, createServer, type InlineConfig, type ViteDevServer } from "vite";
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

describe("the Vite plugin and a catalog folder behind a symlink", () => {
  const servers: ViteDevServer[] = [];
  afterAll(async () => {
    for (const each of servers) await each.close();
  });

  async function start(root: string, catalogDir: string): Promise<string> {
    const config: InlineConfig = {
      configFile: false,
      root,
      logLevel: "silent",
      customLogger: createLogger("silent"),
      plugins: [menagerieServicePlugin({ catalogDir })],
      server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, watch: null },
    };
    const started = await createServer(config);
    servers.push(started);
    await started.listen();
    return started.resolvedUrls!.local[0]!.replace(/\/$/, "");
  }

  async function served(origin: string, paths: readonly string[]): Promise<string[]> {
    const answered: string[] = [];
    for (const path of paths) if ((await fetch(`${origin}${path}`)).status !== 404) answered.push(path);
    return answered;
  }

  it("refuses the catalog's files by its real path and by the linked one, whichever the plugin was given", async () => {
    // <root>/catalog is the real folder; <root>/node_modules/menagerie-catalog links to it.
    const root = dirname(catalog.dir);
    const linked = join(root, "node_modules", "menagerie-catalog");
    await mkdir(dirname(linked), { recursive: true });
    await symlink(catalog.dir, linked, "dir");
    const paths = [
      "/node_modules/menagerie-catalog/catalog.json",
      "/node_modules/menagerie-catalog/fox/body.obj?raw",
      `/@fs${linked}/catalog.json`,
      `/${basename(catalog.dir)}/catalog.json`,
      `/@fs${catalog.dir}/fox/body.obj`,
    ];
    const givenReal = await start(root, catalog.dir);
    const givenLinked = await start(root, linked);
    const answered = { givenReal: await served(givenReal, paths), givenLinked: await served(givenLinked, paths) };
    expect(answered).toEqual({ givenReal: [], givenLinked: [] });
    // The lookup still answers.
    const lookup = await fetch(`${givenLinked}/anything?key=dev-key&name=fox`);
    expect(lookup.status).toBe(200);
  }, 60_000);
});
