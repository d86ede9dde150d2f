/** `menagerie-service --workers 2`: two processes on one port (port 0 too), one signing secret. */
import { type ChildProcess, spawn } from "node:child_process";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { listAssetUrls } from "../../src/records/signedUrl.js";
import { workersArgument } from "../../src/service/serviceCluster.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

let catalog: FixtureCatalog;
beforeAll(async () => {
  catalog = await writeFixtureCatalog();
});
afterAll(() => catalog.remove());

/** One GET on a fresh connection (no keep-alive), so the cluster may hand it to either worker. */
function fresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { connection: "close" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("--workers", () => {
  it("reads the worker count, refusing anything but a positive integer", () => {
    expect(workersArgument(["--port", "0"])).toBe(1);
    expect(workersArgument(["--workers", "3"])).toBe(3);
    expect(workersArgument(["--workers=2"])).toBe(2);
    for (const bad of ["0", "-1", "two", "1.5"])
      expect(() => workersArgument(["--workers", bad])).toThrow(`--workers must be a positive integer, got "${bad}"`);
  });

  it("runs two workers on one port 0, whose links verify on either, and stops them all on SIGTERM", async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", "src/service/cli.ts", "--workers", "2", "--port", "0", "--catalog", catalog.dir],
      {
        cwd: join(import.meta.dirname, "../.."),
        env: { ...process.env, MENAGERIE_API_KEYS: "", MENAGERIE_SIGNING_KEY: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    try {
      const { url, pids } = await new Promise<{ url: string; pids: number[] }>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /2 workers \(pids (\d+), (\d+)\) share (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match) resolve({ url: match[3]!, pids: [Number(match[1]), Number(match[2])] });
        });
        child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      // One worker prints the start-up lines, once; the port is the one both share.
      expect(out.match(/listening on/g)).toHaveLength(1);
      expect(out).toContain(`listening on ${url}/anything (6 records from ${catalog.dir})`);
      expect(new Set([...pids, child.pid]).size).toBe(3);
      expect(pids.every(alive)).toBe(true);

      // Connections alternate between the workers: a link signed by one must verify on the other.
      for (let i = 0; i < 8; i++) {
        const answer = await fresh(`${url}/anything?key=dev-key&name=fox`);
        expect(answer.status).toBe(200);
        const link = listAssetUrls(ModelRecordSchema.parse(JSON.parse(answer.body)))[0]!;
        expect((await fresh(link)).status, link).toBe(200);
      }

      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      // Give the workers' exits a moment to be reaped, counting, not timing.
      for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
      expect(pids.filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000); // two processes starting TypeScript: slow on a busy machine, counted not timed
});
