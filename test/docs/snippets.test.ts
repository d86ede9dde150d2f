/**
 * How the documentation's snippets are found (scripts/docSnippets.ts): the package test
 * type-checks every ```ts block of the README and docs/ in the strict consumer, so a block of
 * TypeScript fenced another way would escape it, and ```ts no-check must stay rare.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  documentationPages,
  documentationSnippets,
  extractSnippets,
  snippetErrors,
  writeSnippetModules,
} from "../../scripts/docSnippets.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("extractSnippets", () => {
  it("finds ```ts blocks with their fence line and heading, and marks ```ts no-check", () => {
    const text = [
      "# Title",
      "```ts",
      "const a = 1;",
      "```",
      "## Part",
      "````sh",
      "```ts",
      "````",
      "~~~ts no-check",
      "a.b(",
      "~~~",
    ].join("\n");
    expect(extractSnippets("x.md", text)).toEqual([
      { page: "x.md", line: 2, heading: "Title", checked: true, code: "const a = 1;" },
      { page: "x.md", line: 9, heading: "Part", checked: false, code: "a.b(" },
    ]);
  });
});

describe("snippetErrors", () => {
  it("places a compiler error on its page's line and keeps other errors as they are", () => {
    const snippet = {
      page: "docs/guide.md",
      line: 40,
      heading: "Motion",
      checked: true,
      code: "",
      file: "guide-03.ts",
    };
    const output = [
      "snippets/docs/guide-03.ts(3,7): error TS2304: Cannot find name 'client'.",
      "  a continuation line",
      "error TS5083: Cannot read file 'tsconfig.base.json'.",
    ].join("\n");
    expect(snippetErrors(output, [snippet])).toEqual([
      { where: "docs/guide.md:42:7", snippet, code: "TS2304", message: "Cannot find name 'client'." },
      "error TS5083: Cannot read file 'tsconfig.base.json'.",
    ]);
  });
});

describe("the documentation's snippets", () => {
  const dir = mkdtempSync(join(tmpdir(), "menagerie-snippets-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are many, and checked: no-check is for the rare fragment", () => {
    const snippets = documentationSnippets(root);
    expect(snippets.filter((s) => s.checked).length).toBeGreaterThanOrEqual(20);
    expect(snippets.filter((s) => !s.checked).length).toBeLessThanOrEqual(3);
  });

  it("are fenced as ts when they are TypeScript", () => {
    const unlabelled = documentationPages(root).flatMap((page) => {
      const text = readFileSync(`${root}/${page}`, "utf8");
      const blocks = [...text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm)];
      return blocks
        .filter(([, lang, code]) => lang !== "ts" && /^(import |const |await |export )/m.test(code ?? ""))
        .map(([block]) => `${page}: ${block.split("\n")[0]}`);
    });
    expect(unlabelled).toEqual([]);
  });

  it("are written one module each, named after their page", () => {
    const modules = writeSnippetModules(dir, root);
    const readme = modules.filter((m) => m.page === "README.md");
    expect(readme[0]?.file).toBe("README-01.ts");
    const text = readFileSync(join(dir, readme[0]?.file ?? ""), "utf8");
    expect(text.startsWith(`// README.md:${readme[0]?.line} (`)).toBe(true);
    expect(text.endsWith("\nexport {};\n")).toBe(true);
  });
});
