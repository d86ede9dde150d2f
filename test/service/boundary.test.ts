/** The browser entry point must never pull in the Node-only service. */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Every source file reachable from `entry` through relative imports (static and dynamic). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(join(dirname(file), match[1]!.replace(/\.js$/, ".ts")));
    }
  };
  visit(entry);
  return seen;
}

describe("package boundaries", () => {
  it("src/index.ts reaches no file of src/service", () => {
    const files = [...reachable(join(SRC, "index.ts"))].map((f) => relative(SRC, f));
    expect(files).toContain("api/client.ts");
    expect(files.filter((f) => f.startsWith("service/"))).toEqual([]);
  });

  it("src/service/index.ts reaches the service files (the walk itself works)", () => {
    const files = [...reachable(join(SRC, "service/index.ts"))].map((f) => relative(SRC, f));
    expect(files).toEqual(expect.arrayContaining(["service/lookupService.ts", "service/signing.ts", "core/redact.ts"]));
  });
});
