/**
 * The shape every section reports in, shared by the markdown tables and the JSON file, so both
 * always carry the same figures.
 */
import { type Measure, ratio } from "./stats.js";

/** One figure column of a section's table. */
export interface Column {
  key: string;
  label: string;
  /** Decimals shown in the table (JSON keeps full precision). */
  digits: number;
  /** Lower is better (time, bytes) or higher is better (requests per second). Only informative. */
  better: "lower" | "higher";
}

/** One row: one subject (Menagerie, a baseline, a physical limit) in one scenario. */
export interface Row {
  scenario: string;
  subject: string;
  /** The subject of the same scenario this row is compared with; none for baselines. */
  baseline?: string;
  figures: Record<string, Measure>;
  /** Per column: this row's median / the baseline row's median. */
  ratios: Record<string, number>;
}

export interface Section {
  id: string;
  title: string;
  /** What was measured and how, printed under the table. */
  notes: string[];
  columns: Column[];
  rows: Row[];
}

/** Fills each row's `ratios` from the row of the same scenario named by its `baseline`. */
export function withRatios(rows: Row[]): Row[] {
  for (const row of rows) {
    if (!row.baseline) continue;
    const base = rows.find((r) => r.scenario === row.scenario && r.subject === row.baseline);
    if (!base) continue;
    for (const key of Object.keys(row.figures)) row.ratios[key] = ratio(row.figures[key], base.figures[key]);
  }
  return rows;
}

export function row(scenario: string, subject: string, figures: Record<string, Measure>, baseline?: string): Row {
  return { scenario, subject, ...(baseline ? { baseline } : {}), figures, ratios: {} };
}
