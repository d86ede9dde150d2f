/** The creature card: a record's fields, its habitats and its reference image. */
import { type ModelRecord, parseHeight, recordHabitats } from "../src/index.js";

function heightText(record: ModelRecord): string {
  const raw = record.scale?.height;
  try {
    return `${parseHeight(raw).toFixed(2)} m (${String(raw)})`;
  } catch {
    return raw === undefined ? "unknown" : String(raw);
  }
}

/** Fills the card element with a record and shows it. */
export function showCard(record: ModelRecord): void {
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
    ["Group", record.group ?? "-"],
    ["Type", record.type ?? "-"],
    ["Behaviour", record.behaviour ?? "-"],
    ["Pet", record.pet ? "yes" : "no"],
    ["Detail", record.detail ?? "-"],
    ["Height", heightText(record)],
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
}

export function hideCard(): void {
  const card = document.querySelector<HTMLElement>("#card")!;
  card.hidden = true;
  delete card.dataset["record"];
}
