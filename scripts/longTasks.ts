/**
 * Which main-thread tasks are longest while the demo's `populate({ count: 40 })` loads, and
 * what runs in them: the demo in headless Chromium (a Vite dev server, as the browser tests
 * start it), a trace for the tasks (CPU time, frames left out as in
 * test/browser/populateLoad.browser.test.ts) and a CPU profile for what ran in each.
 *
 * `npx tsx scripts/longTasks.ts [--runs N] [--top K]`
 */
import { parseArgs } from "node:util";
import { launchChromium } from "../test/helpers/browser.js";
import { startDemo } from "../test/helpers/demoServer.js";
import { mainThreadTasks, type TraceEvent } from "../test/helpers/traceTasks.js";

/** The parts of a CDP `Profiler.Profile` read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: { runs: { type: "string", default: "1" }, top: { type: "string", default: "3" } },
});

/**
 * Marks the populate's start and end in the trace, from the demo's `populating` flag, and each
 * shader program linked ("program: <vertex chars>/<fragment chars> <kind>", the kind from words of
 * its sources: a PBR effect, a part-built crowd's looks, thin instances, shadows), so that a task
 * is shown with the effects whose shaders were processed in it.
 */
const MARKS = `(() => {
  const kinds = [["PBR", "pbr"], ["menagerieKd0", "crowd looks"], ["THIN_INSTANCES", "thin instances"], ["#define SHADOW", "shadows"]];
  for (const C of [WebGL2RenderingContext, WebGLRenderingContext]) {
    const sources = new WeakMap();
    const shaderSource = C.prototype.shaderSource;
    C.prototype.shaderSource = function (shader, code) { sources.set(shader, code); return shaderSource.call(this, shader, code); };
    const linkProgram = C.prototype.linkProgram;
    C.prototype.linkProgram = function (program) {
      const shaders = this.getAttachedShaders(program);
      const source = (type) => sources.get(shaders.find((s) => this.getShaderParameter(s, this.SHADER_TYPE) === type)) ?? "";
      const [vertex, fragment] = [source(this.VERTEX_SHADER), source(this.FRAGMENT_SHADER)];
      const kind = kinds.filter(([word]) => vertex.includes(word) || fragment.includes(word)).map(([, k]) => k).join(", ");
      performance.mark("program: " + vertex.length + "/" + fragment.length + " " + (kind || "other"));
      return linkProgram.call(this, program);
    };
  }
  let state; Object.defineProperty(window, "__demo", { configurable: true, get: () => state,
  set(value) { state = value; let populating = value.populating; Object.defineProperty(value, "populating", {
    get: () => populating, set(next) { if (next !== populating) performance.mark(next ? "menagerie-populate-start" : "menagerie-populate-end"); populating = next; } }); } }); })();`;

function populated(): boolean {
  const d = (window as unknown as { __demo?: { ready: boolean; populating: boolean; creatures: number } }).__demo;
  return !!d && d.ready && !d.populating && d.creatures === 40;
}

/** Tasks of the page's main thread between the marks, frames left out, longest first. */
function longestTasks(events: TraceEvent[]): TraceEvent[] {
  const start = events.find((e) => e.name === "menagerie-populate-start")!;
  const end = events.find((e) => e.name === "menagerie-populate-end")!;
  return mainThreadTasks(events, start.pid)
    .filter((t) => t.ts > start.ts && t.ts < end.ts && t.tdur !== undefined && !t.frame)
    .sort((a, b) => b.tdur! - a.tdur!);
}

/** The profile's functions by samples inside [from, to] (trace microseconds): self and inclusive. */
function inside(profile: CpuProfile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url.replace(/.*\//, "").replace(/\?.*/, "")}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i]!;
    if (time < from || time > to) return;
    self.set(name(id), (self.get(name(id)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      if (!seen.has(name(n))) inclusive.set(name(n), (inclusive.get(name(n)) ?? 0) + 1);
      seen.add(name(n));
    }
  });
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  return { self: top(self, 6), inclusive: top(inclusive, 12) };
}

const [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
try {
  // A first visit lets Vite optimize Babylon's modules, so the measured visits load them as-is.
  const warm = await browser.newPage();
  await warm.goto(demo.url);
  await warm.waitForFunction(populated, undefined, { timeout: 180_000 });
  await warm.close();
  for (let run = 1; run <= Number(values.runs); run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline", "blink.user_timing"] });
    await page.addInitScript({ content: MARKS });
    await page.goto(demo.url);
    await page.waitForFunction(populated, undefined, { timeout: 180_000, polling: 250 });
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    await page.close();
    console.log(`run ${run}`);
    for (const task of longestTasks(traceEvents).slice(0, Number(values.top))) {
      const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
      const programs = traceEvents
        .filter((e) => e.name.startsWith("program: ") && e.ts >= task.ts && e.ts <= task.ts + task.dur!)
        .map((e) => e.name.slice("program: ".length));
      console.log(
        `  ${task.name}: ${ms(task.tdur!)} CPU, ${ms(task.dur!)} wall; programs linked: ${programs.join("; ") || "none"}`,
      );
      const { self, inclusive } = inside(profile, task.ts, task.ts + task.dur!);
      console.log(`    self: ${self.map(([f, n]) => `${f} (${n})`).join(", ")}`);
      console.log(`    inclusive: ${inclusive.map(([f, n]) => `${f} (${n})`).join(", ")}`);
    }
  }
} finally {
  await browser.close();
  await demo.close();
}
