/** Swimmers and snakes on the `uniform` plan (one `body` part). */
import type { UniformShape } from "../plans/uniform.js";
import { defineSpecies, type Species } from "./types.js";

const u = (shape: Partial<UniformShape>): Partial<UniformShape> => shape;
const fish = { group: "fish", type: "uniform", behaviour: "swim" } as const;
const snake = { group: "reptiles", type: "uniform", behaviour: "slither" } as const;
const SNAKE = u({ form: "snake", bodyHeight: 0.03, bodyWidth: 0.034, eyeSize: 0.25, wave: 0.12, waves: 1.5 });

export const WATER: Species[] = [
  defineSpecies({ ...fish, name: "trout", detail: "medium", height: "150mm", habitats: ["river", "lake"], taxonomy: ["Salmoniformes", "Salmonidae", "Salmo trutta"],
    look: { coat: [125, 132, 92], marks: [50, 45, 35], pattern: "spots", belly: [230, 225, 200], bellyWidth: 0.14, accent: [140, 130, 100] },
    shape: u({}) }),
  defineSpecies({ ...fish, name: "goldfish", pet: true, detail: "low", height: "6 cm", habitats: ["pond", "garden", "lake", "urban"], taxonomy: ["Cypriniformes", "Cyprinidae", "Carassius auratus"],
    look: { coat: [245, 140, 30], pattern: "scales", belly: [250, 200, 120], accent: [250, 170, 70], textureName: "écailles.png" },
    shape: u({ bodyHeight: 0.22, bodyWidth: 0.11, thickest: 0.65, tailFin: 0.3, dorsal: 0.12, pectoral: 0.1 }) }),
  defineSpecies({ ...fish, name: "shark", detail: "medium", height: "1.2 m", habitats: ["sea", "beach"], taxonomy: ["Lamniformes", "Lamnidae", "Carcharodon carcharias"],
    look: { coat: [110, 120, 132], pattern: "plain", belly: [240, 240, 238], bellyWidth: 0.17, accent: [100, 110, 122] },
    shape: u({ bodyHeight: 0.1, bodyWidth: 0.09, thickest: 0.55, tailFin: 0.24, dorsal: 0.17, pectoral: 0.22, eyeSize: 0.12 }) }),
  defineSpecies({ ...fish, group: "mammals", name: "dolphin", detail: "high", height: "80 cm", habitats: ["sea"], taxonomy: ["Cetacea", "Delphinidae", "Tursiops truncatus"],
    look: { coat: [118, 128, 148], pattern: "plain", belly: [225, 228, 232], bellyWidth: 0.15, accent: [108, 118, 138] },
    shape: u({ bodyHeight: 0.1, bodyWidth: 0.09, thickest: 0.6, flukes: true, tailFin: 0.15, dorsal: 0.1, pectoral: 0.13, beak: 0.09, eyeSize: 0.12 }) }),
  defineSpecies({ ...fish, name: "clownfish", pet: true, detail: "low", height: "4cm", habitats: ["sea"], taxonomy: ["Perciformes", "Pomacentridae", "Amphiprion ocellaris"],
    look: { coat: [245, 120, 20], marks: [250, 250, 250], pattern: "stripes", accent: [245, 120, 20] },
    shape: u({ bodyHeight: 0.2, bodyWidth: 0.1, tailFin: 0.18, dorsal: 0.1 }) }),
  defineSpecies({ ...fish, name: "carp", detail: "medium", height: "25 cm", habitats: ["lake", "pond", "river"], taxonomy: ["Cypriniformes", "Cyprinidae", "Cyprinus carpio"],
    look: { coat: [170, 140, 72], pattern: "scales", belly: [225, 210, 160], accent: [150, 115, 60], textureName: "carpe écailles.png" },
    shape: u({ bodyHeight: 0.17, bodyWidth: 0.09, tailFin: 0.16, dorsal: 0.08 }) }),
  defineSpecies({ ...fish, name: "piranha", detail: "low", height: "12 cm", habitats: ["river", "jungle"], taxonomy: ["Characiformes", "Serrasalmidae", "Pygocentrus nattereri"],
    look: { coat: [130, 140, 150], pattern: "scales", belly: [225, 80, 50], bellyWidth: 0.16, accent: [120, 125, 135] },
    shape: u({ bodyHeight: 0.26, bodyWidth: 0.11, thickest: 0.7, tailFin: 0.16, dorsal: 0.08 }) }),
  defineSpecies({ ...snake, name: "python", detail: "medium", height: "15 cm", habitats: ["jungle", "swamp", "forest"], taxonomy: ["Squamata", "Pythonidae", "Python bivittatus"],
    look: { coat: [160, 135, 75], marks: [75, 55, 30], pattern: "patches", belly: [220, 210, 170], bellyWidth: 0.12, accent: [160, 135, 75] },
    shape: SNAKE }),
  defineSpecies({ ...snake, name: "rattlesnake", detail: "medium", height: "7cm", habitats: ["desert", "grass"], taxonomy: ["Squamata", "Viperidae", "Crotalus atrox"],
    look: { coat: [190, 160, 112], marks: [95, 75, 50], pattern: "rosettes", belly: [225, 210, 180], accent: [190, 160, 112] },
    shape: { ...SNAKE, wave: 0.14, waves: 2 } }),
  defineSpecies({ ...snake, name: "grass snake", detail: "low", height: "4cm", habitats: ["garden", "grass", "pond", "swamp"], taxonomy: ["Squamata", "Natricidae", "Natrix natrix"],
    look: { coat: [80, 112, 60], pattern: "scales", belly: [200, 200, 170], accent: [80, 112, 60] },
    shape: { ...SNAKE, bodyHeight: 0.025, bodyWidth: 0.028 } }),
];
