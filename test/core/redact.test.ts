import { inspect, types } from "node:util";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { redactError, redactText, redactUrl, secretParamValues, secretRedactor } from "../../src/core/redact.js";

describe("redaction", () => {
  it("hides the key query parameter wherever it stands", () => {
    expect(redactUrl("https://x.test/anything?key=s3cret&name=fox")).toBe("https://x.test/anything?key=***&name=fox");
    expect(redactUrl("https://x.test/anything?name=fox&key=s3cret")).toBe("https://x.test/anything?name=fox&key=***");
    expect(redactUrl("GET /anything?KEY=abc#frag")).toBe("GET /anything?KEY=***#frag");
  });

  it("hides every secret parameter name, not only key", () => {
    const url = "https://x.test/a?api_key=a1&upstream_key=u2&apikey=k3&ApiKey=k4&name=fox";
    expect(redactUrl(url)).toBe("https://x.test/a?api_key=***&upstream_key=***&apikey=***&ApiKey=***&name=fox");
    expect(redactText("see /anything?upstream_key=u2 and &api_key=a1")).toBe(
      "see /anything?upstream_key=*** and &api_key=***",
    );
  });

  it("leaves parameters that merely end in 'key' alone", () => {
    expect(redactUrl("https://x.test/a?KeyName=cdn&monkey=1")).toBe("https://x.test/a?KeyName=cdn&monkey=1");
  });

  it("hides literal secrets, raw and URL-encoded, in free text", () => {
    expect(redactText("bad key s3 cr/et or s3%20cr%2Fet", ["s3 cr/et"])).toBe("bad key *** or ***");
    expect(redactText("echo s3+cr%2Fe%21t", ["s3 cr/e!t"])).toBe("echo ***"); // form encoding
  });

  it("hides a secret in any letter case", () => {
    expect(redactText("A AbC-1 b abc-1 c ABC-1", ["aBc-1"])).toBe("A *** b *** c ***");
  });
});

