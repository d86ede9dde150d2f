/** A signal that aborts when either of two does, for work owned by two lifetimes. */

/** A signal that aborts when `a` or `b` does; `release()` removes the listeners it added. */
export function linkSignals(a: AbortSignal, b: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onA = () => controller.abort(a.reason);
  const onB = () => controller.abort(b.reason);
  if (a.aborted) onA();
  else if (b.aborted) onB();
  a.addEventListener("abort", onA, { once: true });
  b.addEventListener("abort", onB, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      a.removeEventListener("abort", onA);
      b.removeEventListener("abort", onB);
    },
  };
}
