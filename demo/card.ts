/** The creature card: a record's fields, how the creature was built, its size and habitats. */
import type { Creature } from "../src/index.js";
import { recordHabitats, recordSize } from "../src/records/index.js";

const AXIS_WORDS = { height: "tall", length: "long", width: "wide" } as const;

/** What the creature was built from: a rigged glTF and its clips, or OBJ parts. */
function kindText(creature: Creature): string {
  if (creature.form !== "rig") return creature.form === "whole" ? "one OBJ" : "OBJ parts";
  const clips = [...creature.animations.keys()];
  return `rigged glTF, clips: ${clips.join(", ") || "none"}`;
}

/**
 * The size the record gives, as Menagerie reads it: the first usable of height, length and
 * width (rig-only records often send `height: 0` beside a length), with the raw value.
 */
function sizeText(creature: Creature): string {
  const size = recordSize(creature.record);
  if (!size) return "unknown (default height used)";
  const raw = (creature.record.scale as Record<string, unknown> | undefined)?.[size.axis];
  return `${size.meters.toFixed(2)} m ${AXIS_WORDS[size.axis]} (scale.${size.axis}: ${String(raw)})`;
}

/** Fills the card element with a creature's record and shows it. */
export function showCard(creature: Creature): void {
  const { record } = creature;
  const card = document.querySelector<HTMLElement>("#card")!;
  document.querySelector("#card-name")!.textContent = record.name;
  const image = document.querySelector<HTMLImageElement>("#card-image")!;
  const reference = record.model.other.reference;
  image.hidden = !reference;
  if (reference) {
    image.src = reference;
    image.alt = `Reference picture of ${record.name}`;
  }
  const fields: [string, string][] = [
    ["Kind", kindText(creature)],
    ["Group", record.group ?? "-"],
    ["Type", record.type ?? "-"],
    ["Behaviour", record.behaviour ?? "-"],
    ["Pet", record.pet ? "yes" : "no"],
    ["Detail", record.detail ?? "-"],
    ["Size", sizeText(creature)],
    ["Height", `${creature.heightMeters.toFixed(2)} m as spawned`],
    ["Author", record.author ?? "-"],
    ["Source", record.source ?? "-"],
    ["Habitats", recordHabitats(record).join(", ") || "-"],
  ];
  const list = document.querySelector("#card-fields")!;
  list.replaceChildren(
    ...fields.flatMap(([k, v]) => {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      dd.dataset["field"] = k.toLowerCase();
      return [dt, dd];
    }),
  );
  card.hidden = false;
  card.dataset["record"] = record.name;
  card.dataset["kind"] = creature.form;
}

export function hideCard(): void {
  const card = document.querySelector<HTMLElement>("#card")!;
  card.hidden = true;
  delete card.dataset["record"];
  delete card.dataset["kind"];
}
