/**
 * Scenery: static records that dress a habitat (trees, bushes, rocks, cacti, coral, ice,
 * reeds, fences, lamp posts, benches, hay bales). The real service holds such records as type
 * `scenery` (or `uniform`) with behaviour `static` (or `none`); both forms are here so clients
 * meet both. Every habitat has at least three kinds. All are low detail: a scene holds many.
 */
import type { SceneryShape } from "../plans/scenery.js";
import { defineSpecies, type Species } from "./types.js";

const s = (shape: Partial<SceneryShape>): Partial<SceneryShape> => shape;
const prop = { type: "scenery", behaviour: "static", detail: "low" } as const;
/** The older form: a one-part `uniform` record that does nothing. */
const inert = { type: "uniform", behaviour: "none", detail: "low" } as const;
const plant = { ...prop, group: "plants" } as const;
const mineral = { ...prop, group: "minerals" } as const;
const made = { ...prop, group: "structures" } as const;

const LEAVES = { coat: [70, 125, 50], marks: [45, 90, 35], pattern: "patches", accent: [105, 78, 52], trim: [205, 60, 60] } as const;
const STONE = { coat: [140, 138, 130], marks: [105, 102, 98], pattern: "patches", accent: [120, 118, 110] } as const;
const ICE = { coat: [200, 230, 245], marks: [170, 210, 235], pattern: "plain", accent: [220, 240, 250] } as const;

