/**
 * The demo's Canyon (the run's built demo, `npm run demo:preview`, `?habitat=canyon`): a level of meshes navigated on a
 * navmesh. Its herd is sent across the gorge with the panel's button and every member must get
 * to the east bank over the bridge: while over the river (between the gorge's walls) never below
 * the deck nor beside it. The page samples each member every frame (`__demo.canyon.members`);
 * the test also samples their positions itself as they go.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CanyonState } from "../../demo/canyon.js";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";

/** Slack for feet on the deck, metres (the navmesh's surface lies within a voxel of the mesh's top). */
const FEET = 0.15;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

let browser: Browser;
let demo: DemoServer;
let page: Page;
let watch: { errors: string[] };
const hosts: string[] = [];

const canyonState = () => page.evaluate(() => (window as unknown as { __demo: { canyon: CanyonState } }).__demo.canyon);

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  watch = watchPage(page);
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:") hosts.push(url.hostname); // those fetch nothing
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe("the demo's Canyon (a level on a navmesh)", () => {
  it("opens from its link: the level's navmesh built, a herd on the plateau and a wolf on the rock", async () => {
    await page.goto(`${demo.url}/?habitat=canyon`);
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: { populating: boolean; creatures: number; canyon: CanyonState } })
          .__demo;
        return !!d && !d.populating && d.canyon.ready && d.creatures === 7;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    const canyon = await canyonState();
    console.info(
      `[canyon] navmesh of ${canyon.triangles} triangles built in ${canyon.buildMilliseconds.toFixed(1)} ms`,
    );
    expect(canyon.triangles).toBeGreaterThan(0);
    expect(canyon.buildMilliseconds).toBeGreaterThan(0);
    expect(canyon.phase).toBe("grazing");
    expect(await page.inputValue("#habitat")).toBe("canyon");
    expect(await page.isVisible("#canyon-cross")).toBe(true);
    expect(await page.isEnabled("#canyon-cross")).toBe(true);
    // The habitats' hills are hidden: walkers stand on the level's meshes.
    expect(await page.evaluate(() => document.querySelector("#status")?.textContent)).toMatch(/^The Canyon: 6 goats/);
    expect(watch.errors).toEqual([]);
  }, 180_000);

  it("sends the herd across: every goat reaches the east bank, over the river only on the bridge's deck", async () => {
    const { level } = await canyonState();
    await page.click("#canyon-cross");
    /** The test's own samples of members over the river that were off the deck. */
    const off: string[] = [];
    let samples = 0;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const canyon = await canyonState();
      for (const m of canyon.members) {
        if (Math.abs(m.x) >= level.bankEdge) continue;
        samples++;
        if ((m.y < level.deckTop - FEET || Math.abs(m.z) > level.bridgeHalfWidth) && off.length < 5)
          off.push(`${m.name} at (${m.x.toFixed(2)}, ${m.y.toFixed(2)}, ${m.z.toFixed(2)})`);
      }
      if (canyon.phase === "across" || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    await page.screenshot({ path: "test-results/demo-canyon-across.png" });
    const canyon = await canyonState();
    console.info(
      `[canyon] orders given again after a goat gave up: ${canyon.members.map((m) => m.retries).join(", ")}`,
    );
    expect(canyon.phase).toBe("across");
    expect(canyon.members).toHaveLength(6);
    for (const m of canyon.members) {
      const where = `${m.name} ended at (${m.x.toFixed(2)}, ${m.y.toFixed(2)}, ${m.z.toFixed(2)})`;
      expect(m.arrived, where).toBe(true);
      expect(m.farBank, where).toBe(true);
      // Seen over the river every frame it was there, and only ever on the deck.
      expect(m.overRiver, `${m.name} was never seen over the river`).toBeGreaterThan(0);
      expect(m.lowestOverRiver, `${m.name} went below the deck`).toBeGreaterThan(level.deckTop - FEET);
      expect(m.widestOverRiver, `${m.name} crossed beside the bridge`).toBeLessThanOrEqual(level.bridgeHalfWidth);
    }
    expect(samples).toBeGreaterThan(0);
    expect(off).toEqual([]);
    // The plateau's 1 m drop toward the bridge is a jump link the navmesh found, within the
    // goats' 1.2 m jumps: their short way down, taken on the way to the bridge.
    expect(canyon.jumpObservable).toBe(true);
    console.info(`[canyon] jumps seen: ${canyon.jumps}`);
    expect(canyon.jumps).toBeGreaterThan(0);
    expect(watch.errors).toEqual([]);
  }, 300_000);

  it("gives the ground back to a habitat picked after it, and asked nothing of any other host", async () => {
    await page.$eval("#count", (input) => {
      (input as HTMLInputElement).value = "6";
      input.dispatchEvent(new Event("input"));
    });
    await page.selectOption("#habitat", "grass");
    await page.click("#populate");
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: { populating: boolean; habitat: string; creatures: number } })
          .__demo;
        return !!d && !d.populating && d.habitat === "grass" && d.creatures === 6;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    const canyon = await canyonState();
    expect([canyon.open, canyon.ready, canyon.members.length]).toEqual([false, false, 0]);
    expect(await page.isVisible("#canyon-panel")).toBe(false);
    expect(hosts.filter((h) => !LOOPBACK.has(h))).toEqual([]);
    expect(watch.errors).toEqual([]);
  }, 180_000);
});
