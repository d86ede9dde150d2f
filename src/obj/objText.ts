/**
 * OBJ text → typed vertex buffers, one mesh per object, group or `usemtl` run, in one pass over
 * the characters (no split, no regex per vertex line, no object per vertex). It reads what
 * Babylon's `SolidParser` reads, the way it reads it (with `optimizeWithUV` on, the legacy
 * behaviour and vertex colours off), so meshes built from it equal the loader's; the tests
 * compare both over the whole reference catalog. Pure, no engine.
 */
import type { ObjMeshBuffers, ObjValues } from "./objBatch.js";
import type { ObjLevels } from "./objLevels.js";
import {
  FACE_KINDS,
  lineCapture,
  readCorner,
  readFace,
  readNumbers,
  readNumbersFast,
  readTripleFace,
} from "./objLine.js";
import { asciiBytes, isWs } from "./objScan.js";
import { giveBackScratch, takeScratch } from "./objScratch.js";

export { type ObjMeshBuffers, ObjTextError } from "./objBatch.js";

/** One mesh of an OBJ: its buffers and where it came from. */
export interface ObjMesh extends ObjMeshBuffers {
  /** The `o`/`g` name, `<mesh>_mm<n>` for a later `usemtl` run (as SolidParser names them), `""` without any. */
  name: string;
  /** The `usemtl` name, `""` without one. */
  materialName: string;
  /** Made by an `o` line, or the file's only mesh (SolidParser parents the other meshes to it). */
  isObject: boolean;
  /** Its simplified levels (objLevels.ts), when they were asked for and could be made. */
  levels?: ObjLevels | undefined;
}

/** How {@link parseObjText} reads. */
export interface ObjTextOptions {
  /**
   * The scene is right-handed: X stays as written and faces keep their winding. In a
   * left-handed scene (Babylon's default) X is negated, as the OBJ loader does.
   * @default false
   */
  rightHanded?: boolean;
}

/** SolidParser's `l` patterns, in its order (lineCapture says what each takes). */
const LINE_KINDS = [1, 2, 3] as const;

interface Entry {
  name: string;
  materialName: string;
  isObject: boolean;
  buffers?: ObjMeshBuffers;
}

/** SolidParser's line clean-up (trim, then pairs of whitespace to one space), done twice as it does. */
function tidy(line: string): string {
  return line.trim().replace(/\s\s/g, " ").trim().replace(/\s\s/g, " ");
}

/**
 * Reads an OBJ's meshes, keeping only those with faces. What it returns is linear in the text:
 * its buffers take at most 24 bytes per character of it, whatever the text says, so a hostile
 * file cannot make it allocate more than its own size allows.
 *
 * @throws ObjTextError when a face refers to a position that is not defined before it (an
 * index past 2^31 never is), a face uses a position that is not finite as a float, or a
 * mesh's faces name uvs (or normals) for only some of its vertices.
 * @example
 * parseObjText("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")[0].indices; // Uint16Array [0, 1, 2]
 */
