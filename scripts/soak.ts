/**
 * `npm run soak`: the full load test of the reference service — 256 connections on loopback for
 * 60 s after a 10 s warm-up, the service in its own process. Passes with zero connection errors,
 * zero 5xx, every answer 2xx, every connection held, and the service's RSS at the end within 10%
 * of the start. Prints the figures; exits 1 on failure.
 *
 *   npm run soak [-- --connections 256 --duration 60 --warmup 10]
 */
import { parseArgs } from "node:util";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";
import { formatLoad, runLoad } from "../test/helpers/faultLoad.js";

const { values } = parseArgs({
  options: { connections: { type: "string" }, duration: { type: "string" }, warmup: { type: "string" } },
});
const connections = Number(values.connections ?? 256);
const durationSeconds = Number(values.duration ?? 60);
const warmupSeconds = Number(values.warmup ?? 10);
for (const [name, value] of Object.entries({ connections, duration: durationSeconds, warmup: warmupSeconds })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
}

const catalogDir = await ensureDefaultCatalog({ log: (line) => console.log(line) });
const figures = await runLoad({
  catalogDir,
  connections,
  durationSeconds,
  warmupSeconds,
  log: (line) => console.log(line),
});
console.log(`\nSoak:\n${formatLoad(figures)}\n`);

const failures = [
  figures.maxConnectionsHeld < connections &&
    `held ${figures.maxConnectionsHeld} connections at once, not ${connections}`,
  figures.errors > 0 && `${figures.errors} connection errors`,
  figures.status5xx > 0 && `${figures.status5xx} answers 5xx`,
  figures.non2xx > 0 && `${figures.non2xx} answers not 2xx`,
  Math.abs(figures.rssDrift) > 0.1 && `RSS drifted ${(figures.rssDrift * 100).toFixed(1)}% (limit 10%)`,
].filter((f): f is string => typeof f === "string");
if (failures.length > 0) {
  console.error(`Soak FAILED: ${failures.join("; ")}`);
  process.exitCode = 1;
} else {
  console.log("Soak passed.");
}
