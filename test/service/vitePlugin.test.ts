/** The Vite plugin: the same handler inside Vite's dev and preview servers, on real ports. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLogger, createServer, type InlineConfig, type Logger, preview } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { menagerieServicePlugin } from "../../src/service/index.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

let catalog: FixtureCatalog;
let root: string;
beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  root = join(catalog.dir, "..", "site");
  await mkdir(join(root, "dist"), { recursive: true });
  await writeFile(join(root, "index.html"), "<!doctype html><title>dev page</title>");
  await writeFile(join(root, "dist", "index.html"), "<!doctype html><title>built page</title>");
  // Vite builds its bundles into dist/assets/: they must stay Vite's, not the service's.
  await mkdir(join(root, "dist", "assets"), { recursive: true });
  await writeFile(join(root, "dist", "assets", "index-abc123.js"), "console.log('built bundle');");
});
afterAll(() => catalog.remove());

function capturingLogger(lines: string[]): Logger {
  const logger = createLogger("silent");
  return { ...logger, info: (msg) => void lines.push(msg) };
}

function config(lines: string[]): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: "silent",
    customLogger: capturingLogger(lines),
    plugins: [menagerieServicePlugin({ catalogDir: catalog.dir })],
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false, watch: null },
    preview: { host: "127.0.0.1", port: 0 },
    build: { outDir: "dist" },
  };
}

/** Looks up a record through `origin`, checks its links point back at it, and downloads one. */
async function roundTrip(origin: string) {
  const res = await fetch(`${origin}/anything?key=dev-key&name=fox`, { headers: { origin: "http://elsewhere.test" } });
  expect(res.status).toBe(200);
  const record = ModelRecordSchema.parse(await res.json());
  const body = record.model.parts["body"]!;
  expect(body.startsWith(`${origin}/assets/fox/body.obj?Expires=`)).toBe(true);
  const asset = await fetch(body);
  expect([asset.status, asset.headers.get("content-type")]).toEqual([200, "model/obj"]);
  expect((await fetch(`${origin}/anything?name=fox`)).status).toBe(401);
}

describe("menagerieServicePlugin", () => {
  it("serves lookups and assets in the dev server and leaves other paths to Vite", async () => {
    const lines: string[] = [];
    const server = await createServer(config(lines));
    await server.listen();
    try {
      const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
      await roundTrip(origin);
      const page = await fetch(`${origin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("dev page");
      expect(lines).toContain("Menagerie reference service at /anything (catalog, 6 records, dev key: dev-key)");
    } finally {
      await server.close();
    }
  });

  it("serves the same routes in the preview server", async () => {
    const lines: string[] = [];
    const server = await preview(config(lines));
    try {
      const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
      await roundTrip(origin);
      expect(await (await fetch(`${origin}/`)).text()).toContain("built page");
      const bundle = await fetch(`${origin}/assets/index-abc123.js`);
      expect(bundle.status).toBe(200);
      expect(await bundle.text()).toBe("console.log('built bundle');");
    } finally {
      await server.close();
    }
  });
});
