/**
 * The demo as a showcase, in Chromium: scenery dressing the habitat (and its control), the
 * overlay's readouts, click-to-follow with Escape to let go, and the Inspector behind
 * `?inspector` only (its bundle is served here by a stand-in: the real one comes from
 * Babylon's CDN, which tests do not reach).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";

interface ShowcaseState {
  following: string;
  followGap: number;
  frameMs: number;
  scenery: number;
  inspector: string;
}
interface DemoState {
  ready: boolean;
  populating: boolean;
  creatures: number;
  drawCalls: number;
  habitat: string;
  showcase: ShowcaseState;
}
type ScreenPoint = { x: number; y: number; name: string };
type DemoWindow = { __demo: DemoState & { screenPointOf(i: number): ScreenPoint | undefined } };

let browser: Browser;
let demo: DemoServer;
let page: Page;
let watch: { errors: string[] };
const requested: string[] = [];

const demoState = (p = page) => p.evaluate(() => (window as unknown as DemoWindow).__demo);
const settled = (habitat: string, count: number, scenery: number, p = page) =>
  p.waitForFunction(
    ([h, n, s]) => {
      const d = (window as unknown as { __demo?: DemoState }).__demo;
      return !!d && d.ready && !d.populating && d.habitat === h && d.creatures === n && d.showcase.scenery === s;
    },
    [habitat, count, scenery] as const,
    { timeout: 120_000, polling: 250 },
  );
const isInspector = (url: string) => /inspector|debugLayer/i.test(url);

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  watch = watchPage(page);
  page.on("request", (request) => requested.push(request.url()));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe("the demo as a showcase", () => {
  it("dresses the forest with 16 props by default, and the overlay shows FPS, frame ms, draw calls and creatures", async () => {
    await page.goto(demo.url);
    await settled("forest", 40, 16);
    await page.waitForTimeout(1500); // a second of frames for the averages
    await page.screenshot({ path: "test-results/demo-showcase-forest.png" });
    const state = await demoState();
    expect(state.showcase.scenery).toBe(16);
    expect(state.showcase.frameMs).toBeGreaterThan(0);
    const readout = async (id: string) => Number(await page.textContent(`#${id}`));
    expect(await readout("fps")).toBeGreaterThan(0);
    expect(await readout("frame-ms")).toBeGreaterThan(0);
    expect(await readout("draw-calls")).toBeGreaterThan(0);
    expect(await readout("creature-count")).toBe(40);
    expect(await page.textContent("#status")).toMatch(/^40 creatures and 16 props in the forest/);
    // The Inspector's code is not fetched without ?inspector.
    expect(requested.filter(isInspector)).toEqual([]);
    expect(state.showcase.inspector).toBe("off");
    expect(watch.errors).toEqual([]);
  }, 240_000);

  it("places as many props as the scenery control says, none at 0", async () => {
    await page.selectOption("#habitat", "desert");
    await page.fill("#scenery", "5");
    await page.click("#populate");
    await settled("desert", 40, 5);
    await page.fill("#scenery", "0");
    await page.click("#populate");
    await settled("desert", 40, 0);
    await page.selectOption("#habitat", "forest");
    await page.fill("#scenery", "16");
    await page.click("#populate");
    await settled("forest", 40, 16);
    expect(watch.errors).toEqual([]);
  }, 240_000);

  it("follows a clicked creature with the camera, and lets go on Escape", async () => {
    let followed = "";
    for (let i = 0; i < 40 && !followed; i++) {
      const point = await page.evaluate((k) => (window as unknown as DemoWindow).__demo.screenPointOf(k), i);
      if (!point || point.x < 5 || point.y < 5 || point.x > 950 || point.y > 715) continue;
      await page.mouse.click(point.x, point.y);
      await page.waitForTimeout(300);
      followed = (await demoState()).showcase.following;
    }
    expect(followed).not.toBe("");
    expect(await page.isVisible("#following")).toBe(true);
    expect(await page.textContent("#following-name")).toBe(followed);
    // The camera glides onto it and stays with it while it wanders.
    await page.waitForFunction(() => (window as unknown as DemoWindow).__demo.showcase.followGap < 0.5, undefined, {
      timeout: 30_000,
      polling: 100,
    });
    await page.screenshot({ path: "test-results/demo-showcase-follow.png" });
    await page.keyboard.press("Escape");
    await page.waitForTimeout(400);
    const after = await demoState();
    expect(after.showcase.following).toBe("");
    expect(after.showcase.followGap).toBe(0);
    expect(await page.isHidden("#following")).toBe(true);
    expect(watch.errors).toEqual([]);
  }, 120_000);

  it("shows the Babylon Inspector on ?inspector, loading its code only then", async () => {
    const second = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const shown: string[] = [];
    try {
      const errors = watchPage(second);
      // Stand-in for Babylon's CDN bundle: records that the debug layer handed it the scene.
      await second.route("**/inspector/babylon.inspector.bundle.js", (route) => {
        shown.push(route.request().url());
        return route.fulfill({
          contentType: "text/javascript",
          body: `window.INSPECTOR = { Inspector: { IsVisible: false, Show(scene) { this.IsVisible = true; window.__inspected = scene.meshes.length; }, Hide() {} } };`,
        });
      });
      await second.goto(`${demo.url}?inspector`);
      await second.waitForFunction(
        () => (window as unknown as DemoWindow).__demo?.showcase.inspector === "shown",
        undefined,
        { timeout: 60_000, polling: 250 },
      );
      expect(shown).toHaveLength(1);
      expect(await second.evaluate(() => (window as unknown as { __inspected?: number }).__inspected)).toBeGreaterThan(
        0,
      );
      expect(errors.errors).toEqual([]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
