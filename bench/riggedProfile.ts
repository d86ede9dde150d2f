/**
 * Where a rigged crowd's frame goes (a dev tool beside the bench, not part of `npm run bench`):
 * a CPU profile of measured frames only, summarised as the functions with the most samples,
 * self and inclusive, in per cent of the profiled frames.
 *
 * - `--target chromium` (default): the bench page (test/browser/pages/bench-rigged.ts) builds
 *   `--count` creatures of `--mode` (menagerieRigged, menageriePart, competentR, or the
 *   grassland's menagerieMixed or menagerieLiving with shadows, the latter with ecology), then the
 *   DevTools protocol's Profiler records `--frames` frames (animation step, render, gl.finish).
 * - `--target node`: bench/rigged.ts's subjects (NullEngine, walking zebras): `--mode menagerie`
 *   or `competent`, profiled with node:inspector over `--frames` frames (step + render).
 *
 * - `--target first`: `--count` cold first zebras (bench/firstRigged.ts's subject: a new Menagerie
 *   and scene each, lookup and GLBs over loopback, the in-process service included), profiled
 *   with node:inspector from the first spawn to the last; each Menagerie is disposed as its spawn
 *   resolves, unless `--all` (then the bake's later slices and a warm spawn are profiled too).
 *   Also the samples by where their code lives (a package, or a folder of src/).
 *
 * `--out F` writes the raw profile (a .cpuprofile DevTools opens).
 *
 * `npx tsx bench/riggedProfile.ts [--target chromium|node|first] [--mode M] [--count N] [--frames F] [--top K] [--all] [--out F]`
 */

import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { startLookupServer } from "../src/service/lookupServer.js";
import type { RiggedBuildParams, RiggedBuilt } from "../test/browser/pages/bench-rigged.js";
import { launchChromium, pageResult, watchPage } from "../test/helpers/browser.js";
import { startPageServer } from "../test/helpers/vitePages.js";
import { startCountingServer } from "./countingServer.js";
import { timeColdOnly, timeMenagerie } from "./firstRigged.js";
import { installNodeXhr } from "./nodeXhr.js";
import { riggedSubject } from "./rigged.js";

/** The parts of a CDP `Profiler.Profile` read here (Chromium's and node:inspector's alike). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
}

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "chromium" },
    mode: { type: "string" },
    count: { type: "string", default: "1000" },
    frames: { type: "string", default: "20" },
    top: { type: "string", default: "15" },
    all: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const count = Number(values.count);
const frames = Number(values.frames);
const top = Number(values.top);

/** Self and inclusive samples per function (name, file, line), in per cent of all samples. */
function summarise(profile: CpuProfile): { self: [string, number][]; inclusive: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/.*\//, "").replace(/\?.*/, "");
    return `${f.functionName || "(anonymous)"} ${file}${file ? `:${f.lineNumber + 1}` : ""}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const id of profile.samples) {
    self.set(name(id), (self.get(name(id)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      if (!seen.has(name(n))) inclusive.set(name(n), (inclusive.get(name(n)) ?? 0) + 1);
      seen.add(name(n));
    }
  }
  const total = profile.samples.length;
  const ranked = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([f, n]) => [f, (100 * n) / total] as [string, number]);
  return { self: ranked(self), inclusive: ranked(inclusive) };
}

/** Self samples by where their code lives: a package under node_modules, a folder of src/, or V8's own. */
function byPlace(profile: CpuProfile): [string, number][] {
  const place = new Map<number, string>();
  for (const n of profile.nodes) {
    const url = n.callFrame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:[^/]+\/)?([^/]+)?/.exec(url);
    const src = /\/src\/(.*)\/[^/]+$/.exec(url);
    const label = pkg
      ? pkg[1] === "@babylonjs/core" || pkg[1] === "@babylonjs/loaders"
        ? `${pkg[1]}/${pkg[2] ?? ""}`
        : pkg[1]!
      : src
        ? `src/${src[1]}`
        : url.startsWith("node:") || (url === "" && n.callFrame.functionName !== "") || !url.includes("/")
          ? `node/V8: ${url === "" ? n.callFrame.functionName : url.replace(/^node:/, "")}`
          : url.replace(/.*\//, "");
    place.set(n.id, label);
  }
  const counts = new Map<string, number>();
  for (const id of profile.samples) counts.set(place.get(id)!, (counts.get(place.get(id)!) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([label, n]) => [label, (100 * n) / profile.samples.length]);
}

function print(title: string, profile: CpuProfile, ms: number): void {
  const { self, inclusive } = summarise(profile);
  console.log(
    `## ${title}: ${ms.toFixed(1)} ms per frame (per cold spawn for first) while profiled, ${profile.samples.length} samples`,
  );
  console.log("self:");
  for (const [f, p] of self) console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
  console.log("inclusive:");
  for (const [f, p] of inclusive) console.log(`  ${p.toFixed(1).padStart(5)}%  ${f}`);
}

