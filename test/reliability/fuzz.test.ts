/**
 * Bad input, fuzzed (fast-check, fixed seeds): the client's parsers (records, heights, signed
 * links, error bodies, redaction) and the service's query parsing, signature check and asset
 * confinement. Every property runs a counted number of generated inputs; the total (at least
 * 100 000 per run) is printed at the end.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { redactText, redactUrl } from "../../src/core/redact.js";
import { HeightParseError, parseHeight } from "../../src/records/height.js";
import { recordFormatUrl, recordRigClips, recordRigModelUrl } from "../../src/records/recordAssets.js";
import { recordHabitats } from "../../src/records/recordHabitats.js";
import { recordSize } from "../../src/records/recordSize.js";
import { ErrorBodySchema, HABITATS, isHttpUrl, ModelRecordSchema } from "../../src/records/schemas.js";
import { areLinksValid, assetFileName, getRecordExpiry, getUrlExpiry } from "../../src/records/signedUrl.js";
import { parseLookupQuery } from "../../src/service/lookupQuery.js";
import { createLookupService, type LookupService } from "../../src/service/lookupService.js";
import { isServiceError } from "../../src/service/serviceError.js";
import { signUrl, verifySignedUrl } from "../../src/service/signing.js";
import { type FixtureCatalog, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

const SEED = 20261121;
const counts = new Map<string, number>();

/** fc.assert with a fixed seed, counting the inputs it generated. */
function check<Ts extends [unknown, ...unknown[]]>(name: string, numRuns: number, property: fc.IProperty<Ts>): void {
  fc.assert(property, { seed: SEED, numRuns });
  counts.set(name, (counts.get(name) ?? 0) + numRuns);
}
async function checkAsync<Ts extends [unknown, ...unknown[]]>(
  name: string,
  numRuns: number,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  await fc.assert(property, { seed: SEED, numRuns });
  counts.set(name, (counts.get(name) ?? 0) + numRuns);
}

afterAll(() => {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const lines = [...counts].map(([name, n]) => `  ${String(n).padStart(7)}  ${name}`);
  console.log(`\nFuzzed inputs (seed ${SEED}): ${total}\n${lines.join("\n")}\n`);
});

// --- generators -------------------------------------------------------------------------

const text = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ maxLength: 40 }));
const numberish = fc.oneof(
  fc.double({ noDefaultInfinity: false }),
  fc.integer(),
  fc.constantFrom(0, -0, -1, NaN, Infinity, -Infinity, 1e308, 5e-324),
);
const UNITS = [
  "",
  "m",
  "cm",
  "mm",
  "km",
  "ft",
  "in",
  "yd",
  "metres",
  "feet",
  "inches",
  "'",
  '"',
  "mi",
  "px",
  "M",
  "Cm",
];
const heightString = fc
  .tuple(
    fc.oneof(numberish.map(String), fc.stringMatching(/^[+-]?\d{0,4}([.,]\d{0,3})?(e[+-]?\d{1,3})?$/)),
    fc.constantFrom(" ", "", "  ", "\t"),
    fc.constantFrom(...UNITS),
    fc.constantFrom("", ".", " ", "x"),
  )
  .map(([n, gap, unit, tail]) => `${n}${gap}${unit}${tail}`);

const scheme = fc.constantFrom("http://", "https://", "ftp://", "javascript:", "", "//", "data:text/plain,");
const urlish = fc
  .tuple(
    scheme,
    fc.constantFrom("cdn.test", "127.0.0.1:8787", "[::1]", "a b", ""),
    fc.array(text, { maxLength: 4 }),
    fc.option(text),
    fc.option(text),
  )
  .map(
    ([s, host, segments, query, hash]) =>
      `${s}${host}/${segments.join("/")}${query !== null ? `?${query}` : ""}${hash !== null ? `#${hash}` : ""}`,
  );
const signedish = fc
  .tuple(
    urlish,
    fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant("")),
    fc.string({ maxLength: 12 }),
    fc.string({ maxLength: 30 }),
  )
  .map(([u, e, k, s]) => `${u}${u.includes("?") ? "&" : "?"}Expires=${String(e)}&KeyName=${k}&Signature=${s}`);