export const SCENERY: Species[] = [
  defineSpecies({ ...plant, name: "oak tree", height: "4.5 m", habitats: ["forest", "grass", "rural", "farm", "garden"], taxonomy: ["Plantae", "Fagaceae", "Quercus robur"], tags: ["tree", "scenery"],
    look: LEAVES, shape: s({ form: "broadleaf", count: 4, spread: 0.3 }) }),
  defineSpecies({ ...plant, name: "willow tree", height: "4 m", habitats: ["river", "lake", "pond", "swamp", "garden"], taxonomy: ["Plantae", "Salicaceae", "Salix babylonica"], tags: ["tree", "scenery"],
    look: { ...LEAVES, coat: [120, 160, 70] }, shape: s({ form: "willow", count: 6, spread: 0.32 }) }),
  defineSpecies({ ...plant, name: "pine tree", height: "16 ft", habitats: ["forest", "icescape", "rural"], taxonomy: ["Plantae", "Pinaceae", "Pinus sylvestris"], tags: ["tree", "conifer", "scenery"],
    look: { ...LEAVES, coat: [40, 95, 55], marks: [30, 70, 40] }, shape: s({ form: "conifer", spread: 0.26, thick: 0.04 }) }),
  defineSpecies({ ...plant, name: "palm tree", height: "5 m", habitats: ["beach", "desert", "jungle"], taxonomy: ["Plantae", "Arecaceae", "Cocos nucifera"], tags: ["tree", "scenery"],
    look: { ...LEAVES, coat: [80, 150, 60], accent: [150, 120, 85] }, shape: s({ form: "palm", count: 6, spread: 0.35, thick: 0.05 }) }),
  defineSpecies({ ...plant, name: "dead tree", height: "3 m", habitats: ["swamp", "desert"], taxonomy: ["Plantae", "snag"], tags: ["tree", "snag", "scenery"],
    look: { ...LEAVES, coat: [110, 95, 80], accent: [95, 80, 68] }, shape: s({ form: "deadTree", count: 3, spread: 0.3, thick: 0.06 }) }),
  defineSpecies({ ...plant, name: "bush", height: "1.2 m", habitats: ["forest", "garden", "urban", "city", "grass", "jungle"], taxonomy: ["Plantae", "shrub"], tags: ["shrub", "hedge", "scenery"],
    look: LEAVES, shape: s({ form: "bush", count: 4, spread: 0.5 }) }),
  defineSpecies({ ...plant, name: "fern", height: "80 cm", habitats: ["jungle", "forest", "swamp"], taxonomy: ["Plantae", "Polypodiopsida", "Pteridium aquilinum"], tags: ["bracken", "scenery"],
    look: { ...LEAVES, coat: [85, 150, 60] }, shape: s({ form: "fern", count: 7, spread: 0.9 }) }),
  defineSpecies({ ...plant, name: "toadstool", height: "25cm", habitats: ["forest", "swamp", "garden"], taxonomy: ["Fungi", "Amanitaceae", "Amanita muscaria"], tags: ["mushroom", "fungus", "scenery"],
    look: { coat: [210, 45, 35], pattern: "spots", marks: [245, 240, 230], accent: [235, 228, 210], trim: [250, 248, 240] }, shape: s({ form: "mushroom", count: 5, spread: 0.45, thick: 0.07 }) }),
  defineSpecies({ ...plant, name: "grass tuft", height: "1.5 ft", habitats: ["grass", "rural", "farm"], taxonomy: ["Plantae", "Poaceae", "Festuca"], tags: ["grass", "scenery"],
    look: { ...LEAVES, coat: [110, 160, 60] }, shape: s({ form: "tuft", count: 9, spread: 0.35, thick: 0.03 }) }),
  defineSpecies({ ...plant, name: "reeds", height: "1.8 m", habitats: ["pond", "lake", "river", "swamp"], taxonomy: ["Plantae", "Typhaceae", "Typha latifolia"], tags: ["bulrush", "cattail", "scenery"],
    look: { ...LEAVES, coat: [105, 140, 60], accent: [110, 70, 40] }, shape: s({ form: "reeds", count: 8, spread: 0.18, thick: 0.012 }) }),
  defineSpecies({ ...plant, name: "saguaro cactus", height: "10 ft", habitats: ["desert"], taxonomy: ["Plantae", "Cactaceae", "Carnegiea gigantea"], tags: ["cactus", "scenery"],
    look: { coat: [80, 130, 70], marks: [55, 100, 50], pattern: "stripes", accent: [80, 130, 70] }, shape: s({ form: "saguaro", spread: 0.22, thick: 0.09 }) }),
  defineSpecies({ ...plant, name: "barrel cactus", height: "60 cm", habitats: ["desert"], taxonomy: ["Plantae", "Cactaceae", "Ferocactus wislizeni"], tags: ["cactus", "scenery"],
    look: { coat: [90, 140, 75], marks: [60, 105, 55], pattern: "stripes", accent: [90, 140, 75], trim: [245, 200, 60] }, shape: s({ form: "barrelCactus", count: 5, spread: 0.4 }) }),
  defineSpecies({ ...mineral, name: "staghorn coral", height: "50 cm", habitats: ["sea"], taxonomy: ["Animalia", "Acroporidae", "Acropora cervicornis"], tags: ["coral", "reef", "aquatic", "scenery"],
    look: { coat: [235, 140, 110], pattern: "spots", accent: [235, 140, 110] }, shape: s({ form: "branchCoral", count: 6, spread: 0.4, thick: 0.06 }) }),
  defineSpecies({ ...mineral, name: "brain coral", height: "40 cm", habitats: ["sea", "beach"], taxonomy: ["Animalia", "Mussidae", "Diploria labyrinthiformis"], tags: ["coral", "reef", "aquatic", "scenery"],
    look: { coat: [215, 190, 120], marks: [170, 140, 80], pattern: "stripes", accent: [215, 190, 120] }, shape: s({ form: "brainCoral", spread: 0.7 }) }),
  defineSpecies({ ...mineral, name: "boulder", height: "1.4 m", habitats: ["forest", "desert", "river", "lake", "grass", "icescape", "beach", "sea"], taxonomy: ["Minerals", "granite"], tags: ["rock", "stone", "scenery"],
    look: STONE, shape: s({ form: "boulder", spread: 0.45 }) }),
  defineSpecies({ ...inert, group: "minerals", name: "pebbles", height: "20cm", habitats: ["river", "pond", "beach", "lake", "sea"], taxonomy: ["Minerals", "pebble"], tags: ["rock", "stone", "scenery"],
    look: { ...STONE, coat: [165, 158, 145] }, shape: s({ form: "stones", count: 5, spread: 1.2 }) }),
  defineSpecies({ ...inert, group: "minerals", name: "ice block", height: "1 m", habitats: ["icescape"], taxonomy: ["Minerals", "ice"], tags: ["ice", "scenery"],
    look: ICE, shape: s({ form: "iceBlock", spread: 0.6 }) }),
  defineSpecies({ ...mineral, name: "ice spikes", height: "2 m", habitats: ["icescape"], taxonomy: ["Minerals", "ice"], tags: ["ice", "iceberg", "scenery"],
    look: ICE, shape: s({ form: "iceSpike", count: 5, spread: 0.15, thick: 0.12 }) }),
  defineSpecies({ ...made, name: "wooden fence", height: "1.1 m", habitats: ["farm", "rural", "garden"], taxonomy: ["Structures", "fence"], tags: ["fence", "scenery"],
    look: { coat: [160, 120, 80], marks: [120, 88, 58], pattern: "stripes", accent: [130, 95, 62] }, shape: s({ form: "fence", spread: 0.9, thick: 0.05 }) }),
  defineSpecies({ ...made, name: "lamp post", height: "3.5 m", habitats: ["city", "urban", "garden"], taxonomy: ["Structures", "street furniture"], tags: ["lamp", "street light", "scenery"],
    look: { coat: [50, 55, 60], pattern: "plain", accent: [45, 50, 55], trim: [255, 235, 170] }, shape: s({ form: "lampPost", spread: 0.07, thick: 0.02 }) }),
  defineSpecies({ ...made, name: "park bench", height: "32 in", habitats: ["city", "urban", "garden"], taxonomy: ["Structures", "street furniture"], tags: ["bench", "scenery"],
    look: { coat: [150, 100, 60], marks: [115, 75, 45], pattern: "stripes", accent: [150, 100, 60], trim: [45, 45, 50] }, shape: s({ form: "bench", spread: 0.8, thick: 0.04 }) }),
  defineSpecies({ ...inert, group: "plants", name: "hay bale", height: "1.2 m", habitats: ["farm", "rural", "grass"], taxonomy: ["Structures", "hay"], tags: ["hay", "straw", "scenery"],
    look: { coat: [220, 190, 100], marks: [185, 150, 70], pattern: "stripes", accent: [220, 190, 100] }, shape: s({ form: "bale", spread: 0.6 }) }),
  defineSpecies({ ...made, name: "fire hydrant", height: "75 cm", habitats: ["city", "urban"], taxonomy: ["Structures", "street furniture"], tags: ["hydrant", "scenery"],
    look: { coat: [200, 40, 35], pattern: "plain", accent: [200, 40, 35], trim: [210, 210, 215] }, shape: s({ form: "hydrant", spread: 0.14, thick: 0.05 }) }),
];
