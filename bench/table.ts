/**
 * Markdown for a section: one row per subject, each cell "median [min–max]" and, on rows that
 * have a baseline, "×ratio" to the baseline's median — the figure that counts on a noisy machine.
 */
import type { Section } from "./report.js";

function formatNumber(value: number, digits: number): string {
  if (!Number.isFinite(value)) return "–";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function formatRatio(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return "";
  if (value === 0) return " (×0)";
  // Two significant digits, whatever the size: ×0.00015 and ×568 both stay readable.
  const text = value >= 100 ? formatNumber(value, 0) : String(Number(value.toPrecision(2)));
  return ` (×${text})`;
}

export function sectionMarkdown(section: Section): string {
  const lines = [`### ${section.title}`, ""];
  lines.push(`| scenario | subject | ${section.columns.map((c) => c.label).join(" | ")} |`);
  lines.push(`| --- | --- | ${section.columns.map(() => "---:").join(" | ")} |`);
  for (const row of section.rows) {
    const cells = section.columns.map((column) => {
      const m = row.figures[column.key];
      if (!m) return "";
      const spread =
        m.min === m.max ? "" : ` [${formatNumber(m.min, column.digits)}–${formatNumber(m.max, column.digits)}]`;
      return `${formatNumber(m.median, column.digits)}${spread}${formatRatio(row.ratios[column.key])}`;
    });
    lines.push(`| ${row.scenario} | ${row.subject} | ${cells.join(" | ")} |`);
  }
  lines.push("");
  for (const note of section.notes) lines.push(`- ${note}`);
  return lines.join("\n");
}
