/**
 * `npm run soak`: the full load test of the reference service — 256 connections on loopback for
 * 60 s after a 10 s warm-up, the service in its own process — under attack the whole time: a
 * slowloris client (1 000 connections trickling headers, from 127.0.0.2) and key guessers (from
 * 127.0.0.3). Passes with, for the legitimate clients, zero connection errors, zero 5xx, every
 * answer 2xx and every connection held; the service's RSS at the end within 10% of the start;
 * slow connections refused past their address's cap and cut by the headers timeout; and no
 * more wrong keys checked than the failed-key throttle allows. Prints the figures; exits 1 on
 * failure.
 *
 * Then the shapes phase (test/helpers/shapeLoad.ts): oversized pages (`maxResultNum=-1` held to
 * the cap), a relaying proxy under load, and a proxy whose Redis is frozen (SIGSTOP) mid-run,
 * each with `--shape-connections` connections (`--page-connections` for the pages, megabytes
 * each) while probe loops do name lookups, for the same duration and warm-up. Each passes with
 * zero connection errors, zero 5xx and non-2xx, RSS within 10% of its start, and every probe
 * lookup answered within 10 s (some while Redis is frozen); the table gives the lookups' p99.
 *
 * Then the stalled phase (test/helpers/stalledLoad.ts): waves of readers who pipeline requests
 * for a 2.4 MB page and never read (`--stalled` connections from each of 4 addresses every
 * `--wave` seconds, for the duration), with probe lookups beside them; and `--relay-readers`
 * readers of one cached 8 MiB relayed file who stop after the head. Passes with every probe
 * lookup answered, every stalled connection closed by the service (none held at the end), RSS
 * within 10% of its start, and the relay growing by less than one copy of the file per eight
 * readers.
 *
 *   npm run soak [-- --phase all|classic|shapes|stalled --connections 256 --duration 60 --warmup 10
 *                    --slowloris 1000 --guessers 4 --shape-connections 64 --page-connections 64
 *                    --pause 3 --shapes oversized,relay,redis --stalled 32 --wave 10
 *                    --relay-readers 48]
 */
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { LOOKUP_SERVICE_DEFAULTS } from "../src/service/options.js";
import { formatLoad, runLoad } from "../test/helpers/faultLoad.js";
import {
  formatShapes,
  runShape,
  SHAPES,
  type ShapeFigures,
  type ShapeName,
  shapeFailures,
} from "../test/helpers/shapeLoad.js";
import { formatStalled, runStalled, stalledFailures } from "../test/helpers/stalledLoad.js";

const { values } = parseArgs({
  options: {
    connections: { type: "string" },
    duration: { type: "string" },
    warmup: { type: "string" },
    slowloris: { type: "string" },
    guessers: { type: "string" },
    phase: { type: "string" },
    "shape-connections": { type: "string" },
    pause: { type: "string" },
    "page-connections": { type: "string" },
    shapes: { type: "string" },
    stalled: { type: "string" },
    wave: { type: "string" },
    "relay-readers": { type: "string" },
  },
});
const phase = values.phase ?? "all";
if (!["all", "classic", "shapes", "stalled"].includes(phase))
  throw new Error("--phase must be all, classic, shapes or stalled");
const shapeConnections = Number(values["shape-connections"] ?? 64);
const pauseSeconds = Number(values.pause ?? 3);
const pageConnections = Number(values["page-connections"] ?? 64);
const shapes = (values.shapes?.split(",") ?? SHAPES) as ShapeName[];
if (shapes.some((s) => !SHAPES.includes(s))) throw new Error(`--shapes must be a list of ${SHAPES.join(",")}`);
const connections = Number(values.connections ?? 256);
const durationSeconds = Number(values.duration ?? 60);
const warmupSeconds = Number(values.warmup ?? 10);
const slowloris = Number(values.slowloris ?? 1000);
const guessers = Number(values.guessers ?? 4);
const stalledPerAddress = Number(values.stalled ?? 32);
const waveSeconds = Number(values.wave ?? 10);
const relayReaders = Number(values["relay-readers"] ?? 48);
const positive = {
  stalled: stalledPerAddress,
  wave: waveSeconds,
  "relay-readers": relayReaders,
  connections,
  duration: durationSeconds,
  warmup: warmupSeconds,
  "shape-connections": shapeConnections,
  "page-connections": pageConnections,
  pause: pauseSeconds,
};
for (const [name, value] of Object.entries(positive)) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
}
for (const [name, value] of Object.entries({ slowloris, guessers })) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
}

