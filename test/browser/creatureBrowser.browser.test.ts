/**
 * The demo's creature browser and habitat link in Chromium (the run's built demo with the
 * reference service on the page's own port, `npm run demo:preview`): featured creatures with thumbnails while the box is empty,
 * search as you type over `GET /names`, the fuzzy lookup when no name holds the words, a click
 * that spawns; `?habitat=savanna` populates the grass, and a word that names no habitat says so.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";

interface BrowserState {
  names: number;
  shown: string[];
  source: string;
  thumbnails: number;
  spawned: number;
  lastError: string;
}
interface DemoState {
  ready: boolean;
  populating: boolean;
  creatures: number;
  habitat: string;
  lastSpawn: string;
  lastError: string;
}

let browser: Browser;
let demo: DemoServer;
let page: Page;
let watch: { errors: string[] };
const requested: string[] = [];

const browserState = () =>
  page.evaluate(() => (window as unknown as { __creatureBrowser: BrowserState }).__creatureBrowser);
const demoState = () => page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo);
/** Waits until the browser shows tiles of `source` whose thumbnails all loaded. */
const tilesOf = (source: string) =>
  page.waitForFunction(
    (s) => {
      const b = (window as unknown as { __creatureBrowser?: BrowserState }).__creatureBrowser;
      return !!b && b.source === s && b.shown.length > 0 && b.thumbnails === b.shown.length;
    },
    source,
    { timeout: 60_000, polling: 100 },
  );

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  watch = watchPage(page);
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe("the demo's habitat link and creature browser", () => {
  it("populates ?habitat=savanna as the grass, not the forest", async () => {
    await page.goto(`${demo.url}/?habitat=savanna&count=4&scenery=0&seed=3`);
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: DemoState }).__demo;
        return !!d && d.ready && !d.populating && d.creatures === 4;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    const state = await demoState();
    expect(state.habitat).toBe("grass");
    expect(await page.inputValue("#habitat")).toBe("grass");
    expect(await page.textContent("#status")).toMatch(/^4 creatures and 0 props in the grass/);
  }, 180_000);

  it("shows featured creatures with their thumbnails from one names request, once its panel is on screen", async () => {
    // Below the fold of the controls at this size: nothing asked for until it scrolls in.
    expect(requested.filter((p) => p === "/names")).toHaveLength(0);
    expect((await browserState()).source).toBe("idle");
    await page.locator("#creature-browser").scrollIntoViewIfNeeded();
    await tilesOf("featured");
    const state = await browserState();
    expect(state.names).toBeGreaterThan(50);
    expect(state.shown).toEqual(expect.arrayContaining(["fox", "zebra", "elephant"]));
    expect(await page.locator("#browse-tiles img").count()).toBe(state.shown.length);
    expect(requested.filter((p) => p === "/names")).toHaveLength(1);
  }, 90_000);

  it("searches as you type over the names, and through the fuzzy lookup when no name holds the words", async () => {
    await page.fill("#browse-query", "zeb");
    await tilesOf("names");
    expect((await browserState()).shown[0]).toBe("zebra");
    await page.fill("#browse-query", "elefant");
    await tilesOf("fuzzy");
    expect((await browserState()).shown).toEqual(["elephant"]);
    expect(await page.textContent("#browse-note")).toContain("Did you mean elephant?");
    // Typing asked for the names once: every keystroke after it filtered them on the page.
    expect(requested.filter((p) => p === "/names")).toHaveLength(1);
  }, 90_000);

  it("spawns a clicked creature", async () => {
    const before = (await demoState()).creatures;
    await page.locator("#creature-browser").screenshot({ path: "test-results/demo-creature-browser.png" });
    await page.click("#browse-tiles [data-name=elephant]");
    await page.waitForFunction(
      (n) => {
        const d = (window as unknown as { __demo: DemoState }).__demo;
        return d.lastSpawn === "elephant" && d.creatures === n;
      },
      before + 1,
      { timeout: 60_000, polling: 250 },
    );
    expect((await browserState()).spawned).toBe(1);
    await page.fill("#browse-query", "");
    await tilesOf("featured");
    expect(watch.errors).toEqual([]);
    expect((await browserState()).lastError).toBe("");
  }, 90_000);

  it("says a habitat word it does not know, naming the nearest, and populates nothing", async () => {
    const other = await browser.newPage({ viewport: { width: 960, height: 540 } });
    try {
      await other.goto(`${demo.url}/?habitat=savana&count=4`);
      await other.waitForFunction(
        () => (window as unknown as { __demo?: DemoState }).__demo?.lastError !== "",
        undefined,
        {
          timeout: 60_000,
        },
      );
      const status = await other.textContent("#status");
      expect(status).toMatch(/^Nothing populated: habitat "savana" is not a habitat \(nearest: savanna, savannah/);
      await other.waitForTimeout(500);
      expect(await other.evaluate(() => (window as unknown as { __demo: DemoState }).__demo.creatures)).toBe(0);
    } finally {
      await other.close();
    }
  }, 90_000);
});
