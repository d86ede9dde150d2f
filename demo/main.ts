/**
 * The Menagerie demo: pick a habitat, populate, spawn by name, click a creature for its card.
 * Talks to the reference service mounted on this page's own origin (`npm run demo`), or to the
 * service named by `?service=<url>&key=<key>` (for example a proxy of the real one).
 */
import { Engine } from "@babylonjs/core/Engines/engine.js";
import { PointerEventTypes } from "@babylonjs/core/Events/pointerEvents.js";
import { SceneInstrumentation } from "@babylonjs/core/Instrumentation/sceneInstrumentation.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { type Creature, type CreatureGroup, type Habitat, isMenagerieError, Menagerie } from "../src/index.js";
import { HABITATS } from "../src/records/index.js";
import { CANYON_CHOICE, createCanyon } from "./canyon.js";
import { hideCard, showCard } from "./card.js";
import { createCreatureBrowser } from "./creatureBrowser.js";
import { crowdMeshes, drawCounts, hasGrown, riggedPlaying, screenPoint } from "./drawing.js";
import { HABITAT_LOOKS } from "./habitatLooks.js";
import { createLagoon } from "./lagoon.js";
import { createLiving } from "./living.js";
import { sayer } from "./say.js";
import { createDemoScene, qualityAdapter, WORLD_RADIUS } from "./scene.js";
import { createShowcase } from "./showcase.js";
import { applyStartChoice } from "./startChoice.js";

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const params = new URLSearchParams(location.search);
const serviceUrl = params.get("service") ?? location.origin;
// The reference service's public dev key; a real key belongs in a proxy, not in a page.
const apiKey = params.get("key") ?? (params.has("service") ? "" : "dev-key");
$<HTMLInputElement>("#service-url").value = serviceUrl;

const canvas = $<HTMLCanvasElement>("#scene");
const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
const demo = createDemoScene(engine);
const { scene } = demo;
const instrumentation = new SceneInstrumentation(scene);
instrumentation.captureFrameTime = true;
const frameTime = () => instrumentation.frameTimeCounter.lastSecAverage;
// Every creature stands on the demo's terrain: populated, spawned by name or added by a command.
const menagerie = new Menagerie(scene, {
  baseUrl: serviceUrl,
  apiKey: apiKey || undefined,
  seed: 42,
  ground: demo.height,
});
const showcase = createShowcase({ scene, engine, camera: demo.camera, menagerie, frameTime });
const WATER_HABITATS = new Set(["sea", "lake", "pond", "river", "swamp"]);
// Creatures (crowds included) and props cast and receive shadows; crowds stay crowds.
menagerie.addShadowCaster(demo.shadows);
const crowds = crowdMeshes(scene);
const living = createLiving({ menagerie, ground: demo.height, radius: WORLD_RADIUS, tell: (t) => status(t) });
const livingBox = $<HTMLInputElement>("#living");
const canyon = createCanyon({ scene, demo, menagerie, panelAfter: $("#populate-form"), tell: (t) => status(t) });
// The lagoon scene (?scene=lagoon): its own ground, water and creatures; any populate leaves it.
const lagoon = createLagoon({ menagerie, demo, tell: (t) => status(t) });
(window as unknown as { __lagoon: typeof lagoon.state }).__lagoon = lagoon.state;

let group: CreatureGroup | undefined;
const loose: Creature[] = [];
let busy: AbortController | undefined;

