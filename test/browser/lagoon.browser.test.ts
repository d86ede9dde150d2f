/**
 * The demo's lagoon scene in Chromium (the run's built demo, `?scene=lagoon`): positions sampled every
 * half second through the page's `window.__lagoon` hook (demo/lagoon.ts) while it lives. Fliers
 * stay above the water, swimmers between its surface and the floor at several depths, birds
 * land on the beach now and then, and the shark chases the fish.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LagoonPosition, LagoonState } from "../../demo/lagoon.js";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";

type Sample = ReturnType<LagoonState["sample"]> & { landings: number; catches: number };
interface Hooks {
  __lagoon?: LagoonState;
  __demo?: { ready: boolean; populating: boolean; habitat: string; drawCalls: number; lastError: string };
}

/** A centimetre: positions go through the page as plain numbers. */
const EPS = 0.01;
const SAMPLE_MS = 500;
/** The least it watches, and the most it waits for a landing and a chase. */
const MIN_WATCH_MS = 15_000;
const MAX_WATCH_MS = 60_000;

let browser: Browser;
let demo: DemoServer;
let page: Page;

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 960, height: 540 } });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

const sample = () =>
  page.evaluate(() => {
    const lagoon = (window as unknown as Hooks).__lagoon!;
    return { ...lagoon.sample(), landings: lagoon.landings, catches: lagoon.catches };
  });

/** True when a run of samples in which the shark hunts brings it 0.5 m or more closer to a fish. */
function closesIn(samples: readonly Sample[]): boolean {
  let start: number | undefined;
  for (const s of samples) {
    if (s.shark?.state !== "hunt" || s.shark.gap === undefined) {
      start = undefined;
      continue;
    }
    start ??= s.shark.gap;
    if (start - s.shark.gap >= 0.5) return true;
  }
  return false;
}

const onBeach = (p: LagoonPosition, radius: number) =>
  p.phase === "landed" && Math.hypot(p.x, p.z) > radius && Math.abs(p.y - p.ground) < 0.05;

describe("the demo's lagoon (?scene=lagoon)", () => {
  it("keeps fliers over the water and swimmers in it, lands birds on the beach, and its shark chases the fish", async () => {
    const watch = watchPage(page);
    await page.goto(`${demo.url}/?scene=lagoon`);
    await page.waitForFunction(
      () => {
        const w = window as unknown as Hooks;
        return !!w.__lagoon?.ready && w.__demo?.habitat === "lagoon" && !w.__demo.populating && w.__demo.drawCalls > 0;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    const { surface, radius } = await page.evaluate(() => {
      const { surface, radius } = (window as unknown as Hooks).__lagoon!;
      return { surface, radius };
    });
    const samples: Sample[] = [];
    const started = Date.now();
    const landedSeen = () => samples.some((s) => s.fliers.some((f) => onBeach(f, radius)));
    const chased = () => samples.at(-1)!.catches > 0 || closesIn(samples);
    while (Date.now() - started < MAX_WATCH_MS) {
      samples.push(await sample());
      if (Date.now() - started >= MIN_WATCH_MS && landedSeen() && chased()) break;
      await page.waitForTimeout(SAMPLE_MS);
    }
    await page.screenshot({ path: "test-results/demo-lagoon.png" });

    const fliers = samples.flatMap((s) => s.fliers);
    const swimmers = samples.flatMap((s) => s.swimmers);
    expect(new Set(fliers.map((f) => f.name))).toEqual(new Set(["seagull", "parrot"]));
    expect(new Set(swimmers.map((f) => f.name))).toEqual(new Set(["goldfish", "clownfish", "trout", "carp", "shark"]));
    const overWater = fliers.filter((f) => Math.hypot(f.x, f.z) < radius);
    expect(overWater.length).toBeGreaterThan(samples.length); // birds do fly over the lagoon
    expect(overWater.filter((f) => f.y < surface - EPS)).toEqual([]);
    expect(swimmers.filter((s) => s.top > surface + EPS)).toEqual([]);
    expect(swimmers.filter((s) => s.y < s.ground - EPS)).toEqual([]);
    // Several depths: fish just under the surface, and fish on the floor.
    expect(swimmers.some((s) => s.top > surface - 0.5)).toBe(true);
    expect(swimmers.some((s) => s.y - s.ground < 0.3 && s.ground < surface - 1)).toBe(true);
    expect(landedSeen()).toBe(true);
    expect(samples.at(-1)!.landings).toBeGreaterThan(0);
    expect(samples.at(-1)!.catches > 0 || closesIn(samples)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as Hooks).__demo!.lastError)).toBe("");
    expect(watch.errors).toEqual([]);
  }, 300_000);
});
