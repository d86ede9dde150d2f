/**
 * Finding records: by name (exact, then the `name#0001` base name, then the most similar name),
 * by `_id`, and by free-text search. Built once per catalog load, so a request only queries: names
 * through their own index (nameIndex.ts), searches with MiniSearch (fuzzy, prefix, field boosts).
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { recordHabitats } from "../records/recordHabitats.js";
import { type Habitat, isHabitat } from "../records/schemas.js";
import { NameIndex } from "./nameIndex.js";

/** What the index needs of a record. */
export interface IndexableRecord {
  name: string;
  creature?: string | undefined;
  group?: string | undefined;
  type?: string | undefined;
  tags?: readonly string[] | undefined;
  [field: string]: unknown;
}

/** Per-field boosts of a search: a name hit outranks a tag hit outranks a group hit. */
const SEARCH_BOOSTS = { name: 4, creature: 3, tags: 2, group: 1.5, type: 1.5, taxonomy: 1, habitats: 1 };
const SEARCH_FIELDS = Object.keys(SEARCH_BOOSTS);
/** Share of a search word's length that may be mistyped (0.3: one edit in 4 letters, two in 7). */
const FUZZINESS = 0.3;

/** Lower-cases, trims and collapses spaces, as names are compared. */
export function normalizeName(value: string): string {
  return value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The name without a `#0001` style suffix. */
export function baseName(value: string): string {
  return value.replace(/\s*#\d+$/, "");
}

/**
 * Folds a word to a rough singular so plurals meet their singular ("foxes", "wolves", "flies")
 * without a fuzzy allowance. Applied alike to indexed and queried words, so it need only be
 * consistent, not linguistically right.
 */
export function singular(term: string): string {
  if (term.length <= 3) return term;
  if (term.endsWith("ies")) return `${term.slice(0, -3)}y`;
  if (term.endsWith("ves")) return `${term.slice(0, -3)}f`;
  if (/(?:x|ch|sh|ss)es$/.test(term)) return term.slice(0, -2);
  if (term.endsWith("s") && !term.endsWith("ss") && !term.endsWith("us")) return term.slice(0, -1);
  return term;
}

/** Every string inside a value (taxonomy may be a string, a list or an object of ranks). */
function wordsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(wordsOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(wordsOf);
  return [];
}

interface Doc {
  id: number;
  name: string;
  creature: string;
  tags: string;
  group: string;
  type: string;
  taxonomy: string;
  habitats: string;
}

/** The search index of one catalog. */
export class CatalogIndex<R extends IndexableRecord> {
  readonly records: readonly R[];
  readonly #byName = new Map<string, number[]>();
  readonly #byBaseName = new Map<string, number[]>();
  readonly #byId = new Map<string, number>();
  /** Record ids by a kind word (a tag, the `creature` field, the group), folded to its singular. */
  readonly #byKind = new Map<string, number[]>();
  /** Record ids by habitat, from all three habitat forms (flags, `habitats` list, `habitat`). */
  readonly #byHabitat = new Map<Habitat, number[]>();
  /** Each habitat's records in name order, sorted on first use, not per request. */
  readonly #habitatRecords = new Map<Habitat, readonly R[]>();
  readonly #sortRank: number[];
  readonly #search: MiniSearch<Doc>;
  readonly #names: NameIndex;

  constructor(records: readonly R[]) {
    this.records = records;
    const order = records.map((_, i) => i).sort((a, b) => compareNames(records[a]!.name, records[b]!.name));
    this.#sortRank = new Array<number>(records.length);
    order.forEach((index, rank) => {
      this.#sortRank[index] = rank;
    });
    const fold = (term: string) => singular(term.toLowerCase());
    this.#names = new NameIndex(
      records.map((r) => ({ name: r.name, creature: r.creature ?? "" })),
      fold,
    );
    this.#search = new MiniSearch<Doc>({
      fields: SEARCH_FIELDS,
      processTerm: fold,
    });
    records.forEach((record, id) => {
      push(this.#byName, normalizeName(record.name), id);
      push(this.#byBaseName, baseName(normalizeName(record.name)), id);
      for (const word of new Set([...(record.tags ?? []), record.creature ?? "", record.group ?? ""]))
        if (word) push(this.#byKind, singular(normalizeName(word)), id);
      const recordId = record["_id"];
      if (typeof recordId === "string" && !this.#byId.has(recordId)) this.#byId.set(recordId, id);
      const habitats = recordHabitats(record);
      for (const habitat of habitats) push(this.#byHabitat, habitat, id);
      this.#search.add({
        id,
        name: record.name,
        creature: record.creature ?? "",
        tags: (record.tags ?? []).join(" "),
        group: record.group ?? "",
        type: record.type ?? "",
        taxonomy: wordsOf(record["taxonomy"]).join(" "),
        habitats: habitats.join(" "),
      });
    });
  }

  #sorted(ids: Iterable<number>): R[] {
    return [...ids].sort((a, b) => this.#sortRank[a]! - this.#sortRank[b]!).map((id) => this.records[id]!);
  }

  /** Search hits ordered by score, then name; equal scores keep the catalog's name order. */
  #ranked(results: SearchResult[]): R[] {
    return results
      .sort((a, b) => b.score - a.score || this.#sortRank[a.id as number]! - this.#sortRank[b.id as number]!)
      .map((r) => this.records[r.id as number]!);
  }

  /**
   * The record named `name`: an exact (case-insensitive, trimmed) match, else one whose base
   * name matches a name given without a suffix (`cat` finds `cat#0001`, lowest first), else,
   * when `fuzzy`, the most similar name (typos, plurals, word order; `cat#0009` then finds a
   * cat), else `undefined`. With `fuzzy` off a suffixed name must exist as written: another
   * variant is only "similar", which the spec allows only while fuzzy matching is on.
   */
  findByName(name: string, fuzzy: boolean): R | undefined {
    const wanted = normalizeName(name);
    const exact = this.#byName.get(wanted);
    if (exact) return this.#sorted(exact)[0];
    const base = this.#byBaseName.get(baseName(wanted));
    if (base && (fuzzy || baseName(wanted) === wanted)) return this.#sorted(base)[0];
    if (!fuzzy) return undefined;
    const found = this.#names.find(baseName(wanted), (id) => this.#sortRank[id]!);
    return found === undefined ? undefined : this.records[found];
  }

  /**
   * A record of the kind `word` names when no record has it as a name: one tagged so (`gull`
   * finds the seagull), of that `creature`, or of that group (`fish`), a creature before a prop
   * (a record tagged `scenery`), then in name order; plurals meet their singular.
   */
  findByKind(word: string): R | undefined {
    const ids = this.#byKind.get(singular(normalizeName(word)));
    if (!ids) return undefined;
    const prop = (id: number) => Number((this.records[id]!.tags ?? []).includes("scenery"));
    let best = ids[0]!;
    for (const id of ids)
      if (prop(id) - prop(best) < 0 || (prop(id) === prop(best) && this.#sortRank[id]! < this.#sortRank[best]!))
        best = id;
    return this.records[best];
  }

  /** The record whose `_id` is exactly `id` (the first one, should two share it). */
  findById(id: string): R | undefined {
    const found = this.#byId.get(id);
    return found === undefined ? undefined : this.records[found];
  }

  /**
   * Records matching `query`. A habitat word gives exactly the records in that habitat (its
   * flag, its `habitats` list or its `habitat` string), by name. Otherwise every word must match name, creature, tags, group, type, taxonomy or a
   * habitat (fuzzily and by prefix when `fuzzy`), ordered by relevance, then name.
   */
  search(query: string, fuzzy: boolean): readonly R[] {
    const wanted = normalizeName(query);
    if (isHabitat(wanted)) {
      let records = this.#habitatRecords.get(wanted);
      if (!records) this.#habitatRecords.set(wanted, (records = this.#sorted(this.#byHabitat.get(wanted) ?? [])));
      return records;
    }
    const hits = this.#search.search(wanted, {
      boost: SEARCH_BOOSTS,
      fuzzy: fuzzy ? FUZZINESS : false,
      prefix: fuzzy ? (term) => term.length >= 3 : false,
      combineWith: "AND",
    });
    return this.#ranked(hits);
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/**
 * One collator for every comparison: `localeCompare` with options builds one per call, which
 * made sorting a 100 000-record catalog's names most of its load time.
 */
const NAME_COLLATOR = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Name order: case-insensitive, numeric suffixes in number order. */
function compareNames(a: string, b: string): number {
  return NAME_COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
