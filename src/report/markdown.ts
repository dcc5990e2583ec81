import { type Block, type Cell, type Tone, toReportDocument } from "./document.js";
import type { ComplianceReport } from "./model.js";
import { escapeMdCell } from "./text.js";

/** Markdown for pull requests and CI summaries: the verdict table first, details after. Charts are left out. */

const MARK: Record<Tone, string> = { ok: "✅", warn: "⚠️", bad: "❌" };

/** Code is escaped text too: a backtick span cannot hold a pipe inside a table, and commands often do. */
function cell(value: Cell): string {
  return escapeMdCell(typeof value === "string" ? value : value.code);
}

function table(header: string[], rows: Cell[][]): string[] {
  return [
    `| ${header.map(escapeMdCell).join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ];
}

function block(b: Block): string[] {
  switch (b.kind) {
    case "paragraph":
      return [escapeMdCell(b.text), ""];
    case "table":
      return [...table(b.header, b.rows), ""];
    case "facts":
      return [...b.rows.map(([label, value]) => `- ${escapeMdCell(label)}: ${cell(value)}`), ""];
    case "chart":
      return [];
  }
}

export function renderMarkdown(report: ComplianceReport): string {
  const doc = toReportDocument(report);
  const lines = [`# ${doc.title}`, "", escapeMdCell(doc.subtitle), ""];
  lines.push(
    ...table(
      ["Check", "Result"],
      doc.verdicts.map((v) => [v.check, `${MARK[v.tone]} ${v.headline} ${v.detail}`]),
    ),
    "",
  );
  for (const section of doc.sections)
    lines.push(`## ${section.heading}`, "", ...section.blocks.flatMap(block));
  return `${lines.join("\n").trimEnd()}\n`;
}
