/**
 * A real Redis (Debian's redis-server) on a free loopback port, for the tests of `redis`: no
 * persistence, its own temp folder, stopped (and the folder removed) by `stop()`. `restart()`
 * brings it back on the same port, empty, as after a crash.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { REDIS, requireProgram } from "./programs.js";

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Stops the server, keeping its port for `restart()`. */
  halt(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing answers. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    requireProgram(REDIS),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ready to accept connections")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = await mkdtemp(join(tmpdir(), "menagerie-redis-"));
  const port = await freePort();
  let child = await launch(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    halt: () => halt(child),
    pause: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
    restart: async () => {
      child = await launch(port, dir);
    },
    stop: async () => {
      child.kill("SIGCONT"); // a paused server would not hear SIGTERM
      await halt(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