export function parseObjText(text: string, options: ObjTextOptions = {}): ObjMesh[] {
  const rightHanded = options.rightHanded ?? false;
  const xSign = rightHanded ? 1 : -1;
  const scratch = takeScratch();
  const { positions, uvs, normals, corners, batch } = scratch;
  scratch.bytes = asciiBytes(text, scratch.bytes);
  const bytes = scratch.bytes;
  const values: ObjValues = {
    positions: positions.data,
    positionCount: 0,
    uvs: uvs.data,
    uvCount: 0,
    normals: normals.data,
    normalCount: 0,
  };
  const entries: Entry[] = [];
  let hasMeshes = false;
  let isFirstMaterial = true;
  let increment = 1;
  let materialName = "";

  // A v, vn or vt line was read since `values` last caught up with the lists.
  let stale = true;
  const sync = () => {
    if (!stale) return;
    stale = false;
    values.positions = positions.data;
    values.positionCount = positions.length / 3;
    values.uvs = uvs.data;
    values.uvCount = uvs.length / 2;
    values.normals = normals.data;
    values.normalCount = normals.length / 3;
  };
  const flushInto = (entry: Entry) => {
    sync();
    entry.buffers = batch.flush(values, xSign);
  };
  const addPrevious = () => {
    const last = entries[entries.length - 1];
    if (last) flushInto(last);
  };
  /** Triangulates the corners as a fan from the first, as SolidParser does (`first` 1: faces, 0: lines). */
  const emitFan = (count: number, first: number) => {
    sync();
    const c = corners.data;
    for (let i = first; i < count - 1; i++) {
      for (let corner = 0; corner < 3; corner++) {
        const k = corner === 0 ? 0 : (corner === 1) !== rightHanded ? i : i + 1;
        batch.corner(c[k * 3]!, c[k * 3 + 1]!, c[k * 3 + 2]!, values);
      }
    }
  };

  const onFace = (s: string, a: number, b: number, fast: boolean) => {
    if (fast && s.charCodeAt(a + 1) === 32) {
      const count = readTripleFace(bytes, a + 2, b, corners);
      if (count >= 3) return emitFan(count, 1);
    }
    for (const kind of FACE_KINDS) {
      sync();
      const count = readFace(s, a + 1 + skipWs(s, a + 1, b), b, kind, corners, values);
      if (count >= 3) return emitFan(count, 1);
    }
  };
  const onLine = (line: string) => {
    const tokens = line.split(" ");
    for (let k = 1; k < tokens.length - 1; k++) {
      const segment = `l ${tokens[k]} ${tokens[k + 1]}`.trim().replace(/\s\s/g, " ");
      for (const kind of LINE_KINDS) {
        const captured = lineCapture(segment, kind);
        if (captured === undefined) continue;
        const items = captured.trim().split(" ");
        corners.length = 0;
        sync();
        for (const item of items) readCorner(item, 0, item.length, kind, corners, values);
        emitFan(items.length, 0);
        batch.hasLines = true;
        break;
      }
    }
  };
  const onGroup = (line: string) => {
    addPrevious();
    entries.push({ name: line.substring(2).trim(), materialName, isObject: line.charCodeAt(0) === 111 });
    hasMeshes = true;
    isFirstMaterial = true;
    increment = 1;
  };
  const onUseMtl = (line: string) => {
    materialName = line.substring(7).trim();
    if (!isFirstMaterial || !hasMeshes) {
      addPrevious();
      entries.push({ name: `mesh_mm${increment++}`, materialName, isObject: false });
      hasMeshes = true;
    }
    if (isFirstMaterial) {
      entries[entries.length - 1]!.materialName = materialName;
      isFirstMaterial = false;
    }
  };

  /** Reads one line, `s` from `start` to `end`; `fast`: `s` is the text, so `bytes` are its characters. */
  const onText = (s: string, start: number, end: number, fast: boolean) => {
    const a = start + skipWs(s, start, end);
    let b = end;
    while (b > a && isWs(s.charCodeAt(b - 1))) b--;
    if (a >= b) return;
    const c0 = s.charCodeAt(a);
    const c1 = s.charCodeAt(a + 1);
    if (c0 === 118) {
      stale = true;
      // Only a line with whitespace after the `v` can be a position (readNumbers says false otherwise).
      const list = isWs(c1) ? positions : c1 === 110 ? normals : c1 === 116 ? uvs : undefined;
      if (!list) return;
      const from = list === positions ? a + 1 : a + 2;
      const count = list === uvs ? 2 : 3;
      if (fast) readNumbersFast(bytes, s, from, b, count, list, list !== positions);
      else readNumbers(s, from, b, count, list, list !== positions);
    } else if (c0 === 102) {
      if (a + 1 < b && isWs(c1)) onFace(s, a, b, fast);
    } else if (c0 === 108) onLine(s.slice(a, b).replace(/\s\s/g, " "));
    else if (c0 === 111 || c0 === 103) onGroup(tidy(s.slice(a, b)));
    else if (c0 === 117) {
      const line = tidy(s.slice(a, b));
      if (line.startsWith("usemtl ")) onUseMtl(line);
    }
  };

  const length = text.length;
  let lineStart = 0;
  let hash = -1;
  while (lineStart < length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = length;
    if (hash !== length && hash < lineStart) {
      hash = text.indexOf("#", lineStart);
      if (hash < 0) hash = length;
    }
    if (hash >= lineEnd) onText(text, lineStart, lineEnd, true);
    else {
      // A comment runs to the end of the line (or to a lone CR, which the regex SolidParser uses stops at).
      const line = text.slice(lineStart, lineEnd).replace(/#.*$/gm, "");
      onText(line, 0, line.length, false);
    }
    lineStart = lineEnd + 1;
  }

  if (hasMeshes) addPrevious();
  else if (batch.indexCount > 0) {
    entries.push({ name: "", materialName, isObject: true });
    addPrevious();
  }
  giveBackScratch(scratch, length);
  return entries
    .filter((e): e is Entry & { buffers: ObjMeshBuffers } => (e.buffers?.indices.length ?? 0) > 0)
    .map((e) => ({ name: e.name, materialName: e.materialName, isObject: e.isObject, ...e.buffers }));
}

function skipWs(s: string, from: number, end: number): number {
  let i = from;
  while (i < end && isWs(s.charCodeAt(i))) i++;
  return i - from;
}