/** What the browser tests read. */
const state = {
  ready: false,
  populating: false,
  creatures: 0,
  /**
   * Copies of meshes drawn for all creatures and props (what draw calls would be without
   * instancing): rigged creatures' and props' meshes, plus each crowd mesh's thin instances.
   */
  instances: 0,
  /** Distinct source meshes those copies draw from (a crowd mesh is its own source). */
  distinctSources: 0,
  /**
   * Creatures (either form) that grew nodes of their own and left their crowd (the demo wants 0).
   * Counted when read, so a test sees a click's effect without waiting for a readout.
   */
  get grownCreatures(): number {
    return menagerie.creatures.filter(hasGrown).length;
  },
  drawCalls: 0,
  fps: 0,
  /** The Menagerie's counters (requests, bytes, parts read in workers or on the main thread). */
  stats: menagerie.stats,
  lastSpawn: "",
  /** Text commands carried out (the "Say" box). */
  commands: 0,
  lastError: "",
  habitat: "",
  /** Creatures built from a rigged glTF, and how many of those have every clip playing. */
  rigged: 0,
  riggedPlaying: 0,
  /** Following, frame ms, props, inspector (showcase.ts). */
  showcase: showcase.state,
  /** The living world: catches, hunters, herds (living.ts). */
  living: living.state,
  /** The Canyon, a level on a navmesh: its build time, its herd's crossing, jumps seen (canyon.ts). */
  canyon: canyon.state,
  /** Turns the camera toward creature `index`, as spawning one does (for tests). */
  lookAt(index: number): boolean {
    const creature = menagerie.creatures[index];
    if (!creature) return false;
    showcase.release(); // a followed creature would pull the camera back
    demo.camera.setTarget(creature.root.position.add(new Vector3(0, creature.heightMeters / 2, 0)));
    return true;
  },
  /** Where creature `index` of the current scene is on screen, in CSS pixels. */
  screenPointOf(index: number): { x: number; y: number; name: string; form: Creature["form"] } | undefined {
    const creature = menagerie.creatures[index];
    if (!creature) return undefined;
    return { ...screenPoint(creature, scene, demo.camera), name: creature.name, form: creature.form };
  },
};
(window as unknown as { __demo: typeof state }).__demo = state;

function status(text: string): void {
  $("#status").textContent = text;
}

function setProgress(done: number, total: number, label: string): void {
  const wrap = $("#progress-wrap");
  wrap.hidden = done >= total;
  $<HTMLProgressElement>("#progress").value = total ? done / total : 1;
  $("#progress-text").textContent = label;
}

const habitatSelect = $<HTMLSelectElement>("#habitat");
habitatSelect.replaceChildren(...HABITATS.map((h) => new Option(h, h, h === "forest", h === "forest")));
habitatSelect.append(new Option("canyon (a level on a navmesh)", CANYON_CHOICE));
const count = $<HTMLInputElement>("#count");
const sceneryInput = $<HTMLInputElement>("#scenery");
count.addEventListener("input", () => ($("#count-value").textContent = count.value));

// The readout counts each model's crowd meshes (made with its first creature).
menagerie.onCreatureSpawnedObservable.add(() => crowds.find());
menagerie.onWarningObservable.add((w) => console.warn(`[menagerie] ${w.code} ${w.model}: ${w.message}`));

async function populate(habitat: Habitat, n: number, seed: number, scenery: number): Promise<void> {
  if ((habitat as string) === CANYON_CHOICE) return openCanyon(); // the form's extra choice: not a habitat
  busy?.abort();
  const controller = new AbortController();
  busy = controller;
  group?.dispose();
  for (const c of loose.splice(0)) c.dispose();
  hideCard();
  canyon.close();
  lagoon.leave();
  state.populating = true;
  state.habitat = habitat;
  demo.setLook(HABITAT_LOOKS[habitat], seed);
  const water = WATER_HABITATS.has(habitat)
    ? { center: { x: 0, z: 0 }, radius: WORLD_RADIUS * 0.45, level: 0.15 }
    : undefined;
  demo.setWater(water);
  status(`Populating ${habitat}...`);
  living.reset(undefined);
  living.state.on = livingBox.checked;
  try {
    group = await menagerie.populate({
      habitat,
      count: n,
      seed,
      area: { center: { x: 0, z: 0 }, radius: WORLD_RADIUS },
      ground: demo.height,
      ...(water ? { water: { center: water.center, radius: water.radius }, waterLevel: water.level } : {}),
      scenery,
      ecology: living.state.on, // predators hunt, prey flee (living.ts counts the catches)
      onCreatureAdded: living.watch,
      signal: controller.signal,
      onProgress: (p) =>
        setProgress(
          p.creaturesSpawned,
          p.creaturesTotal,
          `${p.modelsLoaded}/${p.modelsTotal} models, ${p.creaturesSpawned}/${p.creaturesTotal} creatures`,
        ),
    });
    showcase.dress(group);
    living.reset(group);
    // What a text command adds into the scene joins its group (the library's doing): count its catches too.
    group.onCreatureAddedObservable.add(living.watch);
    const species = group.records.map((r) => r.name).join(", ");
    status(
      group.creatures.length
        ? `${group.creatures.length} creatures and ${group.scenery.length} props in the ${habitat}: ${species}.`
        : `Nobody lives in the ${habitat} here.`,
    );
    for (const omission of group.omissions) console.info(`[demo] left out: ${omission}`);
  } catch (error) {
    if (controller.signal.aborted) return;
    state.lastError = String((error as Error).message);
    status(`Could not populate: ${(error as Error).message}`);
  } finally {
    if (busy === controller) {
      state.populating = false;
      setProgress(1, 1, "");
    }
  }
}

