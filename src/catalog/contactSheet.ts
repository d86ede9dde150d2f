/**
 * Composes a catalog's reference pictures into one labelled PNG (the contact sheet), to check
 * every creature by eye in a single image.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PNG } from "pngjs";
import { drawText, textWidth } from "./bitmapFont.js";
import { readCatalog } from "./catalogFormat.js";

export interface ContactSheetOptions {
  /** Catalog folder (holding `catalog.json`). */
  dir: string;
  /** Pictures per row. @default 8 */
  columns?: number;
  /** Edge of each picture cell in pixels (pictures are scaled to fit). @default 192 */
  cell?: number;
}

/** Label strip under each picture: the name (large) and the body type (small). */
const LABEL = 30;

/** Nearest-neighbour scale of an RGBA image into a square cell. */
function blit(target: PNG, source: PNG, x0: number, y0: number, cell: number): void {
  for (let y = 0; y < cell; y++) {
    for (let x = 0; x < cell; x++) {
      const sx = Math.floor((x * source.width) / cell);
      const sy = Math.floor((y * source.height) / cell);
      const si = (sy * source.width + sx) * 4;
      const ti = ((y0 + y) * target.width + x0 + x) * 4;
      source.data.copy(target.data, ti, si, si + 4);
    }
  }
}

/** Builds the contact sheet of the catalog in `dir` and returns it as PNG bytes. */
export async function buildContactSheet(options: ContactSheetOptions): Promise<Buffer> {
  const columns = options.columns ?? 8;
  const cell = options.cell ?? 192;
  const catalog = await readCatalog(options.dir);
  const rows = Math.ceil(catalog.records.length / columns);
  const sheet = new PNG({ width: columns * cell, height: rows * (cell + LABEL) });
  sheet.data.fill(255);
  for (const [i, record] of catalog.records.entries()) {
    const x = (i % columns) * cell;
    const y = Math.floor(i / columns) * (cell + LABEL);
    const reference = record.model.other.reference;
    if (reference) blit(sheet, PNG.sync.read(await readFile(join(options.dir, reference))), x, y, cell);
    const data = sheet.data as unknown as Uint8Array;
    const scale = textWidth(record.name, 2) <= cell - 4 ? 2 : 1;
    drawText(
      data,
      sheet.width,
      sheet.height,
      record.name,
      x + Math.max(2, (cell - textWidth(record.name, scale)) >> 1),
      y + cell + 3,
      scale,
      [20, 20, 30],
    );
    const type = `${record.type} / ${record.behaviour}`;
    drawText(
      data,
      sheet.width,
      sheet.height,
      type,
      x + Math.max(2, (cell - textWidth(type, 1)) >> 1),
      y + cell + 20,
      1,
      [90, 90, 110],
    );
  }
  return PNG.sync.write(sheet);
}
