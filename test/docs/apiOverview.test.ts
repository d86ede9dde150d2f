/**
 * docs/api-overview.md against the published types, as the API report lists them
 * (api/public-api.txt, which test/publicApi.test.ts keeps in step with the `.d.ts`):
 * - every entry point of the report is named in the overview, so a reader learns where to
 *   import each name from;
 * - every name the overview writes in a code span exists: `Name` is an export of an entry
 *   point (or one of the few Babylon and platform types it names; a name that a subpath entry
 *   lists again is read as the root's), `Name.member` a member of that export, and a
 *   plain `member` or `member(...)` a member of a type the same section names (or an export);
 * - every public class of the root entry is in the overview with all its methods, and the types
 *   the overview describes in full (`DESCRIBED_IN_FULL`) with all their members, in a section
 *   that names them, except the few omissions listed here with their reasons.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const report = readFileSync(new URL("../../api/public-api.txt", import.meta.url), "utf8");
const overview = readFileSync(new URL("../../docs/api-overview.md", import.meta.url), "utf8");

/** An export of the report: its kind, entry point, member names (methods apart) and, for a union of strings, its values. */
interface Export {
  readonly kind: string;
  readonly entry: string;
  readonly members: Set<string>;
  readonly methods: Set<string>;
  readonly values: Set<string>;
}

/** Types from Babylon and the platform that the overview names, which the library does not export. */
const FOREIGN = new Set([
  "AbortSignal",
  "AbstractMesh",
  "AnimationGroup",
  "Date",
  "Error",
  "Math",
  "PhysicsBody",
  "PickingInfo",
  "Scene",
  "ShadowGenerator",
  "TransformNode",
]);

/** Words in code spans that are not names of the API's types, and what they are. */
const NOT_NAMES: Readonly<Record<string, string>> = {
  true: "a value",
  false: "a value",
  null: "a value",
  undefined: "a value",
  e: "a parameter in an example",
  instanceof: "JavaScript",
  cause: "Error's own property",
  fetch: "the platform's fetch",
  parse: "a zod schema's method (`ModelRecordSchema`)",
  safeParse: "a zod schema's method (`ModelRecordSchema`)",
  key: "a query parameter of the service",
  maxResultNum: "a query parameter of the service",
  scale: "a record field that ModelRecord's readers take apart",
  Expires: "a query parameter of a signed link",
};

/**
 * Types the overview describes member by member: each member must be in a section naming it.
 * (Classes are checked for their methods in any case.)
 */
const DESCRIBED_IN_FULL = [
  "Menagerie",
  "MenagerieOptions",
  "SpawnOptions",
  "MenagerieStats",
  "PopulateOptions",
  "CreatureGroup",
  "Creature",
  "LookupClient",
  "LookupClientOptions",
];

/** What the overview leaves out on purpose, and why. */
const OMISSIONS: Readonly<Record<string, string>> = {
  "MotionAgent.step": "the Menagerie steps every agent each frame; a game steps them with `stepMotion`",
  "MotionAgent.advance": "the world's half of a step, after it sets `dt`",
  "MotionAgent.cancel": "settles a pending `moveTo` for the world; a game calls `Creature.stop`",
  "MotionAgent.repose": "level of detail's catch-up of a held pose while motion is paused",
};

function parseReport(text: string): Map<string, Export> {
  const exports = new Map<string, Export>();
  let entry = "";
  let current: Export | undefined;
  for (const line of text.split("\n")) {
    const heading = /^## (\S+)/.exec(line)?.[1];
    if (heading !== undefined) entry = heading;
    const top = /^([A-Za-z_$][\w$]*): ([^—]+?) —/.exec(line);
    if (top?.[1] !== undefined && top[2] !== undefined) {
      current = { kind: top[2], entry, members: new Set(), methods: new Set(), values: new Set() };
      // A name a subpath entry lists again (`ModelRecord`) is the same declaration: keep the root's.
      if (!exports.has(top[1])) exports.set(top[1], current);
      continue;
    }
    const value = /^ {4}\| "([^"]*)"$/.exec(line)?.[1];
    if (current && value !== undefined) current.values.add(value);
    const member = /^ {4}(?:readonly |get |set |static )*([A-Za-z_$][\w$]*)\??(?=[(<:])/.exec(line)?.[1];
    if (!current || member === undefined || member === "constructor") continue;
    current.members.add(member);
    if (/^ {4}(?:static )?[\w$]+(?:<.*?>)?\(/.test(line)) current.methods.add(member);
  }
  return exports;
}

/** A section of the overview: its heading and the code spans of its heading and text. */
interface Section {
  readonly heading: string;
  readonly spans: string[];
}

function codeSpans(text: string): string[] {
  return [...text.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)].map((m) => (m[2] ?? "").trim());
}

