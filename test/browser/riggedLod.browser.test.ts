/**
 * Mesh level of detail of rigged crowds in Chromium (SwiftShader WebGL) against the reference
 * service: rigged creatures of three species with the whole grid in view draw far fewer indices
 * with the default `meshLod` than with `meshLod: false`, still crowd-drawn (no skeleton of their
 * own), with at most one more set of draw calls per level, and a zebra up close looks the same.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, unexplainedErrors, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { RiggedLodResult } from "./pages/riggedLod.js";

const SPECIES = ["zebra", "dog", "hippo"];
/** RIGGED_LOD_COUNT=1000 for the figures the bench quotes. */
const COUNT = Number(process.env["RIGGED_LOD_COUNT"] ?? 300);

let browser: Browser;
let pages: PageServer;
let service: Awaited<ReturnType<typeof startCatalogService>>;

beforeAll(async () => {
  [browser, pages, service] = await Promise.all([launchChromium(), startPageServer(), startCatalogService()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await service?.close();
});

describe("mesh level of detail of rigged crowds in Chromium", () => {
  it(`draws ${COUNT} rigged creatures far away in a fraction of the indices, the same up close`, async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    const watch = watchPage(page);
    try {
      await page.goto(
        `${pages.url}/riggedLod.html?service=${encodeURIComponent(service.url)}&key=dev-key&species=${SPECIES.join(",")}&count=${COUNT}`,
      );
      const result = await pageResult<RiggedLodResult>(page, 420_000);
      const { withLod, withoutLod } = result;
      console.info(
        `rigged mesh LOD, ${COUNT} creatures: ${withLod.activeIndices} indices/frame (levels ${withLod.levels.join("/")}), ` +
          `${withLod.drawCalls} draw calls, ${withLod.frameMs.toFixed(1)} ms/frame; without: ${withoutLod.activeIndices} indices, ` +
          `${withoutLod.drawCalls} draw calls, ${withoutLod.frameMs.toFixed(1)} ms/frame; close-up: ` +
          `${result.closeUpDiffering} of ${withLod.closeUpCreaturePixels} creature pixels differ`,
      );
      expect(withLod.warnings).toEqual([]);
      expect(withLod.creatures).toBe(COUNT);
      expect(withLod.crowdDrawn).toBe(COUNT); // levels grow nothing: still one node each
      expect(withoutLod.levels).toEqual([COUNT]); // one level: everyone at full detail
      expect(withLod.levels.reduce((a, b) => a + b, 0)).toBe(COUNT);
      expect(withLod.levels.length).toBe(3);
      if (COUNT >= 300) {
        expect(withLod.levels[0]).toBeLessThan(COUNT * 0.1); // the grid is 30–100 heights away
        expect(withLod.activeIndices).toBeLessThan(withoutLod.activeIndices * 0.3);
      }
      expect(withLod.activeIndices).toBeLessThan(withoutLod.activeIndices);
      // Each level is one more set of drawing meshes: draw calls grow by at most that.
      expect(withLod.crowdMeshes).toBeLessThanOrEqual(withoutLod.crowdMeshes * 3);
      expect(withLod.drawCalls).toBeLessThanOrEqual(withoutLod.drawCalls * 3);
      // Up close (3.5 heights) the zebra is drawn at full detail: the same pixels.
      expect(withLod.closeUpCreaturePixels).toBeGreaterThan(2000);
      expect(result.closeUpDiffering).toBeLessThan(withLod.closeUpCreaturePixels * 0.02);
      // Nothing failed in the page but lookups the client's timeout cut off and retried (see
      // meshLod.browser.test.ts: Chromium reports each as net::ERR_ABORTED).
      const timedOut = [...withLod.timedOutLookups, ...withoutLod.timedOutLookups];
      expect(unexplainedErrors(watch.errors, timedOut)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 480_000);
});
