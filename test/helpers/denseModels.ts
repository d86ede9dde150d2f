/**
 * Dense inline models for level-of-detail tests: a UV sphere OBJ with normals and UVs (many
 * triangles that a simplifier can take away, unlike tinyModels' boxes).
 */

/** An OBJ UV sphere of `rings` × `segments` quads around (cx, cy, cz), with normals and UVs. */
export function sphereObj(center: [number, number, number], radius: number, rings = 24, segments = 32): string {
  const [cx, cy, cz] = center;
  const lines = ["mtllib model.mtl"];
  for (let r = 0; r <= rings; r++) {
    const theta = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const phi = (s / segments) * Math.PI * 2;
      const nx = Math.sin(theta) * Math.cos(phi);
      const ny = Math.cos(theta);
      const nz = Math.sin(theta) * Math.sin(phi);
      lines.push(`v ${cx + radius * nx} ${cy + radius * ny} ${cz + radius * nz}`);
      lines.push(`vn ${nx} ${ny} ${nz}`);
      lines.push(`vt ${s / segments} ${1 - r / rings}`);
    }
  }
  lines.push("usemtl fur");
  const at = (r: number, s: number) => r * (segments + 1) + s + 1;
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = at(r, s);
      const b = at(r + 1, s);
      const c = at(r + 1, s + 1);
      const d = at(r, s + 1);
      // Counter-clockwise seen from outside.
      lines.push(`f ${a}/${a}/${a} ${d}/${d}/${d} ${c}/${c}/${c} ${b}/${b}/${b}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Triangles of {@link sphereObj} with these rings and segments (each quad is two). */
export const sphereTriangles = (rings = 24, segments = 32) => rings * segments * 2;

/** A 1 m tall model server entry made of one dense sphere: `uniform`, standing still. */
export function denseBlob() {
  return {
    type: "uniform",
    behaviour: "static",
    height: "1 m",
    parts: { body: sphereObj([0, 0.5, 0], 0.5) },
    mtl: "newmtl fur\nKd 0.8 0.5 0.2\n",
  };
}
