/**
 * The layout's rules, read from the sources (the README's map says them in prose):
 * - layers: each folder of src/ imports only the folders below it (LAYERS); only src/babylon
 *   imports @babylonjs; nothing under src/ imports in a circle (type imports count too);
 * - lazy chunks: a folder of src/babylon listed in LAZY_FOLDERS is one chunk. Code outside it
 *   reaches it only by `import()` of its index.ts, or by `import type`; the package entry
 *   (src/index.ts) may re-export a lazy folder's public names from its index.ts (a game that
 *   imports one of them chooses to bundle it);
 * - a class is one file: a class another class extends is abstract, public (named by a package
 *   entry) or made on its own somewhere (`new Base`), never a half of its one subclass; no
 *   module-level WeakMap carries state between files (caches only, listed with why);
 * - steering behaviors live one a file in src/motion/behaviors/, on the SteeringBehavior base;
 * - src/babylon's top level holds at most MAX_BABYLON_TOP files (the eager classes and their
 *   seams; options and lazy chunks in folders);
 * - a comment that names a file names one that exists;
 * - no file of src/ is longer than MAX_LINES: a smell alarm, not a cut line (a class that is one
 *   concept stays one file; functions stay short instead).
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
const MAX_LINES = 600;
const MAX_BABYLON_TOP = 14;
/**
 * Files past MAX_LINES that stay one file because they are one class, one concept (a class is
 * not cut to fit a count; its functions stay short instead), each with why.
 */
const ONE_CONCEPT_FILES: Record<string, string> = {
  "babylon/creature.ts":
    "Creature: one game-facing class (body, orders, reactions, events, bounds), delegating to its motion agent and world",
  "babylon/menagerie.ts":
    "Menagerie: the one entry object a game holds (lookups, spawn, populate, world, navigation and jump links, commands, dispose), each a short delegate to its own module",
  "motion/motionAgent.ts":
    "MotionAgent: one engine-free agent (state, steering sum, travel, height in the air and the water column), its orders, flight, jumps and lean to the ground owned parts (agentOrders.ts, flight.ts, jumper.ts, groundTilt.ts)",
};

/** What each top folder of src/ may import (besides itself). Order: lowest first. */
const LAYERS: Record<string, readonly string[]> = {
  util: [],
  // Errors, option validators and redaction: what every layer reports failures with.
  core: ["util"],
  obj: ["util"],
  // The record model and its readers; motion, population and catalog read records from here.
  records: ["util", "core"],
  // The HTTP client and asset fetching.
  api: ["util", "obj", "core", "records"],
  rig: ["util"],
  motion: ["util", "core", "rig"],
  population: ["util", "core", "records", "rig", "motion"],
  babylon: ["util", "obj", "core", "records", "api", "rig", "motion", "population"],
  catalog: ["util", "core", "records", "rig", "motion"],
  service: ["util", "core", "records", "api", "catalog"],
  // The package entry (src/index.ts) re-exports the browser-safe layers.
  "index.ts": ["util", "obj", "core", "records", "api", "rig", "motion", "population", "babylon"],
};

/** The lazy chunks of src/babylon: each a folder with one entry, its index.ts. */
const LAZY_FOLDERS = ["runtime", "gltf", "populate", "physics", "heights", "navigation"].map(
  (name) => `babylon/${name}`,
);