describe("redactError", () => {
  const KEY = "s3cretKEY";
  const redact = (text: string) => redactText(text, [KEY]);

  it("returns the same error when it shows no secret", () => {
    const error = new Error("fine", { cause: new Error("also fine") });
    expect(redactError(error, redact)).toBe(error);
    expect(redactError("text", redact)).toBe("text");
  });

  it("copies an error that shows one: message, stack, properties, causes, any case", () => {
    class Custom extends Error {
      readonly extra = { url: `https://x.test/a?key=${KEY}`, list: [KEY.toUpperCase()] };
    }
    const inner = Object.assign(new Error(`inner ${KEY}`), { code: "E_X", input: `https://x.test/${KEY}` });
    const error = new Custom(`outer ${KEY.toLowerCase()}`, { cause: new AggregateError([inner], "agg") });
    const copy = redactError(error, redact);
    expect(copy).not.toBe(error);
    expect(copy).toBeInstanceOf(Custom);
    expect(types.isNativeError(copy)).toBe(true);
    const shown = inspect(copy, { depth: Infinity, showHidden: true });
    expect(shown.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(copy.message).toBe("outer ***");
    expect(copy.extra).toEqual({ url: "https://x.test/a?key=***", list: ["***"] });
    const agg = copy.cause as AggregateError;
    expect((agg.errors[0] as Error & { code: string }).code).toBe("E_X");
    // The original is untouched.
    expect(error.message).toBe(`outer ${KEY.toLowerCase()}`);
  });

  it("follows cycles and drops what is nested too deep", () => {
    const error = new Error(KEY) as Error & { self?: unknown };
    error.self = error;
    const copy = redactError(error, redact) as typeof error;
    expect(copy.self).toBe(copy);
    let deep: Error = new Error(`bottom ${KEY}`);
    for (let i = 0; i < 40; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(inspect(redactError(deep, redact), { depth: Infinity })).not.toContain(KEY);
  });

  it("leaves class instances other than errors alone", () => {
    class Holder {
      readonly secret = KEY;
    }
    const holder = new Holder();
    expect(redactError({ holder }, redact)).toEqual({ holder });
  });
});

describe("secret forms and parameter values", () => {
  it("replaces a form that contains another whole (longest first)", () => {
    // "ab%" is a prefix of its encoded form "ab%25": tried first, it would leave "***25".
    expect(redactText("raw ab% and encoded ab%25.", ["ab%"])).toBe("raw *** and encoded ***.");
    expect(secretRedactor(["ab%", undefined, ""])("ab%25")).toBe("***");
  });

  it("lists the values of the secret parameters, without their names, skipping empty ones", () => {
    expect(secretParamValues("https://x.test/a?key=k1&name=fox&API_KEY=k2&upstream_key=&apikey=k3#f")).toEqual([
      "k1",
      "k2",
      "k3",
    ]);
    expect(secretParamValues("https://x.test/a?name=fox")).toEqual([]);
  });
});

describe("redactError, continued", () => {
  const KEY = "s3cretKEY";
  const redact = (text: string) => redactText(text, [KEY]);

  it("copies an error from another realm (not instanceof this realm's Error)", () => {
    const foreign = runInNewContext(`new Error("bad ${KEY}")`) as Error;
    expect(foreign instanceof Error).toBe(false);
    expect((redactError(foreign, redact) as Error).message).toBe("bad ***");
  });

  it("keeps an accessor property as it is", () => {
    const error = Object.defineProperty(new Error(`bad ${KEY}`), "lazy", { get: () => 42, enumerable: true });
    const copy = redactError(error, redact) as Error & { lazy: number };
    expect([copy.message, copy.lazy]).toEqual(["bad ***", 42]);
  });

  it("cuts a cause chain 16 levels down", () => {
    let deep: Error = new Error(`bottom ${KEY}`);
    for (let i = 0; i < 40; i++) deep = new Error(`level ${i}`, { cause: deep });
    let levels = 0;
    for (let e: unknown = redactError(deep, redact); e instanceof Error; e = e.cause) levels++;
    expect(levels).toBe(16);
  });

  it("cuts nested arrays 16 levels down too, so a deep (or endless) array cannot exhaust the stack", () => {
    let deep: unknown[] = [`bottom ${KEY}`];
    for (let i = 0; i < 40; i++) deep = [deep];
    const error = Object.assign(new Error(`bad ${KEY}`), { details: deep });
    const copy = redactError(error, redact) as Error & { details: unknown };
    let levels = 0;
    for (let a: unknown = copy.details; Array.isArray(a); a = a[0]) levels++;
    // The error is level 0 and `details` level 1: arrays at levels 1 to 15 are kept.
    expect(levels).toBe(15);
    expect(inspect(copy, { depth: 100 })).not.toContain(KEY);
  });

  it("leaves every copied property configurable, so a caller can still redefine or delete it", () => {
    const error = Object.assign(new Error(`bad ${KEY}`), { url: `https://x.test/a?key=${KEY}` });
    const copy = redactError(error, redact) as Error & { url?: string };
    for (const key of Reflect.ownKeys(copy))
      expect(Object.getOwnPropertyDescriptor(copy, key)?.configurable).toBe(true);
    expect(delete copy.url).toBe(true);
    expect(copy.url).toBeUndefined();
  });
});

describe("redactError, what it copies and what it keeps", () => {
  const KEY = "s3cretKEY";
  const redact = (text: string) => redactText(text, [KEY]);

  it("copies a plain object as a plain object, not as an error", () => {
    const error = Object.assign(new Error("bad"), { extra: { url: `https://x.test/a?key=${KEY}` } });
    const copy = redactError(error, redact) as Error & { extra: object };
    expect(Object.getPrototypeOf(copy.extra)).toBe(Object.prototype);
    expect(types.isNativeError(copy.extra)).toBe(false);
  });

  it("redacts a null-prototype object (a parsed query, a dictionary) like a plain one", () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, { key: KEY, name: "fox" });
    const copy = redactError(Object.assign(new Error("bad"), { query }), redact) as Error & { query: object };
    expect(Object.getPrototypeOf(copy.query)).toBeNull();
    expect({ ...copy.query }).toEqual({ key: "***", name: "fox" });
  });

  it("keeps a DOMException (an abort's reason) itself, whose getters a copy would break", () => {
    const reason = AbortSignal.abort().reason as DOMException;
    const error = new Error(`aborted ${KEY}`, { cause: reason });
    const copy = redactError(error, redact);
    expect(copy.message).toBe("aborted ***");
    expect(copy.cause).toBe(reason);
    expect(redactError(reason, redact)).toBe(reason);
  });
});
