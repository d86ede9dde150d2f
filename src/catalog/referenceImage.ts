/**
 * A small software rasteriser for the reference picture of each creature: orthographic
 * three-quarter view from the front-left, z-buffered, textured, with one soft light. Enough to
 * recognise the animal on a contact sheet without a GPU or a browser.
 */
import type { MaterialSlot, PartMesh } from "./mesh.js";
import type { Rgb, Texture } from "./texturePainter.js";
import { cross, dot, normalize, type Vec3 } from "./vec3.js";

/** How a material looks in the picture: a texture, or a flat colour. */
export interface ImageMaterial {
  colour: Rgb;
  texture?: Texture;
  shiny?: boolean;
}

export interface RenderOptions {
  width: number;
  height: number;
  materials: Partial<Record<MaterialSlot, ImageMaterial>>;
}

const VIEW_FROM: Vec3 = normalize([0.8, 0.5, 0.45]);
const LIGHT: Vec3 = normalize([0.35, 0.85, 0.45]);

function sample(tex: Texture, u: number, v: number): [number, number, number] {
  const x = Math.min(tex.width - 1, Math.max(0, Math.floor(u * tex.width)));
  const y = Math.min(tex.height - 1, Math.max(0, Math.floor(v * tex.height)));
  const i = (y * tex.width + x) * 4;
  return [tex.data[i]!, tex.data[i + 1]!, tex.data[i + 2]!];
}

/** Renders meshes (already in metres) into an RGBA buffer of `width`×`height`. */
export function renderReference(meshes: readonly PartMesh[], options: RenderOptions): Uint8Array {
  const { width: w, height: h } = options;
  const forward: Vec3 = [-VIEW_FROM[0], -VIEW_FROM[1], -VIEW_FROM[2]];
  const right = normalize(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const image = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const g = Math.round(236 - 40 * (y / h));
    for (let i = y * w * 4; i < (y + 1) * w * 4; i += 4) {
      image[i] = g;
      image[i + 1] = g;
      image[i + 2] = Math.min(255, g + 12);
      image[i + 3] = 255;
    }
  }
  // Fit the projected model into the frame with a margin.
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const m of meshes) {
    for (let i = 0; i < m.positions.length; i += 3) {
      const p: Vec3 = [m.positions[i]!, m.positions[i + 1]!, m.positions[i + 2]!];
      const sx = dot(p, right);
      const sy = dot(p, up);
      minX = Math.min(minX, sx);
      maxX = Math.max(maxX, sx);
      minY = Math.min(minY, sy);
      maxY = Math.max(maxY, sy);
    }
  }
  const fit = 0.86 * Math.min(w / (maxX - minX), h / (maxY - minY));
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const depth = new Float32Array(w * h).fill(Infinity);
  for (const m of meshes) {
    const n = m.positions.length / 3;
    const sx = new Float32Array(n),
      sy = new Float32Array(n),
      sz = new Float32Array(n),
      light = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const p: Vec3 = [m.positions[3 * i]!, m.positions[3 * i + 1]!, m.positions[3 * i + 2]!];
      sx[i] = w / 2 + (dot(p, right) - cx) * fit;
      sy[i] = h / 2 - (dot(p, up) - cy) * fit;
      sz[i] = dot(p, forward);
      const nrm: Vec3 = [m.normals[3 * i]!, m.normals[3 * i + 1]!, m.normals[3 * i + 2]!];
      light[i] = 0.38 + 0.62 * Math.max(0, dot(nrm, LIGHT));
    }
    for (const [slot, indices] of m.groups) {
      const mat = options.materials[slot] ?? { colour: [128, 128, 128] as Rgb };
      for (let t = 0; t < indices.length; t += 3) {
        const a = indices[t]!,
          b = indices[t + 1]!,
          c = indices[t + 2]!;
        const area = (sx[b]! - sx[a]!) * (sy[c]! - sy[a]!) - (sx[c]! - sx[a]!) * (sy[b]! - sy[a]!);
        if (Math.abs(area) < 1e-9) continue;
        const x0 = Math.max(0, Math.floor(Math.min(sx[a]!, sx[b]!, sx[c]!)));
        const x1 = Math.min(w - 1, Math.ceil(Math.max(sx[a]!, sx[b]!, sx[c]!)));
        const y0 = Math.max(0, Math.floor(Math.min(sy[a]!, sy[b]!, sy[c]!)));
        const y1 = Math.min(h - 1, Math.ceil(Math.max(sy[a]!, sy[b]!, sy[c]!)));
        for (let y = y0; y <= y1; y++) {
          for (let x = x0; x <= x1; x++) {
            const px = x + 0.5,
              py = y + 0.5;
            const wa = ((sx[b]! - px) * (sy[c]! - py) - (sx[c]! - px) * (sy[b]! - py)) / area;
            const wb = ((sx[c]! - px) * (sy[a]! - py) - (sx[a]! - px) * (sy[c]! - py)) / area;
            const wc = 1 - wa - wb;
            if (wa < 0 || wb < 0 || wc < 0) continue;
            const z = wa * sz[a]! + wb * sz[b]! + wc * sz[c]!;
            const k = y * w + x;
            if (z >= depth[k]!) continue;
            depth[k] = z;
            const u = wa * m.uvs[2 * a]! + wb * m.uvs[2 * b]! + wc * m.uvs[2 * c]!;
            const v = wa * m.uvs[2 * a + 1]! + wb * m.uvs[2 * b + 1]! + wc * m.uvs[2 * c + 1]!;
            const base = mat.texture ? sample(mat.texture, u, v) : mat.colour;
            const l = wa * light[a]! + wb * light[b]! + wc * light[c]!;
            const glint = mat.shiny && l > 0.97 ? 160 : 0;
            image[4 * k] = Math.min(255, base[0] * l + glint);
            image[4 * k + 1] = Math.min(255, base[1] * l + glint);
            image[4 * k + 2] = Math.min(255, base[2] * l + glint);
          }
        }
      }
    }
  }
  return image;
}
