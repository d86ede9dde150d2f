/**
 * The asset relay in Chromium: an upstream shaped like the real service whose asset host sends
 * no CORS header (test/helpers/cdnUpstream.ts), behind two proxies, one without the relay and
 * one with it. Without it a page cannot read a single asset and the error says why and what
 * to do; with it the fox loads textured and the demo populates its forest through the proxy.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";
import { type CdnUpstream, startCdnUpstream } from "../helpers/cdnUpstream.js";
import { startDemo } from "../helpers/demoServer.js";
import { startTestService, type TestService } from "../helpers/serviceServer.js";
import { furMtl, quadrupedParts, tinyPng } from "../helpers/tinyModels.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";

const UPSTREAM_KEY = "browser-relay-upstream-key";
let browser: Browser;
let pages: PageServer;
let cdn: CdnUpstream;
let plain: TestService;
let relayed: TestService;

interface SpawnResult {
  creatures: number;
  texturesReady: boolean[];
  textureNames: string[];
  warnings: string[];
}

beforeAll(async () => {
  cdn = await startCdnUpstream(
    {
      fox: {
        height: "45 cm",
        parts: quadrupedParts(),
        mtl: furMtl("fox fur.png"),
        textures: { "fox fur.png": tinyPng([210, 110, 40]) },
      },
    },
    UPSTREAM_KEY,
  );
  [plain, relayed] = await Promise.all([
    startTestService({ upstream: { url: cdn.url, key: UPSTREAM_KEY } }),
    startTestService({ upstream: { url: cdn.url, key: UPSTREAM_KEY, relayAssets: { allowPrivateAddresses: true } } }),
  ]);
  [browser, pages] = await Promise.all([launchChromium(), startPageServer()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await Promise.all([plain?.close(), relayed?.close()]);
  await cdn?.close();
});

const spawnPage = (service: TestService, count: number) =>
  `${pages.url}/spawn.html?service=${encodeURIComponent(service.url)}&name=fox&count=${count}`;

describe("an asset host without CORS, in Chromium", () => {
  it("fails to spawn through a proxy without the relay, with an error that names CORS and --relay-assets", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(spawnPage(plain, 1));
      const error = await pageResult<SpawnResult>(page).then(
        () => "",
        (e: Error) => e.message,
      );
      expect(error).toMatch(
        /LoadError: Cannot load model of "fox": no part could be loaded, probably CORS: the asset host http:\/\/127\.0\.0\.1:\d+ did not allow this page \(http:\/\/127\.0\.0\.1:\d+\) to read it \(no Access-Control-Allow-Origin\); .*menagerie-service --upstream URL --relay-assets/,
      );
      // The asset host answered (200s); the browser kept the answers from the page.
      expect(cdn.assetRequests("fox").some((r) => r.status === 200)).toBe(true);
    } finally {
      await page.close();
    }
  }, 240_000);

  it("spawns foxes through the relay with their fur texture ready beside the crowd's joint texture, each file fetched from the asset host once", async () => {
    const before = cdn.assets.requests.length;
    const page = await browser.newPage();
    const watch = watchPage(page);
    const served: { url: string; status: number }[] = [];
    page.on("response", (r) => served.push({ url: r.url(), status: r.status() }));
    try {
      await page.goto(spawnPage(relayed, 3));
      const result = await pageResult<SpawnResult>(page);
      expect(result.creatures).toBe(3);
      expect(result.warnings).toEqual([]);
      // The fur came through the relay; the crowd's float texture of joint matrices is made on the page.
      expect(new Set(result.textureNames).size).toBe(result.textureNames.length);
      const ready = Object.fromEntries(result.textureNames.map((name, i) => [name, result.texturesReady[i]]));
      expect(ready).toEqual({ "fox/fox fur.png": true, "fox/crowd/joints": true });
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
    }
    const relayAnswers = served.filter((r) => r.url.startsWith(`${relayed.url}/relay/`));
    expect(relayAnswers).toHaveLength(13); // 11 parts, the MTL and the texture
    expect(relayAnswers.every((r) => r.status === 200)).toBe(true);
    expect(served.filter((r) => r.url.startsWith(cdn.assetOrigin))).toEqual([]);
    const upstream = cdn.assets.requests.slice(before).map((r) => r.url.split("?", 1)[0]);
    expect(upstream).toHaveLength(13);
    expect(new Set(upstream).size).toBe(13);
  }, 240_000);

  it("lets the demo populate its forest through the relaying proxy (?service=<proxy>)", async () => {
    // The run's built demo (test/helpers/sharedDemo.ts), told to use the relaying proxy.
    const demo = await startDemo();
    const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
    const watch = watchPage(page);
    const bad: string[] = [];
    page.on("response", (r) => r.status() >= 400 && bad.push(`${r.status()} ${r.url()}`));
    try {
      await page.goto(`${demo.url}/?service=${encodeURIComponent(relayed.url)}&count=12&scenery=4`);
      await page.waitForFunction(
        () => {
          const d = (window as unknown as { __demo?: { ready: boolean; populating: boolean; creatures: number } })
            .__demo;
          return !!d && d.ready && !d.populating && d.creatures > 0;
        },
        undefined,
        { timeout: 180_000, polling: 250 },
      );
      const state = await page.evaluate(
        () => (window as unknown as { __demo: { creatures: number; lastError: string } }).__demo,
      );
      expect(state.lastError).toBe("");
      expect(state.creatures).toBe(12);
      expect(bad).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await page.close();
      await demo.close();
    }
  }, 300_000);
});
