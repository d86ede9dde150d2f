import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, watchPage } from "../helpers/browser.js";
import { type DemoServer, startDemo } from "../helpers/demoServer.js";

interface DemoState {
  ready: boolean;
  populating: boolean;
  creatures: number;
  instances: number;
  distinctSources: number;
  drawCalls: number;
  habitat: string;
  lastSpawn: string;
  rigged: number;
  riggedPlaying: number;
}

type ScreenPoint = { x: number; y: number; name: string; kind: "parts" | "rig" };
interface DemoHooks {
  screenPointOf(i: number): ScreenPoint | undefined;
  lookAt(i: number): boolean;
}
const screenPointOf = (index: number) =>
  page.evaluate((i) => (window as unknown as { __demo: DemoHooks }).__demo.screenPointOf(i), index);
const onCanvas = (p: ScreenPoint | undefined): p is ScreenPoint =>
  !!p && p.x >= 5 && p.y >= 5 && p.x <= 950 && p.y <= 715;

let browser: Browser;
let demo: DemoServer;
let page: Page;
let watch: { errors: string[] };
const badResponses: string[] = [];

const demoState = () => page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo);
const settled = (habitat: string, count: number) =>
  page.waitForFunction(
    ([h, n]) => {
      const d = (window as unknown as { __demo?: DemoState }).__demo;
      return !!d && d.ready && !d.populating && d.habitat === h && d.creatures === n && d.drawCalls > 0;
    },
    [habitat, count] as const,
    { timeout: 120_000, polling: 250 },
  );

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  watch = watchPage(page);
  page.on("response", (response) => {
    if (response.status() >= 400) badResponses.push(`${response.status()} ${response.url()}`);
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe("the demo page (npm run demo)", () => {
  it("populates the forest with 40 creatures on load, with far fewer draw calls than part meshes", async () => {
    await page.goto(demo.url);
    await settled("forest", 40);
    await page.waitForTimeout(1000); // a few frames of motion
    await page.screenshot({ path: "test-results/demo-forest.png" });
    const state = await demoState();
    expect(state.creatures).toBe(40);
    expect(await page.locator("[data-testid=creature-count]").textContent()).toBe("40");
    // Instancing: a draw call per distinct source mesh, twice with the shadow pass, not one per copy.
    expect(state.drawCalls).toBeLessThanOrEqual(2 * state.distinctSources + 10);
    expect(state.distinctSources).toBeLessThan(state.instances);
    expect(watch.errors).toEqual([]);
    expect(badResponses).toEqual([]);
  }, 240_000);

  it("populates another habitat picked with the keyboard", async () => {
    await page.focus("#habitat");
    await page.selectOption("#habitat", "desert");
    await page.fill("#seed", "7");
    await page.focus("#populate");
    await page.keyboard.press("Enter");
    await settled("desert", 40);
    await page.screenshot({ path: "test-results/demo-desert.png" });
    expect(watch.errors).toEqual([]);
    expect(badResponses).toEqual([]);
  }, 180_000);

  it("shows rigged desert species with their clips playing, and a clicked one's card says it is rigged", async () => {
    // The desert holds rig-only zebra, kangaroo and scorpion from the catalog (habitats as a list).
    const state = await demoState();
    expect(state.habitat).toBe("desert");
    expect(state.rigged).toBeGreaterThan(0);
    expect(state.riggedPlaying).toBe(state.rigged);
    let card: { name: string; kind: string; fields: string } | undefined;
    for (let i = 0; i < 40 && !card; i++) {
      if ((await screenPointOf(i))?.kind !== "rig") continue;
      // Turn the camera to it (as spawning does): the herd may be behind the camera.
      await page.evaluate((index) => (window as unknown as { __demo: DemoHooks }).__demo.lookAt(index), i);
      await page.waitForTimeout(500);
      const point = await screenPointOf(i);
      if (!onCanvas(point)) continue;
      await page.mouse.click(point.x, point.y);
      await page.waitForTimeout(300);
      if ((await page.getAttribute("[data-testid=card]", "data-kind")) !== "rig") continue;
      card = {
        name: (await page.getAttribute("[data-testid=card]", "data-record")) ?? "",
        kind: (await page.textContent("#card-fields [data-field=kind]")) ?? "",
        fields: (await page.textContent("#card-fields")) ?? "",
      };
    }
    expect(card, "no rigged creature could be clicked").toBeTruthy();
    await page.screenshot({ path: "test-results/demo-rigged-card.png" });
    await page.locator("[data-testid=card]").screenshot({ path: "test-results/demo-rigged-card-fields.png" });
    expect(card!.kind).toMatch(/^rigged glTF, clips: idle, walk/);
    expect(card!.fields).toMatch(/Habitats.*desert/s);
    // Rig-only records send height 0 and a length: the card sizes them by length.
    expect(await page.textContent("#card-fields [data-field=size]")).toMatch(/^\d+\.\d\d m long \(scale\.length: /);
    expect(watch.errors).toEqual([]);
    expect(badResponses).toEqual([]);
  }, 120_000);

  it("spawns 'foxx' as a fox and says what it matched", async () => {
    await page.fill("#spawn-name", "foxx");
    await page.click("#spawn");
    await page.waitForFunction(() => (window as unknown as { __demo: DemoState }).__demo.lastSpawn !== "", undefined, {
      timeout: 60_000,
    });
    expect((await demoState()).lastSpawn).toBe("fox");
    expect(await page.textContent("#did-you-mean")).toContain('Did you mean "fox"?');
    expect(await page.getAttribute("[data-testid=card]", "data-record")).toBe("fox");
    expect(await page.textContent("#card-name")).toBe("fox");
    await page.screenshot({ path: "test-results/demo-fox-card.png" });
  }, 120_000);

  it("shows a creature's card when it is clicked", async () => {
    await page.click("#card-close");
    expect(await page.isHidden("[data-testid=card]")).toBe(true);
    await page.evaluate(() => (window as unknown as { __demo: DemoState }).__demo); // settle
    let clicked: string | undefined;
    for (let i = 0; i < 40 && !clicked; i++) {
      const point = await screenPointOf(i);
      if (!onCanvas(point)) continue;
      await page.mouse.click(point.x, point.y);
      await page.waitForTimeout(300);
      if (await page.isVisible("[data-testid=card]"))
        clicked = (await page.getAttribute("[data-testid=card]", "data-record")) ?? undefined;
    }
    expect(clicked).toBeTruthy();
    expect(await page.textContent("#card-fields")).toMatch(
      /Kind.*Group.*Type.*Behaviour.*Pet.*Detail.*Size.*Height.*Author.*Source.*Habitats/s,
    );
    await page.screenshot({ path: "test-results/demo-clicked-card.png" });
    expect(watch.errors).toEqual([]);
    expect(badResponses).toEqual([]);
  }, 120_000);

  it("stays readable on a narrow window", async () => {
    await page.setViewportSize({ width: 420, height: 800 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: "test-results/demo-narrow.png", fullPage: true });
    const box = await page.locator("#populate").boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
  }, 60_000);
});
