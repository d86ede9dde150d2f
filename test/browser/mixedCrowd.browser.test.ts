/**
 * Mixed crowds in Chromium (SwiftShader WebGL): the demo's grassland of 150 creatures of 19
 * species with shadows draws in at most 100 draw calls (a part-built species is one joined mesh
 * per look and level in view, its parts posed from a joint texture, plus its shadow pass), and a
 * part-built creature drawn that way looks, mid-stride and with its shadow, as its own grown
 * nodes draw it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, unexplainedErrors, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { MixedCrowdResult } from "./pages/mixedCrowd.js";

interface DemoState {
  ready: boolean;
  populating: boolean;
  creatures: number;
  rigged: number;
  drawCalls: number;
  habitat: string;
}

let browser: Browser;
let demo: DemoServer;
let pages: PageServer;
let service: Awaited<ReturnType<typeof startCatalogService>>;

beforeAll(async () => {
  [browser, demo, pages, service] = await Promise.all([
    launchChromium(),
    startDemo(),
    startPageServer(),
    startCatalogService(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await pages?.close();
  await service?.close();
});

describe("mixed crowds in Chromium", () => {
  it("draws the demo's 150 creatures of 19 species, shadows on, in at most 100 draw calls", async () => {
    const page: Page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    const watch = watchPage(page);
    try {
      await page.goto(`${demo.url}/?habitat=grass&count=150&seed=3&scenery=0`);
      await page.waitForFunction(
        () => {
          const d = (window as unknown as { __demo?: DemoState }).__demo;
          return !!d && d.ready && !d.populating && d.habitat === "grass" && d.creatures > 140 && d.drawCalls > 0;
        },
        undefined,
        { timeout: 180_000, polling: 250 },
      );
      // Levels of detail are made as creatures first need them: read a few seconds of frames.
      const calls: number[] = [];
      let state: DemoState | undefined;
      for (let i = 0; i < 12; i++) {
        await page.waitForTimeout(500);
        state = await page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo);
        calls.push(state.drawCalls);
      }
      console.info(
        `demo grass 150: ${state!.creatures} creatures (${state!.rigged} rigged), draw calls ${calls.join(" ")}`,
      );
      expect(state!.creatures).toBe(148);
      expect(Math.max(...calls)).toBeLessThanOrEqual(100);
      expect(unexplainedErrors(watch.errors, [])).toEqual([]);
    } finally {
      await page.close();
    }
  }, 300_000);

  it("draws a part-built creature mid-stride, shadow included, as its own grown nodes do", async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    const watch = watchPage(page);
    try {
      await page.goto(`${pages.url}/mixedCrowd.html?service=${encodeURIComponent(service.url)}&key=dev-key&name=fox`);
      const result = await pageResult<MixedCrowdResult>(page, 180_000);
      console.info(`close-up: ${JSON.stringify(result)}`);
      expect(result.warnings).toEqual([]);
      // The catalog's fox is 14 part meshes of four looks (coat, accent, trim, eyes), joined into one.
      expect(result.crowdMeshes).toBe(1);
      expect(result.grownMeshes).toBe(14);
      // The ground, the fox and its shadow pass.
      expect(result.crowdDrawCalls).toBeLessThanOrEqual(3);
      expect(result.creaturePixels).toBeGreaterThan(2000);
      // It walked: mid-stride differs from where it stood at rest.
      expect(result.strideVsRest).toBeGreaterThan(200);
      // Pose, looks and shadow: not one pixel differs from its grown nodes' drawing (with the
      // eyes and trim drawn in the first look's colour, 37 did).
      expect(result.crowdVsGrown).toBe(0);
      expect(unexplainedErrors(watch.errors, result.timedOutLookups)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});
