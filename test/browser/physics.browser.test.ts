import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { PhysicsPageResult } from "./pages/physics.js";

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

describe("creature physics in Chromium (Havok WASM)", () => {
  it("bounces a thrown ball off a cow with a body; one without a body lets its ball through", async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    const watch = watchPage(page);
    try {
      await page.goto(`${pages.url}/physics.html?service=${encodeURIComponent(service.url)}&name=cow&key=dev-key`);
      const result = await pageResult<PhysicsPageResult>(page, 180_000);
      await page.screenshot({ path: "test-results/physics-ball-bounce.png" });
      expect(result.shape).toBe("CAPSULE");
      expect(result.bodiesWithCreatures).toBe(2); // the ground and the cow with a body
      expect(result.hit.startVx).toBeGreaterThan(8);
      expect(result.hit.vx).toBeLessThan(0); // it came back...
      expect(result.hit.x).toBeLessThan(result.flankX); // ...from the cow's near flank
      expect(result.missed.vx).toBeGreaterThan(0); // the other flew on through the ghost cow
      expect(result.missed.x).toBeGreaterThan(result.creatureX + 1);
      expect(result.bodiesAfterDispose).toBe(4); // ground, cow, two balls: the disposed twin left none
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});
