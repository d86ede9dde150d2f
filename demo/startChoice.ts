/**
 * The first populate's choice from the page's link: `?habitat=desert&count=12&seed=7&scenery=4`
 * fills the populate form before the page populates (a shared link shows the same scene); a
 * missing or invalid number keeps the form's default (40 creatures, seed 42, 16 props); no
 * habitat keeps the forest.
 */
import { resolveHabitat } from "../src/records/habitatWords.js";

export interface PopulateForm {
  habitat: HTMLSelectElement;
  count: HTMLInputElement;
  seed: HTMLInputElement;
  scenery: HTMLInputElement;
}

/** An integer within the input's own min and max (or any integer without them), else undefined. */
function integerFor(input: HTMLInputElement, text: string | null): string | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  const min = input.min === "" ? -Infinity : Number(input.min);
  const max = input.max === "" ? Infinity : Number(input.max);
  return value >= min && value <= max ? String(value) : undefined;
}

/**
 * Puts the link's valid values into the form. The habitat may be any habitat word (`savanna`,
 * `savannah`: the grass); one that names no habitat is not replaced by the default in silence:
 * the answer carries the error that names the known ones, and the page says it instead of
 * populating.
 */
export function applyStartChoice(params: URLSearchParams, form: PopulateForm): { habitatError?: string } {
  const word = params.get("habitat");
  let habitatError: string | undefined;
  if (word !== null) {
    try {
      form.habitat.value = resolveHabitat("habitat", word);
    } catch (error) {
      habitatError = (error as Error).message;
    }
  }
  for (const key of ["count", "seed", "scenery"] as const) {
    const value = integerFor(form[key], params.get(key));
    if (value !== undefined) form[key].value = value;
  }
  form.count.dispatchEvent(new Event("input")); // the count's readout
  return habitatError === undefined ? {} : { habitatError };
}