/** Shows the lagoon instead of a habitat, and puts it in the page's link. */
async function showLagoon(): Promise<void> {
  busy?.abort();
  const controller = new AbortController();
  busy = controller;
  group?.dispose();
  group = undefined;
  for (const c of loose.splice(0)) c.dispose();
  hideCard();
  living.reset(undefined);
  canyon.close();
  state.populating = true;
  state.habitat = "lagoon";
  demo.setWater(undefined);
  demo.setLook(HABITAT_LOOKS.beach, 0);
  status("Filling the lagoon...");
  const link = new URL(location.href);
  link.searchParams.set("scene", "lagoon");
  history.replaceState(null, "", link);
  try {
    const creatures = await lagoon.enter(controller.signal);
    status(`The lagoon: ${creatures.length} creatures; birds land on the beach now and then, a shark hunts.`);
  } catch (error) {
    if (controller.signal.aborted) return;
    state.lastError = String((error as Error).message);
    status(`Could not fill the lagoon: ${(error as Error).message}`);
  } finally {
    if (busy === controller) state.populating = false;
  }
}

async function spawnByName(name: string): Promise<void> {
  const did = $("#did-you-mean");
  did.textContent = `Looking up "${name}"...`;
  try {
    const target = demo.camera.target;
    const angle = Math.random() * Math.PI * 2;
    const x = target.x + Math.cos(angle) * 2;
    const z = target.z + Math.sin(angle) * 2;
    const creature = await menagerie.spawnCreature(name, { position: new Vector3(x, demo.height(x, z), z) });
    creature.wander({ area: { center: { x: 0, z: 0 }, radius: WORLD_RADIUS } });
    loose.push(creature);
    const matched = creature.record.name;
    did.textContent =
      matched.toLowerCase() === name.trim().toLowerCase()
        ? `Spawned ${matched}.`
        : `Did you mean "${matched}"? Spawned ${matched}.`;
    state.lastSpawn = matched;
    showCard(creature);
    showcase.release(); // look at the newcomer; a click on it follows it
    demo.camera.setTarget(new Vector3(x, demo.height(x, z) + creature.heightMeters / 2, z));
  } catch (error) {
    did.textContent =
      isMenagerieError(error, "load") && error.reason === "not-found"
        ? `No creature called "${name}".`
        : `Could not spawn: ${(error as Error).message}`;
  }
}

/** The Canyon instead of a habitat: the habitat's creatures go first. */
async function openCanyon(): Promise<void> {
  busy?.abort();
  busy = undefined;
  group?.dispose();
  group = undefined;
  for (const c of loose.splice(0)) c.dispose();
  hideCard();
  living.reset(undefined);
  lagoon.leave();
  state.habitat = CANYON_CHOICE;
  state.populating = true;
  try {
    await canyon.open();
    if (params.get("cross") === "1") canyon.cross();
  } catch (error) {
    if (!canyon.state.open) return; // closed for a habitat meanwhile
    state.lastError = String((error as Error).message);
    status(`Could not open the Canyon: ${(error as Error).message}`);
  } finally {
    if (state.habitat === CANYON_CHOICE) state.populating = false;
  }
}

