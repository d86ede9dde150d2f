import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createKeyMatcher, loadApiKeys, parseApiKeys } from "../../src/service/apiKeys.js";

describe("parseApiKeys", () => {
  it("reads one key per line or comma-separated, skipping blanks and # comments", () => {
    expect(parseApiKeys("# keys\n alpha \r\nbeta,gamma,, \n\n#delta\n")).toEqual(["alpha", "beta", "gamma"]);
  });

  it("skips an indented # comment too (a key never starts with spaces and #)", () => {
    expect(parseApiKeys("  # rotated 2026-11\nalpha")).toEqual(["alpha"]);
  });
});

describe("loadApiKeys", () => {
  it("prefers the keys file, then MENAGERIE_API_KEYS, then the dev key", async () => {
    const dir = await mkdtemp(join(tmpdir(), "menagerie-keys-"));
    try {
      const file = join(dir, "keys.txt");
      await writeFile(file, "from-file\n");
      expect(await loadApiKeys({ keysFile: file, env: { MENAGERIE_API_KEYS: "from-env" } })).toEqual({
        keys: ["from-file"],
        origin: "file",
      });
      expect(await loadApiKeys({ env: { MENAGERIE_API_KEYS: "a, b" } })).toEqual({ keys: ["a", "b"], origin: "env" });
      expect(await loadApiKeys({ env: { MENAGERIE_API_KEYS: "  " } })).toEqual({ keys: ["dev-key"], origin: "dev" });
      expect(await loadApiKeys({ env: {} })).toEqual({ keys: ["dev-key"], origin: "dev" });
      await expect(loadApiKeys({ env: { MENAGERIE_API_KEYS: ",," } })).rejects.toThrow(
        "MENAGERIE_API_KEYS has no key in it",
      );
      // A keys file with nothing but comments is a mistake, not a reason to fall back.
      const empty = join(dir, "empty.txt");
      await writeFile(empty, "# no keys yet\n\n");
      await expect(loadApiKeys({ keysFile: empty, env: { MENAGERIE_API_KEYS: "from-env" } })).rejects.toThrow(
        `The keys file has no key in it: ${empty}`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("createKeyMatcher", () => {
  it("matches whole keys only, whichever position they have in the list", () => {
    const matches = createKeyMatcher(["first-key", "second-key"]);
    expect(["first-key", "second-key", "second-ke", "second-key ", "SECOND-KEY", ""].map(matches)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
