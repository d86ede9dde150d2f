/**
 * A CPU profile (node:inspector) of `frames` calls of `menagerie.stepMotion(1/60)` alone, no
 * render, summarised as self time by file and by function in per cent of the profiled steps:
 * what bench/livingMotionProfile.ts and bench/swimmersProfile.ts print.
 */

import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import type { Menagerie } from "../src/babylon/menagerie.js";

/** The parts of a CDP `Profiler.Profile` read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

export interface StepProfileOptions {
  frames: number;
  /** Lines printed per ranking. */
  top: number;
  /** Writes the raw .cpuprofile there (DevTools opens it). @default not written */
  out?: string | undefined;
  /** What the profiled world holds, for the heading. */
  label: string;
}

/** Self samples per key of a sample's node, ranked, in per cent of all samples. */
function selfBy(profile: CpuProfile, top: number, key: (frame: CpuProfile["nodes"][number]["callFrame"]) => string) {
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

/** Profiles `options.frames` steps of `menagerie` and prints the rankings. */
export async function profileSteps(menagerie: Menagerie, options: StepProfileOptions): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    const start = performance.now();
    for (let i = 0; i < options.frames; i++) menagerie.stepMotion(1 / 60);
    const ms = (performance.now() - start) / options.frames;
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
    if (options.out) await writeFile(options.out, JSON.stringify(profile));
    console.log(
      `## stepMotion, ${options.label}: ${ms.toFixed(2)} ms per step while profiled, ${profile.samples.length} samples`,
    );
    console.log("self, by file:");
    for (const [f, p] of selfBy(profile, options.top, (c) => fileOf(c.url, c.functionName)))
      console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
    console.log("self, by function:");
    // Functions by name and file: tsx's transform leaves no useful line numbers.
    const byFunction = (c: CpuProfile["nodes"][number]["callFrame"]) =>
      `${c.functionName || "(anonymous)"} ${fileOf(c.url, c.functionName)}`;
    for (const [f, p] of selfBy(profile, options.top, byFunction)) console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
  } finally {
    session.disconnect();
  }
}
