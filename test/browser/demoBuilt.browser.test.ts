/**
 * The demo as a static site: `npm run demo:build` into a temp folder (the run's build, which the
 * Chromium lane's other demo files see served with the service), served by Vite's preview
 * server with no service mounted (a static host), and the reference service as a server of its
 * own on another port, named by `?service=&key=`, as a deployment away from a clone would be.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CanyonState } from "../../demo/canyon.js";
import { ensureDefaultCatalog } from "../../src/service/index.js";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";
import { buildDemo } from "../helpers/sharedDemo.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

interface DemoState {
  ready: boolean;
  populating: boolean;
  creatures: number;
  drawCalls: number;
  habitat: string;
  stats: { partsParsedInWorkers: number; partsParsedOnMainThread: number };
}

let outDir: string;
/** Whether this file built the demo (when no run's build was handed to it), so removes it. */
let ownBuild = false;
let site: PreviewServer;
let service: TestService;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The run's build (test/helpers/sharedDemo.ts, the same `npm run demo:build`), else one of its own.
  outDir = inject("builtDemoDir") ?? "";
  if (!outDir) {
    outDir = await mkdtemp(join(tmpdir(), "menagerie-demo-site-"));
    ownBuild = true;
    await buildDemo(outDir);
  }
  // The repo's Vite config as `npm run demo:preview` reads it; under Vitest it mounts no service,
  // so this server only hands out the built files.
  site = await preview({
    configFile: join(repoRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir },
    preview: { host: "127.0.0.1", port: 0, strictPort: false },
  });
  [service, browser] = await Promise.all([
    ensureDefaultCatalog().then((catalogDir) => startTestService({ catalogDir })),
    launchChromium(),
  ]);
  page = await browser.newPage({ viewport: { width: 960, height: 540 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
  if (ownBuild) await rm(outDir, { recursive: true, force: true });
});

const demoState = () => page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo);

