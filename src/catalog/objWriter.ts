/**
 * OBJ and MTL text writers. Numbers use fixed decimals (positions 5, normals and UVs 4) and
 * never print "-0", so the same geometry always gives the same bytes.
 */
import type { MaterialSlot, PartMesh } from "./mesh.js";

/** Fixed-decimal number without a negative zero. */
export function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** A named part to write. */
export interface NamedPart {
  name: string;
  mesh: PartMesh;
}

/**
 * Writes parts as one OBJ: each part is an `o` object with its own `usemtl` runs; indices keep
 * counting across parts, as a whole-model file needs. Material names are prefixed with the
 * model's slug so several models loaded in one scene do not share materials by accident.
 */
export function writeObj(
  parts: readonly NamedPart[],
  mtlFile: string,
  materialPrefix: string,
  comment: string,
): string {
  // The comma in the first line is deliberate: Babylon tests `data:` sources against
  // /^data:([^,]+\/[^,]+)?;base64,/, which backtracks quadratically over text with no comma
  // (a 700 kB OBJ handed over inline took ~50 s). A comma up front makes that test instant.
  const lines: string[] = [`# Menagerie procedural catalog, ${comment}`, `mtllib ${mtlFile}`];
  let offset = 1;
  for (const { name, mesh } of parts) {
    lines.push(`o ${name}`);
    const p = mesh.positions;
    const n = mesh.normals;
    const t = mesh.uvs;
    for (let i = 0; i < p.length; i += 3)
      lines.push(`v ${fixed(p[i]!, 5)} ${fixed(p[i + 1]!, 5)} ${fixed(p[i + 2]!, 5)}`);
    for (let i = 0; i < t.length; i += 2) lines.push(`vt ${fixed(t[i]!, 4)} ${fixed(t[i + 1]!, 4)}`);
    for (let i = 0; i < n.length; i += 3)
      lines.push(`vn ${fixed(n[i]!, 4)} ${fixed(n[i + 1]!, 4)} ${fixed(n[i + 2]!, 4)}`);
    for (const [material, indices] of mesh.groups) {
      lines.push(`usemtl ${materialPrefix}_${material}`);
      for (let i = 0; i < indices.length; i += 3) {
        const [a, b, c] = [indices[i]! + offset, indices[i + 1]! + offset, indices[i + 2]! + offset];
        lines.push(`f ${a}/${a}/${a} ${b}/${b}/${b} ${c}/${c}/${c}`);
      }
    }
    offset += p.length / 3;
  }
  lines.push("");
  return lines.join("\n");
}

/** One MTL material: a colour, and optionally a texture file (bare name) that replaces it. */
export interface MtlMaterial {
  slot: MaterialSlot;
  colour: readonly [number, number, number];
  texture?: string;
  shininess: number;
}

/** Writes the model's one MTL. Textured materials get Kd 1 so the texture shows unaltered. */
export function writeMtl(materials: readonly MtlMaterial[], materialPrefix: string, comment: string): string {
  const lines: string[] = [`# ${comment}`];
  for (const m of materials) {
    const kd = m.texture ? [1, 1, 1] : m.colour.map((c) => c / 255);
    lines.push(
      "",
      `newmtl ${materialPrefix}_${m.slot}`,
      `Ka 0.0000 0.0000 0.0000`,
      `Kd ${kd.map((c) => fixed(c, 4)).join(" ")}`,
      `Ks ${m.slot === "eye" ? "0.6000 0.6000 0.6000" : "0.0500 0.0500 0.0500"}`,
      `Ns ${fixed(m.shininess, 1)}`,
      `d 1.0000`,
      `illum 2`,
    );
    if (m.texture) lines.push(`map_Kd ${m.texture}`);
  }
  lines.push("");
  return lines.join("\n");
}
