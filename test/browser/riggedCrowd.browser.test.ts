/**
 * Rigged crowds in Chromium (SwiftShader WebGL, real draw calls) against the reference service:
 * many rigged creatures of three species drawn in a few draw calls per model, with no skeleton
 * or animation group of their own, and a zebra drawn by its crowd looking as it does grown into
 * its own skeleton and meshes at the same clip frame (pixels compared), also half-way through a
 * cross-fade between two clips.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { RiggedCrowdResult } from "./pages/riggedCrowd.js";

const SPECIES = ["zebra", "dog", "hippo"];
/**
 * 150 in `npm test`: what is asserted (draw calls per model, no skeleton or group of its own, nodes
 * per creature) does not grow with the count. RIGGED_CROWD_COUNT=1000 for the figure issue #27
 * quotes (1 410 draw calls before crowds).
 */
const COUNT = Number(process.env["RIGGED_CROWD_COUNT"] ?? 150);

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

describe("rigged crowds in Chromium", () => {
  it(`draws ${COUNT} rigged creatures of ${SPECIES.length} species in a few draw calls per model`, async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    try {
      await page.goto(
        `${pages.url}/riggedCrowd.html?service=${encodeURIComponent(service.url)}&key=dev-key&species=${SPECIES.join(",")}&count=${COUNT}`,
      );
      const result = await pageResult<RiggedCrowdResult>(page, 300_000);
      await page.screenshot({ path: "test-results/rigged-crowd-zebra-grown.png" });
      console.info(
        `rigged crowd: ${result.creatures} creatures, ${result.drawCalls} draw calls, ${result.crowdMeshes} crowd meshes, ` +
          `${result.skeletons} skeletons, ${result.animationGroups} groups, ${result.nodes} nodes, ${result.frameMs.toFixed(1)} ms/frame; ` +
          `close-up: ${JSON.stringify(result.closeUp)}`,
      );
      expect(result.warnings).toEqual([]);
      expect(result.creatures).toBe(COUNT);
      expect(result.kinds).toEqual(["rig"]);
      expect(result.crowdDrawn).toBe(COUNT);
      expect(result.skeletons).toBe(0);
      expect(result.animationGroups).toBe(0);
      // One drawing mesh per mesh of each model (zebra 4, dog 3, hippo 3), a draw call each, and the ground.
      expect(result.crowdMeshes).toBeLessThanOrEqual(10 * SPECIES.length);
      expect(result.drawCalls).toBe(result.crowdMeshes + 1);
      expect(result.nodes).toBeLessThan(COUNT + result.crowdMeshes + 20); // a root each, the scene's own few

      const { closeUp } = result;
      expect(closeUp.crowdPixels).toBeGreaterThan(2000); // the zebra up close is really drawn
      expect(closeUp.redrawnDiffering).toBe(0);
      expect(closeUp.walkingDiffering).toBeGreaterThan(200); // its legs moved: the walk clip plays
      // Walking at its walk clip's pace: one clip weighs all.
      expect(closeUp.weights).toEqual({ idle: 0, walk: 1, run: 0 });
      // Grown into its own skeleton at the frame the crowd showed, it looks the same.
      expect(closeUp.grownDiffering).toBeLessThan(closeUp.crowdPixels * 0.01);
      expect(closeUp.skeletonsAfterGrowing).toBe(1);

      // Half-way from idle to walk, the crowd mixes the two clips per instance, as grown groups do.
      const { midFade } = result;
      console.info(`mid-fade: ${JSON.stringify(midFade)}`);
      expect(midFade.shownWeight).toBeGreaterThan(0.3);
      expect(midFade.weights.idle! + midFade.weights.walk!).toBeGreaterThan(0.99);
      expect(Math.min(midFade.weights.idle!, midFade.weights.walk!)).toBeCloseTo(midFade.shownWeight, 5);
      expect(midFade.crowdPixels).toBeGreaterThan(2000);
      // Mixed, it is much nearer the grown zebra than one clip alone (as before blending), though
      // not within the 1 % above: the crowd mixes skinning matrices linearly, Babylon blends each
      // bone's local rotation and translation before composing them (measured on this zebra: 27 %
      // of its pixels differ mixed, 51 % with one clip; skinned vertices 2.2 cm apart on average).
      expect(midFade.grownDiffering).toBeLessThan(midFade.unblendedDiffering * 0.75);
      expect(midFade.grownDiffering).toBeLessThan(midFade.crowdPixels * 0.35);
      expect(midFade.drawCalls).toBe(midFade.unblendedDrawCalls); // blending costs no draw call
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 360_000);
});
