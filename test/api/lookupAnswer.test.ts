import { describe, expect, it } from "vitest";
import {
  checkStatus,
  parseJson,
  readRecord,
  readRecords,
  redactIssues,
  type SkippedElement,
} from "../../src/api/lookupAnswer.js";
import type { TextResponse } from "../../src/api/request.js";
import {
  type HTTPError,
  isMenagerieError,
  type RequestInfo,
  type ResponseValidationError,
} from "../../src/core/errors.js";
import { makeRecord } from "../helpers/records.js";
import { thrown } from "../helpers/rejection.js";

const KEY = "sk_test_9d8c7b";
const SECRETS = [KEY];
const INFO: RequestInfo = { method: "GET", url: "http://svc.test/anything?key=***&name=fox" };

function response(status: number, text: string, headers: Record<string, string> = {}): TextResponse {
  return { status, statusText: status === 200 ? "OK" : "", headers: new Headers(headers), text, attempts: 1 };
}

describe("checkStatus", () => {
  it("is ok for any 2xx, and not-found for a 404 with a JSON body whatever it says", () => {
    expect(checkStatus(response(200, ""), INFO, SECRETS)).toBe("ok");
    expect(checkStatus(response(204, ""), INFO, SECRETS)).toBe("ok");
    expect(checkStatus(response(404, '{"code":"Model not found"}'), INFO, SECRETS)).toBe("not-found");
    expect(checkStatus(response(404, "[]"), INFO, SECRETS)).toBe("not-found");
  });

  it("throws an HTTPError for a 404 that is not JSON (a wrong base URL), with the body", () => {
    const error = thrown(() => checkStatus(response(404, "<html>Cannot GET</html>"), INFO, SECRETS)) as HTTPError;
    expect(isMenagerieError(error, "http")).toBe(true);
    expect(error.message).toBe(`Request failed with status 404: GET ${INFO.url}`);
    expect([error.status, error.code, error.body]).toEqual([404, undefined, "<html>Cannot GET</html>"]);
    const empty = thrown(() => checkStatus(response(404, "  "), INFO, SECRETS)) as HTTPError;
    expect(empty.status).toBe(404);
  });

  it("carries the service's code and message, redacted, and whole-second Retry-After", () => {
    const body = JSON.stringify({ code: "Rate limited", message: `slow down, ${KEY}` });
    const error = thrown(() =>
      checkStatus({ ...response(429, body, { "retry-after": "7" }), statusText: "Too Many" }, INFO, SECRETS),
    ) as HTTPError;
    expect(error.message).toBe(
      `Request failed with status 429 Too Many (Rate limited - slow down, ***): GET ${INFO.url}`,
    );
    expect([error.code, error.serviceMessage, error.retryAfterSeconds]).toEqual(["Rate limited", "slow down, ***", 7]);
    expect(error.body).toBe('{"code":"Rate limited","message":"slow down, ***"}');
    const dated = thrown(() =>
      checkStatus(response(503, "{}", { "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" }), INFO, SECRETS),
    ) as HTTPError;
    expect(dated.retryAfterSeconds).toBeUndefined();
  });

  it("keeps at most 2 000 characters of the body, and ignores an error body of another shape", () => {
    const error = thrown(() => checkStatus(response(500, "x".repeat(2500)), INFO, SECRETS)) as HTTPError;
    expect(error.body).toHaveLength(2000);
    const odd = thrown(() => checkStatus(response(500, '{"code":5}'), INFO, SECRETS)) as HTTPError;
    expect([odd.code, odd.serviceMessage]).toEqual([undefined, undefined]);
  });
});