const catalogDir = await ensureDefaultCatalog({ log: (line) => console.log(line) });

/** The classic phase: the load under attack; returns its failures. */
async function classicPhase(): Promise<string[]> {
  const started = Date.now();
  const figures = await runLoad({
    catalogDir,
    connections,
    durationSeconds,
    warmupSeconds,
    attacks: { slowloris, guessers },
    log: (line) => console.log(line),
  });
  const attackSeconds = (Date.now() - started) / 1000;
  console.log(`\nSoak:\n${formatLoad(figures)}\n`);

  // The most wrong keys the throttle lets one address try in the time the guessers ran.
  const throttle = LOOKUP_SERVICE_DEFAULTS.authFailureLimit as { capacity: number; refillPerSecond: number };
  const allowedGuesses = Math.floor(throttle.capacity + throttle.refillPerSecond * attackSeconds);
  const { slowloris: slow, guessing } = figures.attacks!;
  return [
    figures.maxConnectionsHeld < connections &&
      `held ${figures.maxConnectionsHeld} connections at once, not ${connections}`,
    figures.errors > 0 && `${figures.errors} connection errors`,
    figures.status5xx > 0 && `${figures.status5xx} answers 5xx`,
    figures.non2xx > 0 && `${figures.non2xx} answers not 2xx`,
    Math.abs(figures.rssDrift) > 0.1 && `RSS drifted ${(figures.rssDrift * 100).toFixed(1)}% (limit 10%)`,
    slowloris > 256 && slow.refused === 0 && "no slowloris connection was refused at once",
    slowloris > 0 && slow.timedOut === 0 && "no slowloris connection was cut by the headers timeout",
    guessing.status403 > allowedGuesses &&
      `${guessing.status403} wrong keys checked (throttle allows ${allowedGuesses})`,
    guessing.other > 0 && `${guessing.other} guesses answered neither 403 nor 429`,
  ].filter((f): f is string => typeof f === "string");
}

/** The shapes phase; returns its failures. */
async function shapesPhase(): Promise<string[]> {
  const figures: ShapeFigures[] = [];
  for (const shape of shapes) {
    figures.push(
      await runShape(shape, {
        catalogDir,
        connections: shapeConnections,
        pageConnections,
        durationSeconds,
        warmupSeconds,
        pauseSeconds,
        log: (line) => console.log(line),
      }),
    );
  }
  console.log(`\nSoak, shapes:\n${formatShapes(figures)}\n`);
  return figures.flatMap((f) => shapeFailures(f, 0.1));
}

/** The stalled phase; returns its failures. */
async function stalledPhase(): Promise<string[]> {
  const figures = await runStalled({
    catalogDir,
    durationSeconds,
    perAddress: stalledPerAddress,
    waveSeconds,
    relayReaders,
    log: (line) => console.log(line),
  });
  console.log(`\nSoak, stalled readers:\n${formatStalled(figures)}\n`);
  return stalledFailures(figures, 0.1);
}

const runs = (name: string) => phase === "all" || phase === name;
const failures = [
  ...(runs("classic") ? await classicPhase() : []),
  ...(runs("shapes") ? await shapesPhase() : []),
  ...(runs("stalled") ? await stalledPhase() : []),
];
if (failures.length > 0) {
  console.error(`Soak FAILED: ${failures.join("; ")}`);
  process.exitCode = 1;
} else {
  console.log("Soak passed.");
}
