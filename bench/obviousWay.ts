/**
 * The baseline: creatures loaded the way a Babylon user would without Menagerie. One lookup per
 * creature (a raw fetch with the key, taking `[0]` of an array answer), then every part with
 * `ImportMeshAsync` from its signed URL, all at once, nothing shared between creatures.
 *
 * Materials, "the simplest way that works": the OBJ loader asks for `<folder>/<mtllib>` and
 * `<folder>/<map_Kd>` WITHOUT the signature, which the service refuses (403). A global
 * `Tools.PreprocessUrl` maps such an unsigned asset URL to the signed URL of the same file taken
 * from the records looked up so far (signed URLs pass through unchanged, so the mapping is
 * idempotent, as Babylon needs for images). Each part load then fetches and parses the MTL
 * itself and makes its own materials and textures, as the stock loader does.
 *
 * Runs in Node (with an XMLHttpRequest polyfill, see nodeXhr.ts) and in the browser bench page.
 */
import { ImportMeshAsync } from "@babylonjs/core/Loading/sceneLoader.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import { Tools } from "@babylonjs/core/Misc/tools.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { RegisterOBJFileLoader } from "@babylonjs/loaders/OBJ/objFileLoader.pure.js";

/** The fields of a lookup answer the baseline uses. */
export interface RawRecord {
  name: string;
  model: { parts: Record<string, string>; other: { material?: string; texture?: string[] } };
}

export interface ObviousCreature {
  name: string;
  root: TransformNode;
  meshes: AbstractMesh[];
}

let registered = false;

/** Where a URL points without its query: the key of the unsigned → signed map. */
function fileKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

export class ObviousLoader {
  readonly #signed = new Map<string, string>();
  #previousPreprocess: ((url: string) => string) | undefined;

  constructor(
    readonly scene: Scene,
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {
    if (!registered) RegisterOBJFileLoader();
    registered = true;
  }

  /** Installs the global URL mapping; `uninstall()` puts the previous one back. */
  install(): this {
    this.#previousPreprocess = Tools.PreprocessUrl;
    Tools.PreprocessUrl = (url) => {
      if (url.includes("?")) return url; // already signed (or not ours): leave it
      const key = fileKey(url);
      return (key && this.#signed.get(key)) ?? url;
    };
    return this;
  }

  uninstall(): void {
    if (this.#previousPreprocess) Tools.PreprocessUrl = this.#previousPreprocess;
    this.#previousPreprocess = undefined;
  }

  /** One lookup by exact name, as a user would write it. */
  async lookup(name: string): Promise<RawRecord> {
    const response = await fetch(
      `${this.baseUrl}/anything?key=${encodeURIComponent(this.apiKey)}&name=${encodeURIComponent(name)}&fuzzy=false`,
    );
    if (!response.ok) throw new Error(`lookup of ${name} failed: HTTP ${response.status}`);
    const json = (await response.json()) as RawRecord | RawRecord[];
    const record = Array.isArray(json) ? json[0] : json;
    if (!record) throw new Error(`lookup of ${name}: not found`);
    this.remember(record);
    return record;
  }

  /** Registers the signed links of `record` (and `extra` links) for the URL mapping. */
  remember(record: RawRecord, extra: (string | undefined)[] = []): void {
    const { parts, other } = record.model;
    for (const url of [...Object.values(parts), other.material, ...(other.texture ?? []), ...extra]) {
      const key = url && fileKey(url);
      if (key) this.#signed.set(key, url!);
    }
  }

  /** Loads every part of `record` at the origin of a new root node (parts share one model frame). */
  async load(record: RawRecord, position: { x: number; z: number }): Promise<ObviousCreature> {
    const root = new TransformNode(`${record.name}-root`, this.scene);
    root.position.set(position.x, 0, position.z);
    const results = await Promise.all(Object.values(record.model.parts).map((url) => ImportMeshAsync(url, this.scene)));
    const meshes = results.flatMap((r) => r.meshes);
    for (const mesh of meshes) if (!mesh.parent) mesh.parent = root;
    return { name: record.name, root, meshes };
  }

  /** Lookup, then load: one creature the obvious way. */
  async spawn(name: string, position: { x: number; z: number }): Promise<ObviousCreature> {
    return this.load(await this.lookup(name), position);
  }
}
