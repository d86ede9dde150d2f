/**
 * A loaded catalog: its records, their search index, and the answer JSON of each record (as
 * UTF-8 bytes) with its asset paths turned into signed links on the service's link origin (see
 * requestOrigin.ts).
 */
import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import { type CatalogEntry, readCatalog } from "../catalog/catalogFormat.js";
import { CatalogError } from "../core/errors.js";
import { CatalogIndex } from "./searchIndex.js";
import { type SigningKey, signUrl } from "./signing.js";

/** Turns a catalog-relative path into the path part of its asset URL, one segment at a time. */
export function encodeAssetPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Link origins whose signed JSON a record keeps at once (the oldest goes first). */
const MAX_ORIGINS_PER_RECORD = 4;
const UTF8 = new TextEncoder();

/** How links are made for one answer. */
export interface LinkContext {
  /** `http://host:port`: the public URL, else the listening address (never the Host header). */
  origin: string;
  /** Path prefix of the asset route, with leading and trailing `/` (`"/assets/"`). */
  assetsPrefix: string;
  key: SigningKey;
  /** Unix seconds. */
  expires: number;
}

/** A catalog ready to answer: records, index, and a memo of signed answers. */
export class CatalogStore {
  /** The catalog folder, resolved through symlinks (assets are confined to it). */
  readonly dir: string;
  readonly index: CatalogIndex<CatalogEntry>;
  /**
   * The signed JSON of each record, per link origin, for the current expiry bucket. Links
   * change only when the bucket does (every 300 s by default, see linkExpiry.ts), so nearly every
   * answer reuses the signing and serialising work of an earlier one. Kept as UTF-8 bytes: a
   * page of 1 000 records is then copied out, not encoded again on every request. A few origins
   * per record at most (a service is reached under one or two names), so random forwarded hosts
   * cannot grow it.
   */
  readonly #signed = new Map<CatalogEntry, Map<string, { expires: number; bytes: Uint8Array<ArrayBuffer> }>>();
  /** The answer of `GET /names`, made once (see {@link namesBytes}). */
  #names: Uint8Array<ArrayBuffer> | undefined;

  constructor(dir: string, entries: readonly CatalogEntry[]) {
    this.dir = dir;
    this.index = new CatalogIndex(entries);
  }

  /** Reads and indexes `<dir>/catalog.json`; a folder that cannot be read is a {@link CatalogError}. */
  static async load(dir: string): Promise<CatalogStore> {
    const real = await realpath(resolve(dir)).catch((error: Error) => {
      throw new CatalogError({
        what: "Cannot read the catalog folder",
        file: dir,
        detail: error.message,
        cause: error,
      });
    });
    const file = await readCatalog(real);
    return new CatalogStore(real, file.records);
  }

  /**
   * `GET /names`: every record's name as a JSON array of strings, in code-unit order, as UTF-8
   * bytes. Made on the first ask and kept: the names change only with the catalog, and no link
   * in them expires. Shared with every answer: read it, never write to it.
   */
  namesBytes(): Uint8Array<ArrayBuffer> {
    this.#names ??= UTF8.encode(JSON.stringify(this.index.records.map((entry) => entry.name).sort()));
    return this.#names;
  }

  get size(): number {
    return this.index.records.length;
  }

  /**
   * The answer JSON of one record as UTF-8 bytes, its asset links signed for `links`. Shared
   * with later answers: read it, never write to it.
   */
  recordBytes(entry: CatalogEntry, links: LinkContext): Uint8Array<ArrayBuffer> {
    let byOrigin = this.#signed.get(entry);
    const memo = byOrigin?.get(links.origin);
    if (memo && memo.expires === links.expires) return memo.bytes;
    const bytes = UTF8.encode(JSON.stringify(toServedRecord(entry, links)));
    if (!byOrigin) this.#signed.set(entry, (byOrigin = new Map()));
    if (!memo && byOrigin.size >= MAX_ORIGINS_PER_RECORD) byOrigin.delete(byOrigin.keys().next().value!);
    byOrigin.set(links.origin, { expires: links.expires, bytes });
    return bytes;
  }
}

/**
 * A catalog entry as served: every asset path replaced by its signed absolute URL, in
 * `model.parts`, `model.other`, `model.rig` (`GLB` and each `animations.<clip>.GLB`),
 * `model.formats` and `thumbnails`.
 */
export function toServedRecord(entry: CatalogEntry, links: LinkContext): Record<string, unknown> {
  const link = (path: string) =>
    signUrl(`${links.origin}${links.assetsPrefix}${encodeAssetPath(path)}`, { ...links.key, expires: links.expires });
  const linkAll = (paths: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(paths).map(([k, path]) => [k, link(path)]));
  const { parts, other, rig, formats } = entry.model;
  const signedOther: Record<string, unknown> = {};
  if (other.texture !== undefined) signedOther["texture"] = other.texture.map(link);
  if (other.material !== undefined) signedOther["material"] = link(other.material);
  if (other.model !== undefined) signedOther["model"] = link(other.model);
  if (other.reference !== undefined) signedOther["reference"] = link(other.reference);
  const model: Record<string, unknown> = { parts: linkAll(parts), other: signedOther };
  if (rig !== undefined) {
    const animations = Object.fromEntries(
      Object.entries(rig.animations).map(([clip, file]) => [clip, { ...file, GLB: link(file.GLB) }]),
    );
    model["rig"] = { ...(rig.GLB !== undefined ? { GLB: link(rig.GLB) } : {}), animations };
  }
  if (formats !== undefined) model["formats"] = linkAll(formats);
  return { ...entry, ...(entry.thumbnails !== undefined ? { thumbnails: linkAll(entry.thumbnails) } : {}), model };
}
