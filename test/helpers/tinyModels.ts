/**
 * Tiny inline models for loader tests: boxes placed in one shared model frame (right-handed,
 * +Y up, head at +Z, left side at +X, feet at y = 0), an MTL with a textured fur material and
 * an eye material, and a 2×2 PNG.
 */
import { PNG } from "pngjs";

export type Vec = [number, number, number];

/** An OBJ box with normals and UVs, using material `material` (and `second` for its top face). */
export function boxObj(min: Vec, max: Vec, material = "fur", second?: string): string {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  const v: Vec[] = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  // Counter-clockwise seen from outside (right-handed OBJ convention).
  const faces: [number[], number][] = [
    [[1, 4, 3, 2], 1], // -Z
    [[5, 6, 7, 8], 2], // +Z
    [[1, 2, 6, 5], 3], // -Y
    [[1, 5, 8, 4], 5], // -X
    [[2, 3, 7, 6], 4], // +X
    [[4, 8, 7, 3], 6], // +Y
  ];
  const lines = ["mtllib model.mtl", ...v.map((p) => `v ${p.join(" ")}`), "vt 0 0", "vt 1 0", "vt 1 1", "vt 0 1"];
  lines.push("vn 0 0 -1", "vn 0 0 1", "vn 0 -1 0", "vn 1 0 0", "vn -1 0 0", "vn 0 1 0");
  lines.push(`usemtl ${material}`);
  faces.forEach(([f, n], i) => {
    if (second && i === faces.length - 1) lines.push(`usemtl ${second}`);
    lines.push(`f ${f.map((idx, k) => `${idx}/${k + 1}/${n}`).join(" ")}`);
  });
  return `${lines.join("\n")}\n`;
}

/** Boxes of a quadruped 0.5 units tall (y from 0 to 0.5). */
export const QUADRUPED_BOXES: Record<string, [Vec, Vec]> = {
  body: [
    [-0.1, 0.25, -0.25],
    [0.1, 0.45, 0.25],
  ],
  head: [
    [-0.07, 0.35, 0.22],
    [0.07, 0.5, 0.4],
  ],
  tail: [
    [-0.04, 0.3, -0.55],
    [0.04, 0.4, -0.22],
  ],
  leg_front_left_top: [
    [0.04, 0.12, 0.12],
    [0.09, 0.3, 0.2],
  ],
  leg_front_left_bot: [
    [0.045, 0, 0.13],
    [0.085, 0.14, 0.19],
  ],
  leg_front_right_top: [
    [-0.09, 0.12, 0.12],
    [-0.04, 0.3, 0.2],
  ],
  leg_front_right_bot: [
    [-0.085, 0, 0.13],
    [-0.045, 0.14, 0.19],
  ],
  leg_hind_left_top: [
    [0.04, 0.12, -0.2],
    [0.09, 0.3, -0.12],
  ],
  leg_hind_left_bot: [
    [0.045, 0, -0.19],
    [0.085, 0.14, -0.13],
  ],
  leg_hind_right_top: [
    [-0.09, 0.12, -0.2],
    [-0.04, 0.3, -0.12],
  ],
  leg_hind_right_bot: [
    [-0.085, 0, -0.19],
    [-0.045, 0.14, -0.13],
  ],
};

/** The model's OBJ parts: the head has a second material (eye) on its top face. */
export function quadrupedParts(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(QUADRUPED_BOXES).map(([part, [min, max]]) => [
      part,
      boxObj(min, max, "fur", part === "head" ? "eye" : undefined),
    ]),
  );
}

/** An MTL whose fur is textured by `textureFile` with a black Kd (to be read as white). */
export function furMtl(textureFile = "fur.png"): string {
  return `newmtl fur\nKd 0 0 0\nmap_Kd ${textureFile}\nnewmtl eye\nKd 0.05 0.05 0.05\n`;
}

/** A 2×2 PNG of one colour. */
export function tinyPng(rgb: Vec = [200, 100, 40]): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  for (let i = 0; i < 4; i++) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

/** The tests' 45 cm fox: quadruped parts, the fur MTL and its texture (a model server entry). */
export function tinyFox() {
  return {
    type: "quadruped",
    height: "45 cm",
    parts: quadrupedParts(),
    mtl: furMtl(),
    textures: { "fur.png": tinyPng() },
  };
}
