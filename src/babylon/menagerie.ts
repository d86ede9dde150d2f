/**
 * The Menagerie plugin object: spawns creatures by name or record into one scene, loading each
 * model once and instancing it for every copy.
 *
 * A game's first download holds this class, its options, errors and the creature's surface;
 * the code that loads, draws and moves creatures is the runtime chunk (runtime/), which the
 * constructor starts loading with `import()` so that it arrives while the first lookup is on
 * the wire. Once it is there, the Menagerie hands its spawner one {@link SpawnHost} (its checked
 * settings, its motion, its reports), and a spawn is: the lookup sent here, then the spawner's
 * work from model to creature.
 *
 * It owns its parts as private fields and delegates to them: time (pause, time scale, a game's
 * own fixed step) is its {@link MotionDriver}'s; the world creatures share with the game
 * (obstacles, agents such as a player, spatial queries, picks) is its {@link GameWorld}'s;
 * shadows are its {@link ShadowCasters}'.
 */

import type { Camera } from "@babylonjs/core/Cameras/camera.js";
import type { PickingInfo } from "@babylonjs/core/Collisions/pickingInfo.js";
import { Frustum } from "@babylonjs/core/Maths/math.frustum.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { Observable } from "@babylonjs/core/Misc/observable.js";
import type { Scene } from "@babylonjs/core/scene.js";
import type { LookupClient } from "../api/client.js";
import { redactWarning } from "../api/loadEvents.js";
import { LoadError, OptionsError } from "../core/errors.js";
import { nonNegativeNumber } from "../core/options.js";
import { redactUrl } from "../core/redact.js";
import type { FlightBandRule } from "../motion/flightBands.js";
import type { JumpLink, JumpLinkEnd, JumpLinkOptions } from "../motion/jumpRoutes.js";
import type { SwimKind } from "../motion/swimKinds.js";
import type { Obstacle } from "../motion/types.js";
import type { ObjParsePoolLease } from "../obj/objParsePool.js";
import type { ModelRecord } from "../records/schemas.js";
import type { CommandState, PopulatedLife } from "./command/index.js";
import type { Creature } from "./creature.js";
import { GameWorld, type WorldAgent, type WorldAgentOptions, type WorldAgentSource } from "./gameWorld.js";
import { lookupRecord, menagerieClient } from "./lookupRecord.js";
import { MotionDriver } from "./motionDriver.js";
import type { Navigation } from "./navigation/index.js";
import type { AreaInput } from "./options/areaInput.js";
import type { CommandAccount, CommandOptions, PlaceInput } from "./options/commandOptions.js";
import { linkEnd } from "./options/jumpLinkOptions.js";
import {
  type MenagerieOptions,
  type MenagerieSettings,
  type MenagerieStats,
  resolveMenagerieOptions,
  type SpawnOptions,
  zeroStats,
} from "./options/menagerieOptions.js";
import type { NavigationOptions } from "./options/navigationOptions.js";
import type { PopulateOptions } from "./options/populateOptions.js";
import type { CreatureGroup } from "./populate/index.js";
import { registerInstancing } from "./register.js";
import type { Spawner } from "./runtime/index.js";
import { RuntimeChunk, type SpawnRuntimeModule } from "./runtimeChunk.js";
import { type ShadowCasterOptions, ShadowCasters, type ShadowCasterTarget } from "./shadowCasters.js";
import type { SpawnHost } from "./spawnHost.js";
import type { LoadProgress, MenagerieWarning } from "./types.js";

export type { MenagerieOptions, MenagerieStats, SpawnOptions } from "./options/menagerieOptions.js";

/** Placement order: a creature's number in the motion world is its place, taken when it was asked for. */
const byPlacement = (a: Creature, b: Creature) => a.motion.id - b.motion.id;

/**
 * Living creatures for one Babylon scene.
 *
 * @example
 * const menagerie = new Menagerie(scene, { baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
 * const fox = await menagerie.spawnCreature("fox", { position: new Vector3(0, 0, 5) });
 * fox.getPart("head")!.rotation.y = 0.3;
 * menagerie.dispose();
 * @category Menagerie
 */
