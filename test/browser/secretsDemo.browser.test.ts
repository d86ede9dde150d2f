/**
 * Secrets in the demo page: the page (the demo built and served by `npm run demo:preview`, the
 * reference service mounted beside it as `npm run demo` mounts it; Debian Chromium) talks to a
 * key-injecting proxy of the reference service (`?service=<proxy>`), whose upstream key is the secret. The
 * page's HTML, its visible text, its form values, storage, cookies, console, every response
 * body it received, and the log lines of the proxy, the upstream and Vite are scanned for it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LookupServer, startLookupServer } from "../../src/service/index.js";
import { launchChromium } from "../helpers/browser.js";
import { type DemoServer, startBuiltDemo, startDemo } from "../helpers/demoServer.js";
import { startFaultService } from "../helpers/faultHarness.js";

const UPSTREAM_KEY = "sk_live_d3mo_upstream_5c7e19a04b62";

let upstream: LookupServer;
let proxy: LookupServer;
let demo: DemoServer;
let browser: Browser;
let page: Page;
const seen: { where: string; text: string }[] = [];
const pending: Promise<void>[] = [];
/**
 * Set once the scan has read every response so far: the page goes on fetching, and a response
 * read while the browser closes after the test fails to read, which is no finding.
 */
let scanned = false;

beforeAll(async () => {
  upstream = await startFaultService(
    // One lookup fails first, so the page's client retries through the proxy.
    { rules: [{ targets: ["lookup"], kind: "status", status: 503, first: 1 }] },
    { apiKeys: [UPSTREAM_KEY], log: (l) => void seen.push({ where: "upstream log", text: l }) },
  );
  proxy = await startLookupServer({
    upstream: { url: upstream.url, key: UPSTREAM_KEY },
    rateLimit: false,
    port: 0,
    log: (l) => void seen.push({ where: "proxy log", text: l }),
  });
  // A demo server of its own, whose output the scan reads: the run's built demo
  // (test/helpers/sharedDemo.ts) served by `npm run demo:preview`, else `npm run demo`.
  const built = inject("builtDemoDir");
  [demo, browser] = await Promise.all([built ? startBuiltDemo(built) : startDemo({ own: true }), launchChromium()]);
  page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  page.on("console", (m) => void seen.push({ where: `console.${m.type()}`, text: m.text() }));
  page.on("pageerror", (e) => void seen.push({ where: "pageerror", text: `${e.message}\n${e.stack ?? ""}` }));
  page.on("response", (response) => {
    pending.push(
      (async () => {
        const headers = Object.entries(
          await response.allHeaders().catch((error) => (scanned ? {} : Promise.reject(error))),
        )
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n");
        let body = "";
        try {
          body = (await response.body()).toString("latin1"); // bytes as they came, text or not
        } catch {
          // a redirect or a body already gone
        }
        seen.push({
          where: `response ${response.status()} ${response.url()}`,
          text: `${response.url()}\n${headers}\n\n${body}`,
        });
      })(),
    );
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await proxy?.close();
  await upstream?.close();
});

describe("the demo page through a key-injecting proxy", () => {
  it("never holds, shows or receives the upstream key", async () => {
    // A dozen creatures and a few props: every kind of request the page makes, at a third of the forest's.
    await page.goto(`${demo.url}/?service=${encodeURIComponent(proxy.url)}&count=12&scenery=4`);
    await page.waitForFunction(
      () => {
        const d = (window as unknown as { __demo?: { ready: boolean; populating: boolean; creatures: number } }).__demo;
        return !!d && d.ready && !d.populating && d.creatures > 0;
      },
      undefined,
      { timeout: 180_000, polling: 250 },
    );
    await page.fill("#spawn-name", "foxx");
    await page.click("#spawn");
    await page.waitForFunction(
      () => (window as unknown as { __demo: { lastSpawn: string } }).__demo.lastSpawn !== "",
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(500);

    const visible = await page.evaluate(() => ({
      html: document.documentElement.outerHTML,
      text: document.body.textContent,
      inputs: [...document.querySelectorAll("input")].map((i) => `${i.id}=${i.value}`).join("\n"),
      storage: JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
      cookies: document.cookie,
      href: location.href,
      state: JSON.stringify((window as unknown as { __demo: unknown }).__demo),
      resources: performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .join("\n"),
    }));
    for (const [where, text] of Object.entries(visible)) seen.push({ where: `page ${where}`, text });
    await Promise.all(pending);
    scanned = true;
    seen.push({ where: "vite output", text: demo.output() });

    const fromProxy = seen.filter((s) => s.where.startsWith("response") && s.where.includes(proxy.url));
    const assets = seen.filter(
      (s) => s.where.startsWith("response 200") && s.where.includes(`${upstream.url}/assets/`),
    );
    expect(fromProxy.length).toBeGreaterThan(0); // the page really went through the proxy
    expect(assets.length).toBeGreaterThan(0); // and loaded signed assets from the upstream
    expect(upstream.service.faults!.stats().injected["status"]).toBe(1);
    expect(visible.text).toContain('Did you mean "fox"?'); // the spawn answer is on the page

    const leaks = seen
      .filter((s) => s.text.includes(UPSTREAM_KEY) || s.text.includes(encodeURIComponent(UPSTREAM_KEY)))
      .map((s) => s.where);
    console.log(
      `\nDemo secrets scan: ${seen.length} captured items (${fromProxy.length} proxy responses, ${assets.length} asset responses), ${leaks.length} containing the upstream key\n`,
    );
    expect(leaks).toEqual([]);
  }, 300_000);
});