async function chromium(): Promise<void> {
  const mode = (values.mode ?? "menagerieRigged") as RiggedBuildParams["mode"];
  const catalogDir = await ensureDefaultCatalog({ log: () => {} });
  const service = await startLookupServer({ catalogDir, port: 0, rateLimit: false, assetRateLimit: false });
  const pages = await startPageServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
    const { errors } = watchPage(page);
    await page.goto(`${pages.url}/bench-rigged.html`);
    await pageResult<string>(page, 180_000);
    const species = mode === "menageriePart" ? ["bear", "deer", "fox", "squirrel", "wolf"] : ["zebra", "dog", "hippo"];
    // The grassland scenes (menagerieMixed, menagerieLiving) are measured with shadows in the bench.
    const shadows = mode === "menagerieMixed" || mode === "menagerieLiving";
    const params: RiggedBuildParams = { service: service.url, key: "dev-key", mode, count, species, shadows };
    type Api = Record<string, (...a: unknown[]) => unknown>;
    const call = <T>(fn: string, ...args: unknown[]) =>
      page
        .evaluate(({ fn, args }) => (window as unknown as { __rigged: Api }).__rigged[fn]!(...args) as T, { fn, args })
        .catch((error: Error) => {
          throw new Error(`${error.message}\n${errors.join("\n")}`);
        });
    const built = await call<RiggedBuilt>("build", params);
    await call("measure", built.id, Math.min(5, frames)); // warm-up
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const measured = await call<{ frameMs: number; cpuMs: number }>("measure", built.id, frames);
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    // Idle and program samples between evaluate calls are not the frames': leave them out.
    const idle = new Set(
      profile.nodes.filter((n) => ["(idle)", "(program)"].includes(n.callFrame.functionName)).map((n) => n.id),
    );
    profile.samples = profile.samples.filter((id) => !idle.has(id));
    print(`Chromium, ${count} ${mode} (CPU ${measured.cpuMs.toFixed(1)} ms)`, profile, measured.frameMs);
  } finally {
    await browser.close();
    await pages.close();
    await service.close();
  }
}

async function node(): Promise<void> {
  const mode = (values.mode ?? "menagerie") as "menagerie" | "competent";
  installNodeXhr();
  const catalogDir = await ensureDefaultCatalog({ log: () => {} });
  const server = await startCountingServer(catalogDir);
  const subject = await riggedSubject(mode, server, count);
  const session = new Session();
  try {
    for (let i = 0; i < 10; i++) subject.frame(); // warm-up
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    const start = performance.now();
    for (let i = 0; i < frames; i++) subject.frame();
    const ms = (performance.now() - start) / frames;
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
    print(`Node, ${count} ${mode} zebras`, profile, ms);
  } finally {
    session.disconnect();
    subject.dispose();
    await server.close();
  }
}

async function first(): Promise<void> {
  installNodeXhr();
  const catalogDir = await ensureDefaultCatalog({ log: () => {} });
  const server = await startCountingServer(catalogDir);
  const session = new Session();
  try {
    for (let i = 0; i < 5; i++) await timeMenagerie(server); // warm-up
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    let ms = 0;
    for (let i = 0; i < count; i++)
      ms += values.all ? (await timeMenagerie(server)).cold.wallMs : (await timeColdOnly(server)).wallMs!;
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
    if (values.out) await writeFile(values.out, JSON.stringify(profile));
    print(`Node, ${count} cold first zebras (ms per cold spawn)`, profile, ms / count);
    console.log("self, by where the code lives:");
    for (const [label, p] of byPlace(profile)) console.log(`  ${p.toFixed(1).padStart(5)}%  ${label}`);
  } finally {
    session.disconnect();
    await server.close();
  }
}

await (values.target === "node" ? node() : values.target === "first" ? first() : chromium());
