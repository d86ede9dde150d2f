/**
 * `npm run pack:check`: packs the package as `npm publish` would (`npm pack --dry-run`, which
 * runs `prepack`, so dist/ is freshly built) and fails unless the tarball holds exactly what it
 * should: the declarations of every entry point, README, LICENSE and CHANGELOG, and nothing
 * outside an allowlist (no tests, bench, demo, scripts or TypeScript sources), with source maps
 * that carry their sources and relative imports that resolve inside the tarball.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** What the check reads of package.json. */
export interface PackManifest {
  types?: string;
  exports?: Record<string, string | Record<string, string>>;
  bin?: string | Record<string, string>;
}

/** Files every tarball must hold. */
export const REQUIRED_FILES = ["package.json", "README.md", "LICENSE", "CHANGELOG.md"] as const;

/** Where a shipped file may be; anything else fails the check. */
export const ALLOWED_FILES: readonly RegExp[] = [
  /^(package\.json|README\.md|LICENSE|CHANGELOG\.md)$/,
  /^bin\/[\w-]+\.js$/,
  /^dist\/[\w/.-]+\.(js|d\.ts|js\.map)$/,
];

/** Files that must never ship, with why, checked first so that a failure says what it is. */
const FORBIDDEN_FILES: readonly [RegExp, string][] = [
  [/(^|\/)(test|tests|__tests__)\/|\.(test|spec)\.[cm]?[jt]s$/, "a test"],
  [/(^|\/)bench\//, "the benchmarks"],
  [/(^|\/)demo\//, "the demo's sources"],
  [/(^|\/)scripts\//, "a development script"],
  [/(^src\/|(?<!\.d)\.ts$)/, "a TypeScript source"],
  [/\.d\.ts\.map$/, "a declaration map (it points at src/, which is not shipped)"],
];

/** Relative specifiers of static imports, re-exports and dynamic imports in a JS file. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

function exportTargets(manifest: PackManifest): string[] {
  const targets: string[] = [];
  for (const entry of Object.values(manifest.exports ?? {})) {
    targets.push(...(typeof entry === "string" ? [entry] : Object.values(entry)));
  }
  if (manifest.types) targets.push(manifest.types);
  const bin = manifest.bin;
  if (bin) targets.push(...(typeof bin === "string" ? [bin] : Object.values(bin)));
  return targets.map((t) => posix.normalize(t));
}

function sourceMapProblems(path: string, text: string, shipped: ReadonlySet<string>): string[] {
  let map: { sources?: unknown; sourcesContent?: unknown; sourceRoot?: unknown };
  try {
    map = JSON.parse(text);
  } catch {
    return [`${path}: not a JSON source map`];
  }
  const sources = Array.isArray(map.sources) ? (map.sources as unknown[]) : [];
  const contents = Array.isArray(map.sourcesContent) ? (map.sourcesContent as unknown[]) : [];
  const root = typeof map.sourceRoot === "string" ? map.sourceRoot : "";
  return sources.flatMap((source, i) => {
    if (typeof contents[i] === "string" && contents[i] !== "") return [];
    const target = posix.normalize(posix.join(posix.dirname(path), root, String(source)));
    return shipped.has(target) ? [] : [`${path}: points at ${target}, which is neither shipped nor inlined`];
  });
}

function importProblems(path: string, text: string, shipped: ReadonlySet<string>): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].flatMap(([, specifier]) => {
    const target = posix.normalize(posix.join(posix.dirname(path), specifier!));
    return shipped.has(target) ? [] : [`${path}: imports ${specifier}, which is not shipped`];
  });
}

/**
 * The problems of a tarball holding `files` (paths relative to the package root); `read` gives
 * a shipped file's text. An empty list means the tarball is fine.
 */
export function checkPackedFiles(
  files: readonly string[],
  manifest: PackManifest,
  read: (path: string) => string,
): string[] {
  const shipped = new Set(files);
  const problems: string[] = [];
  for (const required of REQUIRED_FILES) {
    if (!shipped.has(required)) problems.push(`missing ${required}`);
  }
  for (const target of exportTargets(manifest)) {
    if (!shipped.has(target)) problems.push(`missing ${target}, named by package.json`);
  }
  for (const path of files) {
    const forbidden = FORBIDDEN_FILES.find(([pattern]) => pattern.test(path));
    if (forbidden) problems.push(`${path} is ${forbidden[1]}`);
    else if (!ALLOWED_FILES.some((pattern) => pattern.test(path))) problems.push(`${path} is not in the allowlist`);
    if (path.startsWith("dist/") && path.endsWith(".js") && !shipped.has(path.replace(/\.js$/, ".d.ts"))) {
      problems.push(`${path} has no declarations (${path.replace(/\.js$/, ".d.ts")})`);
    }
    if (path.endsWith(".js.map")) problems.push(...sourceMapProblems(path, read(path), shipped));
    if (path.endsWith(".js")) problems.push(...importProblems(path, read(path), shipped));
  }
  return problems;
}

interface PackResult {
  files: { path: string }[];
  size: number;
  unpackedSize: number;
  filename: string;
}

/** Runs `npm pack --dry-run --json` in `root` (its `prepack` builds dist/ first). */
export function dryRunPack(root: string): PackResult {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return (JSON.parse(out) as PackResult[])[0]!;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const pack = dryRunPack(root);
  const files = pack.files.map((f) => f.path);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackManifest;
  const problems = checkPackedFiles(files, manifest, (path) => readFileSync(join(root, path), "utf8"));
  if (problems.length > 0) {
    console.error(`pack check: ${pack.filename} has ${problems.length} problem(s):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
  console.log(
    `pack check: ${pack.filename}, ${files.length} files (${kB(pack.size)} packed, ${kB(pack.unpackedSize)} unpacked), all as expected`,
  );
}