describe("the built demo (npm run demo:build)", () => {
  it("populates the forest its link asks for from a service on another origin, with no console errors", async () => {
    const origin = site.resolvedUrls!.local[0]!.replace(/\/$/, "");
    const watch = watchPage(page);
    const bad: string[] = [];
    /** Lookups (`/anything`) and name lists (`/names`): where each went, and what it asked. */
    const lookups: { origin: string; ask: string }[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) bad.push(`${response.status()} ${response.url()}`);
    });
    page.on("request", (request) => {
      const url = new URL(request.url());
      const ask = url.pathname === "/names" ? "names" : ["search", "name", "id"].find((op) => url.searchParams.has(op));
      if (url.pathname === "/anything" || url.pathname === "/names")
        lookups.push({ origin: url.origin, ask: ask ?? "" });
    });
    // 12 creatures and 4 props from the link (demo/startChoice.ts), not the form's 40 and 16.
    await page.goto(`${origin}/?service=${encodeURIComponent(service.url)}&key=dev-key&count=12&scenery=4`);
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: DemoState }).__demo;
        return !!d && d.ready && !d.populating && d.habitat === "forest" && d.creatures === 12 && d.drawCalls > 0;
      },
      undefined,
      { timeout: 180_000, polling: 250 },
    );
    await page.screenshot({ path: "test-results/demo-built-forest.png" });
    expect(await page.locator("[data-testid=creature-count]").textContent()).toBe("12");
    expect(await page.textContent("#status")).toMatch(/^12 creatures and 4 props in the forest/);
    // The one habitat search went to the named service, none to the static site; the creature
    // browser, below the fold, asked for nothing yet.
    const named = new URL(service.url).origin;
    expect(lookups).toEqual([{ origin: named, ask: "search" }]);
    expect(watch.errors).toEqual([]);
    expect(bad).toEqual([]);
    // The bundled OBJ reading worker (a file of its own in the build) started and read parts.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/objWorker-[\w-]+\.js$/),
    ]);
    const stats = await page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo.stats);
    expect(stats.partsParsedInWorkers).toBeGreaterThan(0);
    // Shown, the browser lists the names and looks up its featured creatures at the named service too.
    await page.locator("#creature-browser").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => {
        const b = (window as unknown as { __creatureBrowser?: { source: string; shown: string[] } }).__creatureBrowser;
        return b?.source === "featured" && b.shown.length > 0;
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    expect(lookups.filter((l) => l.ask === "search")).toHaveLength(1);
    expect(lookups.filter((l) => l.ask === "names")).toHaveLength(1);
    expect(lookups.filter((l) => l.ask === "name").length).toBeGreaterThan(0);
    expect(lookups.filter((l) => l.origin !== named)).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(bad).toEqual([]);
  }, 240_000);

  it("opens the Canyon its link asks for offline: recast's WASM from the bundle, nothing from a non-loopback host, the herd sent off", async () => {
    const origin = site.resolvedUrls!.local[0]!.replace(/\/$/, "");
    // A page of its own: the forest page's last requests (the creature browser's thumbnails,
    // cut off by leaving it) are not this visit's.
    await page.close();
    page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    const watch = watchPage(page);
    const requested: URL[] = [];
    page.on("request", (request) => requested.push(new URL(request.url())));
    // `cross=1`: the link itself sends the herd over (the panel's button is the Canyon test's).
    // Waited for until the bundle's recast has built the navmesh and the herd set off; the
    // herd's whole crossing, over the bridge's deck only, is test/browser/canyon.browser.test.ts's,
    // on this same build.
    await page.goto(`${origin}/?service=${encodeURIComponent(service.url)}&key=dev-key&habitat=canyon&cross=1`);
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: { canyon: CanyonState } }).__demo;
        return !!d && d.canyon.ready && d.canyon.phase !== "grazing";
      },
      undefined,
      { timeout: 240_000, polling: 250 },
    );
    const canyon = await page.evaluate(() => (window as unknown as { __demo: { canyon: CanyonState } }).__demo.canyon);
    console.info(`[built demo] the Canyon's navmesh: ${canyon.buildMilliseconds.toFixed(1)} ms`);
    expect(canyon.buildMilliseconds).toBeGreaterThan(0);
    expect(canyon.triangles).toBeGreaterThan(0);
    expect(canyon.members).toHaveLength(6);
    // Recast came in the build's own chunk (its WASM inlined there), from the static site.
    const recast = requested.filter((u) => /\/assets\/recast-navigation[\w.-]*\.js$/.test(u.pathname));
    expect(recast.map((u) => u.origin)).toEqual([origin]);
    const fetched = requested.filter((u) => u.protocol === "http:" || u.protocol === "https:");
    expect(fetched.filter((u) => u.pathname.endsWith(".wasm") && u.origin !== origin)).toEqual([]);
    expect(fetched.map((u) => u.hostname).filter((h) => h !== "127.0.0.1" && h !== "localhost")).toEqual([]);
    expect(requested.filter((u) => !["http:", "https:", "data:", "blob:"].includes(u.protocol))).toEqual([]);
    expect(watch.errors).toEqual([]);
  }, 300_000);

  it("shows the lagoon its link asks for (?scene=lagoon), its creatures from the named service", async () => {
    const origin = site.resolvedUrls!.local[0]!.replace(/\/$/, "");
    // A page of its own: nothing of the forest's page (its last requests) counts here.
    await page.close();
    page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    const watch = watchPage(page);
    const bad: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) bad.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${origin}/?service=${encodeURIComponent(service.url)}&key=dev-key&scene=lagoon`);
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __demo?: DemoState; __lagoon?: { ready: boolean } };
        return !!w.__lagoon?.ready && w.__demo?.habitat === "lagoon" && !w.__demo.populating && w.__demo.drawCalls > 0;
      },
      undefined,
      { timeout: 180_000, polling: 250 },
    );
    // 6 birds, 11 fish and a shark (demo/lagoon.ts), less any fish eaten and not yet replaced.
    expect((await demoState()).creatures).toBeGreaterThanOrEqual(16);
    expect(watch.errors).toEqual([]);
    expect(bad).toEqual([]);
  }, 240_000);
});
