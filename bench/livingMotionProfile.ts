/**
 * Where a living savanna's `stepMotion` goes (a dev tool beside the bench, not part of
 * `npm run bench`): bench/livingMotion.ts's world of `--count` movers, built and warmed up, then
 * a CPU profile (node:inspector) of `--frames` calls of `menagerie.stepMotion(1/60)` alone, no
 * render, summarised as self time by function and by file, in per cent of the profiled steps.
 *
 * `npx tsx bench/livingMotionProfile.ts [--count N] [--frames F] [--top K] [--out F]`
 * (`--out` writes the raw .cpuprofile, which DevTools opens).
 */

import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { profileSteps } from "./cpuProfile.js";
import { livingSavanna, warmUp } from "./livingMotion.js";
import { installNodeXhr } from "./nodeXhr.js";

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

installNodeXhr();
const catalogDir = await ensureDefaultCatalog({ log: () => {} });
const world = await livingSavanna(catalogDir, count);
try {
  await warmUp(world);
  const movers = world.movers();
  await profileSteps(world.menagerie, { frames, top, out: values.out, label: `${movers} movers` });
  const agents = world.menagerie.creatures.map((c) => c.motion);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `neighbours gathered per agent-step: mean ${mean(agents.map((a) => a.neighbourCount)).toFixed(1)}, max ${Math.max(...agents.map((a) => a.neighbourCount))}; agent radius: mean ${mean(agents.map((a) => a.radius)).toFixed(2)} m, max ${Math.max(...agents.map((a) => a.radius)).toFixed(2)} m`,
  );
} finally {
  await world.dispose();
}
