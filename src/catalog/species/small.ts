/** Hoppers (`hopper`) and many-legged crawlers (`multileg_crawler`). */
import type { CrawlerShape } from "../plans/crawler.js";
import type { HopperShape } from "../plans/hopper.js";
import { defineSpecies, type Species } from "./types.js";

const h = (shape: Partial<HopperShape>): Partial<HopperShape> => shape;
const c = (shape: Partial<CrawlerShape>): Partial<CrawlerShape> => shape;
const hopper = { type: "hopper", behaviour: "hop" } as const;
const crawler = { type: "multileg_crawler", behaviour: "crawl" } as const;
const FROG = h({ bodyRadius: 0.24, bodyLength: 0.3, lift: 0, chestRadius: 0.2, chestPitch: 20, chestDistance: 0.22, headRadius: 0.14, headRise: 0.35, headWidth: 1.5, snoutLength: 0, eyeSize: 0.16, eyeUp: 0.9, ears: "none", tail: "none", thighRadius: 0.15, footLength: 0.42, footThick: 0.04, armThick: 0.04 });
const INSECT = c({ bodyLength: 0.3, bodyWidth: 0.22, bodyHeight: 0.16, lift: 0.08, headRadius: 0.11, eyeStalks: false, eyeSize: 0.25, antennae: 0.25, legSpan: 0.3, kneeRise: 0.3, legThick: 0.022, clawSize: 0.06 });

