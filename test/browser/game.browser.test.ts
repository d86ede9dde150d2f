/**
 * A small game in Chromium (test/browser/pages/game.ts): a herd flees an agent-driven player
 * and calms down, a dog follows it, a click picks a creature, arrivals are reported.
 * Kept on the hand-made server: the game in the page is under test, not records or links; the
 * sheep, goat and dog are the tiny box quadruped of test/helpers/tinyModels.ts at heights set
 * here, furred in three colours so a screenshot tells them apart.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { createModelServer, type ModelServer } from "../helpers/modelServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";

type Report = ReturnType<NonNullable<Window["__game"]>["report"]>;

let browser: Browser;
let pages: PageServer;
let service: ModelServer;

const animal = (height: string, habitats: string[], rgb: [number, number, number]) => ({
  type: "quadruped",
  behaviour: "walk",
  height,
  habitats,
  parts: quadrupedParts(),
  mtl: furMtl(),
  textures: { "fur.png": tinyPng(rgb) },
});

beforeAll(async () => {
  service = await createModelServer({
    sheep: animal("1.1 m", ["farm"], [235, 235, 225]),
    goat: animal("0.95 m", ["farm"], [150, 120, 90]),
    dog: animal("60 cm", ["city"], [120, 80, 40]),
  });
  [browser, pages] = await Promise.all([launchChromium(), startPageServer()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await service?.close();
});

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  const { errors } = watchPage(page);
  await page.goto(`${pages.url}/game.html?service=${encodeURIComponent(service.url)}`);
  await page.waitForFunction(() => window.__ready || window.__error, undefined, { timeout: 120_000 });
  const error = await page.evaluate(() => window.__error);
  if (error) throw new Error(error);
  return { page, errors };
}

const game = (page: Page) => ({
  walkTo: (x: number, z: number, frames: number) =>
    page.evaluate(([x, z, f]) => window.__game!.walkTo(x!, z!, f!), [x, z, frames]) as Promise<Report>,
  step: (frames: number) => page.evaluate((f) => window.__game!.step(f), frames) as Promise<Report>,
});

describe("a game in Chromium", () => {
  it("a herd flees the player and calms down, a dog follows, a click picks, arrivals are told", async () => {
    const { page, errors } = await open();
    const g = game(page);
    let r = await g.step(30);
    expect(r.herd).toHaveLength(6);
    expect(r.herd.every((c) => c.state === "wander")).toBe(true);
    expect(Math.min(...r.groundY)).toBeGreaterThan(0.35); // on the raised ground, not at y = 0
    await page.screenshot({ path: "test-results/game-0-start.png" });

    // The player runs right through the herd (its area is a 10 m disc round the origin):
    // creatures near its path bolt.
    r = await g.walkTo(0, 0, 150);
    await page.screenshot({ path: "test-results/game-1-flee.png" });
    r = await g.walkTo(10, 0, 75);
    expect(r.fleeStarts).toBeGreaterThan(0);
    expect(r.dog.state).toBe("follow");

    // The player goes far away: the herd calms down and wanders on; the dog keeps up.
    r = await g.walkTo(-30, -20, 300);
    r = await g.step(240);
    await page.screenshot({ path: "test-results/game-2-calm.png" });
    expect(r.calmDowns).toBeGreaterThan(0);
    expect(r.herd.filter((c) => c.state === "flee")).toEqual([]);
    expect(r.herd.every((c) => c.state === "wander")).toBe(true);
    expect(r.dog.distance).toBeLessThan(4);

    // A click on the dog picks the dog.
    const at = await page.evaluate(() => window.__game!.screen("dog"));
    await page.mouse.click(at.x, at.y);
    r = await g.step(1);
    expect(r.picked).toEqual(["dog"]);

    // A herd creature sent to a point says when it arrives.
    await page.evaluate(() => window.__game!.sendHome(0, 3, -3));
    r = await g.step(600);
    expect(r.arrivals).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
