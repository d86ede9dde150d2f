/**
 * The provisioning step of `npm test` (scripts/provision.ts) and the lookup it shares with the
 * tests (test/helpers/programs.ts): where a program is found, in which order, and the one
 * message when one is missing. Fake programs are executable files in a temp folder; nothing
 * is installed here.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { provision } from "../../scripts/provision.js";
import { CHROMIUM, findProgram, missingMessage, type Program, REDIS } from "../helpers/programs.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "menagerie-programs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeProgram(path: string, executable = true): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "#!/bin/sh\nexit 0\n");
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

/** An environment where nothing of the machine's own is found (Debian's paths aside). */
const bare = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: join(dir, "none"),
  HOME: join(dir, "home"),
  ...extra,
});

describe("findProgram", () => {
  it("takes the environment variable alone when it is set, and finds nothing when it points nowhere", () => {
    const chrome = fakeProgram(join(dir, "given", "chrome"));
    expect(findProgram(CHROMIUM, bare({ CHROMIUM_PATH: chrome }))).toBe(chrome);
    expect(findProgram(CHROMIUM, bare({ CHROMIUM_PATH: join(dir, "given", "absent") }))).toBeUndefined();
    const notExecutable = fakeProgram(join(dir, "given", "plain"), false);
    expect(findProgram(REDIS, bare({ REDIS_SERVER: notExecutable }))).toBeUndefined();
  });

  it("looks on the PATH by the usual names, and in Playwright's browser cache, newest first", () => {
    const bin = join(dir, "bin");
    const onPath = fakeProgram(join(bin, "google-chrome"));
    const redis = fakeProgram(join(bin, "redis-server"));
    const env = bare({ PATH: bin });
    // Debian's own paths come first: on a machine that has them, they win.
    const debian = CHROMIUM.candidates(env).slice(0, 2);
    expect(debian).toEqual(["/usr/bin/chromium", "/usr/bin/chromium-browser"]);
    expect(CHROMIUM.candidates(env)).toContain(onPath);
    expect(REDIS.candidates(env)).toEqual(["/usr/bin/redis-server", redis]);

    const cache = join(dir, "pw");
    const older = fakeProgram(join(cache, "chromium-1100", "chrome-linux", "chrome"));
    const newer = fakeProgram(join(cache, "chromium-1200", "chrome-linux", "chrome"));
    const candidates = CHROMIUM.candidates(bare({ PLAYWRIGHT_BROWSERS_PATH: cache }));
    expect(candidates.indexOf(newer)).toBeLessThan(candidates.indexOf(older));
    expect(candidates.indexOf(newer)).toBeGreaterThan(1);
  });
});

describe("the missing-program message", () => {
  it("says what to install and which variable points at one, once for all that are missing", () => {
    const message = missingMessage([CHROMIUM, REDIS], { CHROMIUM_PATH: "/opt/none/chrome" });
    expect(message).toBe(
      [
        "npm test needs Chromium and redis-server, and could not find or install them:",
        "  - Chromium: CHROMIUM_PATH=/opt/none/chrome is not an executable file. Install Debian's package (apt-get install chromium), or set CHROMIUM_PATH to the path of one.",
        "  - redis-server: not found. Install Debian's package (apt-get install redis-server), or set REDIS_SERVER to the path of one.",
        "Run as root with apt-get, npm test installs Debian's packages itself (MENAGERIE_NO_INSTALL=1 turns that off).",
      ].join("\n"),
    );
  });

  it("is what scripts/provision.ts prints before any test, exiting 1, when it may not install", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/provision.ts"], {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        MENAGERIE_NO_INSTALL: "1",
        CHROMIUM_PATH: join(dir, "no-chrome"),
        REDIS_SERVER: join(dir, "no-redis"),
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      missingMessage([CHROMIUM, REDIS], { CHROMIUM_PATH: join(dir, "no-chrome"), REDIS_SERVER: join(dir, "no-redis") }),
    );
  });

  it("lets the run go on when both are found, saying where", () => {
    const chrome = fakeProgram(join(dir, "ok", "chrome"));
    const redis = fakeProgram(join(dir, "ok", "redis-server"));
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/provision.ts"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, MENAGERIE_NO_INSTALL: "1", CHROMIUM_PATH: chrome, REDIS_SERVER: redis },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Chromium at ${chrome}, redis-server at ${redis}`);
  });
});

describe("installing", () => {
  /** A fake apt-get that appends its arguments, and the PATH it was given, to `calls`. */
  function fakeAptGet(folder: string): { path: string; calls: () => string[] } {
    const path = join(dir, folder, "apt-get");
    const log = join(dir, folder, "calls");
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(path, `#!/bin/sh\necho "$* | PATH=$PATH" >> '${log}'\nexit 0\n`);
    chmodSync(path, 0o755);
    const calls = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
    return { path, calls };
  }

  const absent: Program = {
    title: "absent-program",
    env: "MENAGERIE_ABSENT_PROGRAM",
    debianPackage: "absent-package",
    candidates: () => [],
  };

  it("runs apt-get by its absolute path with a fixed PATH, never an apt-get planted on the PATH", () => {
    const planted = fakeAptGet("planted-bin");
    const debian = fakeAptGet("debian-bin");
    const lines: string[] = [];
    const code = provision({
      env: bare({ PATH: `${join(dir, "planted-bin")}:/usr/bin:/bin` }),
      root: true,
      aptGet: debian.path,
      programs: [absent],
      log: (line) => lines.push(line),
      error: (line) => lines.push(line),
    });
    expect(planted.calls()).toEqual([]);
    const system = "PATH=/usr/sbin:/usr/bin:/sbin:/bin";
    expect(debian.calls()).toEqual([
      `update | ${system}`,
      `install -y --no-install-recommends absent-package | ${system}`,
    ]);
    // The fake installed nothing, so the program is still missing and the run stops.
    expect(code).toBe(1);
    expect(lines[0]).toBe("provision: installing Debian's absent-package (apt-get, as root)");
  });
});
