/**
 * The page's main-thread tasks in a Chromium trace (`browser.startTracing`), for the long-task
 * test (test/browser/populateLoad.browser.test.ts) and scripts/longTasks.ts.
 */

/** A trace event, as far as the task reading uses it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, microseconds. */
  tdur?: number;
  args?: { name?: string; data?: unknown };
}

/** A top-level task, and whether it ran an animation frame. */
export type MainThreadTask = TraceEvent & { frame: boolean };

/** Top-level tasks of the page's main thread (events not nested in another) of process `pid`, in time order. */
export function mainThreadTasks(events: TraceEvent[], pid: number): MainThreadTask[] {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const main = events
    .filter((e) => e.pid === pid && e.ph === "X" && e.dur && threadNames.get(`${e.pid}:${e.tid}`) === "CrRendererMain")
    .sort((a, b) => a.ts - b.ts);
  const tasks: TraceEvent[] = [];
  let end = -1;
  for (const e of main) {
    if (e.ts < end) continue;
    tasks.push(e);
    end = e.ts + e.dur!;
  }
  return tasks.map((task) =>
    Object.assign(task, {
      frame: main.some((e) => e.name === "FireAnimationFrame" && e.ts >= task.ts && e.ts < task.ts + task.dur!),
    }),
  );
}
