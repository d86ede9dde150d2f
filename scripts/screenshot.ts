/**
 * `npm run screenshot [-- <outFile>]`: the README's picture. Starts the demo (`npm run demo`),
 * opens it in headless Chromium, waits for the forest to be populated and dressed, and saves a
 * screenshot of the page (default `docs/screenshot.png`).
 */
import { resolve } from "node:path";
import { launchChromium } from "../test/helpers/browser.js";
import { startDemo } from "../test/helpers/demoServer.js";

const outFile = resolve(process.argv[2] ?? "docs/screenshot.png");
const [demo, browser] = await Promise.all([startDemo(), launchChromium({ antialiasing: true })]);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(demo.url);
  await page.waitForFunction(
    () => {
      const d = (window as unknown as { __demo?: { ready: boolean; populating: boolean; creatures: number } }).__demo;
      return !!d && d.ready && !d.populating && d.creatures === 40;
    },
    undefined,
    { timeout: 180_000, polling: 250 },
  );
  await page.waitForTimeout(3000); // let them walk a little, and the frame-time average settle
  await page.screenshot({ path: outFile });
  console.log(`Screenshot of the dressed forest: ${outFile}`);
} finally {
  await browser.close();
  await demo.close();
}