function sections(text: string): Section[] {
  const parts = text.split(/^(?=#{1,6} )/m);
  return parts.map((part) => ({ heading: part.split("\n")[0] ?? "", spans: codeSpans(part) }));
}

/** A code span read as a name: `Name`, `Name.member`, `name(...)`, `new Name(...)`, `x.name(...): T`. */
interface SpanName {
  readonly head: string;
  readonly member: string | undefined;
}

function spanName(span: string): SpanName | undefined {
  const m = /^(?:new )?([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(?:<[^>]*>)?(?:\(.*\))?(?:\[\])?(?::.*)?$/s.exec(
    span,
  );
  if (!m?.[1]) return undefined;
  return { head: m[1], member: m[2] };
}

const isTypeName = (name: string) => /^[A-Z]/.test(name);

const exports = parseReport(report);
const pageSections = sections(overview);

/** Names of the report's exports that a section names, with their members. */
function typesNamed(section: Section): Export[] {
  return section.spans
    .map(spanName)
    .filter((n): n is SpanName => n !== undefined && isTypeName(n.head))
    .flatMap((n) => exports.get(n.head) ?? []);
}

/** `menagerie` -> the `Menagerie` export: a variable named after its type. */
const typeOfVariable = (name: string) => exports.get(name.charAt(0).toUpperCase() + name.slice(1));

/** What is wrong with `Name` or `Name.member`, or undefined. */
function wrongTypeName({ head, member }: SpanName): string | undefined {
  const target = exports.get(head);
  if (!target) return FOREIGN.has(head) ? undefined : `no export ${head}`;
  if (member === undefined || target.members.size === 0 || target.members.has(member)) return undefined;
  return `${head} has no member ${member}`;
}

/** What is wrong with `member`, `member(...)` or `variable.member`, or undefined. */
function wrongMemberName({ head, member }: SpanName, inScope: readonly Export[]): string | undefined {
  if (member !== undefined) {
    // `menagerie.populate`: checked on its type; `metadata.menagerie` is a path into Babylon's objects.
    const type = typeOfVariable(head);
    return !type || type.members.has(member) ? undefined : `${head}: no member ${member}`;
  }
  const known = exports.has(head) || inScope.some((t) => t.members.has(head) || t.values.has(head));
  return known ? undefined : `no type this section names has ${head}`;
}

/** The option names a span lists in braces: `spawnCreature(name, { position, fuzzy? })` -> position, fuzzy. */
function braceKeys(span: string): string[] {
  const lists = [...span.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? "");
  const items = lists.flatMap((list) => list.split(",").map((item) => item.trim()));
  return items.flatMap((item) => /^([A-Za-z_$][\w$]*)\??$/.exec(item)?.[1] ?? []);
}

/** What is wrong with the names of one section, one line each. */
function unknownNames(section: Section): string[] {
  const inScope = typesNamed(section);
  const wrong: string[] = [];
  for (const span of section.spans) {
    const name = spanName(span);
    const names = [...(name ? [name] : []), ...braceKeys(span).map((key) => ({ head: key, member: undefined }))];
    for (const n of names) {
      if (n.head in NOT_NAMES) continue;
      const problem = isTypeName(n.head) ? wrongTypeName(n) : wrongMemberName(n, inScope);
      if (problem) wrong.push(`${section.heading}: \`${span}\`: ${problem}`);
    }
  }
  return wrong;
}

/** The names a section mentions as members: `name`, `name(...)`, `x.name`, `Type.name`. */
function mentionedMembers(section: Section): Set<string> {
  const names = section.spans.map(spanName).filter((n): n is SpanName => n !== undefined);
  return new Set([...names.map((n) => n.member ?? n.head), ...section.spans.flatMap(braceKeys)]);
}

/** `Type.member` for every member a type should show and no section naming the type mentions. */
function missingMembers(type: string, members: Iterable<string>): string[] {
  const naming = pageSections.filter((s) => typesNamed(s).includes(exports.get(type) as Export));
  if (naming.length === 0) return [`${type}: not in the overview`];
  const mentioned = new Set(naming.flatMap((s) => [...mentionedMembers(s)]));
  return [...members].filter((m) => !mentioned.has(m)).map((m) => `${type}.${m}`);
}

describe("docs/api-overview.md against api/public-api.txt", () => {
  it("reads the report and the page", () => {
    expect(exports.get("Creature")?.methods.has("moveTo")).toBe(true);
    expect(exports.get("Creature")?.members.has("form")).toBe(true);
    expect(exports.get("Creature")?.methods.has("form")).toBe(false);
    expect(pageSections.length).toBeGreaterThan(5);
  });

  it("names every entry point", () => {
    const entries = [...report.matchAll(/^## (\S+)/gm)].map((m) => m[1] ?? "");
    const spans = new Set(pageSections.flatMap((s) => s.spans));
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.filter((entry) => !spans.has(entry))).toEqual([]);
  });

  it("names only exports, their members, and members of the types each section names", () => {
    expect(pageSections.flatMap(unknownNames)).toEqual([]);
  });

  it("shows every method of every public class, and every member of the types it describes in full", () => {
    const classes = [...exports].filter(([, e]) => e.entry === "babylon-menagerie" && e.kind.startsWith("class"));
    const missing = [
      ...classes.flatMap(([name, e]) => missingMembers(name, e.methods)),
      ...DESCRIBED_IN_FULL.flatMap((name) => missingMembers(name, exports.get(name)?.members ?? [])),
    ];
    const omitted = (line: string) => line in OMISSIONS || (line.split(":")[0] ?? "") in OMISSIONS;
    expect([...new Set(missing)].filter((line) => !omitted(line))).toEqual([]);
  });

  it("omits only what exists", () => {
    const stale = Object.keys(OMISSIONS).filter((name) => {
      const [type = "", member] = name.split(".");
      return !exports.has(type) || (member !== undefined && !exports.get(type)?.members.has(member));
    });
    expect(stale).toEqual([]);
  });
});
