/**
 * splitMtl's rules one by one: each texture keyword's slot, each option's argument count, the
 * bump level, where names and values are cut, and what stays in the text Babylon parses.
 */
import { describe, expect, it } from "vitest";
import { fileNameOf, splitMtl } from "../../src/obj/mtlText.js";

const texturesOf = (lines: string[]) => splitMtl(["newmtl m", ...lines].join("\n")).textures;

describe("splitMtl's keywords", () => {
  it("gives each texture keyword its slot, in any letter case, and keeps every other line", () => {
    const split = splitMtl(
      [
        "newmtl m",
        "map_Kd a.png",
        "MAP_KA b.png",
        "map_ks c.png",
        "map_Bump d.png",
        "bump e.png",
        "map_d f.png",
        "map_Ke g.png",
        "Kd 1 1 1",
      ].join("\n"),
    );
    expect(split.textures).toEqual([
      { material: "m", slot: "diffuse", file: "a.png" },
      { material: "m", slot: "ambient", file: "b.png" },
      { material: "m", slot: "specular", file: "c.png" },
      { material: "m", slot: "bump", file: "d.png" },
      { material: "m", slot: "bump", file: "e.png" },
      { material: "m", slot: "opacity", file: "f.png" },
    ]);
    expect(split.text).toBe("newmtl m\nmap_Ke g.png\nKd 1 1 1");
  });

  it("cuts lines at CRLF and LF, keeps kept lines as written (indent, CR) and reads indented statements", () => {
    const split = splitMtl("newmtl   fur  \r\n  map_Kd   a.png\r\n\tKd 1 1 1\nNs 10\r\nnewmtl\nmap_Ka b.png");
    expect(split.materials).toEqual(["fur", ""]);
    expect(split.textures).toEqual([
      { material: "fur", slot: "diffuse", file: "a.png" },
      { material: "", slot: "ambient", file: "b.png" },
    ]);
    expect(split.text).toBe("newmtl   fur  \n\tKd 1 1 1\nNs 10\nnewmtl");
  });

  it("takes a keyword alone (no value) as naming no file, and a statement before newmtl as no texture", () => {
    expect(splitMtl("map_Kd a.png\nmap_Kd\nnewmtl m\nmap_Kd\nbump").textures).toEqual([]);
    expect(splitMtl("map_Kd a.png").text).toBe("");
  });
});

describe("splitMtl's options", () => {
  it("skips each option's arguments before the file name", () => {
    expect(
      texturesOf([
        "map_Kd -blendu on a.png",
        "map_Kd -blendv off b.png",
        "map_Kd -boost 2 c.png",
        "map_Kd -cc on d.png",
        "map_Kd -clamp on e.png",
        "map_Kd -imfchan r f.png",
        "map_Kd -texres 512 g.png",
        "map_Kd -type sphere h.png",
        "map_Kd -mm 0 1 i.png",
        "map_Kd -o 1 2 3 j.png",
        "map_Kd -s 1 2 3 k.png",
        "map_Kd -t 1 2 3 l.png",
        "map_Kd -O 1 2 3 -Clamp off m n.png",
        "map_Kd -x 1 o.png",
        "map_Kd -o 1 2 3 -x q.png",
        "map_Kd 1 -s 1 2 3 p.png",
      ]).map((t) => t.file),
    ).toEqual([
      "a.png",
      "b.png",
      "c.png",
      "d.png",
      "e.png",
      "f.png",
      "g.png",
      "h.png",
      "i.png",
      "j.png",
      "k.png",
      "l.png",
      "m n.png",
      "-x 1 o.png",
      "-x q.png",
      "1 -s 1 2 3 p.png",
    ]);
  });

  it("reads -bm (any case) as the bump level when it is a number, and no other option's value", () => {
    expect(
      texturesOf([
        "map_Bump -bm 0.25 a.png",
        "bump -BM 2 -o 1 1 1 b.png",
        "bump -bm x c.png",
        "bump -o 7 7 7 d.png",
        "bump -boost 3 e.png",
        "bump -bm 1 -bm 0.5 f.png",
      ]),
    ).toEqual([
      { material: "m", slot: "bump", file: "a.png", bumpLevel: 0.25 },
      { material: "m", slot: "bump", file: "b.png", bumpLevel: 2 },
      { material: "m", slot: "bump", file: "c.png" },
      { material: "m", slot: "bump", file: "d.png" },
      { material: "m", slot: "bump", file: "e.png" },
      { material: "m", slot: "bump", file: "f.png", bumpLevel: 0.5 },
    ]);
  });

  it("takes options that run to the line's end as naming no file", () => {
    expect(texturesOf(["map_Kd -bm 1", "map_Kd -o 1 2", "map_Kd -mm 0 1", "bump -bm"])).toEqual([]);
  });

  it("takes a file named like a property of every object (constructor, __proto__) as the name, not as an option", () => {
    expect(texturesOf(["map_Kd -o 1 2 3 constructor", "bump -bm 2 __proto__", "map_Ka Constructor"])).toEqual([
      { material: "m", slot: "diffuse", file: "constructor" },
      { material: "m", slot: "bump", file: "__proto__", bumpLevel: 2 },
      { material: "m", slot: "ambient", file: "Constructor" },
    ]);
  });

  it("joins the words of a file name with one space, whatever separates them", () => {
    expect(texturesOf(["map_Kd fox \t  fur.png"]).map((t) => t.file)).toEqual(["fox fur.png"]);
  });
});

describe("fileNameOf", () => {
  it("takes the segment after the last slash of either kind, decoded when it decodes", () => {
    expect(fileNameOf("a\\b/c.png")).toBe("c.png");
    expect(fileNameOf("a/b\\c.png")).toBe("c.png");
    expect(fileNameOf("c.png")).toBe("c.png");
    expect(fileNameOf("dir/%41%20b.png")).toBe("A b.png");
    expect(fileNameOf("dir/50%.png")).toBe("50%.png");
    expect(fileNameOf("dir/")).toBe("");
  });
});
