import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { runInNewContext } from "node:vm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as errors from "../../src/core/errors.js";
import {
  HTTPError,
  isAbortError,
  isMenagerieError,
  LoadError,
  MenagerieError,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
  toValidationIssues,
} from "../../src/core/errors.js";
import { redactUrl } from "../../src/core/redact.js";

const KEY = "sk_live_0a1b2c3d";
const URL_WITH_KEY = `http://svc.test/anything?key=${KEY}&name=fox`;
const request = { method: "GET", url: redactUrl(URL_WITH_KEY) };

/** One of each error of the family, made by `lib` (this copy of errors.ts, or another realm's). */
function family(lib: typeof errors) {
  return {
    http: new lib.HTTPError({ status: 500, body: "", request }),
    network: new lib.NetworkError(request, new TypeError("fetch failed")),
    timeout: new lib.TimeoutError(request, 10),
    validation: new lib.ResponseValidationError("Bad", request, []),
    options: new lib.OptionsError("retry", "must be a number"),
    load: new lib.LoadError({ reason: "not-found", model: "fox", detail: "no such model" }),
  };
}

const KINDS = ["http", "network", "timeout", "validation", "options", "load"] as const;

/** errors.ts evaluated again inside a fresh vm context: a second copy of the library in another realm. */
function otherRealm(): typeof errors {
  const source = readFileSync(new URL("../../src/core/errors.ts", import.meta.url), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(outputText, { module, exports: module.exports });
  return module.exports as unknown as typeof errors;
}

describe("messages", () => {
  it("read <what failed>: <METHOD> <redacted url>, and never hold the key", () => {
    const made = family(errors);
    expect(Object.fromEntries(Object.entries(made).map(([kind, e]) => [kind, e.message]))).toEqual({
      http: "Request failed with status 500: GET http://svc.test/anything?key=***&name=fox",
      network: "Network error: GET http://svc.test/anything?key=***&name=fox",
      timeout: "Request timed out after 10 ms: GET http://svc.test/anything?key=***&name=fox",
      validation: "Bad: GET http://svc.test/anything?key=***&name=fox",
      options: "retry must be a number",
      load: 'Cannot load model of "fox": no such model',
    });
    for (const error of Object.values(made)) expect(inspect(error, { depth: 5 })).not.toContain(KEY);
  });

  it("add the status text, the service's code and message, and the validation issues", () => {
    const http = new HTTPError({
      status: 401,
      statusText: "Unauthorized",
      code: "Invalid API key",
      serviceMessage: "check your key",
      body: "{}",
      request,
      retryAfterSeconds: 3,
    });
    expect(http.message).toBe(
      `Request failed with status 401 Unauthorized (Invalid API key - check your key): GET ${request.url}`,
    );
    expect([http.status, http.method, http.url, http.retryAfterSeconds]).toEqual([401, "GET", request.url, 3]);
    const codeOnly = new HTTPError({ status: 403, code: "Forbidden", body: "", request });
    expect(codeOnly.message).toBe(`Request failed with status 403 (Forbidden): GET ${request.url}`);
    const invalid = new ResponseValidationError("Invalid model record in response", request, [
      { path: ["model", "parts", 0], message: "expected string", code: "invalid_type" },
      { path: [], message: "bad", code: "custom" },
    ]);
    expect(invalid.message).toBe(
      `Invalid model record in response: GET ${request.url}\n  - model.parts.0: expected string\n  - (root): bad`,
    );
  });

  it("say which asset of which model failed, with its URL", () => {
    const error = new LoadError({
      reason: "http",
      model: "fox",
      asset: "texture:fur.png",
      url: "http://cdn.test/fur.png",
      status: 403,
      detail: "status 403",
    });
    expect(error.message).toBe('Cannot load texture:fur.png of "fox": status 403: GET http://cdn.test/fur.png');
    expect([error.reason, error.model, error.asset, error.status, error.kind]).toEqual([
      "http",
      "fox",
      "texture:fur.png",
      403,
      "load",
    ]);
  });

  it("keep a cause only when given one", () => {
    const cause = new Error("socket hang up");
    expect(new NetworkError(request, cause).cause).toBe(cause);
    expect("cause" in new TimeoutError(request, 5)).toBe(false);
    expect("cause" in new MenagerieError("load", "x")).toBe(false);
  });

  it("name their class and kind", () => {
    const made = family(errors);
    expect(Object.values(made).map((e) => [e.name, e.kind])).toEqual([
      ["HTTPError", "http"],
      ["NetworkError", "network"],
      ["TimeoutError", "timeout"],
      ["ResponseValidationError", "validation"],
      ["OptionsError", "options"],
      ["LoadError", "load"],
    ]);
    expect(made.options.option).toBe("retry");
  });
});

describe("guards", () => {
  it("tell each kind apart, in this realm", () => {
    const made = family(errors);
    for (const [kind, error] of Object.entries(made)) {
      expect(isMenagerieError(error)).toBe(true);
      for (const guardKind of KINDS)
        expect(isMenagerieError(error, guardKind), `${guardKind}(${kind})`).toBe(guardKind === kind);
    }
  });

  it("recognise errors made by another copy of the library in another realm", () => {
    const foreign = family(otherRealm());
    expect(foreign.http instanceof HTTPError).toBe(false);
    expect(foreign.http instanceof Error).toBe(false); // another realm's Error
    for (const [kind, error] of Object.entries(foreign)) {
      expect(isMenagerieError(error), kind).toBe(true);
      for (const guardKind of KINDS)
        expect(isMenagerieError(error, guardKind), `${guardKind}(${kind})`).toBe(guardKind === kind);
    }
  });

  it("reject look-alikes, plain values and structured clones", () => {
    const fakes = [
      undefined,
      null,
      "HTTPError",
      new Error("Request failed"),
      Object.assign(new Error("x"), { kind: "http", name: "HTTPError" }),
      { kind: "http", [Symbol("babylon-menagerie.error")]: true },
      { kind: "http", [Symbol.for("babylon-menagerie.error")]: "true" },
      structuredClone(new HTTPError({ status: 500, body: "", request })),
    ];
    for (const fake of fakes) {
      expect(isMenagerieError(fake), String(fake)).toBe(false);
      expect(isMenagerieError(fake, "http"), String(fake)).toBe(false);
    }
  });

  it("isAbortError reads the name only", () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(controller.signal.reason)).toBe(true);
    expect(isAbortError(new DOMException("x", "AbortError"))).toBe(true);
    expect(isAbortError({ name: "AbortError" })).toBe(true);
    expect(isAbortError(new DOMException("x", "TimeoutError"))).toBe(false);
    expect(isAbortError("AbortError")).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe("toValidationIssues", () => {
  it("keeps path, message and code, with symbol segments as strings", () => {
    const issues = toValidationIssues([
      { code: "custom", path: ["a", 1, Symbol("s")], message: "bad", input: 1 },
    ] as never);
    expect(issues).toEqual([{ path: ["a", 1, "Symbol(s)"], message: "bad", code: "custom" }]);
  });
});

describe("the parse, catalog and setup errors", () => {
  /** One of each, made by `lib`. */
  function more(lib: typeof errors) {
    return {
      parse: new lib.HeightParseError("tall", "unknown unit"),
      catalog: new lib.CatalogError({
        what: "Invalid catalog index",
        file: "/c/catalog.json",
        issues: [{ path: ["records", 0, "name"], message: "Required", code: "invalid_type" }],
      }),
      setup: new lib.ServiceSetupError("The keys file has no key in it: keys.txt"),
    };
  }
  const ALL_KINDS = [...KINDS, "parse", "catalog", "setup"] as const;

  it("are of the family, each of its own kind, in this realm and another", () => {
    for (const made of [more(errors), more(otherRealm())])
      for (const [kind, error] of Object.entries(made)) {
        expect(isMenagerieError(error), kind).toBe(true);
        for (const guardKind of ALL_KINDS)
          expect(isMenagerieError(error, guardKind), `${guardKind}(${kind})`).toBe(guardKind === kind);
      }
  });

  it("keep their names, fields and messages", () => {
    const made = more(errors);
    expect(Object.values(made).map((e) => [e.name, e.kind])).toEqual([
      ["HeightParseError", "parse"],
      ["CatalogError", "catalog"],
      ["ServiceSetupError", "setup"],
    ]);
    expect(made.parse).toBeInstanceOf(errors.LengthParseError);
    expect(made.parse.message).toBe('Cannot parse height "tall": unknown unit');
    expect(made.catalog.message).toBe("Invalid catalog index: /c/catalog.json\n  - records.0.name: Required");
    expect([made.catalog.file, made.catalog.issues.length]).toEqual(["/c/catalog.json", 1]);
    expect(made.setup.missingPackages).toEqual([]);
    expect("cause" in made.setup).toBe(false);
  });
});
