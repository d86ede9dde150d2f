/**
 * Starts on a rigged model's GLBs while the rest are still on their way: the glTF chunk
 * (gltf/index.ts, with Babylon's glTF loader) is imported as the fetch starts, and each clip's
 * GLB is handed to its template builder as soon as it arrives (the model's loaded by Babylon,
 * the others' animations read as data). `finish()` puts the template together once every GLB
 * has arrived or failed.
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { FetchedClip } from "../../../api/fetchModelAssets.js";
import { importOnce } from "../../../util/importOnce.js";
import type { RiggedTemplate, RiggedTemplateBuilder } from "../../gltf/index.js";
import type { MenagerieWarning } from "../../types.js";

type GltfChunk = typeof import("../../gltf/index.js");

/** The glTF chunk's import, shared by every load (util/importOnce.ts). */
const gltfChunk = importOnce<GltfChunk>(() => import("../../gltf/index.js"));

export class RigParser {
  readonly #builder: Promise<RiggedTemplateBuilder>;

  /** @param clips every clip of the record, in its order (the model clip is chosen among them). */
  constructor(scene: Scene, model: string, clips: readonly string[], warn: (warning: MenagerieWarning) => void) {
    // Loaded on demand: with the glTF loader it brings, about half of Menagerie's weight in a
    // bundle, which a game whose creatures are all OBJ never downloads.
    this.#builder = gltfChunk().then(
      ({ RiggedTemplateBuilder }) => new RiggedTemplateBuilder(scene, model, clips, { warn }),
    );
    this.#builder.catch(() => undefined); // judged in finish()
  }

  /** Hands on a clip's GLB as it arrives. */
  add(clip: FetchedClip): void {
    void this.#builder.then(
      (builder) => builder.add(clip.clip, clip.bytes),
      () => undefined,
    );
  }

  /** The template; see `RiggedTemplateBuilder.finish`. */
  async finish(signal: AbortSignal): Promise<RiggedTemplate> {
    return (await this.#builder).finish(signal);
  }

  /** Gives up before `finish()`: whatever was made is disposed; settles when it is. */
  dispose(): Promise<void> {
    return this.#builder.then(
      (builder) => builder.dispose(),
      () => undefined,
    );
  }
}
