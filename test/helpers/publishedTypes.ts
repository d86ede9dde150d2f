/**
 * What the published .d.ts files leak. Emits the package's declarations in memory from the API
 * program (scripts/api-report.ts: tsconfig.build.json's files and options, so `stripInternal`
 * applies as in the build), loads them alone in a second program, and walks from each entry
 * point's exports to every class a consumer can reach: the exported ones, their bases, and the
 * classes named in the types of public members on the way. On those classes it reports, by
 * file, line and member:
 *
 * - a member whose name starts with `_` (an internal member in a public type);
 * - a `protected` member (public API for every subclass a consumer writes);
 * - a constructor the source declares and the .d.ts does not: its only constructor was
 *   `@internal`, so `stripInternal` dropped it, and TypeScript then takes the class for one
 *   anyone can construct (or extend) with the inherited or implicit constructor.
 *
 * It also reports an `@internal` that did not work: a comment with the tag left in any emitted
 * .d.ts (stripInternal strips a declaration whose own leading comments have it, not a parameter
 * nor a member of an inferred type), a source declaration whose `/** @internal *\/` follows other
 * code on its line (not a leading comment, so the declaration is kept), and an entry point
 * export whose declaration was stripped. `private` and `#private` members are fine: the .d.ts
 * names them, nothing more. The types of a member already reported are not followed, so one
 * leak is reported once.
 */
import { relative, resolve } from "node:path";
import ts from "typescript";
import type { EntryPoint } from "../../scripts/api-report.js";

/** One leak: where it is in the .d.ts, what, and why it is one. */
export interface TypeLeak {
  /** `dist/babylon/creature.d.ts:27`, relative to the package root. */
  at: string;
  /** `Creature.constructor`, `Menagerie.creatures`, or a declaration's name. */
  member: string;
  reason: string;
  /** How a consumer gets to it: `exported by babylon-menagerie`, `reached through Menagerie`. */
  via?: string;
}

export interface EmittedDeclarations {
  /** Each .d.ts by absolute path. */
  files: Map<string, string>;
  /** The .d.ts of each source file, by absolute path. */
  bySource: Map<string, string>;
}

/** Emits the program's declaration files in memory (the program must be created for them). */
export function emitDeclarations(program: ts.Program): EmittedDeclarations {
  const files = new Map<string, string>();
  const bySource = new Map<string, string>();
  const result = program.emit(
    undefined,
    (fileName, text, _bom, _onError, sources) => {
      if (!fileName.endsWith(".d.ts")) return;
      const path = resolve(fileName);
      files.set(path, text);
      for (const source of sources ?? []) bySource.set(resolve(source.fileName), path);
    },
    undefined,
    true,
  );
  if (result.emitSkipped) {
    const message = ts.formatDiagnostics(result.diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => "\n",
    });
    throw new Error(`declaration emit failed:\n${message}`);
  }
  return { files, bySource };
}

/**
 * A program of the emitted .d.ts files alone: what they import from each other resolves, and
 * nothing else is loaded (no libraries, no node_modules: their names stay unresolved, and only
 * the package's own declarations are walked), so it takes a fraction of a second.
 */
function declarationProgram(program: ts.Program, emitted: EmittedDeclarations): ts.Program {
  const options: ts.CompilerOptions = {
    ...program.getCompilerOptions(),
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
  };
  const host = ts.createCompilerHost(options, true);
  const outDir = options.outDir ? resolve(options.outDir) : undefined;
  // Only the emitted files exist under the output folder (a stale dist/ on disk does not count).
  const isOutput = (f: string) => outDir !== undefined && `${resolve(f)}/`.startsWith(`${outDir}/`);
  const getSourceFile = host.getSourceFile;
  host.fileExists = (f) => emitted.files.has(resolve(f)) || (!isOutput(f) && ts.sys.fileExists(f));
  host.directoryExists = (d) =>
    isOutput(`${d}/`)
      ? [...emitted.files.keys()].some((f) => f.startsWith(`${resolve(d)}/`))
      : ts.sys.directoryExists(d);
  host.readFile = (f) => emitted.files.get(resolve(f)) ?? (isOutput(f) ? undefined : ts.sys.readFile(f));
  host.getSourceFile = (f, languageVersion, onError, shouldCreate) => {
    const text = emitted.files.get(resolve(f));
    if (text !== undefined) return ts.createSourceFile(f, text, languageVersion, true);
    return getSourceFile.call(host, f, languageVersion, onError, shouldCreate);
  };
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, resolveOptions, file) =>
    literals.map((literal) =>
      literal.text.startsWith(".")
        ? ts.resolveModuleName(
            literal.text,
            containingFile,
            resolveOptions,
            host,
            undefined,
            redirected,
            ts.getModeForUsageLocation(file, literal, resolveOptions),
          )
        : { resolvedModule: undefined },
    );
  return ts.createProgram({ rootNames: [...emitted.files.keys()], options, host });
}