/** A valid record, then fields replaced by anything. */
const validRecord = {
  name: "fox",
  type: "quadruped",
  behaviour: "walk",
  scale: { height: "45 cm" },
  forest: true,
  model: { parts: { body: "https://cdn.test/fox/body.obj?Expires=1&KeyName=k&Signature=s" }, other: { texture: [] } },
};
const recordInput = fc.oneof(
  fc.anything(),
  fc.jsonValue(),
  fc.record(
    {
      name: fc.oneof(text, fc.anything()),
      model: fc.oneof(
        fc.anything(),
        fc.record(
          {
            parts: fc.oneof(fc.anything(), fc.dictionary(text, fc.oneof(urlish, fc.anything()))),
            other: fc.oneof(
              fc.anything(),
              fc.record(
                { texture: fc.oneof(fc.anything(), fc.array(urlish)), material: fc.oneof(urlish, fc.anything()) },
                { requiredKeys: [] },
              ),
            ),
            rig: fc.oneof(
              fc.anything(),
              fc.record(
                {
                  animations: fc.oneof(
                    fc.anything(),
                    fc.dictionary(
                      text,
                      fc.oneof(
                        fc.anything(),
                        fc.record({ GLB: fc.oneof(urlish, fc.anything()), glb: urlish }, { requiredKeys: [] }),
                      ),
                    ),
                  ),
                  GLB: fc.oneof(urlish, fc.anything()),
                },
                { requiredKeys: [] },
              ),
            ),
            formats: fc.oneof(
              fc.anything(),
              fc.dictionary(
                fc.oneof(fc.constantFrom("glb", "GLB", "gltf", "obj", "fbx", "usdz"), text),
                fc.oneof(urlish, fc.constant(null), fc.anything()),
              ),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      scale: fc.oneof(
        fc.anything(),
        fc.record({ height: fc.oneof(heightString, numberish, fc.anything()) }),
        fc.record(
          {
            height: fc.oneof(fc.constant(0), heightString, numberish),
            length: fc.oneof(heightString, numberish),
            width: fc.oneof(heightString, numberish, fc.anything()),
          },
          { requiredKeys: [] },
        ),
      ),
      habitats: fc.oneof(
        fc.anything(),
        fc.array(fc.oneof(fc.constantFrom(...HABITATS, "Forest", "SEA", "moon"), text)),
        fc.constantFrom("forest", "Desert, beach"),
      ),
      habitat: fc.oneof(fc.anything(), fc.constantFrom(...HABITATS, "Forest", "moon")),
      forest: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", 0, 1, "yes", null)),
      pet: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.tuple(fc.constantFrom(...Object.keys(validRecord)), fc.anything()).map(([k, v]) => ({ ...validRecord, [k]: v })),
);

// --- client parsers -----------------------------------------------------------------------

describe("client parsers, fuzzed", () => {
  it("parseHeight returns a finite positive number of metres or throws HeightParseError, nothing else", () => {
    const property = (value: unknown) => {
      try {
        const metres = parseHeight(value);
        return typeof metres === "number" && Number.isFinite(metres) && metres > 0;
      } catch (error) {
        return error instanceof HeightParseError && error.message.startsWith("Cannot parse height");
      }
    };
    check("parseHeight: strings shaped like heights", 20_000, fc.property(heightString, property));
    check("parseHeight: any value", 10_000, fc.property(fc.oneof(fc.anything(), numberish, text), property));
  });

  it("parseHeight reads every <number><unit> it documents exactly", () => {
    const units: Record<string, number> = { m: 1, cm: 0.01, mm: 0.001, ft: 0.3048, in: 0.0254, metres: 1 };
    check(
      "parseHeight: documented forms",
      5_000,
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...Object.keys(units)),
        fc.constantFrom("", " "),
        (n, unit, gap) => {
          return Math.abs(parseHeight(`${n / 100}${gap}${unit}`) - (n / 100) * units[unit]!) < 1e-9 * n;
        },
      ),
    );
  });

  it("ModelRecordSchema never throws; what it accepts has a name and a loadable http(s) OBJ, GLB or format", () => {
    check(
      "ModelRecordSchema.safeParse",
      10_000,
      fc.property(recordInput, (input) => {
        const parsed = ModelRecordSchema.safeParse(input);
        if (!parsed.success) return parsed.error.issues.length > 0;
        const r = parsed.data;
        const obj =
          Object.values(r.model.parts).some(isHttpUrl) ||
          isHttpUrl(r.model.other.model) ||
          recordFormatUrl(r, "obj") !== undefined;
        return r.name.trim() === r.name && r.name.length > 0 && (obj || isHttpUrl(recordRigModelUrl(r)));
      }),
    );
  });

  it("the record readers never throw on any shape and return only what they document", () => {
    check(
      "recordHabitats / recordSize / recordRigClips / recordRigModelUrl",
      10_000,
      fc.property(
        fc.oneof(recordInput, fc.record({ model: recordInput, scale: fc.anything() }, { requiredKeys: [] })),
        (input) => {
          const record = (input !== null && typeof input === "object" ? input : {}) as {
            model?: unknown;
            scale?: unknown;
          };
          const habitats = recordHabitats(record);
          const size = recordSize(record);
          const clips = [...recordRigClips(record).values()];
          const model = recordRigModelUrl(record);
          return (
            habitats.every((h) => HABITATS.includes(h)) &&
            new Set(habitats).size === habitats.length &&
            (size === undefined || (Number.isFinite(size.meters) && size.meters > 0)) &&
            clips.every(isHttpUrl) &&
            (model === undefined || isHttpUrl(model))
          );
        },
      ),
    );
  });

  it("signed-link readers never throw and return only what they document", () => {
    check(
      "getUrlExpiry / assetFileName / redactUrl",
      15_000,
      fc.property(fc.oneof(signedish, urlish, text), (url) => {
        const expiry = getUrlExpiry(url);
        const file = assetFileName(url);
        return (
          (expiry === undefined || (Number.isSafeInteger(expiry) && expiry >= 0)) &&
          typeof file === "string" &&
          !file.includes("?") &&
          typeof redactUrl(url) === "string"
        );
      }),
    );
    check(
      "getRecordExpiry / areLinksValid on parsed records",
      5_000,
      fc.property(recordInput, fc.integer({ min: 0, max: 4_000_000_000_000 }), (input, now) => {
        const parsed = ModelRecordSchema.safeParse(input);
        if (!parsed.success) return true;
        const expiry = getRecordExpiry(parsed.data);
        const valid = areLinksValid(parsed.data, 60, now);
        return expiry === undefined ? valid : valid === expiry * 1000 >= now + 60_000;
      }),
    );
  });

  it("redactText removes a key from any text around it, raw or URL-encoded", () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
    check(
      "redactText",
      10_000,
      fc.property(
        key,
        fc.array(fc.oneof(text, fc.constantFrom("key=", "?key=", "&api_key=", "%20", "\n")), { maxLength: 6 }),
        fc.boolean(),
        (secret, pieces, encoded) => {
          const embedded = encoded ? encodeURIComponent(secret) : secret;
          const input = pieces.join(embedded);
          const out = redactText(`${input}${embedded}`, [secret]);
          return !out.includes(secret);
        },
      ),
    );
  });

  it("error bodies: any status, body and Retry-After give a record, null, [] or a Menagerie error", async () => {
    const answer = fc.record({
      status: fc.oneof(
        fc.constantFrom(200, 204, 400, 401, 403, 404, 408, 429, 500, 502, 503),
        fc.integer({ min: 200, max: 599 }),
      ),
      body: fc.oneof(
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc
          .record({ code: fc.oneof(text, fc.anything()), message: fc.oneof(text, fc.anything()) }, { requiredKeys: [] })
          .map((v) => JSON.stringify(v)),
        text,
        fc.constant(""),
        fc.constant(JSON.stringify([validRecord])),
      ),
      retryAfter: fc.option(fc.oneof(fc.nat().map(String), text)),
    });
    await checkAsync(
      "client getModel/search on fuzzed answers (status, body, Retry-After)",
      4_000,
      fc.asyncProperty(answer, fc.boolean(), async ({ status, body, retryAfter }, search) => {
        const fakeFetch = (async () =>
          new Response(status === 204 ? null : body, {
            status,
            headers: retryAfter !== null ? { "retry-after": retryAfter.replace(/[^\t\x20-\x7e]/g, "") } : {},
          })) as typeof fetch;
        const client = createLookupClient({
          baseUrl: "http://svc.test",
          apiKey: "sk_live_fuzz_key",
          retry: 0,
          cache: false,
          fetch: fakeFetch,
        });
        try {
          const result = search ? await client.search("fox") : await client.getModel("fox");
          if (search) return Array.isArray(result);
          return (
            result === null || (typeof result === "object" && typeof (result as { name: unknown }).name === "string")
          );
        } catch (error) {
          return isMenagerieError(error) && !String((error as Error).message).includes("sk_live_fuzz_key");
        }
      }),
    );
    check(
      "ErrorBodySchema.safeParse",
      3_000,
      fc.property(fc.anything(), (v) => typeof ErrorBodySchema.safeParse(v).success === "boolean"),
    );
  });
});

// --- service --------------------------------------------------------------------------------

let catalog: FixtureCatalog;
let service: LookupService;
const SIGNING = { keyName: "menagerie", secret: "fuzz-signing-secret-of-at-least-32-bytes" };
const ORIGIN = "http://127.0.0.1:8787";

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await createLookupService({
    catalogDir: catalog.dir,
    // Thousands of requests from one (socketless) client: the limits would answer 429 by design.
    rateLimit: false,
    authFailureLimit: false,
    assetRateLimit: false,
    signingKey: SIGNING.secret,
    keyName: SIGNING.keyName,
  });
});
afterAll(async () => {
  await catalog?.remove();
});

const queryPiece = fc.oneof(
  fc.constantFrom("name", "search", "id", "fuzzy", "key", "app", "maxResultNum", "NAME", "name[]", ""),
  text,
);
const queryValue = fc.oneof(
  fc.constantFrom(
    "fox",
    "forest",
    "true",
    "false",
    "dev-key",
    "",
    " ",
    "cat#0001",
    "fixture-fox",
    "-1",
    "0",
    "3",
    "%",
    "%zz",
    "a".repeat(300),
  ),
  text,
  fc.string({ maxLength: 300 }),
);
const rawQuery = fc
  .array(fc.tuple(queryPiece, queryValue, fc.boolean()), { maxLength: 5 })
  .map((pairs) =>
    pairs
      .map(([k, v, encode]) => `${encode ? encodeURIComponent(k) : k}=${encode ? encodeURIComponent(v) : v}`)
      .join("&"),
  );

describe("service input, fuzzed", () => {
  it("parseLookupQuery returns a lookup or throws a 400 ServiceError, nothing else", () => {
    check(
      "parseLookupQuery",
      15_000,
      fc.property(rawQuery, (query) => {
        try {
          const q = parseLookupQuery(new URLSearchParams(query), 256);
          const max = q.maxResultNum;
          const limitOk = max === undefined || max === -1 || (Number.isSafeInteger(max) && max > 0);
          return (
            (q.op === "name" || q.op === "search" || q.op === "id") &&
            q.value.trim() !== "" &&
            q.value.length <= 256 &&
            limitOk
          );
        } catch (error) {
          return isServiceError(error) && error.status === 400;
        }
      }),
    );
  });

  it("the lookup route never answers 5xx, whatever the query", async () => {
    const allowed = new Set([200, 400, 401, 403, 404]);
    await checkAsync(
      "GET /anything?<fuzzed query>",
      3_000,
      fc.asyncProperty(rawQuery, fc.constantFrom("key=dev-key&", "", "key=wrong&"), async (query, key) => {
        let url: string;
        try {
          url = new URL(`/anything?${key}${query}`, ORIGIN).href;
        } catch {
          return true; // not a URL a client could send
        }
        const res = await service.app.request(url);
        await res.arrayBuffer();
        return allowed.has(res.status);
      }),
    );
  });

  const fixtureUrl = () => {
    const record = catalog.records[0]!;
    return `${ORIGIN}/assets/${record.model.parts["body"]!.split("/").map(encodeURIComponent).join("/")}`;
  };

  it("every tampered signature is rejected; the untampered one passes", () => {
    const now = () => 1_700_000_000_000;
    const signed = signUrl(fixtureUrl(), { ...SIGNING, expires: 1_800_000_000 });
    expect(verifySignedUrl(signed, { keys: [SIGNING], now }).valid).toBe(true);
    const padding = signed.length - signed.replace(/=+$/, "").length;
    const editable = signed.length - padding;
    const mutation = fc.oneof(
      // one character replaced anywhere before the padding
      fc
        .tuple(fc.nat({ max: editable - 1 }), fc.string({ unit: "binary", minLength: 1, maxLength: 1 }))
        .map(([i, c]) => signed.slice(0, i) + c + signed.slice(i + 1)),
      // a character inserted or removed
      fc
        .tuple(fc.nat({ max: editable - 1 }), fc.string({ minLength: 1, maxLength: 3 }))
        .map(([i, c]) => signed.slice(0, i) + c + signed.slice(i)),
      fc.nat({ max: editable - 1 }).map((i) => signed.slice(0, i) + signed.slice(i + 1)),
      // parameters added before the signature, or a later expiry
      fc
        .tuple(fc.constantFrom("Expires", "KeyName", "Signature", "x"), fc.string({ maxLength: 10 }))
        .map(([k, v]) => signed.replace("&Signature=", `&${k}=${v}&Signature=`)),
      fc
        .integer({ min: 1_800_000_001, max: 9_999_999_999 })
        .map((e) => signed.replace("Expires=1800000000", `Expires=${e}`)),
      // signed with another secret
      fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((s) => s !== SIGNING.secret)
        .map((secret) => signUrl(fixtureUrl(), { ...SIGNING, secret, expires: 1_800_000_000 })),
    );
    check(
      "verifySignedUrl: tampered links",
      10_000,
      fc.property(mutation, (tampered) => {
        // Changes that leave the same signed text and signature (a fragment) are not tampering.
        if (tampered.split("#", 1)[0] === signed) return true;
        return verifySignedUrl(tampered, { keys: [SIGNING], now }).valid === false;
      }),
    );
    check(
      "verifySignedUrl: arbitrary links",
      5_000,
      fc.property(
        fc.oneof(signedish, urlish, text),
        (url) => verifySignedUrl(url, { keys: [SIGNING], now }).valid === false,
      ),
    );
  });

  it("a validly signed path outside the catalog is refused, never served, never a 5xx", async () => {
    const inside = new Set<string>();
    const walk = (dir: string, rel: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name), `${rel}${entry.name}/`);
        else inside.add(readFileSync(join(dir, entry.name)).toString("base64"));
      }
    };
    walk(catalog.dir, "");
    const secret = readFileSync(join(catalog.outsideDir, "secret.txt")).toString("base64");
    const segment = fc.oneof(
      fc.constantFrom(
        "..",
        ".",
        "%2e%2e",
        "%2E%2E",
        ".%2e",
        "%2f",
        "%5c",
        "..%2f..",
        "..%5c..",
        "%00",
        "C:",
        "c%3A",
        "outside",
        "secret.txt",
        "catalog",
        "fox",
        "body.obj",
        "",
        "~",
        "%252e%252e",
      ),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    await checkAsync(
      "GET /assets/<fuzzed path>, validly signed",
      3_000,
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (segments) => {
        let href: string;
        try {
          href = new URL(`/assets/${segments.join("/")}`, ORIGIN).href;
        } catch {
          return true;
        }
        const url = signUrl(href, { ...SIGNING, expires: Math.floor(Date.now() / 1000) + 600 });
        const res = await service.app.request(url);
        const body = Buffer.from(await res.arrayBuffer()).toString("base64");
        if (res.status >= 500) return false;
        if (res.status === 200) return inside.has(body) && body !== secret;
        return [403, 404].includes(res.status) && body !== secret;
      }),
    );
  });
});
