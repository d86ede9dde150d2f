/**
 * The first step of `npm test`: makes sure the programs the suite runs are here (Chromium for
 * the browser tests, redis-server for the Redis tests; test/helpers/programs.ts says where it
 * looks). When one is missing and this runs as root on a machine with apt-get, it installs
 * Debian's packages, non-interactively, once; otherwise (or with MENAGERIE_NO_INSTALL=1) it
 * stops before any test with one message that says what to install and how to point at it.
 * No test file then fails one by one for a missing program, and nothing is skipped.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findProgram, missingMessage, type Program, TEST_PROGRAMS } from "../test/helpers/programs.js";

function missingPrograms(): Program[] {
  return TEST_PROGRAMS.filter((program) => findProgram(program) === undefined);
}

function canInstall(missing: readonly Program[]): boolean {
  if (process.env.MENAGERIE_NO_INSTALL === "1") return false;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) return false;
  // An explicit path that points nowhere is the user's to fix: installing would hide it.
  return missing.every((program) => !process.env[program.env]);
}

function aptGet(args: string[]): boolean {
  const run = spawnSync("apt-get", args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return run.status === 0;
}

let missing = missingPrograms();
if (missing.length > 0 && canInstall(missing)) {
  const packages = missing.map((program) => program.debianPackage);
  console.log(`provision: installing Debian's ${packages.join(" and ")} (apt-get, as root)`);
  if (aptGet(["update"])) aptGet(["install", "-y", "--no-install-recommends", ...packages]);
  missing = missingPrograms();
}
if (missing.length > 0) {
  console.error(missingMessage(missing));
  process.exit(1);
}
console.log(`provision: ${TEST_PROGRAMS.map((program) => `${program.title} at ${findProgram(program)}`).join(", ")}`);
