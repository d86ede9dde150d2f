/**
 * MTL text, taken apart before Babylon sees it: texture statements (`map_Kd`, `map_Bump`, ...)
 * are removed and returned as data, so that the loader fetches each texture from its own signed
 * URL instead of letting Babylon resolve `rootUrl + name` (which drops the signature). Pure text
 * processing; no engine.
 */

/** Which material slot a texture statement fills. */
export type TextureSlot = "diffuse" | "ambient" | "specular" | "bump" | "opacity";

/** A Map, not a plain object: an object would answer `Object.prototype`'s names (`constructor`, `__proto__`) too. */
const SLOT_BY_KEYWORD: ReadonlyMap<string, TextureSlot> = new Map([
  ["map_kd", "diffuse"],
  ["map_ka", "ambient"],
  ["map_ks", "specular"],
  ["map_bump", "bump"],
  ["bump", "bump"],
  ["map_d", "opacity"],
]);

/** One texture statement of an MTL. */
export interface MtlTextureRef {
  /** The `newmtl` it belongs to. */
  material: string;
  slot: TextureSlot;
  /** The file name the statement names (last path segment, URL-decoded), matched against texture URLs. */
  file: string;
  /** `-bm` of a bump map, when given. */
  bumpLevel?: number;
}

/** An MTL split into the text Babylon may parse and the textures the loader must fetch. */
export interface SplitMtl {
  /** The MTL without texture statements. */
  text: string;
  textures: MtlTextureRef[];
  /** Materials in the order of their `newmtl` statements. */
  materials: string[];
}

/** Options that take a value in texture statements (the value is skipped before the file name). */
const OPTIONS_WITH_ARGS: Readonly<Record<string, number>> = {
  "-bm": 1,
  "-blendu": 1,
  "-blendv": 1,
  "-boost": 1,
  "-cc": 1,
  "-clamp": 1,
  "-imfchan": 1,
  "-texres": 1,
  "-type": 1,
  "-mm": 2,
  "-o": 3,
  "-s": 3,
  "-t": 3,
};

/** The file name in a texture statement's value, after its options; `undefined` when none. */
function parseTextureValue(value: string): { file: string; bumpLevel?: number } | undefined {
  const tokens = value.split(/\s+/).filter(Boolean);
  let bumpLevel: number | undefined;
  let i = 0;
  while (i < tokens.length && tokens[i]!.startsWith("-") && OPTIONS_WITH_ARGS[tokens[i]!.toLowerCase()] !== undefined) {
    const option = tokens[i]!.toLowerCase();
    if (option === "-bm") bumpLevel = Number(tokens[i + 1]);
    i += 1 + OPTIONS_WITH_ARGS[option]!;
  }
  // File names may hold spaces ("fox fur.png"): the rest of the line is the name.
  // A name that ends in a slash (`map_Kd textures/`) names a folder, no file.
  const file = fileNameOf(tokens.slice(i).join(" "));
  if (!file) return undefined;
  return { file, ...(bumpLevel !== undefined && Number.isFinite(bumpLevel) ? { bumpLevel } : {}) };
}

/** The last path segment of a name (either slash), URL-decoded when it is encoded. */
export function fileNameOf(path: string): string {
  const segment = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Splits an MTL into texture-free text and its texture statements.
 *
 * @example
 * splitMtl("newmtl fur\nKd 1 1 1\nmap_Kd fox fur.png\n").textures;
 * // [{ material: "fur", slot: "diffuse", file: "fox fur.png" }]
 */
export function splitMtl(mtl: string): SplitMtl {
  const kept: string[] = [];
  const textures: MtlTextureRef[] = [];
  const materials: string[] = [];
  let current: string | undefined;
  for (const rawLine of mtl.split(/\r?\n/)) {
    const line = rawLine.trim();
    const space = line.search(/\s/);
    const keyword = (space < 0 ? line : line.slice(0, space)).toLowerCase();
    const value = space < 0 ? "" : line.slice(space + 1).trim();
    if (keyword === "newmtl") {
      current = value;
      materials.push(value);
    }
    const slot = SLOT_BY_KEYWORD.get(keyword);
    if (slot === undefined) {
      kept.push(rawLine);
      continue;
    }
    const parsed = parseTextureValue(value);
    if (current !== undefined && parsed) textures.push({ material: current, slot, ...parsed });
  }
  return { text: kept.join("\n"), textures, materials };
}
