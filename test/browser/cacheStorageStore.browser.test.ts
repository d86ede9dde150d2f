/**
 * `CacheStorageAssetStore` in Chromium's real Cache Storage, step by step over page loads of
 * one browser context (so each step's store is a new instance that reads back what the last
 * one kept): the byte budget, least recently used first out, across reloads and a lost index.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";
import { type PageServer, startPageServer } from "../helpers/vitePages.js";
import type { CacheStoreResult } from "./pages/cacheStore.js";

let browser: Browser;
let pages: PageServer;

beforeAll(async () => {
  [browser, pages] = await Promise.all([launchChromium(), startPageServer()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

const key = (name: string) => `https://assets.test/fox/${name}.obj`;

describe("CacheStorageAssetStore in Chromium", () => {
  it("keeps within maxBytes, least recently used out first, across reloads and a lost index", async () => {
    const context = await browser.newContext();
    const errors: string[] = [];
    const run = async (step: string) => {
      const page = await context.newPage();
      errors.push(...watchPage(page).errors);
      try {
        await page.goto(`${pages.url}/cache-store.html?step=${step}`);
        return await pageResult<CacheStoreResult>(page);
      } finally {
        await page.close();
      }
    };
    try {
      expect(await run("fill")).toEqual({ got: {}, stored: [key("a"), key("c")] });
      expect(await run("reload")).toEqual({ got: { a: null, c: 3, d: 4 }, stored: [key("c"), key("d")] });
      expect(await run("lostIndex")).toEqual({
        got: { c: null, d: 4, e: 5, stray: null },
        stored: [key("d"), key("e")],
      });
      expect(await run("remove")).toEqual({ got: { e: null }, stored: [key("d")] });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
