import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { linkSignals } from "../../src/util/linkSignals.js";

describe("linkSignals", () => {
  it.each(["a", "b"] as const)("aborts when %s aborts, with its reason", (side) => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, b.signal);
    expect(linked.signal.aborted).toBe(false);
    (side === "a" ? a : b).abort(`${side} left`);
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe(`${side} left`);
    // The other side aborting later changes nothing.
    (side === "a" ? b : a).abort("later");
    expect(linked.signal.reason).toBe(`${side} left`);
  });

  it("is aborted from the start when either is already aborted (a's reason first)", () => {
    expect(linkSignals(AbortSignal.abort("a"), new AbortController().signal).signal.reason).toBe("a");
    expect(linkSignals(new AbortController().signal, AbortSignal.abort("b")).signal.reason).toBe("b");
    expect(linkSignals(AbortSignal.abort("a"), AbortSignal.abort("b")).signal.reason).toBe("a");
  });

  it("adds one listener to each side; release removes them, and the link no longer follows", () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, b.signal);
    expect([getEventListeners(a.signal, "abort").length, getEventListeners(b.signal, "abort").length]).toEqual([1, 1]);
    linked.release();
    expect([getEventListeners(a.signal, "abort").length, getEventListeners(b.signal, "abort").length]).toEqual([0, 0]);
    a.abort("after release");
    expect(linked.signal.aborted).toBe(false);
  });

  it("leaves no listener on a long-lived signal after many released links", () => {
    const owner = new AbortController();
    for (let i = 0; i < 100; i++) linkSignals(owner.signal, new AbortController().signal).release();
    expect(getEventListeners(owner.signal, "abort")).toHaveLength(0);
  });
});
