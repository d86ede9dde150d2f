/**
 * The creature browser: search as you type over every model name (the service's `GET /names`,
 * fetched once), the fuzzy name lookup when no name holds the words typed ("elefant"),
 * thumbnails from the records, featured creatures while the box is empty, and a click spawns.
 * It asks the service for nothing until its panel is first on screen or takes focus: the featured
 * tiles are a lookup each, which a page load that never shows the panel should not pay for.
 */
import type { LookupClient } from "../src/api/client.js";
import type { ModelRecord } from "../src/records/index.js";
import "./creatureBrowser.css";

/** Shown while the box is empty, those the catalog has. */
const FEATURED = ["fox", "zebra", "elephant", "penguin", "barn owl", "owl", "frog", "lion", "parrot", "octopus"];
/** Tiles at most. */
const MAX_TILES = 8;
/** Typing pauses this long before a search. */
const DEBOUNCE_MS = 120;

export interface CreatureBrowserDeps {
  client: LookupClient;
  /** Where the browser draws itself (its heading, box and tiles). */
  root: HTMLElement;
  /** Spawns a creature by its exact name (the demo's own spawn). */
  spawn: (name: string) => Promise<void>;
}

/** What the browser tests read. */
export interface CreatureBrowserState {
  /** Names the service listed (0 until `/names` answered). */
  names: number;
  /** The names of the tiles shown, in order. */
  shown: string[];
  /**
   * What the tiles are: featured ones, names holding the words typed, a fuzzy match, or none;
   * `idle` until the panel is first shown.
   */
  source: "featured" | "names" | "fuzzy" | "none" | "loading" | "idle";
  /** Tiles whose thumbnail loaded. */
  thumbnails: number;
  /** Spawns asked for by a click. */
  spawned: number;
  lastError: string;
}

/** The thumbnail of a record: its `thumbnails` (first given), else its reference picture. */
function thumbnailOf(record: ModelRecord): string | undefined {
  const listed = Object.values(record.thumbnails ?? {}).find((url): url is string => typeof url === "string");
  return listed ?? record.model.other.reference;
}

/** The base name without a `#0002` suffix, as people type it. */
const spoken = (name: string) => name.replace(/#\d+$/, "").toLowerCase();

/** Names holding every word typed; those starting with it first, then by name. */
export function matchNames(names: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  const hits = names.filter((name) => words.every((w) => spoken(name).includes(w)));
  const starts = (name: string) => (spoken(name).startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_TILES);
}

/** Builds the browser in `root` and starts it; `state` is what it shows. */
export function createCreatureBrowser(deps: CreatureBrowserDeps): CreatureBrowserState {
  const state: CreatureBrowserState = {
    names: 0,
    shown: [],
    source: "idle",
    thumbnails: 0,
    spawned: 0,
    lastError: "",
  };
  const { root, client } = deps;
  const heading = document.createElement("h2");
  heading.textContent = "Browse creatures";
  const label = document.createElement("label");
  label.htmlFor = "browse-query";
  label.textContent = "Search";
  const input = document.createElement("input");
  Object.assign(input, {
    id: "browse-query",
    type: "search",
    placeholder: "zebra, bird, elefant...",
    autocomplete: "off",
  });
  const note = document.createElement("p");
  note.id = "browse-note";
  note.setAttribute("role", "status");
  const list = document.createElement("ul");
  list.id = "browse-tiles";
  list.className = "browse-tiles";
  root.replaceChildren(heading, label, input, note, list);

  let names: string[] = [];
  let searching: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function tile(record: ModelRecord, signal: AbortSignal): HTMLLIElement {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "browse-tile";
    button.dataset["name"] = record.name;
    button.title = `Spawn ${record.name}`;
    const image = document.createElement("img");
    image.alt = "";
    image.width = 64;
    image.height = 48;
    const src = thumbnailOf(record);
    if (src) {
      image.addEventListener("load", () => void (signal.aborted || (state.thumbnails += 1)), { once: true });
      image.src = src;
    }
    const caption = document.createElement("span");
    caption.textContent = record.name;
    button.append(image, caption);
    button.addEventListener("click", () => {
      state.spawned += 1;
      void deps.spawn(record.name);
    });
    item.append(button);
    return item;
  }

  /** Shows the records of `wanted` (exact names), in order; names the service no longer has are left out. */
  async function show(wanted: string[], source: CreatureBrowserState["source"], signal: AbortSignal) {
    const found = await Promise.all(wanted.map((name) => client.getModel(name, { fuzzy: false, signal })));
    if (signal.aborted) return;
    const records = found.filter((r): r is ModelRecord => r !== null);
    state.thumbnails = 0;
    list.replaceChildren(...records.map((r) => tile(r, signal)));
    state.shown = records.map((r) => r.name);
    state.source = records.length > 0 ? source : "none";
  }

  async function search(query: string): Promise<void> {
    searching?.abort();
    const controller = new AbortController();
    searching = controller;
    const { signal } = controller;
    try {
      if (query.trim() === "") {
        const featured = FEATURED.filter((n) => names.includes(n));
        note.textContent = "Featured creatures: click one to spawn it.";
        await show(featured.length > 0 ? featured : names.slice(0, MAX_TILES), "featured", signal);
        return;
      }
      const hits = matchNames(names, query);
      if (hits.length > 0) {
        note.textContent = `${hits.length === MAX_TILES ? "First matches" : "Matches"} for "${query.trim()}".`;
        await show(hits, "names", signal);
        return;
      }
      // No name holds the words: the service's fuzzy lookup finds the nearest ("elefant").
      const near = await client.getModel(query.trim(), { signal });
      if (signal.aborted) return;
      note.textContent = near
        ? `No name holds "${query.trim()}". Did you mean ${near.name}?`
        : `Nothing like "${query.trim()}".`;
      await show(near ? [near.name] : [], "fuzzy", signal);
    } catch (error) {
      if (signal.aborted) return;
      state.lastError = (error as Error).message;
      note.textContent = `Could not search: ${state.lastError}`;
    }
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(input.value), DEBOUNCE_MS);
  });
  whenFirstShown(root, () => {
    state.source = "loading";
    client
      .names()
      .then((all) => {
        names = all;
        state.names = all.length;
        return search(input.value);
      })
      .catch((error: Error) => {
        state.lastError = error.message;
        note.textContent = `Could not list the creatures: ${error.message}`;
      });
  });
  return state;
}

/**
 * Calls `start` once, the first time `root` is on screen (scrolled into its panel's view) or
 * something in it takes focus (a keyboard user tabbing to the box before it scrolled in).
 */
function whenFirstShown(root: HTMLElement, start: () => void): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    root.removeEventListener("focusin", go);
    start();
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) go();
  });
  observer.observe(root);
  root.addEventListener("focusin", go);
}