/** Populates with the form's habitat, count, seed and scenery (the living world box included). */
const populateFromForm = () =>
  populate(
    habitatSelect.value as Habitat,
    Number(count.value),
    Number($<HTMLInputElement>("#seed").value) || 0,
    Number(sceneryInput.value) || 0,
  );
$<HTMLFormElement>("#populate-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const link = new URL(location.href);
  if (link.searchParams.has("scene")) {
    link.searchParams.delete("scene");
    history.replaceState(null, "", link);
  }
  void populateFromForm();
});
$("#lagoon").addEventListener("click", () => void showLagoon());
// The toggle takes effect at once: the same scene again, with or without its hunters.
livingBox.addEventListener("change", () => void populateFromForm());
$<HTMLFormElement>("#spawn-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $<HTMLInputElement>("#spawn-name").value.trim();
  if (name) void spawnByName(name);
});
const say = sayer({
  menagerie,
  out: $("#say-account"),
  // change_habitat the demo's way: its ground, sky and water follow the habitat.
  repopulate: async (habitat) => {
    habitatSelect.value = habitat;
    await populateFromForm();
    return group;
  },
  // What a command adds lives by itself (it wanders in the scene's group, herds, flees, is
  // hunted); the page only clears it with the next scene.
  added: (c) => void loose.push(c),
  done: () => void (state.commands += 1),
});

$<HTMLFormElement>("#say-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $<HTMLInputElement>("#say-text").value.trim();
  if (text) void say(text);
});
$("#card-close").addEventListener("click", hideCard);
$<HTMLFormElement>("#service-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const url = new URL(location.href);
  url.searchParams.set("service", $<HTMLInputElement>("#service-url").value);
  url.searchParams.set("key", $<HTMLInputElement>("#service-key").value);
  location.assign(url);
});

scene.onPointerObservable.add((info) => {
  if (info.type !== PointerEventTypes.POINTERPICK) return;
  const creature = menagerie.creatureFromPick(info.pickInfo);
  if (creature) showCard(creature);
});

const adaptQuality = qualityAdapter(engine);
let lastReadout = 0;
engine.runRenderLoop(() => {
  adaptQuality(performance.now());
  scene.render();
  const now = performance.now();
  if (now - lastReadout > 250) {
    lastReadout = now;
    state.fps = Math.round(engine.getFps());
    state.drawCalls = instrumentation.drawCallsCounter.current;
    state.creatures = menagerie.creatures.length;
    // Props are instanced too: their meshes count with the creatures'. Level-of-detail crowd
    // meshes come after the spawns (a rigged model's once its simplification is done): look again.
    crowds.find();
    Object.assign(state, drawCounts(menagerie.creatures, group?.scenery ?? [], crowds.meshes));
    const rigged = menagerie.creatures.filter((c) => c.form === "rig");
    state.rigged = rigged.length;
    state.riggedPlaying = riggedPlaying(rigged, crowds.meshes);
    living.update();
    $("#fps").textContent = String(state.fps);
    $("#draw-calls").textContent = String(state.drawCalls);
    $("#creature-count").textContent = String(state.creatures);
    $("#frame-ms").textContent = showcase.state.frameMs.toFixed(1);
    $("#following").hidden = showcase.state.following === "";
    $("#following-name").textContent = showcase.state.following;
  }
});
addEventListener("resize", () => engine.resize());

const browser = menagerie.client
  ? createCreatureBrowser({ client: menagerie.client, root: $("#creature-browser"), spawn: spawnByName })
  : undefined;
(window as unknown as { __creatureBrowser?: typeof browser }).__creatureBrowser = browser;

state.ready = true;
// `?habitat=canyon` picks the Canyon, which is no habitat of the records.
const wantsCanyon = params.get("habitat") === CANYON_CHOICE;
if (wantsCanyon) params.delete("habitat");
const start = applyStartChoice(params, { habitat: habitatSelect, count, seed: $("#seed"), scenery: sceneryInput });
if (wantsCanyon) habitatSelect.value = CANYON_CHOICE;
if (start.habitatError) {
  state.lastError = start.habitatError;
  status(`Nothing populated: ${start.habitatError}`);
} else if (params.get("scene") === "lagoon") void showLagoon();
else void populateFromForm();
