import { describe, expect, it } from "vitest";
import { fileNameOf, splitMtl } from "../../src/obj/mtlText.js";

describe("splitMtl", () => {
  it("removes texture statements and returns them per material", () => {
    const split = splitMtl(
      [
        "# comment",
        "newmtl fur",
        "Kd 0 0 0",
        "map_Kd fox fur.png",
        "map_Bump -bm 0.5 textures/fur_normal.png",
        "newmtl eye",
        "Kd 0.02 0.02 0.02",
        "MAP_KD -o 0 0 0 -s 1 1 1 %C3%A9caille.png",
        "map_d",
      ].join("\r\n"),
    );
    expect(split.materials).toEqual(["fur", "eye"]);
    expect(split.textures).toEqual([
      { material: "fur", slot: "diffuse", file: "fox fur.png" },
      { material: "fur", slot: "bump", file: "fur_normal.png", bumpLevel: 0.5 },
      { material: "eye", slot: "diffuse", file: "écaille.png" },
    ]);
    expect(split.text).toBe(["# comment", "newmtl fur", "Kd 0 0 0", "newmtl eye", "Kd 0.02 0.02 0.02"].join("\n"));
  });

  it("ignores texture statements before any newmtl", () => {
    expect(splitMtl("map_Kd a.png\nnewmtl m\n").textures).toEqual([]);
  });

  it("reads Object.prototype's names as the plain statements they are, not as texture slots", () => {
    const text = "newmtl m\nconstructor x.png\n__proto__ y.png\ntoString z.png";
    expect(splitMtl(text)).toEqual({ text, textures: [], materials: ["m"] });
  });

  it("takes a texture statement that names a folder (a name ending in a slash) as naming no file", () => {
    expect(splitMtl("newmtl m\nmap_Kd textures/\nmap_Ka /\nmap_Ks \\").textures).toEqual([]);
  });

  it("takes the last segment of either slash", () => {
    expect(fileNameOf("C:\\art\\fox.png")).toBe("fox.png");
    expect(fileNameOf("a/b/fox%20fur.png")).toBe("fox fur.png");
    expect(fileNameOf("100%.png")).toBe("100%.png");
  });
});
