import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";

interface SpawnResult {
  creatures: number;
  distinctPartMeshes: number;
  drawCalls: number;
  texturesReady: boolean[];
  textureNames: string[];
  warnings: string[];
  crowd: {
    creaturePixels: number;
    pixelsDifferingFromNodes: number;
    drawCalls: number;
    nodesBefore: number;
    nodesGrown: number;
  } | null;
}

let browser: Browser;
let pages: PageServer;
let service: ModelServer;

beforeAll(async () => {
  service = await createModelServer({
    fox: {
      type: "quadruped",
      height: "45 cm",
      parts: quadrupedParts(),
      mtl: furMtl("fox fur.png"),
      textures: { "fox fur.png": tinyPng([210, 110, 40]) },
    },
  });
  [browser, pages] = await Promise.all([launchChromium(), startPageServer()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await service?.close();
});

describe("spawnCreature in Chromium", () => {
  it("fetches every texture with its signature, never gets a 403, and draws 50 copies in about one call per part mesh", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    await page.goto(`${pages.url}/spawn.html?service=${encodeURIComponent(service.url)}&name=fox&count=50`);
    const result = await pageResult<SpawnResult>(page);
    await page.screenshot({ path: "test-results/spawn-50-foxes.png" });
    await page.close();

    expect(result.creatures).toBe(50);
    expect(result.warnings).toEqual([]);
    expect(result.texturesReady).toEqual([true]);
    expect(result.textureNames).toEqual(["fox/fox fur.png"]);
    const textureRequests = service.requests.filter((r) => r.url.startsWith("/assets/fox/fox%20fur.png"));
    expect(textureRequests).toHaveLength(1);
    expect(textureRequests[0]!.query.get("Signature")).toBeTruthy();
    expect(textureRequests[0]!.status).toBe(200);
    expect(service.requests.filter((r) => r.status === 403)).toEqual([]);
    expect(service.assetCount("fox")).toBe(13); // 11 parts, the MTL and the texture, each once
    expect(result.distinctPartMeshes).toBe(12); // 11 parts, the head with two materials
    // One draw call per distinct part mesh plus the ground, whatever the number of copies.
    expect(result.drawCalls).toBeGreaterThanOrEqual(result.distinctPartMeshes);
    expect(result.drawCalls).toBeLessThanOrEqual(result.distinctPartMeshes + 3);
    expect(watch.errors).toEqual([]);
  }, 240_000); // a fresh clone makes Vite pre-bundle Babylon on the first page load

  it("draws a crowd of 50 foxes through thin instances as their own nodes would, in one call per part mesh", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    await page.goto(`${pages.url}/spawn.html?service=${encodeURIComponent(service.url)}&name=fox&count=50&crowd=1`);
    const result = await pageResult<SpawnResult>(page);
    await page.close();
    const crowd = result.crowd!;
    expect(crowd.creaturePixels).toBeGreaterThan(5000); // the foxes really are on screen
    // Same geometry, materials and matrices: the images agree but for rounding at a few edges.
    expect(crowd.pixelsDifferingFromNodes).toBeLessThan(crowd.creaturePixels / 100);
    expect(crowd.drawCalls).toBeGreaterThanOrEqual(12); // 11 parts, the head with two materials
    expect(crowd.drawCalls).toBeLessThanOrEqual(12 + 3); // and the ground
    // Grown, each fox adds a joint node per part and an instance per part mesh: 11 + 12.
    expect(crowd.nodesGrown - crowd.nodesBefore).toBe(50 * 23);
    expect(watch.errors).toEqual([]);
  }, 240_000);

  it("shows a textured catalog fox from the reference service standing on the ground, every texture signed", async () => {
    const reference = await startCatalogService();
    const served: { url: string; status: number }[] = [];
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    page.on("response", (r) => served.push({ url: r.url(), status: r.status() }));
    try {
      await page.goto(
        `${pages.url}/spawn.html?service=${encodeURIComponent(reference.url)}&name=fox&count=1&key=dev-key`,
      );
      const result = await pageResult<SpawnResult>(page);
      await page.waitForTimeout(500);
      await page.screenshot({ path: "test-results/spawn-catalog-fox.png" });
      expect(result.creatures).toBe(1);
      expect(result.warnings).toEqual([]);
      expect(result.texturesReady.length).toBeGreaterThan(0);
      expect(result.texturesReady.every(Boolean)).toBe(true);
      const assets = served.filter((r) => r.url.startsWith(`${reference.url}/assets/`));
      expect(assets.filter((r) => /\.png\?/.test(r.url)).length).toBeGreaterThan(0);
      for (const r of assets) {
        expect(new URL(r.url).searchParams.get("Signature"), r.url).toBeTruthy();
        expect(r.status, r.url).toBe(200);
      }
      expect(served.filter((r) => r.status >= 400)).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
      await reference.close();
    }
  }, 240_000);
});
