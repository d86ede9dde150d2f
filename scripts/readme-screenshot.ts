/**
 * Writes docs/demo.png, the README's picture of the demo: runs `npm run demo`, waits for the
 * forest to be populated, and takes a 960×540 screenshot in headless Chromium.
 * Usage: npx tsx scripts/readme-screenshot.ts [out.png]
 */
import { launchChromium } from "../test/helpers/browser.js";
import { startDemo } from "../test/helpers/demoServer.js";

const out = process.argv[2] ?? "docs/demo.png";
const demo = await startDemo();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  await page.goto(demo.url);
  await page.waitForFunction(
    () => {
      const d = (window as unknown as { __demo?: { ready: boolean; populating: boolean; creatures: number } }).__demo;
      return !!d && d.ready && !d.populating && d.creatures === 40;
    },
    undefined,
    { timeout: 120_000 },
  );
  await page.waitForTimeout(3000);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await demo.close();
}
