/**
 * Gives the event loop a turn: resolves in a later task, so that input, rendering and network
 * callbacks waiting behind a long stretch of work run first. Used between slices of loading
 * work (one OBJ part per slice) so that no single task blocks a page's main thread for long.
 */

interface PrioritizedScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (its continuation runs
 * ahead of other queued work), else `setImmediate` (Node), else a `MessageChannel` message
 * (unlike `setTimeout`, not clamped to 4 ms when nested), else `setTimeout(0)`.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<PrioritizedScheduler> }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === "function") return new Promise((resolve) => immediate(() => resolve()));
  if (typeof MessageChannel === "function") {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
