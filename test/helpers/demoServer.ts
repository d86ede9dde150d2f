/**
 * The demo page with the reference service mounted beside it, on a free loopback port, as a
 * child process stopped (with its children) by `close()`: the README's demo command
 * (`npm run demo`, Vite's dev server), or the demo built (`npm run demo:build`) and served by
 * `npm run demo:preview`. Under the `browser` project, `startDemo()` hands out the run's one
 * built demo that its global set-up serves ({@link ./sharedDemo.ts}); a test of the README's
 * command itself, or one that reads what the server printed, asks for `{ own: true }`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface DemoServer {
  url: string;
  output: () => string;
  close(): Promise<void>;
}

/** Options of {@link startDemo}. */
export interface StartDemoOptions {
  /**
   * `npm run demo` of the caller's own, even where the run shares a built demo: for a test of
   * the README's demo command itself, or one that reads what the server printed
   * ({@link DemoServer.output}). Default false.
   */
  own?: boolean;
  /** How long `npm run demo` may take to start, in ms. Default 180 000. */
  timeoutMs?: number;
}

/** The run's shared demo server's URL, when a Vitest project with its global set-up runs this. */
async function sharedDemoUrl(): Promise<string | undefined> {
  if (!process.env["VITEST"]) return undefined;
  const { inject } = await import("vitest");
  return inject("demoUrl");
}

/**
 * The demo on a loopback port: the run's shared built demo (see the file's comment), or
 * `npm run demo` started for the caller, which its `close()` stops.
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<DemoServer> {
  const shared = options.own ? undefined : await sharedDemoUrl();
  if (shared) {
    return {
      url: shared,
      output: () => {
        throw new Error(
          "the run's shared demo prints to its global set-up: read the output of startDemo({ own: true })",
        );
      },
      close: async () => {},
    };
  }
  return startDemoScript(["demo"], options.timeoutMs ?? 180_000);
}

/** `npm run demo:preview` of the demo built into `outDir` (`npm run demo:build -- --outDir`). */
export function startBuiltDemo(outDir: string, timeoutMs = 180_000): Promise<DemoServer> {
  return startDemoScript(["demo:preview", "--", "--outDir", outDir], timeoutMs);
}

/** `npm run <script...>` on a free port, once it says where it serves the page and the service. */
async function startDemoScript(script: string[], timeoutMs: number): Promise<DemoServer> {
  const port = await freePort();
  const env = { ...process.env };
  delete env["VITEST"]; // the demo mounts the service only outside Vitest
  delete env["VITEST_POOL_ID"];
  delete env["VITEST_WORKER_ID"];
  delete env["NODE_ENV"];
  delete env["FORCE_COLOR"];
  env["NO_COLOR"] = "1"; // plain text to read the URL from
  const args = script.includes("--") ? [...script] : [...script, "--"];
  const child: ChildProcess = spawn("npm", ["run", ...args, "--port", String(port), "--strictPort"], {
    cwd: repoRoot,
    env,
    detached: true, // its own process group, so close() stops npm, vite and all
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Colour codes may still wrap parts of the URL (Vite bolds the port): strip them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ESC of terminal colour codes
  const plain = () => output.replace(/\u001b\[[0-9;]*m/g, "");
  while (!plain().includes(`127.0.0.1:${port}`) || !/reference service at/.test(plain())) {
    if (child.exitCode !== null) throw new Error(`npm run ${script[0]} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`npm run ${script[0]} did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    },
  };
}
