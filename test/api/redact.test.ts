import { describe, expect, it } from "vitest";
import { redactText, redactUrl } from "../../src/api/redact.js";

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
});
