/**
 * The packed library tried as a new user would (scripts/packedProject.ts: `npm pack`, then a
 * fresh project that installs the tarball and the peer dependencies): a strict TypeScript
 * consumer type-checks with moduleResolution `bundler` and `node16`, Vite builds its page, the
 * page runs in Chromium against the reference service (a fox spawns and walks), and a plain
 * Node ESM script starts that service from `babylon-menagerie/service` and looks the fox up.
 * Every ```ts snippet of the README and docs/ is type-checked in the same strict consumer
 * (scripts/docSnippets.ts; what they may assume: consumer/snippets/preamble.d.ts).
 *
 * Runs in `npm test` (about a minute: most of it `npm pack` and, once per tarball, the install).
 * `npm run size` in .ci/run reuses the same installed project.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SnippetError, snippetErrors, writeSnippetModules } from "../../scripts/docSnippets.js";
import { type PackedProject, preparePackedProject, REPO_ROOT } from "../../scripts/packedProject.js";
import { launchChromium, pageResult, watchPage } from "../helpers/browser.js";

const run = promisify(execFile);

interface LookupLine {
  url: string;
  name: string | null;
  parts: number;
  size: { axis: string; meters: number } | null;
}

/** What the consumer page publishes (test/package/consumer/src/main.ts). */
interface ConsumerResult {
  name: string;
  form: string;
  meshes: number;
  heightMeters: number;
  frames: number;
  distance: number;
  warnings: string[];
}

/**
 * Snippets that fail for a reason in the library, not in the page: each expected error, so the
 * test also fails once the library is fixed and the exception must go.
 */
const KNOWN_SNIPPET_ERRORS: readonly { heading: string; code: string; message: string; reason: string }[] = [];

let project: PackedProject;
let service: ChildProcess | undefined;
let lookup: LookupLine;

