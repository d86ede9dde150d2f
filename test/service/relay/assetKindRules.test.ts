/**
 * What the relay takes a file for, from its bytes alone (assetKindOf): the images and models
 * a game loads are named by their type, and anything else (a page, a script, binary junk, an
 * empty body) is no kind at all, so the relay refuses it rather than relabel it.
 */
import { describe, expect, it } from "vitest";
import { assetKindOf } from "../../../src/service/relay/assetKind.js";
import { furMtl, quadrupedParts, tinyPng } from "../../helpers/tinyModels.js";

const kindOf = (body: string | Buffer | number[]) =>
  assetKindOf(typeof body === "string" ? new TextEncoder().encode(body) : Uint8Array.from(body));

describe("assetKindOf", () => {
  it("names the binary files a game loads by their magic numbers", () => {
    expect(kindOf(tinyPng([1, 2, 3]))).toBe("image/png");
    expect(kindOf([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])).toBe("image/jpeg");
    expect(kindOf(Buffer.from("glTF\x02\0\0\0 binary chunks"))).toBe("model/gltf-binary");
  });

  it("needs the whole magic number: text that begins like one is read as text", () => {
    // An OBJ whose first statement is a group starts with "g", the first byte of "glTF".
    expect(kindOf("g body\nv 0 0 0\nf 1 1 1\n")).toBe("model/obj");
    // Two of JPEG's three bytes, then not JPEG.
    expect(kindOf([0xff, 0xd8, 0x00, 0x01])).toBeUndefined();
  });

  it("names glTF JSON by its asset object, and no other JSON", () => {
    expect(kindOf('{"asset":{"version":"2.0"},"scenes":[]}')).toBe("model/gltf+json");
    expect(kindOf('\n  {"asset": {"version": "2.0"}}')).toBe("model/gltf+json");
    for (const json of ['{"asset":"2.0"}', '{"asset":null}', '{"asset":1}', '{"scenes":[]}', "{}", "{ not json"])
      expect([json, kindOf(json)]).toEqual([json, undefined]);
  });

  it("names OBJ and MTL text by their statements, with comments, blank lines and CRLF", () => {
    expect(kindOf(quadrupedParts().body!)).toBe("model/obj");
    expect(kindOf(furMtl("fur.png"))).toBe("model/mtl");
    expect(kindOf("# exported\r\n\r\nv 0 0 0\r\nv 1 0 0\r\nf 1 2 1\r\n")).toBe("model/obj");
    expect(kindOf("#exported by a tool\nv 0 0 0\n")).toBe("model/obj");
    expect(kindOf("  v 0 0 0\n\tvt 0 1\n")).toBe("model/obj");
    expect(kindOf("v\t0\t0\t0\nf\t1\t1\t1\n")).toBe("model/obj");
    expect(kindOf("newmtl fur\nKd 1 1 1\nmap_Kd fur.png\n")).toBe("model/mtl");
  });

  it("refuses text with one line that is no statement, or no statement at all", () => {
    for (const text of [
      "v 0 0 0\n<script>alert(1)</script>\n",
      "v 0 0 0\n  <html>\n",
      "newmtl fur\nKd 1 1 1\nsecret=hunter2\n",
      "",
      "\n\n",
      "# only a comment\n",
      "<html><body>hello</body></html>",
    ])
      expect([text, kindOf(text)]).toEqual([text, undefined]);
  });

  it("refuses text with a control character, and bytes that are not UTF-8", () => {
    for (const text of ["v 0 0 0 \x01\n", "v 0 0 0\n\x00", "v 0 0 0 \x1b[31m\n", "v 0 0 0 \x7f\n"])
      expect([text, kindOf(text)]).toEqual([text, undefined]);
    // "v " then bytes no UTF-8 decoder accepts: not text, so no model.
    expect(kindOf([0x76, 0x20, 0xff, 0xfe, 0x0a])).toBeUndefined();
  });
});