export class Menagerie {
  /** The lookup client, when one was given or made from `baseUrl`. */
  readonly client: LookupClient | undefined;
  /** Progress of every model load. */
  readonly onProgressObservable = new Observable<LoadProgress>();
  /** Degradations: a part, texture or material that failed, an unreadable height. */
  readonly onWarningObservable = new Observable<MenagerieWarning>();
  /** A creature was spawned. */
  readonly onCreatureSpawnedObservable = new Observable<Creature>();
  /** A creature was disposed. */
  readonly onCreatureDisposedObservable = new Observable<Creature>();
  /** Running counts of asset requests, bytes and models loaded, for budgets and tests. */
  readonly stats: MenagerieStats = zeroStats();

  readonly #scene: Scene;
  /** Steps motion each frame (or at the game's call) and holds time: pause, time scale. */
  readonly #driver: MotionDriver;
  /** What creatures share with the game: obstacles, agents, tracked nodes, picks. */
  readonly #world: GameWorld<Creature>;
  readonly #creatures = new Set<Creature>();
  /** Its options, checked and filled when it was made. */
  readonly #settings: MenagerieSettings;
  readonly #lifetime = new AbortController();
  /** The spawn runtime's download, started when the Menagerie is made. */
  readonly #runtime = new RuntimeChunk();
  #spawner: Spawner | undefined;
  readonly #shadows: ShadowCasters;
  /** What its text commands keep from one to the next (the group a habitat change made). */
  readonly #commandState: CommandState = {};
  /** This Menagerie's hold on the page's OBJ reading workers (`parseInWorkers`). */
  #parseLease: ObjParsePoolLease | undefined;
  /** The game's named places, for text commands ({@link addPlace}). */
  readonly #places = new Map<string, PlaceInput>();
  /** Its populates and how their creatures live, for the creatures commands add into them. */
  readonly #populated = new Map<CreatureGroup, PopulatedLife>();
  /** The navmesh walkers go by, once {@link enableNavigation} built one. */
  #navigation: Navigation | undefined;
  /** The game's jump links ({@link addJumpLink}); the navigation reads them live. */
  readonly #jumpLinks = new Set<JumpLink>();

