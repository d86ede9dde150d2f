/**
 * The public API is what `api/public-api.txt` says, no more and no less: adding or removing an
 * export of an entry point, or changing a member or a signature of one, fails here until the
 * report is rewritten and committed with it. And the published types leak no internals: no
 * `_` member, no `protected` member and no stripped constructor on a class a consumer can
 * reach, no `@internal` left in a .d.ts (test/helpers/publishedTypes.ts).
 *
 * Both read one program (tsconfig.build.json's), made once: it takes seconds to load the
 * entry points' import graph, and about as long again to emit its declarations.
 */

import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  CONST_TYPE_MAX,
  computeApiReport,
  createApiProgram,
  entryPointsOf,
  NO_CATEGORY,
  REPORT_FILE,
  readApiReport,
  starExports,
} from "../scripts/api-report.js";
import { findTypeLeaks, formatLeaks } from "./helpers/publishedTypes.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// Type checking the entry points' whole import graph takes seconds on a busy machine.
const CHECKER_TIMEOUT_MS = 120_000;

let apiProgram: ts.Program | undefined;
/** The package's program, made by the first test that needs it. */
const packageProgram = () => (apiProgram ??= createApiProgram(root));
let apiReport: string[] | undefined;
/** The package's API report, computed by the first test that needs it. */
const packageReport = () => (apiReport ??= computeApiReport(root, entryPointsOf(root), packageProgram()));

/** The report's blocks by `entry specifier › export name` (the header is one block too). */
function blocks(lines: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let entry = "";
  let block: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith("## ")) {
      entry = line.slice(3).split(" ")[0] ?? "";
      block = undefined;
    } else if (line.startsWith("# ")) {
      if (!found.has("header")) found.set("header", []);
      found.get("header")?.push(line);
    } else if (line === "") {
      block = undefined;
    } else if (!line.startsWith(" ") || !block) {
      block = [line];
      found.set(`${entry} › ${line.split(":")[0]}`, block);
    } else {
      block.push(line);
    }
  }
  return found;
}

/** `+ line` for each line of `actual`, `- line` for each of `expected`, that their longest common subsequence leaves out. */
function lineDiff(actual: readonly string[], expected: readonly string[]): string[] {
  const n = actual.length;
  const m = expected.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = actual[i] === expected[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && actual[i] === expected[j]) {
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push(`+ ${actual[i++]}`);
    } else {
      out.push(`- ${expected[j++]}`);
    }
  }
  return out;
}

/**
 * How `actual` differs from `expected`, block by block: a new block's lines with `+ `, a
 * removed one's with `- `, and for a changed one its key, then its added and removed lines.
 */
function changes(actual: readonly string[], expected: readonly string[]): string[] {
  const now = blocks(actual);
  const before = blocks(expected);
  const out: string[] = [];
  for (const [key, lines] of now) {
    const old = before.get(key);
    if (!old) out.push(...lines.map((l) => `+ ${l}`));
    else if (old.join("\n") !== lines.join("\n")) out.push(`@ ${key}`, ...lineDiff(lines, old));
  }
  for (const [key, lines] of before) if (!now.has(key)) out.push(...lines.map((l) => `- ${l}`));
  return out;
}

