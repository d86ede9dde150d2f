/**
 * The first step of `npm test`: makes sure the programs the suite runs are here (Chromium for
 * the browser tests, redis-server for the Redis tests; test/helpers/programs.ts says where it
 * looks). When one is missing and this runs as root on a machine with apt-get, it installs
 * Debian's packages, non-interactively, once; otherwise (or with MENAGERIE_NO_INSTALL=1) it
 * stops before any test with one message that says what to install and how to point at it.
 * No test file then fails one by one for a missing program, and nothing is skipped.
 *
 * apt-get runs as root, so it is started by its absolute path with a fixed system PATH: under
 * `npm run` the PATH begins with the node_modules/.bin of every folder above the checkout, and
 * anyone who can write to one of those could plant an `apt-get` there. `CHROMIUM_PATH` and
 * `REDIS_SERVER` are different: they name programs the user chose, and the tests run them as
 * given.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { findProgram, missingMessage, type Program, TEST_PROGRAMS } from "../test/helpers/programs.js";

/** What one provisioning run looks at; the defaults are this process and this machine. */
export interface ProvisionSetup {
  /** The environment the programs are looked up in. */
  readonly env: NodeJS.ProcessEnv;
  /** Whether this runs as root (only root installs). */
  readonly root: boolean;
  /** Debian's apt-get. */
  readonly aptGet: string;
  /** The programs to find. */
  readonly programs: readonly Program[];
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
}

const MACHINE: ProvisionSetup = {
  env: process.env,
  root: process.getuid?.() === 0,
  aptGet: "/usr/bin/apt-get",
  programs: TEST_PROGRAMS,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

function missingPrograms(setup: ProvisionSetup): Program[] {
  return setup.programs.filter((program) => findProgram(program, setup.env) === undefined);
}

function canInstall(setup: ProvisionSetup, missing: readonly Program[]): boolean {
  if (setup.env.MENAGERIE_NO_INSTALL === "1") return false;
  if (!setup.root || !existsSync(setup.aptGet)) return false;
  // An explicit path that points nowhere is the user's to fix: installing would hide it.
  return missing.every((program) => !setup.env[program.env]);
}

/** The PATH apt-get (and the maintainer scripts it runs) sees: system folders only. */
const SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

function aptGet(setup: ProvisionSetup, args: string[]): boolean {
  const run = spawnSync(setup.aptGet, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...setup.env, PATH: SYSTEM_PATH, DEBIAN_FRONTEND: "noninteractive" },
  });
  return run.status === 0;
}

/** Finds (and, when allowed, installs) the programs; returns the exit code: 0 when all are found. */
export function provision(overrides: Partial<ProvisionSetup> = {}): number {
  const setup = { ...MACHINE, ...overrides };
  let missing = missingPrograms(setup);
  if (missing.length > 0 && canInstall(setup, missing)) {
    const packages = missing.map((program) => program.debianPackage);
    setup.log(`provision: installing Debian's ${packages.join(" and ")} (apt-get, as root)`);
    if (aptGet(setup, ["update"])) aptGet(setup, ["install", "-y", "--no-install-recommends", ...packages]);
    missing = missingPrograms(setup);
  }
  if (missing.length > 0) {
    setup.error(missingMessage(missing, setup.env));
    return 1;
  }
  const found = setup.programs.map((program) => `${program.title} at ${findProgram(program, setup.env)}`);
  setup.log(`provision: ${found.join(", ")}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = provision();
}
