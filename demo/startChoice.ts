/**
 * The first populate's choice from the page's link: `?habitat=desert&count=12&seed=7&scenery=4`
 * fills the populate form before the page populates (a shared link shows the same scene); a
 * missing or invalid value keeps the form's default (forest, 40 creatures, seed 42, 16 props).
 */
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

/** Puts the link's valid values into the form. */
export function applyStartChoice(params: URLSearchParams, form: PopulateForm): void {
  const habitat = params.get("habitat");
  if (habitat && [...form.habitat.options].some((o) => o.value === habitat)) form.habitat.value = habitat;
  for (const key of ["count", "seed", "scenery"] as const) {
    const value = integerFor(form[key], params.get(key));
    if (value !== undefined) form[key].value = value;
  }
  form.count.dispatchEvent(new Event("input")); // the count's readout
}
