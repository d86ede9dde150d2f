/**
 * The catalog's asset route under readers who stop reading, over real loopback sockets: the
 * file is streamed, so 16 unread answers of an 8 MiB file hold no copy of it each (they held
 * one read of the whole file each).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUrl } from "../../src/service/signing.js";
import { startTestService, TEST_SIGNING_KEY, type TestService } from "../helpers/serviceServer.js";
import { getAndStall, type StalledAnswer } from "../helpers/stalledReaders.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
/** Bytes of array buffers alive, after a full GC. */
function liveArrayBufferBytes(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

const SIZE = 8 * 1024 * 1024;
let server: TestService;
let path: string;
const stalled: StalledAnswer[] = [];

beforeAll(async () => {
  server = await startTestService();
  await writeFile(join(server.catalog!.dir, "fox", "big.png"), Buffer.alloc(SIZE, 3));
  const link = signUrl(`${server.url}/assets/fox/big.png`, {
    keyName: "menagerie",
    secret: TEST_SIGNING_KEY,
    expires: Math.floor(Date.now() / 1000) + 3600,
  });
  path = link.slice(server.url.length);
  // Once whole, so the ETag is memoized before the readers come.
  const first = await fetch(link);
  expect([first.status, (await first.arrayBuffer()).byteLength]).toEqual([200, SIZE]);
});
afterAll(async () => {
  for (const { socket } of stalled) socket.destroy();
  await server.close();
});

describe("finding 7: the asset route", () => {
  it("finding 7: 16 unread answers of an 8 MiB catalog file hold no whole read of it", async () => {
    const before = liveArrayBufferBytes();
    for (let i = 0; i < 16; i++) stalled.push(await getAndStall(server.port, path));
    const reads = Math.round((liveArrayBufferBytes() - before) / SIZE);
    expect(stalled.map((s) => s.status)).toEqual(Array(16).fill(200));
    expect(stalled[0]!.head).toMatch(new RegExp(`\\r\\ncontent-length: ${SIZE}\\r\\n`, "i"));
    // Before the fix: 16 (a whole read of the file per answer).
    expect(reads).toBe(0);
  }, 30_000);
});
