/**
 * Load, quick version (CI): 256 connections on loopback for 10 s after a 5 s warm-up; zero
 * errors, zero 5xx, every answer 2xx, the connections really held, and the service's RSS at the
 * end within 10% of the start. `npm run soak` runs the same for 60 s.
 */
import { describe, expect, it } from "vitest";
import { generatedCatalog } from "../helpers/faultHarness.js";
import { formatLoad, runLoad } from "../helpers/faultLoad.js";

describe("load", () => {
  it("holds 256 connections for 10 s with zero errors, zero 5xx and RSS within 10%", async () => {
    const figures = await runLoad({
      catalogDir: await generatedCatalog(),
      connections: 256,
      durationSeconds: 10,
      warmupSeconds: 5,
    });
    console.log(`\nLoad (quick):\n${formatLoad(figures)}\n`);
    expect(figures.maxConnectionsHeld).toBeGreaterThanOrEqual(256);
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.errors).toBe(0);
    expect(figures.timeouts).toBe(0);
    expect(figures.status5xx).toBe(0);
    expect(figures.non2xx).toBe(0);
    expect(Math.abs(figures.rssDrift)).toBeLessThanOrEqual(0.1);
  }, 90_000);
});
