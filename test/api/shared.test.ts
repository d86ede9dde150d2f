import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { InflightRequests } from "../../src/api/shared.js";

/** A request under test's control: how many times it started, its signals, and how to end it. */
function controlled<T>() {
  const runs: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const run = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      runs.push({ signal, resolve, reject });
    });
  return { runs, run };
}

async function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

describe("InflightRequests", () => {
  it("shares one request between callers of one key, and forgets it once settled", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const a = inflight.join("fox", undefined, run);
    const b = inflight.join("fox", new AbortController().signal, run);
    const c = inflight.join("owl", undefined, run);
    expect([runs.length, inflight.size]).toEqual([2, 2]);
    runs[0]!.resolve("FOX");
    runs[1]!.resolve("OWL");
    expect(await Promise.all([a, b, c])).toEqual(["FOX", "FOX", "OWL"]);
    expect(inflight.size).toBe(0);
    const again = inflight.join("fox", undefined, run);
    expect(runs.length).toBe(3);
    runs[2]!.resolve("FOX 2");
    expect(await again).toBe("FOX 2");
  });

  it("rejects every sharer with the request's error", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const a = settled(inflight.join("fox", undefined, run));
    const b = settled(inflight.join("fox", undefined, run));
    const error = new Error("HTTP 500");
    runs[0]!.reject(error);
    expect(await a).toEqual({ error });
    expect((await b).error).toBe(error);
    expect(inflight.size).toBe(0);
  });

  it("lets one sharer abort alone: it rejects with its reason, the others still get the answer", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const leaving = new AbortController();
    const staying = new AbortController();
    const a = settled(inflight.join("fox", leaving.signal, run));
    const b = inflight.join("fox", staying.signal, run);
    leaving.abort(new Error("left"));
    expect(await a).toEqual({ error: new Error("left") });
    expect(runs[0]!.signal.aborted).toBe(false);
    runs[0]!.resolve("FOX");
    expect(await b).toBe("FOX");
    expect(runs.length).toBe(1);
  });

  it("aborts the shared request when every sharer has left, and starts afresh for the next caller", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = settled(inflight.join("fox", first.signal, run));
    const b = settled(inflight.join("fox", second.signal, run));
    first.abort("one");
    expect(runs[0]!.signal.aborted).toBe(false);
    second.abort("two");
    expect(runs[0]!.signal.aborted).toBe(true);
    expect(runs[0]!.signal.reason).toBe("two");
    expect([await a, await b]).toEqual([{ error: "one" }, { error: "two" }]);
    // The aborted request may still be settling: a new caller does not join it.
    const c = inflight.join("fox", undefined, run);
    expect(runs.length).toBe(2);
    runs[0]!.reject(runs[0]!.signal.reason);
    runs[1]!.resolve("FOX");
    expect(await c).toBe("FOX");
    expect(inflight.size).toBe(0);
  });

  it("never aborts a request that a caller without a signal shares", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const aborting = new AbortController();
    const a = settled(inflight.join("fox", aborting.signal, run));
    const b = inflight.join("fox", undefined, run);
    aborting.abort("gone");
    expect(runs[0]!.signal.aborted).toBe(false);
    runs[0]!.resolve("FOX");
    expect([await a, await b]).toEqual([{ error: "gone" }, "FOX"]);
  });

  it("rejects an already aborted caller without starting anything", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const controller = new AbortController();
    controller.abort("early");
    await expect(inflight.join("fox", controller.signal, run)).rejects.toBe("early");
    expect([runs.length, inflight.size]).toEqual([0, 0]);
  });

  it("removes its abort listener from a caller's signal once settled", async () => {
    const inflight = new InflightRequests();
    const { runs, run } = controlled<string>();
    const signal = new AbortController().signal;
    const pending = inflight.join("fox", signal, run);
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    runs[0]!.resolve("FOX");
    await pending;
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