describe("parseJson", () => {
  it("parses JSON, and is undefined for an empty body", () => {
    expect(parseJson(response(200, '{"a":1}'), INFO, SECRETS)).toEqual({ a: 1 });
    expect(parseJson(response(200, " \n"), INFO, SECRETS)).toBeUndefined();
  });

  it("throws a validation error without the parser's error as cause, the key redacted", () => {
    const error = thrown(() => parseJson(response(200, `{"${KEY}`), INFO, SECRETS)) as ResponseValidationError;
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(error.message.startsWith(`Invalid JSON in response: GET ${INFO.url}\n  - (root): `)).toBe(true);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.code).toBe("invalid_json");
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify(error.issues) + error.message).not.toContain(KEY);
  });
});

describe("readRecord", () => {
  it("reads an object, or the first element of an array", () => {
    expect(readRecord(response(200, JSON.stringify(makeRecord("fox"))), INFO, SECRETS)?.name).toBe("fox");
    const two = JSON.stringify([makeRecord("owl"), makeRecord("fox")]);
    expect(readRecord(response(200, two), INFO, SECRETS)?.name).toBe("owl");
  });

  it("is null for a JSON 404, an empty body, null, or an empty array", () => {
    for (const [status, text] of [
      [404, "{}"],
      [200, ""],
      [200, "null"],
      [200, "[]"],
    ] as const) {
      expect(readRecord(response(status, text), INFO, SECRETS), `${status} ${text}`).toBeNull();
    }
  });

  it("throws a validation error listing the issues, redacted", () => {
    const bad = { ...makeRecord("fox"), name: "", model: { parts: { [KEY]: 7 }, other: { texture: [] } } };
    const error = thrown(() =>
      readRecord(response(200, JSON.stringify(bad)), INFO, SECRETS),
    ) as ResponseValidationError;
    expect(isMenagerieError(error, "validation")).toBe(true);
    expect(error.message.split("\n")[0]).toBe(`Invalid model record in response: GET ${INFO.url}`);
    expect(error.issues.map((i) => i.path.join("."))).toEqual(["name", "model.parts.***"]);
    // zod/mini loads no locale: the messages are English because the client passes zod's own.
    expect(error.issues.map((i) => i.message)).toEqual([
      "name must be a non-empty string",
      "Invalid input: expected string, received number",
    ]);
    expect(error.message).not.toContain(KEY);
  });
});

describe("readRecords", () => {
  it("keeps the valid elements and reports each invalid one with its index and name", () => {
    const skipped: SkippedElement[] = [];
    const body = [makeRecord("fox"), { name: `bad ${KEY}` }, 7, makeRecord("owl")];
    const records = readRecords(response(200, JSON.stringify(body)), INFO, SECRETS, (s) => skipped.push(s));
    expect(records.map((r) => r.name)).toEqual(["fox", "owl"]);
    expect(skipped.map((s) => [s.index, s.name])).toEqual([
      [1, "bad ***"],
      [2, undefined],
    ]);
    expect(skipped[0]!.issues.length).toBeGreaterThan(0);
  });

  it("is empty for a JSON 404, an empty body or null; throws for a non-array", () => {
    const none = () => {
      throw new Error("nothing is skipped");
    };
    expect(readRecords(response(404, '{"code":"none"}'), INFO, SECRETS, none)).toEqual([]);
    expect(readRecords(response(200, ""), INFO, SECRETS, none)).toEqual([]);
    expect(readRecords(response(200, "null"), INFO, SECRETS, none)).toEqual([]);
    const error = thrown(() => readRecords(response(200, '{"name":"fox"}'), INFO, SECRETS, none)) as Error;
    expect(error.message).toBe(
      `Search response is not an array: GET ${INFO.url}\n  - (root): expected an array, got object`,
    );
  });
});

describe("redactIssues", () => {
  it("redacts messages and string path segments, leaving indices and codes", () => {
    const issues = [{ path: ["parts", KEY, 3], message: `bad ${KEY} here`, code: "custom" }];
    expect(redactIssues(issues, SECRETS)).toEqual([
      { path: ["parts", "***", 3], message: "bad *** here", code: "custom" },
    ]);
  });
});
