/** Which strings of an answer the relay rewrites: the asset links the library loads, no others. */
import { describe, expect, it } from "vitest";
import { rewriteAssetLinks } from "../../../src/service/relay/relayLinks.js";

const mark = (url: string) => `relayed:${url}`;

describe("rewriteAssetLinks", () => {
  it("rewrites every asset link of a record, in every shape the service sends", () => {
    const record = () => ({
      name: "fox",
      original_source: "https://example.com/page",
      thumbnails: { small: "https://cdn.test/s.png", note: "not a link" },
      model: {
        parts: { body: "https://cdn.test/body.obj", head: "http://cdn.test/head.obj" },
        other: {
          material: "https://cdn.test/m.mtl",
          model: "https://cdn.test/whole.obj",
          reference: "https://cdn.test/ref.png",
          texture: ["https://cdn.test/a.png", "data:image/png;base64,AAAA"],
          other: "https://cdn.test/unknown-field",
        },
        rig: {
          GLB: "https://cdn.test/rig.glb",
          glb: "https://cdn.test/rig2.glb",
          animations: { idle: { GLB: "https://cdn.test/idle.glb" }, walk: { glb: "https://cdn.test/walk.glb" } },
        },
        formats: { glb: "https://cdn.test/f.glb", fbx: "https://cdn.test/f.fbx" },
      },
    });
    const expected = record();
    const r = expected.model;
    for (const [holder, key] of [
      [expected.thumbnails, "small"],
      [r.parts, "body"],
      [r.parts, "head"],
      [r.other, "material"],
      [r.other, "model"],
      [r.other, "reference"],
      [r.other.texture, 0],
      [r.rig, "GLB"],
      [r.rig, "glb"],
      [r.rig.animations.idle, "GLB"],
      [r.rig.animations.walk, "glb"],
      [r.formats, "glb"],
      [r.formats, "fbx"],
    ] as [Record<string | number, string>, string | number][]) {
      holder[key] = mark(holder[key]!);
    }
    expect(rewriteAssetLinks(record(), mark)).toEqual(expected);
    expect(rewriteAssetLinks([record(), record()], mark)).toEqual([expected, expected]);
  });

  it("leaves answers that are no records alone", () => {
    for (const answer of [null, "https://cdn.test/a.png", { code: "Model not found", message: "x" }, [1, "x"], {}]) {
      expect(rewriteAssetLinks(structuredClone(answer), mark)).toEqual(answer);
    }
    expect(rewriteAssetLinks({ model: { parts: ["https://cdn.test/a.obj"], other: null } }, mark)).toEqual({
      model: { parts: ["relayed:https://cdn.test/a.obj"], other: null },
    });
  });
});
