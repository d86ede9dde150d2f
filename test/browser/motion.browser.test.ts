import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { startCatalogService } from "../helpers/catalogService.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";

type Step = {
  x: number;
  y: number;
  z: number;
  heading: number;
  joints: Record<string, number[]>;
  gait: string | undefined;
};

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

async function open(name: string, extra = ""): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  const { errors } = watchPage(page);
  await page.goto(
    `${pages.url}/motion.html?service=${encodeURIComponent(service.url)}&name=${encodeURIComponent(name)}&key=dev-key${extra}`,
  );
  await page.waitForFunction(() => window.__ready || window.__error, undefined, { timeout: 120_000 });
  const error = await page.evaluate(() => window.__error);
  if (error) throw new Error(error);
  return { page, errors };
}

/** Steps `frames` at a time, `shots` times, saving a screenshot after each. */
async function clip(page: Page, label: string, shots: number, frames: number): Promise<Step[]> {
  const steps: Step[] = [];
  for (let i = 0; i < shots; i++) {
    steps.push(await page.evaluate((n) => window.__step!(n), frames));
    await page.screenshot({ path: `test-results/motion-${label}-${i}.png` });
  }
  return steps;
}

describe("motion in Chromium", () => {
  it("walks a fox: it travels along its facing while its legs swing", async () => {
    const { page, errors } = await open("fox");
    await page.evaluate(() => window.__step!(30)); // get going
    const steps = await clip(page, "fox-walk", 4, 6);
    expect(steps[0]!.gait).toBe("walk");
    expect(steps[3]!.x).toBeGreaterThan(steps[0]!.x + 0.05); // it faces +X (rotationY π/2) and goes there
    expect(Math.abs(steps[3]!.z - steps[0]!.z)).toBeLessThan(0.05);
    const legAngles = steps.map((s) => s.joints["leg_front_left_top"]![0]!);
    expect(new Set(legAngles.map((a) => a.toFixed(3))).size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("flies a bird: above the ground, wings flapping", async () => {
    const { page, errors } = await open("eagle");
    await page.evaluate(() => window.__step!(90)); // take off
    const steps = await clip(page, "eagle-fly", 4, 2);
    expect(steps[0]!.gait).toBe("fly");
    for (const s of steps) expect(s.y).toBeGreaterThan(1);
    const wing = steps.map((s) => s.joints["wing_left"]![2]!);
    expect(Math.max(...wing) - Math.min(...wing)).toBeGreaterThan(0.1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("swims a fish: below the water line, body undulating", async () => {
    const name = service.catalogFile.records.find((r) => r.behaviour === "swim" && r.type === "uniform")!.name;
    const { page, errors } = await open(name, "&water=1");
    const steps = await clip(page, "fish-swim", 4, 5);
    expect(steps[0]!.gait).toBe("swim");
    for (const s of steps) expect(s.y).toBeLessThan(0);
    const yaw = steps.map((s) => s.joints["body"]![1]!);
    expect(Math.max(...yaw) - Math.min(...yaw)).toBeGreaterThan(0.05);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
