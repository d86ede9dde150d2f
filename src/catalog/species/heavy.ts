/** Heavy animals on the `quadruped_fat` plan (separate jaw and ears, one-piece legs). */
import type { QuadrupedShape } from "../plans/quadruped.js";
import { defineSpecies, type Species } from "./types.js";

const q = (shape: Partial<QuadrupedShape>): Partial<QuadrupedShape> => shape;
const base = { type: "quadruped_fat", behaviour: "walk" } as const;

export const HEAVY: Species[] = [
  defineSpecies({ ...base, name: "hippo", group: "mammals", detail: "medium", height: "1.5 m", habitats: ["river", "lake", "swamp"], taxonomy: ["Artiodactyla", "Hippopotamidae", "Hippopotamus amphibius"], tags: ["hippopotamus"],
    look: { coat: [150, 120, 128], pattern: "plain", belly: [200, 160, 160], bellyWidth: 0.15, accent: [240, 232, 215], trim: [90, 75, 80] },
    shape: q({}) }),
  defineSpecies({ ...base, name: "crocodile", group: "reptiles", behaviour: "crawl", detail: "medium", height: "45 cm", habitats: ["swamp", "river", "jungle"], taxonomy: ["Crocodilia", "Crocodylidae", "Crocodylus niloticus"],
    look: { coat: [85, 105, 52], marks: [45, 60, 30], pattern: "scales", belly: [190, 185, 140], bellyWidth: 0.15, accent: [235, 230, 205], trim: [40, 45, 30] },
    shape: q({ bodyHeight: 0.11, bodyWidth: 0.16, chest: 1.0, legLength: 0.1, legThick: 0.045, legSplay: 0.12, legInset: 0.16, feet: "paw", neckLength: 0.12, neckPitch: 0, neckThick: 0.1, headLength: 0.3, headRadius: 0.075, snoutLength: 0.38, snoutRadius: 0.06, snoutFlat: 1.7, eyeSize: 0.3, ears: "round", earLength: 0.02, earWidth: 0.02, tail: "thick", tailLength: 1.3, tailThick: 0.11, tailPitch: -3 }) }),
  defineSpecies({ ...base, name: "elephant", group: "mammals", detail: "high", height: "3.2 m", habitats: ["grass", "jungle", "desert"], taxonomy: ["Proboscidea", "Elephantidae", "Loxodonta africana"],
    look: { coat: [140, 135, 130], pattern: "fur", accent: [245, 240, 225], trim: [235, 228, 210] },
    shape: q({ bodyHeight: 0.3, bodyWidth: 0.25, legLength: 0.55, legThick: 0.1, neckLength: 0.12, neckPitch: 20, neckThick: 0.22, headLength: 0.3, headRadius: 0.2, snoutLength: 0.05, snoutRadius: 0.11, trunk: 0.65, ears: "fan", earLength: 0.42, earWidth: 0.26, horns: "tusks", hornSize: 0.4, tail: "thin", tailLength: 0.35, tailThick: 0.025, tailPitch: -70, feet: "paw" }) }),
  defineSpecies({ ...base, name: "rhino", group: "mammals", detail: "low", height: "1.7 m", habitats: ["grass", "swamp"], taxonomy: ["Perissodactyla", "Rhinocerotidae", "Diceros bicornis"], tags: ["rhinoceros"],
    look: { coat: [135, 128, 118], pattern: "plain", accent: [230, 225, 210], trim: [110, 100, 90] },
    shape: q({ bodyHeight: 0.27, bodyWidth: 0.23, legLength: 0.32, legThick: 0.085, neckLength: 0.12, neckPitch: 5, headLength: 0.36, headRadius: 0.13, snoutLength: 0.14, snoutRadius: 0.1, horns: "rhino", hornSize: 0.3, ears: "pointed", earLength: 0.09, earWidth: 0.04, tail: "tuft", tailLength: 0.3, tailThick: 0.02 }) }),
  defineSpecies({ ...base, name: "walrus", group: "mammals", behaviour: "crawl", detail: "medium", height: "1.1 m", habitats: ["icescape", "beach", "sea"], taxonomy: ["Carnivora", "Odobenidae", "Odobenus rosmarus"],
    look: { coat: [150, 108, 88], pattern: "plain", accent: [240, 232, 215], trim: [235, 228, 210] },
    shape: q({ bodyHeight: 0.3, bodyWidth: 0.28, chest: 1.3, legLength: 0.05, legThick: 0.07, legSplay: 0.14, feet: "paw", neckLength: 0.08, neckPitch: 30, neckThick: 0.25, headLength: 0.24, headRadius: 0.16, snoutLength: 0.06, snoutRadius: 0.13, horns: "tusks", hornSize: 0.38, ears: "round", earLength: 0.02, earWidth: 0.02, tail: "stub", tailLength: 0.12, tailThick: 0.08, tailPitch: -10 }) }),
];
