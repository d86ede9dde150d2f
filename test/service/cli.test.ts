/** The `menagerie-service` CLI: `main(argv)` in process, and `npm run service`'s entry as a child process. */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { main } from "../../src/service/cli.js";
import type { LookupServer } from "../../src/service/index.js";
import { verifySignedUrl } from "../../src/service/signing.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";
import { startTestService } from "../helpers/serviceServer.js";

let catalog: FixtureCatalog;
let scratch: string;
beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  scratch = await mkdtemp(join(tmpdir(), "menagerie-cli-"));
});
afterAll(async () => {
  await catalog.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** Runs `main` with captured output, then closes the server it started. */
async function run(argv: string[], env: Record<string, string> = {}, use?: (server: LookupServer) => Promise<void>) {
  const lines: string[] = [];
  const server = await main(argv, { env, log: (line) => lines.push(line) });
  try {
    if (server && use) await use(server);
  } finally {
    await server?.close();
  }
  return { lines, url: server?.url };
}

const status = async (url: string) => (await fetch(url)).status;

describe("main", () => {
  it("serves a catalog folder and prints where it listens and the dev key", async () => {
    const { lines, url } = await run(["--port", "0", "--catalog", catalog.dir], {}, async (server) => {
      expect(await status(`${server.url}/anything?key=dev-key&name=fox`)).toBe(200);
    });
    expect(lines).toEqual([
      `Menagerie reference service listening on ${url}/anything (6 records from ${catalog.dir})`,
      "API key: dev-key (dev key; set MENAGERIE_API_KEYS or --keys FILE to change it)",
      `Example: ${url}/anything?key=dev-key&search=forest`,
    ]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("takes keys from a keys file, without printing them", async () => {
    const file = join(scratch, "keys.txt");
    await writeFile(file, "# team keys\nalpha-key\nbeta-key, gamma-key\n\n");
    const { lines } = await run(
      ["--port", "0", "--catalog", catalog.dir, "--keys", file],
      { MENAGERIE_API_KEYS: "ignored-key" },
      async (server) => {
        expect(await status(`${server.url}/anything?key=gamma-key&name=fox`)).toBe(200);
        expect(await status(`${server.url}/anything?key=dev-key&name=fox`)).toBe(403);
        expect(await status(`${server.url}/anything?key=ignored-key&name=fox`)).toBe(403);
      },
    );
    expect(lines[1]).toBe(`API keys: 3 from ${file}`);
    expect(lines.join("\n")).not.toMatch(/alpha-key|beta-key|gamma-key/);
  });

  it("takes keys from MENAGERIE_API_KEYS and the signing key from MENAGERIE_SIGNING_KEY", async () => {
    const env = { MENAGERIE_API_KEYS: "one-key, two-key", MENAGERIE_SIGNING_KEY: "shared-secret-of-at-least-32-bytes" };
    const { lines } = await run(
      ["--port", "0", "--catalog", catalog.dir, "--link-lifetime", "90"],
      env,
      async (server) => {
        const record = ModelRecordSchema.parse(
          await (await fetch(`${server.url}/anything?key=two-key&name=fox`)).json(),
        );
        const check = verifySignedUrl(record.model.parts["body"]!, {
          keys: [{ keyName: "menagerie", secret: "shared-secret-of-at-least-32-bytes" }],
        });
        expect(check.valid).toBe(true);
        // At least the lifetime, on an expiry bucket boundary (the bucket is capped at the lifetime).
        expect(check.valid && check.expires - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(89);
        expect(check.valid && check.expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(180);
        expect(check.valid && check.expires % 90).toBe(0);
      },
    );
    expect(lines[1]).toBe("API keys: 2 from MENAGERIE_API_KEYS");
  });

  it("runs as a proxy without printing the upstream key", async () => {
    const upstream = await startTestService({ apiKeys: ["cli-upstream-key"] });
    try {
      const { lines } = await run(
        ["--port", "0", "--upstream", upstream.url, "--upstream-key", "cli-upstream-key"],
        {},
        async (server) => {
          expect(await status(`${server.url}/anything?name=fox`)).toBe(200);
        },
      );
      expect(lines[0]).toMatch(new RegExp(`\\(proxy to ${upstream.url.replace(/\./g, "\\.")}\\)$`));
      expect(lines).toContain("Requests without a key are accepted (proxy mode).");
      expect(lines.join("\n")).not.toContain("cli-upstream-key");
    } finally {
      await upstream.close();
    }
  });

  it("prints the usage for --help and starts nothing", async () => {
    const { lines, url } = await run(["--help"]);
    expect(url).toBeUndefined();
    expect(lines[0]).toMatch(/^Usage: menagerie-service \[options\]/);
  });

  const bad: [string[], string | RegExp][] = [
    [["--port", "eighty"], '--port must be a non-negative integer, got "eighty"'],
    [["--port", "70000", "--catalog", "x"], "port must be an integer from 0 to 65535, got 70000"],
    [["--colour"], /Unknown option '--colour'/],
    [["--upstream-key", "k"], "--upstream-key needs --upstream"],
    [
      ["--upstream", "http://127.0.0.1:9", "--catalog", "x"],
      "--catalog and --upstream exclude each other: a proxy serves no catalog",
    ],
  ];
  it.each(bad)("refuses %j", async (argv, message) => {
    await expect(main(argv, { env: {}, log: () => undefined })).rejects.toThrow(message);
  });

  it("refuses a keys file with no key in it", async () => {
    const file = join(scratch, "empty.txt");
    await writeFile(file, "# nothing yet\n");
    await expect(main(["--keys", file, "--catalog", catalog.dir], { env: {}, log: () => undefined })).rejects.toThrow(
      `The keys file has no key in it: ${file}`,
    );
  });
});

describe("npm run service (tsx src/service/cli.ts)", () => {
  it("starts as a process, serves, and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/service/cli.ts", "--port", "0", "--catalog", catalog.dir],
      {
        cwd: join(import.meta.dirname, "../.."),
        env: { ...process.env, MENAGERIE_API_KEYS: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/[^/\s]+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(await status(`${url}/anything?key=dev-key&search=forest`)).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
