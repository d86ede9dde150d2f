/**
 * The public API is what `api/public-api.txt` says, no more and no less: adding or removing an
 * export of an entry point fails here until the report is rewritten and committed with it.
 */

import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { computeApiReport, entryPointsOf, REPORT_FILE, readApiReport, starExports } from "../scripts/api-report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// Type checking the entry points' whole import graph takes seconds on a busy machine.
const CHECKER_TIMEOUT_MS = 120_000;

/** `+ line` for lines only in `actual`, `- line` for lines only in `expected`, in report order. */
function changes(actual: readonly string[], expected: readonly string[]): string[] {
  const had = new Set(expected);
  const has = new Set(actual);
  return [
    ...actual.filter((l) => !had.has(l)).map((l) => `+ ${l}`),
    ...expected.filter((l) => !has.has(l)).map((l) => `- ${l}`),
  ];
}

describe("public API", () => {
  it("has both entry points of package.json", () => {
    expect(entryPointsOf(root)).toEqual([
      { specifier: "babylon-menagerie", source: "src/index.ts" },
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

  it(`matches ${REPORT_FILE}`, { timeout: CHECKER_TIMEOUT_MS }, () => {
    const diff = changes(computeApiReport(root), readApiReport(root));
    const hint =
      `The public API differs from ${REPORT_FILE} (+ exported now, - in the report). ` +
      "If the change is intended, run `npm run api:report` and commit the report with it; " +
      "otherwise keep internals out of src/index.ts and src/service/index.ts.";
    expect(diff, hint).toEqual([]);
  });
});

describe("the API report", () => {
  it("names each kind, and sees an added or removed export", { timeout: CHECKER_TIMEOUT_MS }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "menagerie-api-"));
    try {
      await writeFile(
        join(dir, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { module: "NodeNext", strict: true, types: [] } }),
      );
      await writeFile(
        join(dir, "parts.ts"),
        [
          "export class Thing {}",
          "export class Hidden {}",
          "export function make(): Thing { return new Thing(); }",
          "export const LIMITS = { max: 1 };",
          "export interface ThingOptions { size?: number }",
          "export type Size = number;",
          "export const Mode = 1; export type Mode = 1;",
        ].join("\n"),
      );
      const entry = [{ specifier: "pkg", source: "index.ts" }];
      const write = (names: string) =>
        writeFile(
          join(dir, "index.ts"),
          `export { ${names} } from "./parts.js";\nexport type { Hidden } from "./parts.js";\n`,
        );

      await write("Thing, make, LIMITS, type ThingOptions, type Size, Mode");
      const before = computeApiReport(dir, entry).filter((l) => !l.startsWith("# "));
      expect(before).toEqual([
        "",
        "## pkg (index.ts)",
        "Hidden: class (type only)",
        "LIMITS: const",
        "Mode: const + type",
        "Size: type",
        "Thing: class",
        "ThingOptions: interface",
        "make: function",
      ]);

      await write("Thing, make, type ThingOptions, type Size, Mode, Hidden as Extra");
      const after = computeApiReport(dir, entry).filter((l) => !l.startsWith("# "));
      expect(changes(after, before)).toEqual(["+ Extra: class", "- LIMITS: const"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
