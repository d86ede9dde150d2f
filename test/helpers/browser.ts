/**
 * Headless Chromium (Debian's, or the one test/helpers/programs.ts finds) through playwright-core
 * (Playwright's own browser download does not work here). Software WebGL through SwiftShader, so draw calls and textures are real.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM, requireProgram } from "./programs.js";

/** Options of {@link launchChromium}. */
export interface ChromiumOptions {
  /**
   * Multisampled WebGL, as pages ask for it (`antialias: true`). Default false: the browser
   * gives every WebGL canvas a single sample (`--webgl-antialiasing-mode=none`). SwiftShader
   * resolves each sample on the CPU, and no test checks anti-aliasing: the mesh level-of-detail
   * page took 63 core-seconds with it and 35 without (pixels compared between two of its own
   * renders match either way). Screenshots for people to look at turn it on.
   */
  antialiasing?: boolean;
}

export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    // Found as `npm test`'s provisioning found it (CHROMIUM_PATH, Debian's, the PATH, Playwright's cache).
    executablePath: requireProgram(CHROMIUM),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      ...(options.antialiasing ? [] : ["--webgl-antialiasing-mode=none"]),
    ],
  });
}

/** Console errors, page errors and failed requests of a page, collected as they happen. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) =>
    errors.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ""}`),
  );
  return { errors };
}

/** Waits for `window.__result` (or `window.__error`) set by a test page. */
export async function pageResult<T>(page: Page, timeoutMs = 120_000): Promise<T> {
  await page.waitForFunction(
    () =>
      (window as { __result?: unknown; __error?: unknown }).__result !== undefined ||
      (window as { __error?: unknown }).__error !== undefined,
    undefined,
    { timeout: timeoutMs },
  );
  const error = await page.evaluate(() => (window as { __error?: string }).__error);
  if (error) throw new Error(`page failed: ${error}`);
  return page.evaluate(() => (window as { __result?: unknown }).__result as T);
}

/** A lookup's fetch aborted in the page: `requestfailed: <service>/anything?<query> net::ERR_ABORTED`. */
const ABORTED_LOOKUP = /^requestfailed: \S+\/anything\?(\S+) net::ERR_ABORTED$/;

/**
 * A page's errors less the lookups the client's per-attempt timeout cut off and retried
 * (`timedOut`: their queries, key redacted, as the pages' `watchedClient` lists them). Such an
 * abort is the timeout doing its job: under a full run's load an answer can take longer than
 * 15 s to reach the page (the page's main thread or the test process's event loop starved),
 * and the retry answers. Each timed-out attempt accounts for one aborted request, once; any
 * other aborted lookup, failed request, page or console error is left in.
 */
export function unexplainedErrors(errors: readonly string[], timedOut: readonly string[]): string[] {
  const left = [...timedOut];
  return errors.filter((error) => {
    const query = ABORTED_LOOKUP.exec(error)?.[1]?.replace(/(^|&)key=[^&]*/, "$1key=***");
    const at = query === undefined ? -1 : left.indexOf(query);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}