describe("public API", () => {
  it("has every entry point of package.json", () => {
    expect(entryPointsOf(root)).toEqual([
      { specifier: "babylon-menagerie", source: "src/index.ts" },
      { specifier: "babylon-menagerie/records", source: "src/records/index.ts" },
      { specifier: "babylon-menagerie/rig", source: "src/rig/index.ts" },
      { specifier: "babylon-menagerie/motion", source: "src/motion/index.ts" },
      { specifier: "babylon-menagerie/service", source: "src/service/index.ts" },
    ]);
  });

  it("lists each export by name, with no `export *` in an entry point", () => {
    for (const entry of entryPointsOf(root)) {
      const file = ts.createSourceFile(
        entry.source,
        readFileSync(join(root, entry.source), "utf8"),
        ts.ScriptTarget.ES2022,
      );
      expect(starExports(file), `${entry.source} must name each export`).toEqual([]);
    }
  });

  it("puts every export in a reference group (@category)", { timeout: CHECKER_TIMEOUT_MS }, () => {
    const report = packageReport();
    const uncategorised = report.filter((line) => line.endsWith(`— ${NO_CATEGORY}`));
    expect(uncategorised, "add `@category <group>` to the declaration's doc comment").toEqual([]);
    const groups = new Set(report.filter((line) => /^\S.*: .* — /.test(line)).map((line) => line.split(" — ")[1]));
    expect(groups.size).toBeGreaterThan(5);
    expect(groups.size).toBeLessThanOrEqual(16);
  });

  it("keeps the root entry to 120 names at most (specialist groups are subpath entries)", {
    timeout: CHECKER_TIMEOUT_MS,
  }, () => {
    const report = packageReport();
    const start = report.indexOf("## babylon-menagerie (src/index.ts)");
    const end = report.findIndex((line, i) => i > start && line.startsWith("## "));
    const names = report.slice(start + 1, end).filter((line) => /^\S.*: .* — /.test(line));
    expect(start).toBeGreaterThan(0);
    expect(names.length).toBeGreaterThan(50);
    expect(names.length).toBeLessThanOrEqual(120);
  });

  it(`matches ${REPORT_FILE}`, { timeout: CHECKER_TIMEOUT_MS }, () => {
    const diff = changes(packageReport(), readApiReport(root));
    const hint =
      `The public API differs from ${REPORT_FILE} (+ now, - in the report; @ names a changed export). ` +
      "If the change is intended, run `npm run api:report` and commit the report with it; " +
      "otherwise keep internals out of the entry points (package.json `exports`) and out of public classes.";
    expect(diff, hint).toEqual([]);
  });
});

describe("the published types", () => {
  it("are built with stripInternal", () => {
    expect(packageProgram().getCompilerOptions().stripInternal, "tsconfig.build.json: stripInternal").toBe(true);
  });

  it("leak no internals", { timeout: CHECKER_TIMEOUT_MS }, () => {
    const leaks = formatLeaks(findTypeLeaks(root, packageProgram(), entryPointsOf(root)));
    const hint =
      "The published .d.ts files (tsconfig.build.json, emitted in memory) expose internals; each line is " +
      "`file:line  Class.member: why (how a consumer gets to it)`. A class a consumer can reach must have no " +
      "member named with `_` and no protected member (make it private, #private, or @internal so the build " +
      "strips it), and must keep a constructor in its .d.ts (an @internal constructor is stripped, leaving " +
      "none: declare `private constructor()` or a real public one). An `@internal` must work: on its own " +
      "line(s) right before the declaration, and not inside an inferred type.";
    expect(leaks, hint).toEqual([]);
  });
});