/** Runs a tool of the consumer project with node, as `npx <tool>` would; rejects with its output. */
async function consumerTool(bin: string, args: string[]): Promise<void> {
  try {
    await run(process.execPath, [join(project.dir, "node_modules", bin), ...args], {
      cwd: project.dir,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${bin} ${args.join(" ")} failed:\n${stdout}${stderr}`);
  }
}

/** Runs the consumer's tsc on `tsconfig`; its output, whether it passed or not. */
async function tscOutput(tsconfig: string): Promise<string> {
  try {
    const { stdout } = await run(
      process.execPath,
      [join(project.dir, "node_modules/typescript/bin/tsc"), "-p", tsconfig, "--pretty", "false"],
      {
        cwd: project.dir,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
}

/** Starts `node service.mjs` in the consumer project and reads the JSON line it prints. */
async function startConsumerService(): Promise<LookupLine> {
  const child = spawn(process.execPath, ["service.mjs", join(REPO_ROOT, ".menagerie")], {
    cwd: project.dir,
    stdio: ["pipe", "pipe", "pipe"],
  });
  service = child;
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`service.mjs exited with ${code}:\n${stderr}`))),
  );
  const first = new Promise<string>((resolve) => lines.once("line", resolve));
  return JSON.parse(await Promise.race([first, exited])) as LookupLine;
}

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
};

/** A static server for the built page, on 127.0.0.1 and a free port. */
async function serveFolder(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    readFile(join(root, path.endsWith("/") ? `${path}index.html` : path)).then(
      (body) => res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

beforeAll(async () => {
  project = await preparePackedProject();
  lookup = await startConsumerService();
}, 300_000);

afterAll(() => {
  service?.stdin?.end();
  service?.kill();
});

describe("the packed tarball in a fresh project", () => {
  it("holds the library and its dependencies, and nothing of the repository", async () => {
    const packageDir = join(project.dir, "node_modules/babylon-menagerie");
    const manifest = async (dir: string) =>
      JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as {
        version: string;
        dependencies: Record<string, string>;
      };
    const installed = await manifest(packageDir);
    const own = await manifest(REPO_ROOT);
    expect(installed.version).toBe(own.version);
    await expect(readFile(join(packageDir, "dist/index.js"))).resolves.toBeTruthy();
    // Every dependency installed with it, beside it or in its own node_modules.
    expect(Object.keys(installed.dependencies).sort()).toEqual(Object.keys(own.dependencies).sort());
    for (const dependency of Object.keys(own.dependencies)) {
      const found = await Promise.any(
        [project.dir, packageDir].map((dir) => manifest(join(dir, "node_modules", dependency))),
      ).catch(() => undefined);
      expect(found, dependency).toBeDefined();
    }
    // Nothing of the repository: the build, the service's launcher, the manifest and the three
    // documents, no sources, tests or scripts.
    const top = (await readdir(packageDir)).filter((name) => name !== "node_modules").sort();
    expect(top).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "bin", "dist", "package.json"]);
    const sources = (await readdir(join(packageDir, "dist"), { recursive: true })).filter(
      (f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"),
    );
    expect(sources).toEqual([]);
  });

  it("type-checks a strict consumer with moduleResolution bundler", async () => {
    await consumerTool("typescript/bin/tsc", ["-p", "tsconfig.bundler.json"]);
  }, 120_000);

  it("type-checks the same consumer and the Node script with moduleResolution node16", async () => {
    await consumerTool("typescript/bin/tsc", ["-p", "tsconfig.node16.json"]);
  }, 120_000);

  it("type-checks every ts snippet of the README and docs/ in the strict consumer", async () => {
    const modules = writeSnippetModules(join(project.dir, "snippets/docs"));
    expect(modules.length).toBeGreaterThanOrEqual(20);
    const errors = snippetErrors(await tscOutput("tsconfig.snippets.json"), modules);
    const known = (error: SnippetError | string) =>
      typeof error !== "string" &&
      KNOWN_SNIPPET_ERRORS.some(
        (k) => k.heading === error.snippet.heading && k.code === error.code && k.message === error.message,
      );
    const show = (error: SnippetError | string) =>
      typeof error === "string" ? error : `${error.where} ${error.code} ${error.message}`;
    expect(errors.filter((error) => !known(error)).map(show)).toEqual([]);
    // Each known exception still happens: once the library is fixed, it must leave the list.
    for (const k of KNOWN_SNIPPET_ERRORS) expect(errors.filter(known).map(show).join("\n")).toContain(k.message);
  }, 120_000);

  it("starts the service from babylon-menagerie/service in a plain Node ESM script and looks the fox up", () => {
    expect(lookup.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lookup.name).toBe("fox");
    expect(lookup.parts).toBeGreaterThanOrEqual(5);
    expect(lookup.size?.meters).toBeGreaterThan(0.2);
  });

  describe("built with Vite, in Chromium", () => {
    let browser: Browser | undefined;
    let page: { url: string; server: Server } | undefined;
    afterAll(async () => {
      await browser?.close();
      page?.server.close();
    });

    it("spawns a fox from the reference service and walks it", async () => {
      await consumerTool("vite/bin/vite.js", ["build", "--outDir", "dist-page", "--emptyOutDir", "--logLevel", "warn"]);
      page = await serveFolder(join(project.dir, "dist-page"));
      browser = await launchChromium();
      const tab = await browser.newPage({ viewport: { width: 640, height: 480 } });
      const watch = watchPage(tab);
      await tab.goto(`${page.url}/index.html?service=${encodeURIComponent(lookup.url)}&key=dev-key`);
      const result = await pageResult<ConsumerResult>(tab);
      await tab.screenshot({ path: "test-results/packed-consumer-fox.png" });
      expect(result.name).toBe("fox");
      expect(result.form).toBe("parts");
      expect(result.meshes).toBeGreaterThanOrEqual(5);
      expect(result.heightMeters).toBeGreaterThan(0.2);
      expect(result.frames).toBe(120);
      expect(result.distance).toBeGreaterThan(0.01); // it walked
      expect(result.warnings).toEqual([]);
      expect(watch.errors).toEqual([]);
    }, 240_000);
  });
});
