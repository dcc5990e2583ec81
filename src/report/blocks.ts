/** The report document's building blocks (document.ts words them; markdown.ts and html.ts lay them out). */

export type Tone = "ok" | "warn" | "bad";

/** A table cell: plain text, or text shown as code (commands, hashes). */
export type Cell = string | { code: string };

/** Charts are drawn only where the format can (HTML); they never carry information not in the text. */
export type Chart =
  | { kind: "coverage-timeline" }
  | { kind: "quorum" }
  | { kind: "risk-levels" }
  | { kind: "risk-days" };

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "table"; header: string[]; rows: Cell[][] }
  | { kind: "facts"; rows: [label: string, value: Cell][] }
  | { kind: "chart"; chart: Chart };
