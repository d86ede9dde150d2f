/**
 * Finding 1 of issue #29: no answer holds more than `maxResultsPerAnswer` records, whatever
 * `maxResultNum` asks (`-1` and larger values mean "up to the cap"), in catalog and proxy mode.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_SERVICE_DEFAULTS } from "../../../src/service/index.js";
import { startTestService, type TestService } from "../../helpers/serviceServer.js";

let catalog: TestService;
let proxy: TestService;
const forwarded: string[] = [];

beforeAll(async () => {
  catalog = await startTestService({ maxResultsPerAnswer: 2 });
  const counting: typeof fetch = (input, init) => {
    forwarded.push(new URL(String(input)).searchParams.get("maxResultNum") ?? "absent");
    return fetch(input, init);
  };
  proxy = await startTestService({
    maxResultsPerAnswer: 3,
    upstream: { url: catalog.url, key: "dev-key", fetch: counting },
  });
});
afterAll(async () => {
  await proxy?.close();
  await catalog?.close();
});

const count = async (base: string, query: string) => {
  const res = await fetch(`${base}/anything?key=dev-key&${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
};

describe("the cap on records per answer", () => {
  it("is 1000 unless configured", () => {
    expect(LOOKUP_SERVICE_DEFAULTS.maxResultsPerAnswer).toBe(1000);
  });

  it("holds -1 and larger maxResultNum values to the cap; offset pages on", async () => {
    expect(await count(catalog.url, "search=mammals&maxResultNum=-1")).toBe(2);
    expect(await count(catalog.url, "search=mammals&maxResultNum=1000000")).toBe(2);
    expect(await count(catalog.url, "search=mammals")).toBe(2);
    expect(await count(catalog.url, "search=mammals&maxResultNum=1")).toBe(1);
    expect(await count(catalog.url, "search=mammals&maxResultNum=-1&offset=2")).toBe(2);
  });

  it("forwards the capped value in proxy mode", async () => {
    await count(proxy.url, "search=mammals&maxResultNum=-1");
    await count(proxy.url, "search=mammals&maxResultNum=50");
    await count(proxy.url, "search=mammals&maxResultNum=1");
    // -1 and 50 both ask for the cap: one upstream request, the second answered from the cache.
    expect(forwarded).toEqual(["3", "1"]);
  });
});