function lineOf(file: ts.SourceFile, pos: number): number {
  return file.getLineAndCharacterOfPosition(pos).line + 1;
}

function nameOf(node: ts.Node): string | undefined {
  const name = ts.getNameOfDeclaration(node as ts.Declaration);
  if (name) return name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return undefined;
}

/** `Class.member`, `obj.hidden`, `Face.y.p`: a node's name with those of the declarations around it. */
function qualifiedName(node: ts.Node): string {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
    const name = nameOf(n);
    if (name) names.unshift(name);
  }
  return names.join(".") || "(unnamed)";
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** Private (`private x;`, `#private;`) members: the .d.ts names them, nothing more. */
function isPrivateMember(member: ts.ClassElement): boolean {
  return (
    hasModifier(member, ts.SyntaxKind.PrivateKeyword) ||
    (member.name !== undefined && ts.isPrivateIdentifier(member.name))
  );
}

/** The leaks of the package's published types (see the file's comment). */
export function findTypeLeaks(root: string, program: ts.Program, entries: readonly EntryPoint[]): TypeLeak[] {
  const emitted = emitDeclarations(program);
  const entryFiles = entries.map((e) => {
    const file = emitted.bySource.get(resolve(root, e.source));
    if (!file) throw new Error(`no .d.ts was emitted for ${e.source} (entry point ${e.specifier})`);
    return { ...e, file };
  });
  const dts = declarationProgram(program, emitted);
  const checker = dts.getTypeChecker();
  const sourceOf = new Map([...emitted.bySource].map(([source, file]) => [file, source]));
  const leaks: TypeLeak[] = [];
  const at = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${relative(root, file.fileName)}:${lineOf(file, node.getStart())}`;
  };

  // Every comment with `@internal` left in any emitted file, named by the declaration after it.
  const survived = program.getCompilerOptions().stripInternal
    ? "`@internal` survived stripInternal, which strips a declaration whose own leading comment has it " +
      "(not a parameter, nor a member of an inferred type)"
    : "`@internal` in the published .d.ts: stripInternal is off";
  const survivors = new Set<string>();
  for (const path of emitted.files.keys()) {
    const file = dts.getSourceFile(path);
    if (!file) continue;
    for (const match of file.text.matchAll(/@internal\b/g)) {
      let next: ts.Node | undefined;
      const find = (node: ts.Node): void => {
        if (node.getStart() >= match.index && nameOf(node) && (!next || node.getStart() < next.getStart())) next = node;
        if (node.end > match.index) ts.forEachChild(node, find);
      };
      ts.forEachChild(file, find);
      // A constructor's parameter keeps the comment of the parameter property that was stripped.
      if (next && ts.isParameter(next) && ts.isConstructorDeclaration(next.parent)) continue;
      const member = next ? qualifiedName(next) : "(end of file)";
      survivors.add(`${relative(root, path)}#${member}`);
      leaks.push({
        at: `${relative(root, path)}:${lineOf(file, match.index)}`,
        member,
        reason: survived,
      });
    }
  }
  // A declaration tagged by a `/** @internal */` that follows other code on its line (`a = 1;
  // /** @internal */` then `b()`, or `{ /** @internal */ constructor()`): that comment is the
  // code's trailing comment, not the declaration's leading one (nor its JSDoc), so stripInternal
  // keeps the declaration, and the .d.ts often drops the comment, leaving no trace of the tag.
  // (Reported once when the .d.ts keeps it.)
  for (const source of emitted.bySource.keys()) {
    const file = program.getSourceFile(source);
    if (!file) continue;
    const visit = (node: ts.Node): void => {
      const emittable = ts.isClassElement(node) || ts.isTypeElement(node) || ts.isEnumMember(node);
      if (emittable || ts.isSourceFile(node.parent)) {
        const tagged = (ts.getTrailingCommentRanges(file.text, node.pos) ?? []).some((c) =>
          /^\/\*\*[\s\S]*@internal\b/.test(file.text.slice(c.pos, c.end)),
        );
        const member = qualifiedName(node);
        const inDts = `${relative(root, emitted.bySource.get(source) ?? "")}#${member}`;
        if (tagged && !ts.isInternalDeclaration(node, file) && !survivors.has(inDts)) {
          leaks.push({
            at: `${relative(root, source)}:${lineOf(file, node.getStart())}`,
            member,
            reason:
              "its `/** @internal */` follows other code on that code's line, so it is not the declaration's " +
              "leading comment and stripInternal keeps the declaration",
          });
        }
      }
      if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(file, visit);
  }

  // Declarations a consumer can reach, with how (for the messages), from the entry points.
  const reached = new Map<ts.Node, string>();
  const queue: ts.Node[] = [];
  const reach = (symbol: ts.Symbol | undefined, via: string) => {
    if (!symbol) return;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const decl of target.declarations ?? []) {
      if (reached.has(decl) || !emitted.files.has(resolve(decl.getSourceFile().fileName))) continue;
      reached.set(decl, via);
      queue.push(decl);
    }
  };
  for (const entry of entryFiles) {
    const file = dts.getSourceFile(entry.file);
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    if (!file || !moduleSymbol) throw new Error(`${entry.file} has no exports`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!target.declarations?.length) {
        leaks.push({
          at: exported.declarations?.[0] ? at(exported.declarations[0]) : relative(root, entry.file),
          member: exported.name,
          reason: "exported, but its declaration was stripped from the .d.ts (is it @internal?)",
          via: `exported by ${entry.specifier}`,
        });
        continue;
      }
      reach(exported, `exported by ${entry.specifier}`);
    }
  }

  /** Follows the names in a declaration's types (not into members already reported). */
  const follow = (node: ts.Node, via: string, skip: ReadonlySet<ts.Node>): void => {
    if (skip.has(node)) return;
    let name: ts.Node | undefined;
    if (ts.isTypeReferenceNode(node)) name = node.typeName;
    else if (ts.isExpressionWithTypeArguments(node)) name = node.expression;
    else if (ts.isTypeQueryNode(node)) name = node.exprName;
    else if (ts.isComputedPropertyName(node)) name = node.expression;
    if (name) reach(checker.getSymbolAtLocation(name), via);
    if (ts.isImportTypeNode(node)) {
      const type = checker.getTypeFromTypeNode(node);
      reach(type.aliasSymbol ?? type.getSymbol(), via);
    }
    ts.forEachChild(node, (child) => follow(child, via, skip));
  };

  while (queue.length) {
    const decl = queue.shift()!;
    const via = reached.get(decl)!;
    const declName = nameOf(decl) ?? "(anonymous)";
    const skip = new Set<ts.Node>();
    if (ts.isClassDeclaration(decl)) {
      const leak = (member: ts.Node, memberName: string, reason: string) => {
        leaks.push({ at: at(member), member: `${declName}.${memberName}`, reason, via });
        skip.add(member);
      };
      for (const member of decl.members) {
        if (isPrivateMember(member)) {
          skip.add(member);
          continue;
        }
        const memberName = nameOf(member) ?? "(unnamed)";
        if (memberName.startsWith("_")) {
          leak(member, memberName, "a public class's member named with `_`");
        } else if (hasModifier(member, ts.SyntaxKind.ProtectedKeyword)) {
          leak(member, memberName, "a public class's protected member");
        }
      }
      if (!decl.members.some(ts.isConstructorDeclaration)) {
        const source = program.getSourceFile(sourceOf.get(resolve(decl.getSourceFile().fileName)) ?? "");
        const sourceClass = source?.statements.find(
          (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === decl.name?.text,
        );
        if (sourceClass?.members.some(ts.isConstructorDeclaration)) {
          const inherited = decl.heritageClauses?.some((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
          const verb = hasModifier(decl, ts.SyntaxKind.AbstractKeyword) ? "extend" : "construct";
          leaks.push({
            at: at(decl.name ?? decl),
            member: `${declName}.constructor`,
            reason:
              `no constructor in the .d.ts: its only one is @internal and was stripped, so anyone can ${verb} it ` +
              `with the ${inherited ? "inherited" : "implicit"} constructor; the .d.ts must declare ` +
              "`private constructor()` or a real public constructor",
            via,
          });
        }
      }
    }
    follow(decl, `reached through ${declName}`, skip);
  }

  return leaks.sort(
    (a, b) => a.at.localeCompare(b.at, "en", { numeric: true }) || a.member.localeCompare(b.member, "en"),
  );
}

/** One line per leak, for a test failure: `file:line  Class.member: why (how it is reached)`. */
export function formatLeaks(leaks: readonly TypeLeak[]): string[] {
  return leaks.map((l) => `${l.at}  ${l.member}: ${l.reason}${l.via ? ` (${l.via})` : ""}`);
}
