/** The tarball check of `npm run pack:check`, on small file lists (the real pack runs in CI). */
import { describe, expect, it } from "vitest";
import { checkPackedFiles, type PackManifest } from "../scripts/pack-check.js";

const manifest: PackManifest = {
  types: "./dist/index.d.ts",
  exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" }, "./package.json": "./package.json" },
  bin: { "menagerie-service": "bin/menagerie-service.js" },
};

const inlinedMap = JSON.stringify({ version: 3, sources: ["../src/index.ts"], sourcesContent: ["export {};"] });
const texts: Record<string, string> = {
  "dist/index.js": 'export { a } from "./a.js";\n//# sourceMappingURL=index.js.map',
  "dist/index.js.map": inlinedMap,
  "dist/a.js": 'export const a = () => import("./index.js");',
  "bin/menagerie-service.js": 'import { run } from "../dist/index.js";',
};
const read = (path: string) => texts[path] ?? "";

const GOOD = [
  "package.json",
  "README.md",
  "LICENSE",
  "CHANGELOG.md",
  "bin/menagerie-service.js",
  "dist/index.js",
  "dist/index.d.ts",
  "dist/index.js.map",
  "dist/a.js",
  "dist/a.d.ts",
];

describe("checkPackedFiles", () => {
  it("passes a tarball with declarations, the docs and nothing else", () => {
    expect(checkPackedFiles(GOOD, manifest, read)).toEqual([]);
  });

  it("names each missing required file and declaration", () => {
    const files = GOOD.filter((f) => !["LICENSE", "CHANGELOG.md", "dist/index.d.ts", "dist/a.d.ts"].includes(f));
    expect(checkPackedFiles(files, manifest, read)).toEqual([
      "missing LICENSE",
      "missing CHANGELOG.md",
      "missing dist/index.d.ts, named by package.json",
      "missing dist/index.d.ts, named by package.json",
      "dist/index.js has no declarations (dist/index.d.ts)",
      "dist/a.js has no declarations (dist/a.d.ts)",
    ]);
  });

  it("rejects tests, bench, demo, scripts, sources, declaration maps and unknown files", () => {
    const extra = [
      "test/api/client.test.ts",
      "dist/api/client.test.js",
      "bench/index.ts",
      "demo/main.ts",
      "scripts/soak.ts",
      "src/index.ts",
      "dist/index.d.ts.map",
      ".env",
    ];
    expect(checkPackedFiles([...GOOD, ...extra], manifest, read)).toEqual([
      "test/api/client.test.ts is a test",
      "dist/api/client.test.js is a test",
      "dist/api/client.test.js has no declarations (dist/api/client.test.d.ts)",
      "bench/index.ts is the benchmarks",
      "demo/main.ts is the demo's sources",
      "scripts/soak.ts is a development script",
      "src/index.ts is a TypeScript source",
      "dist/index.d.ts.map is a declaration map (it points at src/, which is not shipped)",
      ".env is not in the allowlist",
    ]);
  });

  it("rejects a source map that points at unshipped sources, and an import of an unshipped file", () => {
    const outside: Record<string, string> = {
      ...texts,
      "dist/index.js.map": JSON.stringify({ version: 3, sources: ["../src/index.ts"] }),
    };
    const files = GOOD.filter((f) => f !== "dist/a.js" && f !== "dist/a.d.ts");
    expect(checkPackedFiles(files, manifest, (path) => outside[path] ?? "")).toEqual([
      "dist/index.js: imports ./a.js, which is not shipped",
      "dist/index.js.map: points at src/index.ts, which is neither shipped nor inlined",
    ]);
  });
});
