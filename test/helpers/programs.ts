/**
 * Where the outside programs of the test suite are: Chromium (browser tests, through
 * playwright-core) and redis-server (the shared limits and proxy cache tests). One lookup for
 * the provisioning step of `npm test` (scripts/provision.ts) and for the tests themselves, so
 * what the first found is what the second runs.
 *
 * Order: the environment variable (`CHROMIUM_PATH`, `REDIS_SERVER`), which is then the only
 * place looked at; Debian's paths; the same names on the `PATH`; for Chromium, Playwright's
 * browser cache (`~/.cache/ms-playwright`, or `PLAYWRIGHT_BROWSERS_PATH`).
 */
import { accessSync, constants, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

/** An outside program the suite runs. */
export interface Program {
  /** What to call it in messages. */
  readonly title: string;
  /** The environment variable that points at it. */
  readonly env: string;
  /** Debian's package that brings it. */
  readonly debianPackage: string;
  /** Where it may be, in order (after the environment variable). */
  candidates(environment: NodeJS.ProcessEnv): string[];
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(names: readonly string[], environment: NodeJS.ProcessEnv): string[] {
  const dirs = (environment.PATH ?? "").split(delimiter).filter(Boolean);
  return names.flatMap((name) => dirs.map((dir) => join(dir, name)));
}

/** Playwright's downloaded browsers, newest revision first. */
function playwrightBrowsers(environment: NodeJS.ProcessEnv): string[] {
  const root = environment.PLAYWRIGHT_BROWSERS_PATH || join(environment.HOME || homedir(), ".cache", "ms-playwright");
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.startsWith("chromium"))
    .sort()
    .reverse()
    .flatMap((entry) => [
      join(root, entry, "chrome-linux", "chrome"),
      join(root, entry, "chrome-linux", "headless_shell"),
      join(root, entry, "chrome-headless-shell-linux64", "chrome-headless-shell"),
    ]);
}

export const CHROMIUM: Program = {
  title: "Chromium",
  env: "CHROMIUM_PATH",
  debianPackage: "chromium",
  candidates: (environment) => [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    ...onPath(["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"], environment),
    ...playwrightBrowsers(environment),
  ],
};

export const REDIS: Program = {
  title: "redis-server",
  env: "REDIS_SERVER",
  debianPackage: "redis-server",
  candidates: (environment) => ["/usr/bin/redis-server", ...onPath(["redis-server"], environment)],
};

/** The programs `npm test` needs. */
export const TEST_PROGRAMS: readonly Program[] = [CHROMIUM, REDIS];

/** Where `program` is, or `undefined`; an environment variable that points nowhere finds nothing. */
export function findProgram(program: Program, environment: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = environment[program.env];
  if (given) return isExecutable(given) ? given : undefined;
  return program.candidates(environment).find(isExecutable);
}

/** Like {@link findProgram}, but a missing program is an error that says what to do. */
export function requireProgram(program: Program, environment: NodeJS.ProcessEnv = process.env): string {
  const found = findProgram(program, environment);
  if (found) return found;
  throw new Error(missingMessage([program], environment));
}

/** The one message for programs that are missing: what to install, and how to point at one. */
export function missingMessage(missing: readonly Program[], environment: NodeJS.ProcessEnv = process.env): string {
  const lines = missing.map((program) => {
    const given = environment[program.env];
    const where = given ? `${program.env}=${given} is not an executable file` : "not found";
    return (
      `  - ${program.title}: ${where}. Install Debian's package (apt-get install ${program.debianPackage}), ` +
      `or set ${program.env} to the path of one.`
    );
  });
  return [
    `npm test needs ${missing.map((p) => p.title).join(" and ")}, and could not find or install ${missing.length > 1 ? "them" : "it"}:`,
    ...lines,
    "Run as root with apt-get, npm test installs Debian's packages itself (MENAGERIE_NO_INSTALL=1 turns that off).",
  ].join("\n");
}
