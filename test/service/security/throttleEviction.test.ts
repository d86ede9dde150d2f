/**
 * Finding 13 of issue #29: the throttle of failed key checks forgets a throttled address last.
 * After 10 000 other addresses (127.1.x.y, real connections from each) fail once, the
 * throttled address is still throttled, not handed a fresh budget of guesses.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BUCKETS } from "../../../src/service/rateLimiter.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ authFailureLimit: { capacity: 3, refillPerSecond: 0.0001 } });
});
afterAll(() => service?.close());

/** One lookup with `key` from `localAddress`, on a connection of its own. */
function status(localAddress: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: service.port, path: `/anything?key=${key}&name=fox`, localAddress, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the failed-key throttle under a flood of addresses", () => {
  it("keeps a throttled address throttled after 10 000 others failed once", async () => {
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push(await status("127.0.0.1", `wrong-${i}`));
    expect(guesses).toEqual([403, 403, 403, 429]);
    expect(MAX_BUCKETS).toBe(10_000);
    const others = Array.from({ length: MAX_BUCKETS }, (_, i) => `127.1.${i >> 8}.${i & 255}`);
    for (let i = 0; i < others.length; i += 50) {
      const batch = await Promise.all(others.slice(i, i + 50).map((address) => status(address, "wrong")));
      expect(batch.every((s) => s === 403)).toBe(true);
    }
    expect(await status("127.0.0.1", "wrong-again")).toBe(429);
  }, 120_000);
});
