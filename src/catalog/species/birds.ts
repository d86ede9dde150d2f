/** Birds and other fliers on the `winged_flyer` and `winged_standing` plans. */
import type { BirdShape } from "../plans/birds.js";
import { defineSpecies, type Species } from "./types.js";

const b = (shape: Partial<BirdShape>): Partial<BirdShape> => shape;
const flyer = { group: "birds", type: "winged_flyer", behaviour: "fly" } as const;
const stander = { group: "birds", type: "winged_standing" } as const;

export const BIRDS: Species[] = [
  defineSpecies({ ...flyer, name: "eagle", detail: "high", height: "3 ft", habitats: ["forest", "desert", "icescape"], taxonomy: ["Accipitriformes", "Accipitridae", "Aquila chrysaetos"],
    look: { coat: [95, 62, 35], pattern: "feathers", accent: [240, 190, 40], trim: [40, 30, 20] },
    shape: b({ bodyRadius: 0.22, legLength: 0.25, neckLength: 0.15, neckPitch: 40, headRadius: 0.15, beak: "hook", beakLength: 0.18, beakRadius: 0.06, wingSpan: 1.6, wingChord: 0.5, tailLength: 0.45, tailWidth: 0.25 }) }),
  defineSpecies({ ...flyer, name: "owl", detail: "medium", height: "1.2 ft", habitats: ["forest", "rural", "farm"], taxonomy: ["Strigiformes", "Strigidae", "Bubo bubo"],
    look: { coat: [150, 115, 75], pattern: "feathers", belly: [215, 190, 150], bellyWidth: 0.15, accent: [70, 60, 50], trim: [40, 30, 20] },
    shape: b({ bodyRadius: 0.32, bodyPitch: 25, legLength: 0.2, neckLength: 0.06, neckPitch: 60, neckThick: 0.2, headRadius: 0.26, beak: "hook", beakLength: 0.08, beakRadius: 0.04, eyeSize: 0.3, eyeForward: 2.5, tufts: true, wingSpan: 1.3, wingChord: 0.55, tailLength: 0.3 }) }),
  defineSpecies({ ...flyer, name: "seagull", detail: "low", height: "45cm", habitats: ["beach", "sea", "city"], taxonomy: ["Charadriiformes", "Laridae", "Larus argentatus"], tags: ["gull"],
    look: { coat: [240, 240, 242], marks: [150, 155, 165], pattern: "feathers", accent: [245, 200, 60], trim: [40, 40, 45] },
    shape: b({ bodyRadius: 0.2, headRadius: 0.16, beak: "cone", beakLength: 0.2, beakRadius: 0.05, wingSpan: 1.8, wingChord: 0.4, tailLength: 0.35 }) }),
  defineSpecies({ ...flyer, name: "parrot", pet: true, detail: "medium", height: "35 cm", habitats: ["jungle", "urban"], taxonomy: ["Psittaciformes", "Psittacidae", "Ara macao"], tags: ["macaw"],
    look: { coat: [210, 40, 35], marks: [40, 80, 200], pattern: "feathers", accent: [235, 225, 200], trim: [40, 40, 45], textureName: "plumes perroquet.png" },
    shape: b({ bodyRadius: 0.22, headRadius: 0.18, beak: "hook", beakLength: 0.15, beakRadius: 0.08, wingSpan: 1.0, wingChord: 0.4, tailLength: 0.8, tailWidth: 0.14 }) }),
  defineSpecies({ ...flyer, name: "pigeon", detail: "low", height: "30cm", habitats: ["city", "urban", "farm"], taxonomy: ["Columbiformes", "Columbidae", "Columba livia"],
    look: { coat: [150, 150, 165], pattern: "feathers", accent: [215, 110, 110], trim: [40, 40, 45] },
    shape: b({ bodyRadius: 0.26, headRadius: 0.15, beak: "cone", beakLength: 0.1, beakRadius: 0.035, wingSpan: 1.2, tailLength: 0.35 }) }),
  defineSpecies({ ...flyer, name: "crow", detail: "medium", height: "1.5 ft", habitats: ["city", "farm", "rural", "forest"], taxonomy: ["Passeriformes", "Corvidae", "Corvus corone"],
    look: { coat: [42, 42, 48], pattern: "feathers", accent: [30, 30, 34], trim: [20, 20, 22] },
    shape: b({ bodyRadius: 0.22, headRadius: 0.16, beak: "cone", beakLength: 0.22, beakRadius: 0.06, wingSpan: 1.3, tailLength: 0.45 }) }),
  defineSpecies({ ...flyer, name: "sparrow", detail: "low", height: "15cm", habitats: ["garden", "urban", "city", "farm"], taxonomy: ["Passeriformes", "Passeridae", "Passer domesticus"],
    look: { coat: [150, 108, 68], marks: [70, 50, 35], pattern: "feathers", belly: [215, 205, 190], bellyWidth: 0.15, accent: [90, 75, 60], trim: [40, 30, 25] },
    shape: b({ bodyRadius: 0.27, headRadius: 0.2, beak: "cone", beakLength: 0.1, beakRadius: 0.05, wingSpan: 1.0, tailLength: 0.35 }) }),
  defineSpecies({ ...flyer, name: "bat", group: "mammals", detail: "low", height: "12 cm", habitats: ["forest", "city", "rural", "jungle"], taxonomy: ["Chiroptera", "Vespertilionidae", "Pipistrellus pipistrellus"],
    look: { coat: [95, 72, 55], pattern: "fur", accent: [55, 42, 40], trim: [40, 30, 28] },
    shape: b({ bodyRadius: 0.22, headRadius: 0.16, beak: "none", tufts: true, neckLength: 0.12, wingSpan: 1.4, wingChord: 0.6, wingSlot: "accent", tailLength: 0.15, tailWidth: 0.15, legThick: 0.025 }) }),
  defineSpecies({ ...flyer, name: "butterfly", group: "insects", detail: "low", height: "4cm", habitats: ["garden", "grass", "jungle", "forest"], taxonomy: ["Lepidoptera", "Nymphalidae", "Danaus plexippus"], tags: ["monarch"],
    look: { coat: [235, 130, 30], marks: [25, 20, 20], pattern: "spots", accent: [30, 25, 25], trim: [30, 25, 25] },
    shape: b({ bodyRadius: 0.08, bodyPitch: 0, legLength: 0.2, legThick: 0.012, neckLength: 0.04, neckPitch: 20, headRadius: 0.08, beak: "none", tufts: true, eyeSize: 0.35, wingSpan: 0.9, wingChord: 0.75, wingLobes: 2, bodySlot: "accent", tailLength: 0.35, tailWidth: 0.07 }) }),
  defineSpecies({ ...stander, name: "penguin", behaviour: "waddle", detail: "high", height: "70 cm", habitats: ["icescape", "sea", "beach"], taxonomy: ["Sphenisciformes", "Spheniscidae", "Aptenodytes forsteri"],
    look: { coat: [30, 32, 42], pattern: "plain", belly: [242, 242, 236], bellyWidth: 0.2, accent: [240, 140, 40], trim: [30, 30, 35] },
    shape: b({ bodyRadius: 0.3, bodyPitch: 78, legLength: 0.05, legThick: 0.04, neckLength: 0.1, neckPitch: 80, neckThick: 0.2, headRadius: 0.19, beak: "cone", beakLength: 0.18, beakRadius: 0.05, folded: "flipper", wingChord: 0.45, tailLength: 0.12, tailPitch: -60 }) }),
  defineSpecies({ ...stander, name: "chicken", behaviour: "walk", detail: "medium", height: "50cm", habitats: ["farm", "rural", "garden"], taxonomy: ["Galliformes", "Phasianidae", "Gallus gallus domesticus"], tags: ["hen"],
    look: { coat: [190, 118, 60], pattern: "feathers", accent: [232, 190, 60], trim: [205, 30, 30] },
    shape: b({ bodyRadius: 0.3, bodyPitch: 15, legLength: 0.35, legThick: 0.035, neckLength: 0.26, neckPitch: 70, neckThick: 0.13, headRadius: 0.15, beak: "cone", beakLength: 0.1, beakRadius: 0.04, comb: true, wingChord: 0.4, tailLength: 0.35, tailWidth: 0.3, tailPitch: 50 }) }),
  defineSpecies({ ...stander, name: "duck", behaviour: "waddle", detail: "medium", height: "1.3 ft", habitats: ["pond", "lake", "river", "farm"], taxonomy: ["Anseriformes", "Anatidae", "Anas platyrhynchos"], tags: ["mallard"],
    look: { coat: [130, 98, 62], pattern: "feathers", belly: [195, 175, 145], bellyWidth: 0.15, accent: [240, 145, 40], trim: [40, 30, 25], textureName: "canard plumes.png" },
    shape: b({ bodyRadius: 0.26, bodyPitch: 5, legLength: 0.12, legThick: 0.035, neckLength: 0.22, neckPitch: 70, neckThick: 0.11, headRadius: 0.15, beak: "flat", beakLength: 0.2, beakRadius: 0.07, wingChord: 0.4, tailLength: 0.2, tailPitch: 20 }) }),
  defineSpecies({ ...stander, name: "flamingo", behaviour: "walk", detail: "medium", height: "1.3 m", habitats: ["lake", "swamp", "beach"], taxonomy: ["Phoenicopteriformes", "Phoenicopteridae", "Phoenicopterus roseus"],
    look: { coat: [242, 140, 150], pattern: "feathers", accent: [225, 115, 125], trim: [30, 30, 30] },
    shape: b({ bodyRadius: 0.22, bodyPitch: 10, legLength: 1.2, legThick: 0.02, neckLength: 0.75, neckPitch: 78, neckThick: 0.05, headRadius: 0.1, beak: "hook", beakLength: 0.16, beakRadius: 0.045, wingChord: 0.35, tailLength: 0.2 }) }),
];
