/**
 * Relative links of Markdown pages, and the anchors their headings produce, read the way GitHub
 * renders them, for the documentation's link check (test/docs/links.test.ts). Small on purpose:
 * CommonMark's inline links and images, reference definitions and HTML `href` / `src`, outside
 * fenced code blocks and code spans; headings are ATX (`#` ... `######`) and setext.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/** A link found in a page: its destination as written and the line it starts on (1-based). */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

/**
 * GitHub's heading anchors (the rules of github-slugger): lower case, every character that is
 * not a letter, a mark, a digit, `_` (or other connector punctuation), `-` or a space removed,
 * each space turned into `-`; a slug already taken gets `-1`, `-2`, ... (the first free one).
 */
export class GitHubSlugger {
  readonly #occurrences = new Map<string, number>();

  slug(headingText: string): string {
    const original = headingText
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    let slug = original;
    while (this.#occurrences.has(slug)) {
      const count = (this.#occurrences.get(original) ?? 0) + 1;
      this.#occurrences.set(original, count);
      slug = `${original}-${count}`;
    }
    this.#occurrences.set(slug, 0);
    return slug;
  }
}

/** Replaces every character of `text` but line breaks with a space, so offsets and lines stay. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, " ");
}

/** `markdown` with fenced code blocks blanked out (an unclosed fence runs to the end). */
function withoutFences(markdown: string): string {
  const lines = markdown.split("\n");
  let fence: string | undefined;
  return lines
    .map((line) => {
      const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined) {
        if (opener === undefined) return line;
        fence = opener;
        return blank(line);
      }
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) {
        if (line.trim() === opener) fence = undefined;
      }
      return blank(line);
    })
    .join("\n");
}

/** A code span: a run of backticks, its text, and a run of the same length. */
const CODE_SPAN = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;

/**
 * `text` with code spans blanked out: a run of backticks up to the next run of the same length,
 * within one block (a code span never crosses a blank line).
 */
function withoutCodeSpans(text: string): string {
  return text
    .split(/(\n[ \t]*\n)/)
    .map((block) => block.replace(CODE_SPAN, blank))
    .join("");
}

/**
 * The text GitHub slugs for a heading's inline Markdown: links and images reduced to their text,
 * HTML tags and escapes dropped, outside code spans; a code span's text as it is.
 */
function headingText(inline: string): string {
  const plain = (part: string) =>
    part
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/\\([!-/:-@[-`{-~])/g, "$1");
  let text = "";
  let from = 0;
  for (const span of inline.matchAll(CODE_SPAN)) {
    text += plain(inline.slice(from, span.index)) + span[2];
    from = span.index + span[0].length;
  }
  return (text + plain(inline.slice(from))).trim();
}

/** Every anchor a page's headings (and its HTML `id` / `name` attributes) produce on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GitHubSlugger();
  const anchors = new Set<string>();
  const lines = withoutFences(markdown).split("\n");
  for (const [i, line] of lines.entries()) {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    const next = lines[i + 1] ?? "";
    let heading: string | undefined;
    if (atx) heading = atx[1] ?? "";
    else if (line.trim() !== "" && /^ {0,3}(=+|-+)[ \t]*$/.test(next) && !/^ {0,3}([-*+]|\d+[.)])\s/.test(line)) {
      heading = line;
    }
    if (heading !== undefined) anchors.add(slugger.slug(headingText(heading)));
    for (const match of line.matchAll(/<[a-z][^>]*?\s(?:id|name)="([^"]+)"/gi)) anchors.add(match[1]!);
  }
  return anchors;
}

/** The line (1-based) of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Every link destination of a page outside code: inline links and images, definitions, HTML. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const text = withoutCodeSpans(withoutFences(markdown));
  const found: { target: string; offset: number }[] = [];
  // `](destination "title")` ends every inline link and image, whatever its text holds.
  for (const m of text.matchAll(/\]\(\s*(?:<([^>\n]*)>|([^\s)]+))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
    found.push({ target: m[1] ?? m[2] ?? "", offset: m.index });
  }
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(?:<([^>\n]*)>|(\S+))/gm)) {
    found.push({ target: m[1] ?? m[2] ?? "", offset: m.index });
  }
  for (const m of text.matchAll(/<(?:a|img|source)\s[^>]*?\b(?:href|src)="([^"]*)"/gi)) {
    found.push({ target: m[1] ?? "", offset: m.index });
  }
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ target, offset }) => ({ target, line: lineAt(text, offset) }));
}

/** A destination that leaves the repository's files: a scheme (`https:`, `mailto:`) or `//host`. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//");
}

/**
 * Checks the relative links of `pages` (paths under `root`): each file a link names must exist,
 * and each `#anchor` into a Markdown page (the same page or another) must be one its headings
 * produce. Returns one line per broken link, `<page>:<line>: <target>: <why>`; anchors into
 * other kinds of file (GitHub's `#L10` line links) are not checked. `read` reads a page (tests
 * hand in pages that are not on disk).
 */
export function brokenLinks(
  root: string,
  pages: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, "utf8"),
): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let set = anchorsOf.get(file);
    if (!set) anchorsOf.set(file, (set = headingAnchors(read(file))));
    return set;
  };
  const problems: string[] = [];
  for (const page of pages) {
    const pageFile = resolve(root, page);
    for (const { target, line } of markdownLinks(read(pageFile))) {
      if (isExternal(target)) continue;
      const where = `${page}:${line}: ${target}`;
      const hash = target.indexOf("#");
      const path = decodeURI((hash === -1 ? target : target.slice(0, hash)).replace(/\?.*/, ""));
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      // GitHub reads `/docs/x.md` from the repository's root.
      const file =
        path === "" ? pageFile : path.startsWith("/") ? resolve(root, `.${path}`) : resolve(dirname(pageFile), path);
      if (target === "") {
        problems.push(`${where}: empty link`);
      } else if (relative(root, file).startsWith("..")) {
        problems.push(`${where}: outside the repository`);
      } else if (file !== pageFile && !existsSync(file)) {
        problems.push(`${where}: no file ${relative(root, file)}`);
      } else if (anchor !== undefined && /\.md$/i.test(file) && !anchors(file).has(anchor)) {
        problems.push(`${where}: no heading in ${relative(root, file)} makes the anchor #${anchor}`);
      }
    }
  }
  return problems;
}
