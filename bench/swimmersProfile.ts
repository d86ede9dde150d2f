/**
 * Where the swimmers' `stepMotion` goes (a dev tool beside the bench, not part of `npm run
 * bench`): bench/swimmers.ts's lagoon of `--count` swimmers with `--fliers` fliers over it,
 * built and lived 3 game seconds, then a CPU profile of `--frames` steps alone (bench/cpuProfile.ts).
 *
 * `npx tsx bench/swimmersProfile.ts [--count N] [--fliers F] [--pool] [--frames F] [--top K] [--out F]`
 * (`--pool` leaves the ground function out; `--out` writes the raw .cpuprofile).
 */

import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { profileSteps } from "./cpuProfile.js";
import { installNodeXhr } from "./nodeXhr.js";
import { swimmersWorld } from "./swimmers.js";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "500" },
    fliers: { type: "string", default: "200" },
    pool: { type: "boolean", default: false },
    frames: { type: "string", default: "600" },
    top: { type: "string", default: "25" },
    out: { type: "string" },
  },
});

installNodeXhr();
const catalogDir = await ensureDefaultCatalog({ log: () => {} });
const world = await swimmersWorld(catalogDir, Number(values.count), !values.pool, Number(values.fliers));
try {
  for (let i = 0; i < 180; i++) world.menagerie.stepMotion(1 / 60);
  const label = `${world.swimmers} swimmers + ${world.fliers} fliers${values.pool ? " (pool)" : ""}`;
  await profileSteps(world.menagerie, {
    frames: Number(values.frames),
    top: Number(values.top),
    out: values.out,
    label,
  });
} finally {
  await world.dispose();
}
