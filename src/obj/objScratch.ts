/**
 * The working lists of the OBJ reader ({@link parseObjText}), kept from one read to the next:
 * reading the parts of a creature one after another then allocates (and zeroes, and grows)
 * them once instead of per file, which was a fair share of a small file's time. Pure, no engine.
 */
import { ObjVertexBatch } from "./objBatch.js";
import { floatList, intList, type NumberList } from "./objScan.js";

/** What one read works in: every value of the text, the face being read, the mesh being built. */
export interface ObjScratch {
  positions: NumberList<Float64Array>;
  uvs: NumberList<Float64Array>;
  normals: NumberList<Float64Array>;
  /** Corners of the face being read: (position, uv, normal) as indices into what is defined. */
  corners: NumberList<Int32Array>;
  batch: ObjVertexBatch;
  /** The text as asciiBytes gives it. */
  bytes: Uint8Array;
}

/**
 * Texts longer than this (in characters) give their lists back to no one. A kept scratch is
 * about as big as a few bytes per character of the longest text kept (1.7 for the catalog's
 * 0.7 MB whole fox, vertex batch aside), so it stays within a few megabytes, and one huge
 * model does not pin its working memory for good.
 */
const KEEP_UP_TO = 1 << 20;
/** The lists of the last read, free; taken (so a read inside a read, or after a throw, makes its own). */
let spare: ObjScratch | undefined;

/** Empty lists to read into: the spare ones when free, else new ones. */
export function takeScratch(): ObjScratch {
  const scratch = spare ?? {
    positions: floatList(3 * 1024),
    uvs: floatList(2 * 1024),
    normals: floatList(3 * 1024),
    corners: intList(48),
    batch: new ObjVertexBatch(),
    bytes: new Uint8Array(64 * 1024),
  };
  spare = undefined;
  scratch.positions.length = 0;
  scratch.uvs.length = 0;
  scratch.normals.length = 0;
  scratch.corners.length = 0;
  scratch.batch.reset();
  return scratch;
}

/** Keeps `scratch` for the next read, after a read of `textLength` characters that returned. */
export function giveBackScratch(scratch: ObjScratch, textLength: number): void {
  if (textLength <= KEEP_UP_TO) spare = scratch;
}
