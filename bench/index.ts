/**
 * `npm run bench [-- --quick] [--only cold,populate,browser,first,motion,livingMotion,lagoon,navigation,swimmers,service,rigged,riggedBrowser,mixedBrowser,livingBrowser,firstRigged,lod] [--runs N]`
 *
 * Menagerie next to its baselines, in one run on this machine: markdown tables on stdout, the
 * same figures in bench/results/latest.json, progress on stderr. Every row has a median and a
 * spread over repeated runs after warm-up; on a shared, noisy machine the ratio to the baseline
 * measured in the same run is the figure that counts.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { benchBrowser } from "./browser.js";
import { benchColdLoad } from "./coldLoad.js";
import { benchFirstCreature } from "./firstCreature.js";
import { benchFirstRigged } from "./firstRigged.js";
import { benchLagoon } from "./lagoon.js";
import { benchLivingBrowser } from "./livingBrowser.js";
import { benchLivingMotion } from "./livingMotion.js";
import { benchMeshLod } from "./meshLod.js";
import { benchMixedBrowser } from "./mixedBrowser.js";
import { benchMotion } from "./motion.js";
import { benchNavigation } from "./navigation.js";
import { benchPopulate } from "./populate.js";
import type { Section } from "./report.js";
import { benchRigged } from "./rigged.js";
import { benchRiggedBrowser } from "./riggedBrowser.js";
import { benchService } from "./service.js";
import { benchSwimmers } from "./swimmers.js";
import { sectionMarkdown } from "./table.js";

const SECTIONS = [
  "cold",
  "populate",
  "browser",
  "first",
  "motion",
  "livingMotion",
  "lagoon",
  "navigation",
  "swimmers",
  "service",
  "rigged",
  "riggedBrowser",
  "mixedBrowser",
  "livingBrowser",
  "firstRigged",
  "lod",
] as const;
type SectionId = (typeof SECTIONS)[number];

/**
 * Sizes and repetitions: the full plan (~7 minutes on the 2-core dev box, under 10 when it is
 * busy, before the rigged sections; `--only rigged,riggedBrowser` alone took 10 minutes at load
 * 20) and a quick one (~1.5 minutes, plus ~2 for the rigged sections).
 */
const PLANS = {
  full: {
    runs: 5,
    coldSizes: [10, 200],
    populateSizes: [10, 50, 200],
    browserSizes: [50, 200, 1000],
    motionSizes: [100, 1000, 5000],
    livingSizes: [150, 600, 1000],
    lagoonSizes: [
      { movers: 200, swimmers: 20 },
      { movers: 200, swimmers: 500 },
    ],
    navigationSizes: [100, 500],
    serviceSeconds: 1,
    syntheticSizes: [10_000, 100_000],
    riggedSizes: [100, 300, 1000],
    riggedBrowserCount: 1000,
    mixedBrowserCounts: [150, 1000],
    livingBrowserCounts: [1000, 10_000],
    lodSizes: [1000],
  },
  quick: {
    runs: 2,
    coldSizes: [200],
    populateSizes: [10, 50],
    browserSizes: [50],
    motionSizes: [100, 1000],
    livingSizes: [150, 1000],
    lagoonSizes: [
      { movers: 200, swimmers: 20 },
      { movers: 200, swimmers: 500 },
    ],
    navigationSizes: [500],
    serviceSeconds: 1,
    syntheticSizes: [10_000],
    riggedSizes: [100, 300],
    riggedBrowserCount: 300,
    mixedBrowserCounts: [150, 1000],
    livingBrowserCounts: [1000, 10_000],
    lodSizes: [1000],
  },
};

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    runs: { type: "string" },
    out: { type: "string", default: fileURLToPath(new URL("./results/latest.json", import.meta.url)) },
  },
});

const plan = values.quick ? PLANS.quick : PLANS.full;
const runs = values.runs === undefined ? plan.runs : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
const only = values.only ? values.only.split(",").map((s) => s.trim()) : [...SECTIONS];
for (const id of only)
  if (!SECTIONS.includes(id as SectionId))
    throw new Error(`--only: unknown section "${id}" (known: ${SECTIONS.join(", ")})`);

const started = performance.now();
const log = (line: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const catalogDir = await ensureDefaultCatalog({ log });

const runners: Record<SectionId, () => Promise<Section>> = {
  cold: () => benchColdLoad({ catalogDir, sizes: plan.coldSizes, runs, log }),
  populate: () => benchPopulate({ catalogDir, sizes: plan.populateSizes, runs, warmups: 1, log }),
  browser: () => benchBrowser({ catalogDir, sizes: plan.browserSizes, runs, log }),
  first: () => benchFirstCreature({ catalogDir, runs: Math.max(runs, 3), warmups: 2, log }),
  motion: () => benchMotion({ catalogDir, sizes: plan.motionSizes, runs, log }),
  livingMotion: () => benchLivingMotion({ catalogDir, sizes: plan.livingSizes, runs, log }),
  lagoon: () => benchLagoon({ catalogDir, sizes: plan.lagoonSizes, runs, log }),
  navigation: () => benchNavigation({ catalogDir, sizes: plan.navigationSizes, runs, log }),
  swimmers: () => benchSwimmers({ catalogDir, sizes: [500], runs, log }),
  service: () =>
    benchService({
      catalogDir,
      syntheticSizes: plan.syntheticSizes,
      runs,
      seconds: plan.serviceSeconds,
      connections: 10,
      log,
    }),
  rigged: () => benchRigged({ catalogDir, sizes: plan.riggedSizes, runs, log }),
  riggedBrowser: () => benchRiggedBrowser({ catalogDir, count: plan.riggedBrowserCount, runs, log }),
  mixedBrowser: () => benchMixedBrowser({ catalogDir, counts: plan.mixedBrowserCounts, runs, log }),
  // A 10 000 frame takes seconds in software GL: at most 3 runs.
  livingBrowser: () =>
    benchLivingBrowser({ catalogDir, counts: plan.livingBrowserCounts, runs: Math.min(runs, 3), log }),
  firstRigged: () => benchFirstRigged({ catalogDir, runs: Math.max(runs, 5) * 2, warmups: 3, log }),
  lod: () => benchMeshLod({ catalogDir, sizes: plan.lodSizes, runs, log }),
};

const sections: Section[] = [];
for (const id of SECTIONS) {
  if (!only.includes(id)) continue;
  log(`${id}: start`);
  const section = await runners[id]();
  sections.push(section);
  console.log(`${sectionMarkdown(section)}\n`);
}

const seconds = (performance.now() - started) / 1000;
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${process.platform}`;
console.log(
  `Produced by \`${command}\` in ${seconds.toFixed(0)} s on ${machine}; ${runs} measured runs per row after warm-up. Cells: median [min–max] (×ratio to the row's baseline).`,
);

await mkdir(dirname(values.out!), { recursive: true });
await writeFile(
  values.out!,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), command, quick: values.quick, runs, machine, seconds, sections }, null, 2)}\n`,
);
log(`wrote ${values.out}`);