interface ImportEdge {
  /** The importing file, relative to src/. */
  from: string;
  /** The imported file, relative to src/ (`.ts`), or the bare package specifier. */
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const from = relative(SRC, file);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const to = specifier.startsWith(".")
      ? relative(SRC, resolve(dirname(file), specifier)).replace(/\.js$/, ".ts")
      : specifier;
    edges.push({ from, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && named !== undefined && named.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Module-level WeakMaps that are caches (a value recomputable from its key), with why. */
const CACHE_WEAKMAPS: Record<string, string> = {
  "babylon/runtime/crowd/rigged/riggedCrowd.ts:byMesh":
    "which crowd draws a mesh: an index for picking, rebuilt as crowds are made",
  "babylon/runtime/crowd/parts/crowdRenderer.ts:byMesh":
    "which part-built crowd draws a mesh: an index for tests and tools, rebuilt as levels are made",
  "babylon/physics/index.ts:followers":
    "a scene's bodies that follow their creatures and the one observer that moves them, in one file",
  "records/recordSize.ts:readings": "a record's parsed scale, read once",
  "babylon/runtime/crowd/shared/shaderTurns.ts:turnsOf":
    "a scene's shader turns (the one under way, who waits), kept and read in one file, gone with the scene",
};

/** The classes of src/: name, file, whether abstract, the base it extends (if a name). */
interface ClassInfo {
  name: string;
  file: string;
  abstract: boolean;
  base?: string;
}

function classesOf(file: string): ClassInfo[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: ClassInfo[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
      const base = heritage?.types[0]?.expression;
      found.push({
        name: node.name.text,
        file: relative(SRC, file),
        abstract: node.modifiers?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword) ?? false,
        ...(base && ts.isIdentifier(base) ? { base: base.text } : {}),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Module-level `const x = new WeakMap(...)` declarations: `file:name`. */
function moduleWeakMaps(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  return source.statements.flatMap((statement) =>
    ts.isVariableStatement(statement)
      ? statement.declarationList.declarations
          .filter(
            (d) =>
              d.initializer !== undefined &&
              ts.isNewExpression(d.initializer) &&
              ts.isIdentifier(d.initializer.expression) &&
              d.initializer.expression.text === "WeakMap",
          )
          .map((d) => `${relative(SRC, file)}:${d.name.getText(source)}`)
      : [],
  );
}

/** The comments of a file, as text. */
function commentsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const comments: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push(scanner.getTokenText());
    }
  }
  return comments;
}

/** The source files of the package's entry points (package.json `exports`, `dist/x.js` -> `src/x.ts`). */
const ENTRIES: readonly string[] = (() => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  const targets = JSON.stringify(pkg.exports).match(/\.\/dist\/[\w/]+\.js/g) ?? [];
  return [...new Set(targets.map((target) => target.replace("./dist/", "").replace(/\.js$/, ".ts")))];
})();

/** Every file of the repository but installed, built and version-control ones. */
function allRepoFiles(dir: string): string[] {
  const skip = new Set(["node_modules", ".git", "dist", "dist-demo", ".menagerie"]);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? allRepoFiles(path) : [path];
  });
}

const files = sourceFiles(SRC).sort();
const edges = files.flatMap(importsOf);
const local = edges.filter((edge) => !edge.to.startsWith("@") && edge.to.endsWith(".ts") && !edge.to.startsWith(".."));

/** The top folder of a path relative to src/ (`index.ts` for the package entry itself). */
const layerOf = (path: string) => path.split("/")[0] ?? path;
const lazyFolderOf = (path: string) => LAZY_FOLDERS.find((folder) => path.startsWith(`${folder}/`));

