import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { drawText, textWidth } from "../../src/catalog/bitmapFont.js";
import { slugOf } from "../../src/catalog/buildCreature.js";
import { createMesh, triangleCount } from "../../src/catalog/mesh.js";
import { fixed, writeMtl, writeObj } from "../../src/catalog/objWriter.js";
import { Sculptor } from "../../src/catalog/shapes.js";
import { paintTexture } from "../../src/catalog/texturePainter.js";
import { SeededRandom } from "../../src/util/seededRandom.js";
import { round } from "../helpers/round.js";
import { parseObj } from "./catalogFixture.js";

describe("Sculptor / sweep", () => {
  it("builds a closed ellipsoid with outward unit normals on its surface", () => {
    const sc = new Sculptor(12).ellipsoid("coat", [1, 2, 3], [0, 0, 1], 0.5, 0.3, 0.2);
    const m = sc.mesh;
    // 12 segments around; 10 rings for a 1-long, 0.3-wide shape: 2 × 12 × (10 − 1) triangles.
    expect(triangleCount(m)).toBe(2 * 12 * 9);
    for (let i = 0; i < m.positions.length; i += 3) {
      const [x, y, z] = [m.positions[i]! - 1, m.positions[i + 1]! - 2, m.positions[i + 2]! - 3];
      // On the surface x²/0.2² + y²/0.3² + z²/0.5² = 1, normal pointing away from the centre.
      expect(round((x * x) / 0.04 + (y * y) / 0.09 + (z * z) / 0.25, 6)).toBe(1);
      const n = [m.normals[i]!, m.normals[i + 1]!, m.normals[i + 2]!];
      expect(round(Math.hypot(n[0]!, n[1]!, n[2]!), 6)).toBe(1);
      expect(n[0]! * x + n[1]! * y + n[2]! * z).toBeGreaterThan(0);
    }
    for (const uv of m.uvs) expect(uv >= 0 && uv <= 1).toBe(true);
  });

  it("winds every triangle counter-clockwise seen from outside", () => {
    const m = new Sculptor(8).limb(
      "accent",
      [
        [0, 0, 0],
        [0, 1, 0.2],
        [0, 2, 0],
      ],
      0.2,
      0.1,
    ).mesh;
    const p = (i: number) => [m.positions[3 * i]!, m.positions[3 * i + 1]!, m.positions[3 * i + 2]!];
    for (const [, list] of m.groups) {
      for (let t = 0; t < list.length; t += 3) {
        const [a, b, c] = [p(list[t]!), p(list[t + 1]!), p(list[t + 2]!)];
        const u = b.map((v, k) => v - a[k]!);
        const v = c.map((w, k) => w - a[k]!);
        const face = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
        const n = [0, 1, 2].map(
          (k) => m.normals[3 * list[t]! + k]! + m.normals[3 * list[t + 1]! + k]! + m.normals[3 * list[t + 2]! + k]!,
        );
        expect(face[0]! * n[0]! + face[1]! * n[1]! + face[2]! * n[2]!).toBeGreaterThan(0);
      }
    }
  });
});

describe("OBJ and MTL writers", () => {
  it("formats numbers with fixed decimals and never prints -0", () => {
    expect(fixed(-0.000001, 4)).toBe("0.0000");
    expect(fixed(-0.5, 2)).toBe("-0.50");
    expect(fixed(1 / 3, 5)).toBe("0.33333");
  });

  it("writes parts as objects with running indices and one usemtl per material run", () => {
    const a = new Sculptor(4)
      .ellipsoid("coat", [0, 0, 0], [0, 0, 1], 1, 1, 1)
      .ellipsoid("eye", [0, 0, 1], [0, 0, 1], 0.1, 0.1, 0.1);
    const b = new Sculptor(4).ellipsoid("coat", [2, 0, 0], [0, 0, 1], 1, 1, 1);
    const text = writeObj(
      [
        { name: "head", mesh: a.mesh },
        { name: "tail", mesh: b.mesh },
      ],
      "fox.mtl",
      "fox",
      "fox, test",
    );
    const obj = parseObj(text);
    expect(obj.mtllib).toEqual(["fox.mtl"]);
    expect(obj.objects).toEqual(["head", "tail"]);
    expect(text.split("\n")[0]).toBe("# Menagerie procedural catalog, fox, test");
    expect([...new Set(obj.triangles.map((t) => `${t.object}:${t.material}`))]).toEqual([
      "head:fox_coat",
      "head:fox_eye",
      "tail:fox_coat",
    ]);
    expect(
      Math.min(...obj.triangles.filter((t) => t.object === "tail").flatMap((t) => t.corners.map((c) => c[0]!))),
    ).toBe(a.mesh.positions.length / 3);
    expect(obj.triangles.length).toBe(triangleCount(a.mesh) + triangleCount(b.mesh));
  });

  it("writes Kd 1 for textured materials and the colour otherwise", () => {
    const text = writeMtl(
      [
        { slot: "coat", colour: [255, 0, 0], texture: "fox fur.png", shininess: 10 },
        { slot: "eye", colour: [51, 0, 0], shininess: 100 },
      ],
      "fox",
      "fox",
    );
    expect(text).toContain("newmtl fox_coat\nKa 0.0000 0.0000 0.0000\nKd 1.0000 1.0000 1.0000");
    expect(text).toContain("map_Kd fox fur.png");
    expect(text).toContain("newmtl fox_eye\nKa 0.0000 0.0000 0.0000\nKd 0.2000 0.0000 0.0000");
    expect(createMesh().groups.size).toBe(0);
  });

  it("makes folder names from record names", () => {
    expect(slugOf("dog#0002")).toBe("dog-0002");
    expect(slugOf("Grass Snake")).toBe("grass-snake");
  });
});

describe("paintTexture", () => {
  it("paints the same pixels for the same stream and shows the pattern's marks", () => {
    const options = { size: 32, base: [200, 100, 40] as const, marks: [0, 0, 0] as const, pattern: "stripes" as const };
    const a = paintTexture(SeededRandom.fromState(3), options);
    expect(paintTexture(SeededRandom.fromState(3), options).data).toEqual(a.data);
    const plain = paintTexture(SeededRandom.fromState(3), { ...options, pattern: "plain" });
    const darkest = (t: typeof a) => Math.min(...Array.from({ length: 32 * 32 }, (_, i) => t.data[i * 4]!));
    expect(darkest(a)).toBeLessThan(40);
    expect(darkest(plain)).toBeGreaterThan(150);
  });
});

describe("drawText", () => {
  it("draws glyph pixels inside the text's width only", () => {
    const w = 64;
    const image = new Uint8Array(w * 16 * 4);
    drawText(image, w, 16, "Fox#2", 1, 1, 1, [255, 0, 0]);
    const lit = Array.from({ length: w * 16 }, (_, i) => i).filter((i) => image[i * 4] === 255);
    expect(lit.length).toBeGreaterThan(20);
    expect(Math.max(...lit.map((i) => i % w))).toBeLessThan(1 + textWidth("Fox#2", 1));
    const png = new PNG({ width: w, height: 16 });
    png.data.set(image);
    expect(PNG.sync.read(PNG.sync.write(png)).width).toBe(w);
  });
});
