/**
 * spawnCreature in Chromium: a crowd of 50 foxes drawn in one call from its joined mesh, posed as
 * their own nodes would be, its texture fetched once with its signature; and a textured catalog
 * fox from the reference service standing on the ground, every texture signed.
 * The first two run on the hand-made server's tiny box fox (test/helpers/tinyModels.ts), whose
 * 13 assets its per-asset count checks; its signed texture link could move to the service, as
 * the last test's catalog fox already has.
 */
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

/** The crowd's float texture of joint matrices, one row per fox, read by the baked vertex animation. */
const JOINTS = "fox/crowd/joints";

/** Each texture's readiness by its name; a name twice fails the test. */
function readyByName(result: SpawnResult): Record<string, boolean> {
  expect(new Set(result.textureNames).size).toBe(result.textureNames.length);
  return Object.fromEntries(result.textureNames.map((name, i) => [name, result.texturesReady[i]!]));
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
  it("fetches the fur texture once with its signature, never gets a 403, and draws 50 foxes in one call for their joined mesh", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    await page.goto(`${pages.url}/spawn.html?service=${encodeURIComponent(service.url)}&name=fox&count=50`);
    const result = await pageResult<SpawnResult>(page);
    await page.screenshot({ path: "test-results/spawn-50-foxes.png" });
    await page.close();

    expect(result.creatures).toBe(50);
    expect(result.warnings).toEqual([]);
    // The fur, fetched from the service, and the crowd's joint matrices, made on the page.
    expect(readyByName(result)).toEqual({ "fox/fox fur.png": true, [JOINTS]: true });
    const textureRequests = service.requests.filter((r) => r.url.startsWith("/assets/fox/fox%20fur.png"));
    expect(textureRequests).toHaveLength(1);
    expect(textureRequests[0]!.query.get("Signature")).toBeTruthy();
    expect(textureRequests[0]!.status).toBe(200);
    expect(service.requests.filter((r) => r.status === 403)).toEqual([]);
    expect(service.assetCount("fox")).toBe(13); // 11 parts, the MTL and the texture, each once
    expect(result.distinctPartMeshes).toBe(12); // 11 parts, the head with two materials
    // Whatever the number of copies: one call for the fox's joined mesh (its 12 part meshes, the
    // fur and the head's second material drawn by one material) and one for the ground; one more
    // would be a second level of detail in view.
    expect(result.drawCalls).toBeGreaterThanOrEqual(2);
    expect(result.drawCalls).toBeLessThanOrEqual(3);
    expect(watch.errors).toEqual([]);
  }, 240_000); // a fresh clone makes Vite pre-bundle Babylon on the first page load

  it("draws a crowd of 50 foxes as one joined mesh posed from its joint texture, as their own nodes would, in one call", async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const watch = watchPage(page);
    await page.goto(`${pages.url}/spawn.html?service=${encodeURIComponent(service.url)}&name=fox&count=50&crowd=1`);
    const result = await pageResult<SpawnResult>(page);
    await page.close();
    const crowd = result.crowd!;
    expect(crowd.creaturePixels).toBeGreaterThan(5000); // the foxes really are on screen
    // Same geometry, materials and matrices: the images agree but for rounding at a few edges.
    expect(crowd.pixelsDifferingFromNodes).toBeLessThan(crowd.creaturePixels / 100);
    // One call for the joined mesh of 11 parts (the head's two materials drawn by one) and one for
    // the ground; one more would be a second level of detail in view.
    expect(crowd.drawCalls).toBeGreaterThanOrEqual(2);
    expect(crowd.drawCalls).toBeLessThanOrEqual(3);
    expect(readyByName(result)).toEqual({ "fox/fox fur.png": true, [JOINTS]: true });
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