describe("the layout", () => {
  it("knows every folder of src/", () => {
    const unknown = [...new Set(files.map((file) => layerOf(relative(SRC, file))))].filter(
      (layer) => !(layer in LAYERS),
    );
    expect(unknown).toEqual([]);
  });

  it("imports only downwards: each folder of src/ imports only the layers below it", () => {
    const upward = local
      .filter((edge) => layerOf(edge.from) !== layerOf(edge.to))
      .filter((edge) => !LAYERS[layerOf(edge.from)]?.includes(layerOf(edge.to)))
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it("lets only src/babylon (and the package entry's types) import @babylonjs", () => {
    const engine = edges
      .filter((edge) => edge.to.startsWith("@babylonjs/") && layerOf(edge.from) !== "babylon")
      .filter((edge) => !(edge.typeOnly && edge.from === "index.ts"))
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(engine).toEqual([]);
  });

  it("reaches a lazy folder from outside only by import() of its index.ts, or by import type", () => {
    expect(LAZY_FOLDERS.map((folder) => readdirSync(join(SRC, folder)).includes("index.ts"))).not.toContain(false);
    const crossings = local.filter((edge) => {
      const target = lazyFolderOf(edge.to);
      return target !== undefined && lazyFolderOf(edge.from) !== target && !edge.typeOnly;
    });
    const wrong = crossings
      .filter((edge) => {
        const entry = `${lazyFolderOf(edge.to)}/index.ts`;
        if (edge.dynamic) return edge.to !== entry;
        // The package entry may re-export a lazy folder's public names, from its index.ts only.
        return !(edge.from === "index.ts" && edge.to === entry);
      })
      .map((edge) => `${edge.from} ${edge.dynamic ? "import()s" : "imports"} ${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("has no import circle in src/ (type imports count: they tie files together for a reader too)", () => {
    const next = new Map<string, string[]>();
    for (const edge of local) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    const state = new Map<string, "open" | "done">();
    const circles: string[] = [];
    const walk = (file: string, path: string[]): void => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        circles.push([...path.slice(path.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const to of next.get(file) ?? []) walk(to, [...path, file]);
      state.set(file, "done");
    };
    for (const file of files) walk(relative(SRC, file), []);
    expect(circles).toEqual([]);
  });

  it("keeps a class in one file: a class another extends is abstract, public, or made on its own", () => {
    const classes = files.flatMap(classesOf);
    const entryText = ENTRIES.map((entry) => readFileSync(join(SRC, entry), "utf8")).join("\n");
    const sourceText = files.map((file) => readFileSync(file, "utf8")).join("\n");
    const halves = [...new Set(classes.flatMap((c) => (c.base ? [c.base] : [])))]
      .map((base) => classes.find((c) => c.name === base))
      .filter((base): base is ClassInfo => base !== undefined && !base.abstract)
      .filter((base) => !new RegExp(`\\b${base.name}\\b`).test(entryText))
      .filter((base) => !new RegExp(`new ${base.name}\\b`).test(sourceText))
      // A steering behavior is a whole strategy by the behaviors rule below, also when another extends it.
      .filter((base) => !base.file.startsWith("motion/behaviors/"))
      .map((base) => `${base.file}: ${base.name} is only ever a half of its subclass`);
    expect(halves).toEqual([]);
  });

  it("carries no state between files in module WeakMaps (caches only, each listed with why)", () => {
    const maps = files.flatMap(moduleWeakMaps);
    expect(maps.filter((map) => !(map in CACHE_WEAKMAPS))).toEqual([]);
    expect(Object.keys(CACHE_WEAKMAPS).filter((map) => !maps.includes(map))).toEqual([]);
  });

  it("keeps one steering behavior a file in src/motion/behaviors/, on the SteeringBehavior base", () => {
    const classes = files.flatMap(classesOf);
    const byName = new Map(classes.map((c) => [c.name, c]));
    const isBehavior = (c: ClassInfo): boolean => {
      for (let at: ClassInfo | undefined = c; at; at = at.base ? byName.get(at.base) : undefined) {
        if (at.base === "SteeringBehavior") return true;
      }
      return false;
    };
    const behaviors = classes.filter(isBehavior);
    expect(behaviors.filter((c) => !c.file.startsWith("motion/behaviors/")).map((c) => c.file)).toEqual([]);
    const perFile = new Map<string, string[]>();
    for (const c of behaviors) perFile.set(c.file, [...(perFile.get(c.file) ?? []), c.name]);
    expect([...perFile].filter(([, names]) => names.length !== 1).map(([file, names]) => `${file}: ${names}`)).toEqual(
      [],
    );
    const folder = readdirSync(join(SRC, "motion/behaviors")).filter((name) => name.endsWith(".ts"));
    const without = folder.filter((name) => name !== "steeringBehavior.ts" && !perFile.has(`motion/behaviors/${name}`));
    expect(without).toEqual([]);
  });

  it(`keeps src/babylon's top level to ${MAX_BABYLON_TOP} files (the eager surface; the rest in folders)`, () => {
    const top = readdirSync(join(SRC, "babylon"), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(top.length).toBeLessThanOrEqual(MAX_BABYLON_TOP);
  });

  it("names only files that exist in its comments", () => {
    const known = new Set(allRepoFiles(ROOT).map((path) => basename(path)));
    const missing = files.flatMap((file) =>
      commentsOf(file).flatMap((comment) =>
        [...comment.matchAll(/(?:[\w.-]*\/)*([\w.-]+\.(?:ts|mjs|cjs|md|wasm))\b/g)]
          // The design notes and the service's spec live beside the repository, in ../shared/.
          .filter((match) => !match[0].startsWith("../shared/"))
          .map((match) => match[1] ?? match[0])
          .filter((name) => !known.has(name) && !known.has(name.replace(/\.js$/, ".ts")))
          .map((name) => `${relative(SRC, file)} names ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it(`keeps every file of src/ within ${MAX_LINES} lines, or lists why it is one concept (a smell alarm)`, () => {
    const lines = new Map(
      files.map((file) => [relative(SRC, file), readFileSync(file, "utf8").split("\n").length - 1]),
    );
    const long = [...lines].filter(([, count]) => count > MAX_LINES).map(([file]) => file);
    expect(long.filter((file) => !(file in ONE_CONCEPT_FILES))).toEqual([]);
    // A listed file that shrank below the alarm leaves the list, so the list stays true.
    expect(Object.keys(ONE_CONCEPT_FILES).filter((file) => !long.includes(file))).toEqual([]);
  });
});

describe("the rules' own check", () => {
  it("sees a value import, a type import and an import() as what they are", () => {
    const menagerie = importsOf(join(SRC, "babylon/menagerie.ts"));
    expect(menagerie.some((edge) => edge.to === "core/errors.ts" && !edge.typeOnly && !edge.dynamic)).toBe(true);
    expect(menagerie.some((edge) => edge.to === "babylon/populate/index.ts" && edge.dynamic)).toBe(true);
    expect(local.some((edge) => edge.typeOnly)).toBe(true);
  });
});