  constructor(scene: Scene, options: MenagerieOptions = {}) {
    if (!scene || typeof scene.getEngine !== "function") throw new OptionsError("scene", "must be a Babylon Scene");
    const settings = resolveMenagerieOptions(options);
    this.#scene = scene;
    this.#settings = settings;
    const beforeStep = (seconds: number) => this.#world.update(seconds);
    this.#driver = new MotionDriver(scene, { ...settings, beforeStep });
    this.#world = new GameWorld(this.#driver.world);
    this.#shadows = new ShadowCasters(scene);
    registerInstancing(); // the glTF loader is registered when a rigged model first loads
    this.client = menagerieClient(options);
    // The parse workers are held from the runtime's arrival, so that a load that asks for them at
    // once (`parseInWorkersAfterBytes: 0`) has them boot while the first lookup is on the wire.
    this.#runtime.whenLoaded((runtime) => {
      this.#holdParseWorkers(runtime);
      // Avoidance reads only the obstacles near each creature once the runtime is here.
      this.#driver.world.obstacleIndex ??= new runtime.ObstacleIndex();
    });
  }

  /** The scene creatures are spawned into. */
  get scene(): Scene {
    return this.#scene;
  }

  /**
   * The creatures alive now, in placement order, not the order their models finished loading
   * (one seed, one list): spawns in the order they were asked for, a populate's species by
   * species in its plan's order (`group.creatures` lists them in the plan's own order). This is
   * the order motion steps them in.
   */
  get creatures(): readonly Creature[] {
    return [...this.#creatures].sort(byPlacement);
  }

  /** True once {@link dispose} ran. */
  get isDisposed(): boolean {
    return this.#lifetime.signal.aborted;
  }

  /**
   * Spawns a creature by name (looked up through the client) or from a record. Concurrent
   * spawns of one model share its lookup and its asset load; later ones reuse the loaded model.
   *
   * @throws LoadError when the model is not found or has no loadable body; lookup errors as is.
   */
  async spawnCreature(nameOrRecord: string | ModelRecord, options: SpawnOptions = {}): Promise<Creature> {
    this.#assertAlive();
    // The lookup goes out now, while the runtime chunk may still be on its way; a failure is
    // the spawn's to report (the spawner awaits it), never an unhandled rejection.
    const record = typeof nameOrRecord === "string" ? lookupRecord(this.client, nameOrRecord, options) : nameOrRecord;
    if (record instanceof Promise) record.catch(() => undefined);
    const slot = this.#driver.world.reserveAgent(); // its place in motion's order: when asked, not when loaded
    const spawner = await this.#loadSpawner(typeof nameOrRecord === "string" ? nameOrRecord : nameOrRecord.name);
    return spawner.spawn(record, options, { slot });
  }

  /**
   * Loads a model without spawning it (to warm up before a scene starts). Resolves with the
   * record the assets came from.
   */
  async preload(
    nameOrRecord: string | ModelRecord,
    options: Pick<SpawnOptions, "signal" | "fuzzy" | "onProgress" | "prefer"> = {},
  ): Promise<ModelRecord> {
    this.#assertAlive();
    const record = typeof nameOrRecord === "string" ? lookupRecord(this.client, nameOrRecord, options) : nameOrRecord;
    if (record instanceof Promise) record.catch(() => undefined); // the spawner's to report
    const spawner = await this.#loadSpawner(typeof nameOrRecord === "string" ? nameOrRecord : nameOrRecord.name);
    return (await spawner.model(record, options)).record;
  }

  /**
   * Fills an area with creatures that belong to a habitat: one search, a weighted mix of the
   * species whose habitat flag is true (herds for herd animals), flyers in the air, swimmers
   * only in water habitats, blue-noise placement without overlaps, feet on the ground.
   * Creatures appear as their model finishes loading.
   *
   * @example
   * const group = await menagerie.populate({ habitat: "forest", count: 40, area: { center, radius: 20 }, seed: 42 });
   */
  async populate(options: PopulateOptions): Promise<CreatureGroup> {
    this.#assertAlive();
    const client = this.client;
    // Loaded on demand, with the planner and the ground sampling (Babylon's Ray) it brings: a
    // game that only spawns creatures never downloads it.
    const spawner = this.#loadSpawner("populate");
    spawner.catch(() => undefined); // reported by populate, which awaits it
    const { populate } = await import("./populate/index.js");
    const group = await populate(
      {
        search: client ? (query, searchOptions) => client.search(query, searchOptions) : undefined,
        defaultHeightMeters: this.#settings.defaultHeightMeters,
        ground: this.#settings.ground,
        spawner,
        warn: (warning) => this.#warn(warning),
        addObstacle: (area) => this.addObstacle(area),
        removeObstacle: (obstacle) => this.removeObstacle(obstacle),
        addWater: (area, level) => this.#world.addWater(area, level),
        removeWater: (water) => this.removeWater(water),
      },
      options,
    );
    this.#rememberLife(group, options);
    return group;
  }

  /**
   * Carries out a sentence ("add three zebras near the pond, then remove the bears"): the
   * service reads it (`client.parseTextCommand`), then each action in turn spawns (at the place
   * asked: a place of {@link addPlace}, a named mesh or node of the scene, a named creature or
   * prop, or before the camera), disposes, sends creatures with `moveTo`, or repopulates
   * (`change_habitat`, replacing the previous command's group). What it spawns lives as a
   * populate's creatures do: it wanders in the populate it was put in (or round where it was
   * put), keeps with a group of its kind, and takes that populate's `ecology`.
   * Resolves to what was done and what could not be, in words.
   * @example
   * const account = await menagerie.command("a forest with two wolves and a deer");
   */
  async command(text: string, options: CommandOptions = {}): Promise<CommandAccount> {
    this.#assertAlive();
    if (!this.client) throw new OptionsError("client", "is needed for text commands: pass { client } or { baseUrl }");
    const signal = options.signal;
    const [{ carryOut }, parsed] = await Promise.all([
      import("./command/index.js"),
      this.client.parseTextCommand(text, signal ? { signal } : {}),
    ]);
    return carryOut(this, this.#commandState, parsed, options, { places: this.#places, populated: this.#populated });
  }

  /**
   * Names a place for text commands: "add five zebras near the water hole" puts them by it
   * (beyond an area's or a mesh's edge). A command's place is looked up among these first, then
   * among the scene's named meshes and nodes, then creatures and props, by name as people say
   * it (`WaterHole.001` is "water hole"). Adding a name again replaces its place.
   *
   * @example
   * menagerie.addPlace("water hole", { center: { x: 8, z: -5 }, radius: 6 });
   * menagerie.addPlace("barn", barnMesh);
   */
  addPlace(name: string, place: PlaceInput): void {
    if (typeof name !== "string" || name.trim() === "") throw new OptionsError("name", "must be a non-empty string");
    if (typeof place !== "object" || place === null)
      throw new OptionsError("place", "must be an area, a mesh or a node");
    this.#places.set(name.trim(), place);
  }

  /** Forgets a place {@link addPlace} named; false if there was none. */
  removePlace(name: string): boolean {
    return this.#places.delete(typeof name === "string" ? name.trim() : name);
  }

  /** Whether a model is loaded (its templates are in the scene). */
  isLoaded(name: string): boolean {
    return this.#spawner?.has(name) ?? false;
  }

  /**
   * Makes what Menagerie draws in this scene cast shadows into `generator` (and receive them,
   * unless `receive: false`): each model's crowd meshes, rigged ones included, props, and the
   * meshes of creatures that grew their own, now and as they come. Crowds stay crowds: a
   * model's shadow costs a draw per crowd mesh, whatever its number of creatures. Read
   * `creature.meshes` for shadows and a creature grows nodes of its own; this does not.
   */
  addShadowCaster(generator: ShadowCasterTarget, options?: ShadowCasterOptions): void {
    this.#assertAlive();
    this.#shadows.add(generator, options);
  }

  /** Stops Menagerie's meshes casting into `generator` (see {@link addShadowCaster}). */
  removeShadowCaster(generator: ShadowCasterTarget): void {
    this.#shadows.remove(generator);
  }

  /** The creatures with a tag (given by `spawnCreature`'s `tags` or added to `creature.tags`). */
  getCreaturesByTag(tag: string): Creature[] {
    return this.creatures.filter((creature) => creature.tags.has(tag));
  }

  /**
   * The creatures within `radius` metres of a point on the ground plane (x, z), nearest first,
   * from the spatial grid motion keeps anyway.
   */
  creaturesNear(point: { x: number; z: number }, radius: number): Creature[] {
    return this.#world.creaturesNear(point, radius);
  }

  /**
   * The creatures a camera sees now: each one's {@link Creature.bounds} sphere inside the
   * camera's frustum (crowd-drawn creatures included, measured without growing them), enabled,
   * within `maxDistance` metres of the camera when given; nearest the camera first. What
   * stands behind a wall still counts: this is the frustum, not a visibility test.
   *
   * @example
   * const seen = menagerie.creaturesInView(scene.activeCamera!, { maxDistance: 60 });
   */
  creaturesInView(camera: Camera, options: { maxDistance?: number | undefined } = {}): Creature[] {
    const maxDistance =
      options.maxDistance === undefined
        ? Number.POSITIVE_INFINITY
        : nonNegativeNumber("maxDistance", options.maxDistance);
    // Brought up to date first: a camera moved since the last render has stale matrices.
    camera.getViewMatrix();
    camera.getProjectionMatrix();
    const planes = Frustum.GetPlanes(camera.getTransformationMatrix());
    camera.computeWorldMatrix();
    const eye = camera.globalPosition;
    const seen: { creature: Creature; d: number }[] = [];
    for (const creature of this.#creatures) {
      if (creature.isDisposed || !creature.root.isEnabled()) continue;
      const { center: c, radius } = creature.bounds;
      const d = Math.hypot(c.x - eye.x, c.y - eye.y, c.z - eye.z);
      if (d - radius > maxDistance) continue;
      const inside = planes.every((p) => p.normal.x * c.x + p.normal.y * c.y + p.normal.z * c.z + p.d >= -radius);
      if (inside) seen.push({ creature, d });
    }
    return seen.sort((a, b) => a.d - b.d).map((s) => s.creature);
  }

  /**
   * The creature a pick hit (or a mesh belongs to), or `undefined` when it is not one of this
   * Menagerie's creatures.
   *
   * @example
   * scene.onPointerDown = (_event, pick) => {
   *   const creature = menagerie.creatureFromPick(pick);
   *   if (creature) console.log(creature.name, creature.state);
   * };
   */
  creatureFromPick(pickOrMesh: PickingInfo | AbstractMesh | null | undefined): Creature | undefined {
    return this.#world.creatureFromPick(pickOrMesh);
  }

  /**
   * Adds an obstacle every creature steers around: a mesh (its bounding rectangle on the
   * ground, removed when the mesh is disposed), a circle or a polygon. Returns it.
   *
   * @example
   * menagerie.addObstacle(barn);
   * menagerie.addObstacle({ center: { x: 4, z: 0 }, radius: 1.5 }); // a rock
   */
  addObstacle(meshOrArea: AreaInput): Obstacle {
    const obstacle = this.#world.addObstacle(meshOrArea);
    this.#navigation?.addObstacle(meshOrArea, obstacle); // cut into the navmesh too, when there is one
    return obstacle;
  }

  /** Removes an obstacle, by its mesh or by what {@link addObstacle} returned; false if absent. */
  removeObstacle(meshOrObstacle: AbstractMesh | Obstacle): boolean {
    this.#navigation?.removeObstacle(meshOrObstacle);
    return this.#world.removeObstacle(meshOrObstacle);
  }

  /**
   * Walkers go by a navmesh of the game's level from now on: built from `meshes` (and the
   * scenery of every populate so far) with recast, from its npm packages (install
   * `@babylonjs/addons`, `@recast-navigation/core` and `@recast-navigation/generators`), in a
   * chunk loaded now and never before; nothing is fetched from elsewhere. Every walker stands
   * on it (a ledge, a bridge over a river), plans every `moveTo` on it (a target it cannot
   * reach settles `false`), chases and flees along it, and is never pushed off it; obstacles
   * added before or after cut it. Flyers and swimmers keep to the grid. Enabling again
   * replaces the navmesh.
   *
   * @example
   * await menagerie.enableNavigation({ meshes: [banks, bridge, ledge], signal });
   * @throws NavigationError when its packages are missing (`"missing-packages"`), there is nothing
   *   to build from (`"no-geometry"`) or recast fails (`"build"`); OptionsError for a bad option.
   */
  async enableNavigation(options: NavigationOptions = {}): Promise<void> {
    // The whole module, not a destructured name: Vite then wraps the import in less code.
    const chunk = await import("./navigation/index.js");
    const next = await chunk.Navigation.build(
      this.#driver.world,
      this.#populated.keys(),
      this.#lifetime.signal,
      options,
      this.#world.obstacleInputs(), // those added before are cut too
      this.#jumpLinks,
    );
    this.#navigation?.dispose();
    this.#navigation = next;
  }

  /**
   * Adds a jump link from `from` to `to` (where feet stand on the navmesh; back too when
   * `twoWay`): a walker's `moveTo` takes it when it saves a detour or is the only way and the
   * creature's `motion.jumpReach` spans it (see the guide's "Jumps"). For {@link removeJumpLink}.
   * @example menagerie.addJumpLink({ x: -2, y: 0, z: 4 }, { x: 2, y: 0, z: 4 }, { twoWay: true });
   * @throws OptionsError when an end is not a point of finite numbers.
   */
  addJumpLink(from: JumpLinkEnd, to: JumpLinkEnd, options: JumpLinkOptions = {}): JumpLink {
    const link = Object.freeze({ from: linkEnd("from", from), to: linkEnd("to", to), twoWay: options.twoWay ?? false });
    this.#jumpLinks.add(link);
    this.#driver.world.obstacleVersion++; // walks under way plan again
    return link;
  }

  /** Removes a jump link {@link addJumpLink} returned; false if absent. */
  removeJumpLink(link: JumpLink): boolean {
    if (!this.#jumpLinks.delete(link)) return false;
    this.#driver.world.obstacleVersion++;
    return true;
  }

  /** Walkers go back to the grid A* on the ground; the navmesh is freed. */
  disableNavigation(): void {
    this.#navigation?.dispose();
    this.#navigation = undefined;
  }

  /**
   * Adds a game's own moving thing (a player, a car) that creatures steer around and can
   * `flee` from: it follows its node, camera or position every step (removed when a node or
   * camera is disposed).
   *
   * @example
   * const player = menagerie.addAgent(playerMesh, { radius: 0.4 });
   * for (const sheep of menagerie.getCreaturesByTag("flock")) sheep.flee(player, { radius: 6 });
   * menagerie.addAgent(scene.activeCamera!); // a first-person player is its camera
   */
  addAgent(node: WorldAgentSource, options: WorldAgentOptions = {}): WorldAgent {
    const radius = nonNegativeNumber("radius", options.radius ?? 0.5);
    return this.#world.addAgent(node, radius);
  }

  /** Removes an agent, by its node or by what {@link addAgent} returned; false if absent. */
  removeAgent(nodeOrAgent: WorldAgentSource | WorldAgent): boolean {
    return this.#world.removeAgent(nodeOrAgent);
  }

  /**
   * Adds water for every creature and every order: ground creatures keep out of it whatever
   * they do (wander, moveTo plans round it, flee, hunt, follow, herds), swimmers keep in it,
   * flyers pass over, amphibious creatures ({@link amphibiousCreatures}) go in and out. A mesh
   * (its bounding rectangle on the ground, removed when the mesh is disposed), a circle or a
   * polygon. A populate's `water` joins it too. Swimmers keep between its surface and the
   * ground, in their kind's band of the column ({@link swimKinds}): the surface is `level`, else
   * a mesh's top, else y = 0. Returns it, for {@link removeWater}.
   *
   * @example
   * menagerie.addWater(waterHole); // a mesh
   * menagerie.addWater({ center: { x: 20, z: -5 }, radius: 6 }, { level: 0.2 });
   */
  addWater(meshOrArea: AreaInput, options: { level?: number } = {}): Obstacle {
    return this.#world.addWater(meshOrArea, options.level);
  }

  /** Removes water, by its mesh or by what {@link addWater} returned; false if absent. */
  removeWater(meshOrWater: AbstractMesh | Obstacle): boolean {
    return this.#world.removeWater(meshOrWater);
  }

  /**
   * Names, taxa and tags (lower case) of creatures that go in and out of water (realm
   * `"amphibious"`): a built-in table of names and taxa to start with; add to it before spawning
   * (`menagerie.amphibiousCreatures.add("capybara")`). A creature's realm is read as it spawns.
   */
  get amphibiousCreatures(): Set<string> {
    return this.#world.amphibious;
  }

  /**
   * The game's own flight bands (how high a kind of flier cruises above the ground or water),
   * checked before the built-in `FLIGHT_BAND_RULES` (raptors high, seabirds low over water, small
   * birds and insects close to the ground; any other flier by its size). Add to it before
   * spawning; a creature's band is read as it spawns (`creature.motion.flight.band` after).
   *
   * @example
   * menagerie.flightBands.push({ match: ["parrot"], band: { min: 2, max: 5 } });
   */
  get flightBands(): FlightBandRule[] {
    return this.#world.flightBands;
  }

  /**
   * Kinds of swimmers by name, taxon or tag (lower case): `surface`, `mid` or `bottom`, each
   * keeping to its band of the water column (see `DEPTH_BANDS` in `babylon-menagerie/motion`);
   * a swimmer named in none is `mid`. Starts as `SWIM_KINDS`; change it before spawning
   * (`menagerie.swimKinds.set("manatee", "bottom")`).
   */
  get swimKinds(): Map<string, SwimKind> {
    return this.#world.swimKinds;
  }

  /** Motion time runs at this multiple of real time (0 freezes it, like {@link pause}). @default 1 */
  setTimeScale(scale: number): void {
    this.#driver.setTimeScale(scale);
  }

  /** Freezes every creature's motion (poses and travel) on the per-frame step until {@link resume}. */
  pause(): void {
    this.#driver.paused = true;
  }

  /** Lets motion go on after {@link pause}. */
  resume(): void {
    this.#driver.paused = false;
  }

  /** True between {@link pause} and {@link resume}. */
  get isPaused(): boolean {
    return this.#driver.paused;
  }

  /**
   * Advances motion by `seconds` (times the time scale, at most `maxStepSeconds`) and copies
   * it onto the creatures' nodes, even while paused: this is a game's own step. The Menagerie
   * calls it each frame from one scene observer unless `autoStep` is false.
   *
   * @example
   * const menagerie = new Menagerie(scene, { baseUrl, autoStep: false });
   * setInterval(() => menagerie.stepMotion(1 / 30), 1000 / 30);
   */
  stepMotion(seconds: number): void {
    this.#driver.step(seconds, true);
  }

  /**
   * Disposes every creature, then every loaded model's meshes, materials and textures, and
   * cancels loads under way. The scene is left with what it had before this Menagerie.
   */
  dispose(): void {
    if (this.isDisposed) return;
    this.#lifetime.abort(new LoadError({ reason: "disposed", model: "*", detail: "the Menagerie was disposed" }));
    for (const creature of this.creatures) creature.dispose();
    this.#spawner?.dispose();
    this.disableNavigation();
    this.#shadows.dispose();
    this.#parseLease?.release();
    this.#world.dispose();
    this.#driver.dispose();
    this.#places.clear();
    this.#populated.clear();
    this.onProgressObservable.clear();
    this.onWarningObservable.clear();
    this.onCreatureSpawnedObservable.clear();
    this.onCreatureDisposedObservable.clear();
  }

  #assertAlive(): void {
    if (this.isDisposed) throw new LoadError({ reason: "disposed", model: "*", detail: "the Menagerie was disposed" });
  }

  /** Service-provided text with the key (if this Menagerie's client knows it) hidden. */
  #redact(text: string): string {
    return this.client ? this.client.redact(text) : redactUrl(text);
  }

  #warn(warning: MenagerieWarning): void {
    this.onWarningObservable.notifyObservers(redactWarning(warning, (text) => this.#redact(text)));
  }

  /** How a populate's creatures live, for what commands add into it later (forgotten once it is disposed). */
  #rememberLife(group: CreatureGroup, options: PopulateOptions): void {
    for (const old of this.#populated.keys()) if (old.isDisposed) this.#populated.delete(old);
    const life = { ecology: options.ecology, wander: options.wander ?? true, groups: options.groups ?? true };
    this.#populated.set(group, life);
  }

  #holdParseWorkers(runtime: SpawnRuntimeModule): void {
    const { parseInWorkers, parseInWorkersAfterBytes } = this.#settings;
    if (parseInWorkers && !this.isDisposed)
      this.#parseLease ??= runtime.acquireSharedObjParsePool(parseInWorkersAfterBytes);
  }

  /** This Menagerie's spawner, once the runtime chunk has loaded (`model` names what waits, for errors). */
  async #loadSpawner(model: string): Promise<Spawner> {
    const runtime = await this.#runtime.get(model);
    this.#holdParseWorkers(runtime);
    this.#spawner ??= new runtime.Spawner(this.#spawnHost());
    return this.#spawner;
  }

  /** What the spawner is handed: this Menagerie's settings, motion and reports. */
  #spawnHost(): SpawnHost {
    return {
      scene: this.#scene,
      lifetime: this.#lifetime.signal,
      config: { ...this.#settings, client: this.client, parsePool: this.#parseLease?.pool },
      motion: { driver: this.#driver, world: this.#world, creatures: this.#creatures },
      reports: {
        stats: this.stats,
        progress: (progress) => this.onProgressObservable.notifyObservers(progress),
        warn: (warning) => this.onWarningObservable.notifyObservers(warning),
        spawned: (creature) => this.onCreatureSpawnedObservable.notifyObservers(creature),
        disposed: (creature) => this.onCreatureDisposedObservable.notifyObservers(creature),
      },
    };
  }
}
