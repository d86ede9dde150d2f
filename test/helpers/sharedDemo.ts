/**
 * Vitest global set-up of the `browser` project (vite.config.ts): one `npm run demo` for the
 * run's Chromium files that open the demo page, started in Vitest's main process and stopped
 * when the run ends, in place of one a file ({@link ./demoServer.ts}'s `startDemo()` hands out
 * its URL). A demo server takes about 4 s to start and its first page about 2.5 s more than a
 * warm one's (Vite transforms the demo's 500 modules once a server).
 */
import type { TestProject } from "vitest/node";
import { startDemo } from "./demoServer.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The URL of the run's shared demo server (`npm run demo`). */
    demoUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demo = await startDemo({ own: true });
  project.provide("demoUrl", demo.url);
  return () => demo.close();
}
