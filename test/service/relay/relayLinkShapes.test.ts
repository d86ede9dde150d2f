/**
 * Which values rewriteAssetLinks takes for links and for records: a string that starts with
 * http(s):// (not one that mentions a link further on), and a record with a model object (an
 * answer whose model is a string, a list or null has nothing the library would load).
 */
import { describe, expect, it } from "vitest";
import { rewriteAssetLinks } from "../../../src/service/relay/relayLinks.js";

const mark = (url: string) => `relayed:${url}`;

describe("rewriteAssetLinks shapes", () => {
  it("rewrites only strings that are links, not text that holds one", () => {
    const answer = {
      model: {
        parts: { body: "HTTPS://cdn.test/body.obj", note: "see https://cdn.test/x.obj", data: "data:,https://" },
      },
      thumbnails: { small: "http://cdn.test/s.png", alt: " https://cdn.test/s.png" },
    };
    expect(rewriteAssetLinks(answer, mark)).toEqual({
      model: {
        parts: {
          body: "relayed:HTTPS://cdn.test/body.obj",
          note: "see https://cdn.test/x.obj",
          data: "data:,https://",
        },
      },
      thumbnails: { small: "relayed:http://cdn.test/s.png", alt: " https://cdn.test/s.png" },
    });
  });

  it("leaves an answer alone when its model is no object", () => {
    for (const model of ["https://cdn.test/m.obj", ["https://cdn.test/m.obj"], null, 7]) {
      const answer = { model, thumbnails: { small: "https://cdn.test/s.png" } };
      expect(rewriteAssetLinks(structuredClone(answer), mark)).toEqual(answer);
    }
  });

  it("takes null or missing holders of links for no links", () => {
    const answer = {
      model: { parts: null, formats: null, other: { texture: null }, rig: { animations: { idle: null } } },
      thumbnails: null,
    };
    expect(rewriteAssetLinks(structuredClone(answer), mark)).toEqual(answer);
  });
});