/** A throwaway package: `files` by name, built with `tsconfig.build.json`. */
async function withPackage<T>(files: Record<string, string>, use: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "menagerie-api-"));
  try {
    const compilerOptions = {
      module: "NodeNext",
      strict: true,
      types: [],
      rootDir: ".",
      outDir: "dist",
      declaration: true,
      stripInternal: true,
    };
    await writeFile(join(dir, "tsconfig.build.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const entry = [{ specifier: "pkg", source: "index.ts" }];
const report = (dir: string) => computeApiReport(dir, entry, createApiProgram(dir)).filter((l) => !l.startsWith("# "));

const PARTS = `
interface Sized { /** Metres. */ size: number }
export interface ThingOptions extends Sized { label?: string; [key: string]: unknown }
/** Not exported: what \`Thing\` inherits from it is listed under \`Thing\`. */
class Base {
  readonly id: number = 1;
  protected tick(): void {}
}
export class Thing extends Base {
  /** @internal Made by \`make\`. */
  constructor(readonly size: number) { super(); }
  #secret = 1;
  private hidden = 2;
  /** @internal */
  _poke(): void {}
  /** @hidden */
  helper(): void {}
  static create(size = 1): Thing { return new Thing(size); }
  get area(): number { return this.size ** 2; }
  set area(value: number) { void value; }
  grow(by: number): this;
  grow(by: string): this;
  grow(by: number | string): this { void by; return this; }
}
export class Hidden { private constructor() {} }
export function make(): Thing;
export function make(size: number): Thing;
export function make(size = 1): Thing { return Thing.create(size); }
export const LIMITS = { max: 1 };
export const BIG = { ${Array.from({ length: 30 }, (_, i) => `field${i}: ${i}`).join(", ")} };
export type Size = number | "small" | "large";
export type Box = { width: number; readonly height?: number };
export const Mode = 1; export type Mode = 1;
`;

describe("the API report", () => {
  it("lists each export's kind, members and signatures", { timeout: CHECKER_TIMEOUT_MS }, async () => {
    await withPackage(
      {
        "parts.ts": PARTS,
        "index.ts":
          'export { Thing, make, LIMITS, BIG, type ThingOptions, type Size, type Box, Mode } from "./parts.js";\n' +
          'export type { Hidden } from "./parts.js";\n',
      },
      (dir) => {
        const lines = report(dir);
        const big = lines.find((l) => l.startsWith("  const BIG: "));
        expect(big).toMatch(/^ {2}const BIG: \{ field0: number; .*… \(\d+ chars, sha256 [0-9a-f]{12}\)$/);
        expect(big?.length).toBeLessThan(CONST_TYPE_MAX + 60);
        expect(lines.filter((l) => l !== big)).toEqual([
          "",
          "## pkg (index.ts)",
          "",
          "BIG: const — (no @category)",
          "",
          "Box: type — (no @category)",
          "  type Box = {",
          "    readonly height?: number",
          "    width: number",
          "  }",
          "",
          "Hidden: class (type only) — (no @category)",
          "  class Hidden",
          "    private constructor",
          "",
          "LIMITS: const — (no @category)",
          "  const LIMITS: { max: number; }",
          "",
          "Mode: const + type — (no @category)",
          "  const Mode: 1",
          "  type Mode = 1",
          "",
          "Size: type — (no @category)",
          "  type Size =",
          "    | number",
          '    | "small"',
          '    | "large"',
          "",
          "Thing: class — (no @category)",
          "  class Thing extends Base",
          "    constructor: @internal, stripped from the .d.ts (which then declares none: TypeScript sees an inherited or implicit public one)",
          "    static create(size?: number): Thing",
          "    get area(): number",
          "    set area(value: number)",
          "    grow(by: number): this",
          "    grow(by: string): this",
          "    readonly id: number  // from Base",
          "    readonly size: number",
          "    protected tick(): void  // from Base",
          "",
          "ThingOptions: interface — (no @category)",
          "  interface ThingOptions extends Sized",
          "    [key: string]: unknown",
          "    label?: string",
          "    size: number  // from Sized",
          "",
          "make: function — (no @category)",
          "  function make(): Thing",
          "  function make(size: number): Thing",
        ]);
      },
    );
  });

  it("sees an added or removed export, and a changed member", { timeout: CHECKER_TIMEOUT_MS }, async () => {
    const index = (names: string) => `export { ${names} } from "./parts.js";\n`;
    const before = await withPackage({ "parts.ts": PARTS, "index.ts": index("Thing, LIMITS, make") }, report);
    const changed = PARTS.replace("get area(): number", "get area(): bigint").replace("{ max: 1 }", "{ max: 1n }");
    const after = await withPackage({ "parts.ts": changed, "index.ts": index("Thing, make, Hidden as Extra") }, report);
    expect(changes(after, before)).toEqual([
      "+ Extra: class — (no @category)",
      "+   class Hidden",
      "+     private constructor",
      "@ pkg › Thing",
      "+     get area(): bigint",
      "-     get area(): number",
      "- LIMITS: const — (no @category)",
      "-   const LIMITS: { max: number; }",
    ]);
  });

  it("finds `export *` statements", () => {
    const file = ts.createSourceFile(
      "x.ts",
      'export * from "./a.js";\nexport { b } from "./b.js";\nexport * as c from "./c.js";\n',
      ts.ScriptTarget.ES2022,
    );
    expect(starExports(file)).toEqual(['export * from "./a.js";']);
  });
});

describe("the leak check", () => {
  it("names each kind of leak by file, line and member", { timeout: CHECKER_TIMEOUT_MS }, async () => {
    const leaks = await withPackage(
      {
        "index.ts": [
          "/** Reached only through `Outer.inner`. */",
          "class Inner {",
          "  _raw = 1;",
          "}",
          "export class Outer {",
          "  readonly inner: Inner = new Inner();",
          "  protected step(): void {}",
          "}",
          "export class Open {",
          "  _peek(): void {}",
          "  private fine = 1;",
          "  #fine = 2;",
          "  /** @internal */",
          "  _gone(): void {}",
          "  size = 1; /** @internal */ resize(): void {}",
          "}",
          "/** Not exported, but its protected member reaches consumers through `Sub`. */",
          "abstract class Guarded {",
          "  protected guard(): void {}",
          "}",
          "export class Sub extends Guarded {}",
          "export class Made {",
          "  /** @internal */",
          "  constructor(",
          "    n: number,",
          "    /** @internal */",
          "    readonly internalParameterProperty = n,",
          "  ) {}",
          "}",
          "export class Params {",
          "  constructor(",
          "    readonly kept: number,",
          "    /** @internal The property is stripped; the parameter stays, with this comment. */",
          "    readonly gone: number,",
          "  ) {}",
          "}",
          "export class Careless { /** @internal */ constructor(readonly n: number) {} }",
          "export class Sealed {",
          "  private constructor() {}",
          "  static make(): Sealed {",
          "    return new Sealed();",
          "  }",
          "}",
          "export const SETTINGS = {",
          "  /** @internal Not stripped: a member of an inferred type. */",
          "  hidden: 1,",
          "};",
          'export { secret } from "./parts.js";',
          "",
        ].join("\n"),
        "parts.ts": "/** @internal */\nexport function secret(): void {}\n",
      },
      (dir) => formatLeaks(findTypeLeaks(dir, createApiProgram(dir), entry)),
    );
    const survived =
      "`@internal` survived stripInternal, which strips a declaration whose own leading comment has it " +
      "(not a parameter, nor a member of an inferred type)";
    expect(leaks).toEqual([
      "dist/index.d.ts:3  Inner._raw: a public class's member named with `_` (reached through Outer)",
      "dist/index.d.ts:7  Outer.step: a public class's protected member (exported by pkg)",
      "dist/index.d.ts:11  Open._peek: a public class's member named with `_` (exported by pkg)",
      `dist/index.d.ts:13  Open.resize: ${survived}`,
      "dist/index.d.ts:18  Guarded.guard: a public class's protected member (reached through Sub)",
      "dist/index.d.ts:22  Made.constructor: no constructor in the .d.ts: its only one is @internal and was " +
        "stripped, so anyone can construct it with the implicit constructor; the .d.ts must declare " +
        "`private constructor()` or a real public constructor (exported by pkg)",
      `dist/index.d.ts:39  SETTINGS.hidden: ${survived}`,
      "dist/index.d.ts:42  secret: exported, but its declaration was stripped from the .d.ts (is it @internal?) " +
        "(exported by pkg)",
      "index.ts:37  Careless.constructor: its `/** @internal */` follows other code on that code's line, so it " +
        "is not the declaration's leading comment and stripInternal keeps the declaration",
    ]);
  });
});
