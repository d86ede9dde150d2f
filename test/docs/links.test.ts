/**
 * The documentation's links: README.md and every page of docs/ may link only to files that
 * exist and to `#anchors` that a heading of the target page produces (GitHub's slugs). TypeDoc
 * (`npm run docs`) checks files and other pages' anchors too, but not a page's own anchors, and
 * only in CI; this runs in `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brokenLinks, GitHubSlugger, headingAnchors, markdownLinks } from "../helpers/markdownLinks.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const docsPages = readdirSync(new URL("../../docs/", import.meta.url))
  .filter((name) => name.endsWith(".md"))
  .sort()
  .map((name) => `docs/${name}`);
const pages = ["README.md", ...docsPages];

describe("documentation links", () => {
  it("README.md and docs/*.md link only to files and anchors that exist", () => {
    expect(docsPages.length).toBeGreaterThan(0);
    expect(brokenLinks(root, pages)).toEqual([]);
  });

  it("the README links to every page of docs/", () => {
    const linked = new Set(
      markdownLinks(readFileSync(new URL("../../README.md", import.meta.url), "utf8")).map((l) => l.target),
    );
    expect(docsPages.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe("markdownLinks", () => {
  it("finds inline links, images, definitions and HTML links with their lines, outside code", () => {
    const text = [
      "# Title",
      "See [a](a.md), ![b](img/b.png 'title') and [c",
      "d](c.md#part), `[not](code.md)`.",
      "",
      "```sh",
      "[not](fenced.md)",
      "```",
      "[ref]: ref.md",
      '<a href="html.md">x</a> and <https://example.com>',
      "~~~",
      "```",
      "[still not](fenced.md)",
      "~~~",
      "``[not`](code2.md)``",
    ].join("\n");
    expect(markdownLinks(text)).toEqual([
      { target: "a.md", line: 2 },
      { target: "img/b.png", line: 2 },
      { target: "c.md#part", line: 3 },
      { target: "ref.md", line: 8 },
      { target: "html.md", line: 9 },
    ]);
  });
});

describe("headingAnchors (GitHub's slugs)", () => {
  it("lower-cases, drops punctuation but - and _, turns spaces into -", () => {
    const slugger = new GitHubSlugger();
    expect(slugger.slug("Asset relay (`--relay-assets`)")).toBe("asset-relay---relay-assets");
    expect(slugger.slug("`menagerie.populate(options): Promise<CreatureGroup>`")).toBe(
      "menageriepopulateoptions-promisecreaturegroup",
    );
    expect(slugger.slug("Two record forms: OBJ parts and rigged GLBs")).toBe(
      "two-record-forms-obj-parts-and-rigged-glbs",
    );
    expect(slugger.slug("snake_case & Ünïcode 2")).toBe("snake_case--ünïcode-2");
  });

  it("numbers repeated headings -1, -2, skipping slugs already taken", () => {
    const slugger = new GitHubSlugger();
    expect(["Errors", "Errors", "Errors-1", "Errors"].map((h) => slugger.slug(h))).toEqual([
      "errors",
      "errors-1",
      "errors-1-1",
      "errors-2",
    ]);
  });

  it("reads ATX and setext headings and HTML ids, not fenced lines", () => {
    const text = [
      "# Guide",
      "## [Linked](x.md) *heading* ##",
      "```sh",
      "# a shell comment",
      "```",
      "Setext",
      "------",
      '<a id="custom"></a>',
      "## Guide",
      "### `populate(): Promise<Group>` <b>now</b>",
    ].join("\n");
    expect([...headingAnchors(text)]).toEqual([
      "guide",
      "linked-heading",
      "setext",
      "custom",
      "guide-1",
      "populate-promisegroup-now",
    ]);
  });
});

describe("brokenLinks", () => {
  it("names each missing file and each anchor no heading makes, on this repository's pages", () => {
    const page = "docs/__broken__.md";
    const text = [
      "# Broken",
      "[ok](guide.md#motion) [ok too](#broken) [ok](../README.md) [ok](/docs/faq.md#faq) [web](https://x.org/a)",
      "[gone](nothing.md) [gone too](../src/nothing.ts#L1)",
      "[bad anchor](guide.md#no-such-heading) [bad here](#nowhere) [outside](../../x.md)",
    ].join("\n");
    const read = (file: string) => (file.endsWith(page) ? text : readFileSync(file, "utf8"));
    expect(brokenLinks(root, [page], read)).toEqual([
      "docs/__broken__.md:3: nothing.md: no file docs/nothing.md",
      "docs/__broken__.md:3: ../src/nothing.ts#L1: no file src/nothing.ts",
      "docs/__broken__.md:4: guide.md#no-such-heading: no heading in docs/guide.md makes the anchor #no-such-heading",
      "docs/__broken__.md:4: #nowhere: no heading in docs/__broken__.md makes the anchor #nowhere",
      "docs/__broken__.md:4: ../../x.md: outside the repository",
    ]);
  });
});
