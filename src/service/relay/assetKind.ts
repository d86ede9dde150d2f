/**
 * The content type of a relayed file, read from its bytes: a PNG, a JPEG, a GLB by their magic
 * numbers; glTF JSON by its `asset` object; OBJ and MTL text by their statements. The type the
 * asset host declared is never taken as it is, so a page, a script or a secret in plain text
 * is never relabelled as a model file.
 */

const OBJ_STATEMENTS = new Set(
  "v vt vn vp f l p o g s mg mtllib usemtl cstype deg bmat step curv curv2 surf parm trim hole scrv sp end con lod bevel c_interp d_interp shadow_obj trace_obj ctech stech".split(
    " ",
  ),
);
const MTL_STATEMENTS = new Set(
  "newmtl ka kd ks ke ns ni d tr tf illum sharpness bump disp decal refl norm pr pm ps pc pcr aniso anisor".split(" "),
);

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** Whether every statement of `text` is one `known` names (blank and `#` lines skipped). */
function statementsOf(text: string, known: ReadonlySet<string>, prefixes: readonly string[] = []): boolean {
  let statements = 0;
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim().split(/\s+/, 1)[0]!.toLowerCase();
    if (word === "" || word.startsWith("#")) continue;
    if (!known.has(word) && !prefixes.some((p) => word.startsWith(p))) return false;
    statements++;
  }
  return statements > 0;
}

/** A C0 control character other than tab, LF and CR, or DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** The type of `bytes`, one of the relay's types, or `undefined` when they are none of them. */
export function assetKindOf(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x67, 0x6c, 0x54, 0x46])) return "model/gltf-binary"; // "glTF"
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Text models are printable: a control character other than tab, CR and LF is not one.
  if (hasControlCharacter(text)) return undefined;
  if (text.trimStart().startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as { asset?: unknown };
      return typeof parsed?.asset === "object" && parsed.asset !== null ? "model/gltf+json" : undefined;
    } catch {
      return undefined;
    }
  }
  if (statementsOf(text, OBJ_STATEMENTS)) return "model/obj";
  if (statementsOf(text, MTL_STATEMENTS, ["map_"])) return "model/mtl";
  return undefined;
}
