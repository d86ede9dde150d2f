/**
 * Rigged, animated GLB creatures in Chromium against the reference service over loopback: the
 * catalog's rig-only zebra (no OBJ parts, `height: 0` and a length) loads from its signed clip
 * GLBs, each fetched once for all copies, and its walk clip really plays on the skinned mesh.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSize } from "../../src/records/index.js";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { RiggedInfo, RiggedStep } from "./pages/rigged.js";

const COPIES = 4;

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

async function open(name: string, count: number) {
  const page: Page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  const watch = watchPage(page);
  const served: { url: string; status: number }[] = [];
  page.on("response", (r) => served.push({ url: r.url(), status: r.status() }));
  await page.goto(
    `${pages.url}/rigged.html?service=${encodeURIComponent(service.url)}&name=${name}&count=${count}&key=dev-key`,
  );
  await page.waitForFunction(() => window.__ready || window.__error, undefined, { timeout: 120_000 });
  const error = await page.evaluate(() => window.__error);
  if (error) throw new Error(error);
  return { page, watch, served };
}

const step = (page: Page, frames: number) => page.evaluate((n) => window.__riggedStep!(n), frames);

describe("rigged creatures in Chromium", () => {
  it("walks a rig-only zebra with its walk clip, bones moving, every GLB signed and fetched once", async () => {
    const record = service.catalogFile.records.find((r) => r.name === "zebra")!;
    expect(Object.keys(record.model.parts)).toEqual([]); // rig-only, as the real service sends it
    const length = recordSize(record);
    expect(length?.axis).toBe("length");
    const { page, watch, served } = await open("zebra", COPIES);
    try {
      const info: RiggedInfo = await page.evaluate(() => window.__riggedInfo!());
      expect(info.creatures).toBe(COPIES);
      expect(info.kinds).toEqual(Array(COPIES).fill("rig"));
      expect(info.clips).toEqual(expect.arrayContaining(["idle", "walk", "run"]));
      expect(info.warnings).toEqual([]);
      expect(info.skeletons).toBe(COPIES); // each copy has its own skeleton
      expect(info.texturesReady.length).toBeGreaterThan(0);
      expect(info.texturesReady.every(Boolean)).toBe(true);
      // Sized by its length (2.199 m) along +X, where it faces; feet on the ground.
      const [minX, minY] = info.box.min as [number, number, number];
      const [maxX] = info.box.max as [number, number, number];
      expect(maxX - minX).toBeGreaterThan(length!.meters * 0.8);
      expect(maxX - minX).toBeLessThan(length!.meters * 1.25);
      expect(Math.abs(minY)).toBeLessThan(0.02);

      await step(page, 30); // get going
      const steps: RiggedStep[] = [];
      for (let i = 0; i < 4; i++) {
        steps.push(await step(page, 3));
        await page.screenshot({ path: `test-results/rigged-zebra-walk-${i}.png` });
      }
      for (const s of steps) {
        expect(s.weights["walk"]!, JSON.stringify(s.weights)).toBeGreaterThanOrEqual(0.5);
        expect(Object.values(s.playing).every(Boolean)).toBe(true);
      }
      expect(steps[3]!.x).toBeGreaterThan(steps[0]!.x + 0.05); // it walks along +X
      expect(steps[0]!.bonesLocal.length).toBe(info.bones.length * 3);
      // The skinned mesh's bones move in the zebra's own frame between frames: the clip plays.
      const moved = (a: number[], b: number[]) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
      for (let i = 1; i < steps.length; i++)
        expect(moved(steps[i - 1]!.bonesLocal, steps[i]!.bonesLocal)).toBeGreaterThan(0.005);

      // Every GLB is signed, served 200, and fetched once for all copies.
      const glbs = served.filter((r) => new URL(r.url).pathname.endsWith(".glb"));
      const paths = glbs.map((r) => new URL(r.url).pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/assets/zebra/rig/idle.glb",
          "/assets/zebra/rig/walk.glb",
          "/assets/zebra/rig/run.glb",
        ]),
      );
      expect(new Set(paths).size).toBe(paths.length);
      for (const r of glbs) {
        expect(new URL(r.url).searchParams.get("Signature"), r.url).toBeTruthy();
        expect(r.status, r.url).toBe(200);
      }
      expect(served.filter((r) => r.status === 403)).toEqual([]);
      expect(served.filter((r) => r.status >= 400)).toEqual([]);

      // Skinned clones are not instanced: a draw call per mesh per copy (all in view), plus the ground.
      const drawCalls = steps[3]!.drawCalls;
      expect(drawCalls).toBeGreaterThanOrEqual(COPIES * info.meshesPerCreature);
      expect(drawCalls).toBeLessThanOrEqual(COPIES * info.meshesPerCreature + 3);
      console.info(
        `rigged zebra: ${COPIES} copies x ${info.meshesPerCreature} meshes, ${info.bones.length} bones, ${drawCalls} draw calls`,
      );
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});
