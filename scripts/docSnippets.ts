/**
 * The TypeScript snippets of the documentation (README.md and docs/*.md), as modules a strict
 * consumer type-checks: test/package/packed.test.ts writes them into the packed consumer project
 * (beside test/package/consumer/snippets/preamble.d.ts, the declarations every snippet may
 * assume) and compiles them with its tsconfig.snippets.json.
 *
 * A block fenced as ```ts is checked; one fenced as ```ts no-check (a fragment that cannot stand
 * alone) is not. Each checked block becomes one module, so the snippets cannot see each other's
 * names; its first line says where it came from, so line L of the module is line
 * `fenceLine + L - 1` of the page.
 *
 * Usage: npx tsx scripts/docSnippets.ts <folder>   (writes the modules there, replacing the folder)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The info string of a block that is deliberately not compiled. */
export const NO_CHECK = "ts no-check";

/** One fenced TypeScript block of a page. */
export interface DocSnippet {
  /** The page, relative to the repository root (`docs/guide.md`). */
  readonly page: string;
  /** The line of the opening fence (1-based). */
  readonly line: number;
  /** The nearest heading above it. */
  readonly heading: string;
  /** False for ```ts no-check. */
  readonly checked: boolean;
  readonly code: string;
}

/** A snippet written as a module: its file name in the snippets folder. */
export interface SnippetModule extends DocSnippet {
  readonly file: string;
}

/** The pages whose snippets are checked: the README and every page of docs/. */
export function documentationPages(root = REPO_ROOT): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`]*)$/;

/** The line that closes the block opened on line `open` by `fence` (CommonMark: same character, at least as long). */
function closingFence(lines: readonly string[], open: number, fence: string): number {
  for (let j = open + 1; j < lines.length; j++) {
    const line = (lines[j] ?? "").trim();
    if (line.length >= fence.length && line === (fence[0] ?? "`").repeat(line.length)) return j;
  }
  return lines.length;
}

/** The ```ts blocks of one page's text, in order; other languages are left out. */
export function extractSnippets(page: string, text: string): DocSnippet[] {
  const snippets: DocSnippet[] = [];
  const lines = text.split("\n");
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? "");
    if (!open) {
      const title = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(lines[i] ?? "")?.[1];
      if (title !== undefined) heading = title;
      continue;
    }
    const [, fence = "```", info = ""] = open;
    const close = closingFence(lines, i, fence);
    const words = info.trim().split(/\s+/);
    if (words[0] === "ts" || words[0] === "typescript") {
      const checked = !words.includes("no-check");
      snippets.push({ page, line: i + 1, heading, checked, code: lines.slice(i + 1, close).join("\n") });
    }
    i = close;
  }
  return snippets;
}

/** Every snippet of the documentation pages, checked or not. */
export function documentationSnippets(root = REPO_ROOT): DocSnippet[] {
  return documentationPages(root).flatMap((page) => extractSnippets(page, readFileSync(join(root, page), "utf8")));
}

/** `docs/guide.md`, 3 -> `guide-03.ts`. */
function moduleName(page: string, index: number): string {
  return `${basename(page, ".md")}-${String(index).padStart(2, "0")}.ts`;
}

/**
 * Writes every checked snippet as a module into `dir` (emptied first, so a removed snippet
 * leaves no file behind) and returns them with their file names.
 */
export function writeSnippetModules(dir: string, root = REPO_ROOT): SnippetModule[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules: SnippetModule[] = [];
  const perPage = new Map<string, number>();
  for (const snippet of documentationSnippets(root)) {
    const index = (perPage.get(snippet.page) ?? 0) + 1;
    perPage.set(snippet.page, index);
    if (!snippet.checked) continue;
    const file = moduleName(snippet.page, index);
    // `export {}` makes it a module even when it imports nothing, so its names stay its own.
    const text = `// ${snippet.page}:${snippet.line} (${snippet.heading})\n${snippet.code}\nexport {};\n`;
    writeFileSync(join(dir, file), text);
    modules.push({ ...snippet, file });
  }
  return modules;
}

/** A compiler message about a snippet, placed on its page. */
export interface SnippetError {
  /** `docs/guide.md:452:7`. */
  readonly where: string;
  readonly snippet: SnippetModule;
  /** `TS2322`. */
  readonly code: string;
  readonly message: string;
}

/**
 * Reads `tsc --pretty false` output about the modules of `writeSnippetModules` and places each
 * error on its page's line; an error of another file, or of the project, is returned as its line.
 */
export function snippetErrors(output: string, modules: readonly SnippetModule[]): (SnippetError | string)[] {
  const byFile = new Map(modules.map((m) => [m.file, m]));
  const errors: (SnippetError | string)[] = [];
  for (const line of output.split("\n")) {
    if (!/\berror TS\d+/.test(line)) continue;
    const found = /^(.*?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (!found) {
      errors.push(line); // a project error (a missing file, a bad option): no snippet to blame
      continue;
    }
    const [, path = "", row = "0", column = "0", code = "", message = ""] = found;
    const snippet = byFile.get(basename(path));
    if (!snippet) {
      errors.push(line);
      continue;
    }
    const where = `${snippet.page}:${snippet.line + Number(row) - 1}:${column}`;
    errors.push({ where, snippet, code, message });
  }
  return errors;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: npx tsx scripts/docSnippets.ts <folder>");
  const modules = writeSnippetModules(resolve(dir));
  console.log(`${modules.length} snippets written to ${dir}`);
}
