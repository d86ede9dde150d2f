/**
 * Where a living savanna's `stepMotion` goes (a dev tool beside the bench, not part of
 * `npm run bench`): bench/livingMotion.ts's world of `--count` movers, built and warmed up, then
 * a CPU profile (node:inspector) of `--frames` calls of `menagerie.stepMotion(1/60)` alone, no
 * render, summarised as self time by function and by file, in per cent of the profiled steps.
 *
 * `npx tsx bench/livingMotionProfile.ts [--count N] [--frames F] [--top K] [--out F]`
 * (`--out` writes the raw .cpuprofile, which DevTools opens).
 */

import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { livingSavanna, warmUp } from "./livingMotion.js";
import { installNodeXhr } from "./nodeXhr.js";

/** The parts of a CDP `Profiler.Profile` read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "1000" },
    frames: { type: "string", default: "600" },
    top: { type: "string", default: "20" },
    out: { type: "string" },
  },
});
const count = Number(values.count);
const frames = Number(values.frames);
const top = Number(values.top);

/** Self samples per key of a sample's node, ranked, in per cent of all samples. */
function selfBy(profile: CpuProfile, key: (frame: CpuProfile["nodes"][number]["callFrame"]) => string) {
  const keyOf = new Map(profile.nodes.map((n) => [n.id, key(n.callFrame)]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) counts.set(keyOf.get(id)!, (counts.get(keyOf.get(id)!) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([label, n]) => [label, (100 * n) / profile.samples.length] as const);
}

/** A file as a path from the repository (src/…, @babylonjs/core/…), or V8's own work. */
function fileOf(url: string, functionName: string): string {
  if (url === "") return `(V8: ${functionName})`;
  const pkg = /node_modules\/(.*)$/.exec(url);
  if (pkg) return pkg[1]!;
  const repo = /\/(src|bench|test)\/(.*)$/.exec(url);
  return repo ? `${repo[1]}/${repo[2]}` : url.replace(/^node:/, "node:");
}

installNodeXhr();
const catalogDir = await ensureDefaultCatalog({ log: () => {} });
const world = await livingSavanna(catalogDir, count);
const session = new Session();
try {
  await warmUp(world);
  const movers = world.movers();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  const start = performance.now();
  for (let i = 0; i < frames; i++) world.menagerie.stepMotion(1 / 60);
  const ms = (performance.now() - start) / frames;
  const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
  if (values.out) await writeFile(values.out, JSON.stringify(profile));
  console.log(
    `## stepMotion, ${movers} movers: ${ms.toFixed(2)} ms per step while profiled, ${profile.samples.length} samples`,
  );
  console.log("self, by file:");
  for (const [f, p] of selfBy(profile, (c) => fileOf(c.url, c.functionName)))
    console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
  console.log("self, by function:");
  // Functions by name and file: tsx's transform leaves no useful line numbers.
  for (const [f, p] of selfBy(profile, (c) => `${c.functionName || "(anonymous)"} ${fileOf(c.url, c.functionName)}`))
    console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
  const agents = world.menagerie.creatures.map((c) => c.motion);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `neighbours gathered per agent-step: mean ${mean(agents.map((a) => a.neighbourCount)).toFixed(1)}, max ${Math.max(...agents.map((a) => a.neighbourCount))}; agent radius: mean ${mean(agents.map((a) => a.radius)).toFixed(2)} m, max ${Math.max(...agents.map((a) => a.radius)).toFixed(2)} m`,
  );
} finally {
  session.disconnect();
  await world.dispose();
}
