/**
 * Holds the page-wide OBJ reading worker pool for a bench section, started and ready, as a
 * page's long-lived Menagerie holds it: the runs measure loading with the workers up, not their
 * start (which the README reports apart).
 */
import { acquireSharedObjParsePool, type ObjParsePoolLease } from "../src/obj/objParsePool.js";

export async function holdParseWorkers(timeoutMs = 60_000): Promise<ObjParsePoolLease> {
  const lease = acquireSharedObjParsePool();
  const until = performance.now() + timeoutMs;
  while (!lease.pool.ready && lease.pool.stats.workerFailures === 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return lease;
}
