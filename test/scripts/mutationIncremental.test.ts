import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { forgetStaticSurvivors } from "../../scripts/mutationIncremental.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function incrementalFile(mutants: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), "menagerie-incremental-"));
  dirs.push(dir);
  const file = join(dir, "stryker-incremental.json");
  writeFileSync(file, JSON.stringify({ schemaVersion: "2", files: { "src/a.ts": { mutants } } }));
  return file;
}

describe("forgetStaticSurvivors", () => {
  it("drops only the static mutants that survived or had no coverage, so the next run tests them again", () => {
    const file = incrementalFile([
      { id: "1", status: "Survived", static: true },
      { id: "2", status: "NoCoverage", static: true },
      { id: "3", status: "Killed", static: true },
      { id: "4", status: "Survived", static: false },
      { id: "5", status: "Survived" },
      { id: "6", status: "Timeout", static: true },
    ]);
    expect(forgetStaticSurvivors(file)).toBe(2);
    const kept = JSON.parse(readFileSync(file, "utf8"));
    expect(kept.files["src/a.ts"].mutants.map((m: { id: string }) => m.id)).toEqual(["3", "4", "5", "6"]);
    expect(kept.schemaVersion).toBe("2");
  });

  it("leaves a file with no static survivor untouched, and a missing file alone", () => {
    const file = incrementalFile([{ id: "1", status: "Survived" }]);
    const before = readFileSync(file, "utf8");
    expect(forgetStaticSurvivors(file)).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(forgetStaticSurvivors(join(tmpdir(), "menagerie-no-such-dir", "x.json"))).toBe(0);
  });
});