export const SMALL: Species[] = [
  defineSpecies({ ...hopper, name: "rabbit", group: "mammals", pet: true, detail: "high", height: "25cm", habitats: ["garden", "grass", "farm", "forest", "rural"], taxonomy: ["Lagomorpha", "Leporidae", "Oryctolagus cuniculus"], tags: ["bunny"],
    look: { coat: [165, 135, 105], pattern: "fur", belly: [230, 220, 205], bellyWidth: 0.15, accent: [248, 246, 240], trim: [210, 150, 150] },
    shape: h({}) }),
  defineSpecies({ ...hopper, name: "rabbit#0002", group: "mammals", pet: true, detail: "medium", height: "9 in", habitats: ["garden", "urban", "city"], taxonomy: ["Lagomorpha", "Leporidae", "Oryctolagus cuniculus"], tags: ["bunny", "white"],
    look: { coat: [246, 244, 240], pattern: "fur", accent: [250, 250, 250], trim: [230, 150, 160] },
    shape: h({ earLength: 0.34, bodyRadius: 0.32 }) }),
  defineSpecies({ ...hopper, name: "kangaroo", group: "mammals", detail: "medium", height: "1.6 m", habitats: ["desert", "grass"], taxonomy: ["Diprotodontia", "Macropodidae", "Osphranter rufus"],
    look: { coat: [190, 128, 80], pattern: "fur", belly: [225, 200, 170], bellyWidth: 0.15, accent: [190, 128, 80], trim: [40, 30, 25] },
    shape: h({ bodyRadius: 0.28, bodyLength: 0.3, lift: 0.12, chestRadius: 0.2, chestPitch: 78, chestDistance: 0.38, headRadius: 0.13, snoutLength: 0.1, ears: "pointed", earLength: 0.16, earWidth: 0.05, thighRadius: 0.22, footLength: 0.55, armThick: 0.035, armReach: 0.4, tail: "thick", tailLength: 1.0, tailThick: 0.1, tailPitch: -30 }) }),
  defineSpecies({ ...hopper, name: "frog", group: "amphibians", detail: "medium", height: "6cm", habitats: ["pond", "swamp", "garden", "river", "lake"], taxonomy: ["Anura", "Ranidae", "Rana temporaria"],
    look: { coat: [75, 140, 55], marks: [40, 70, 30], pattern: "spots", belly: [220, 215, 150], bellyWidth: 0.18, accent: [75, 140, 55], trim: [40, 50, 30], textureName: "grenouille peau.png" },
    shape: FROG }),
  defineSpecies({ ...hopper, name: "frog#0002", creature: "poison dart frog", group: "amphibians", detail: "low", height: "25mm", habitats: ["jungle", "swamp"], taxonomy: ["Anura", "Dendrobatidae", "Dendrobates tinctorius"], tags: ["poison dart frog"],
    look: { coat: [40, 95, 210], marks: [15, 15, 25], pattern: "spots", accent: [40, 95, 210], trim: [15, 15, 25] },
    shape: { ...FROG, headWidth: 1.4 } }),
  defineSpecies({ ...crawler, name: "crab", group: "crustaceans", detail: "medium", height: "12cm", habitats: ["beach", "sea"], taxonomy: ["Decapoda", "Cancridae", "Cancer pagurus"],
    look: { coat: [212, 82, 42], pattern: "plain", belly: [240, 200, 170], accent: [212, 82, 42], trim: [40, 25, 20] },
    shape: c({}) }),
  defineSpecies({ ...crawler, name: "beetle", group: "insects", detail: "low", height: "2.5 cm", habitats: ["forest", "garden", "grass"], taxonomy: ["Coleoptera", "Carabidae", "Carabus violaceus"],
    look: { coat: [35, 65, 45], pattern: "plain", accent: [35, 65, 45], trim: [20, 20, 20] },
    shape: INSECT }),
  defineSpecies({ ...crawler, name: "beetle#0002", creature: "ladybird", group: "insects", detail: "low", height: "8mm", habitats: ["garden", "grass", "farm"], taxonomy: ["Coleoptera", "Coccinellidae", "Coccinella septempunctata"], tags: ["ladybird", "ladybug"],
    look: { coat: [210, 30, 25], marks: [15, 15, 15], pattern: "spots", accent: [20, 20, 20], trim: [20, 20, 20] },
    shape: { ...INSECT, bodyWidth: 0.3, bodyHeight: 0.2, antennae: 0.12 } }),
  defineSpecies({ ...crawler, name: "ant", group: "insects", detail: "low", height: "10mm", habitats: ["garden", "forest", "urban", "city"], taxonomy: ["Hymenoptera", "Formicidae", "Formica rufa"],
    look: { coat: [70, 32, 22], pattern: "plain", accent: [70, 32, 22], trim: [30, 15, 10] },
    shape: c({ ...INSECT, bodyLength: 0.16, bodyWidth: 0.1, bodyHeight: 0.1, lift: 0.14, abdomen: 0.2, headRadius: 0.12, antennae: 0.3, legSpan: 0.35, legThick: 0.018, clawSize: 0.05 }) }),
  defineSpecies({ ...crawler, name: "spider", group: "arachnids", detail: "medium", height: "3 cm", habitats: ["garden", "city", "urban", "forest", "jungle"], taxonomy: ["Araneae", "Araneidae", "Araneus diadematus"],
    look: { coat: [60, 45, 38], pattern: "fur", accent: [60, 45, 38], trim: [25, 20, 18] },
    shape: c({ ...INSECT, bodyLength: 0.18, bodyWidth: 0.16, bodyHeight: 0.12, lift: 0.18, abdomen: 0.3, headRadius: 0.08, antennae: 0, legSpan: 0.7, kneeRise: 0.4, legThick: 0.025, clawSize: 0.06 }) }),
  defineSpecies({ ...crawler, name: "scorpion", group: "arachnids", detail: "medium", height: "6cm", habitats: ["desert"], taxonomy: ["Scorpiones", "Buthidae", "Androctonus australis"],
    look: { coat: [195, 152, 82], pattern: "plain", accent: [195, 152, 82], trim: [60, 40, 25] },
    shape: c({ ...INSECT, bodyLength: 0.35, bodyWidth: 0.2, bodyHeight: 0.1, lift: 0.06, headRadius: 0.1, antennae: 0, legSpan: 0.35, legThick: 0.025, clawSize: 0.3, sting: 0.6 }) }),
];
