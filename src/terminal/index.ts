/**
 * Text for a terminal. Anything an agent or a trail file controls (commands, paths, agent
 * names, decisions, even timestamps of a tampered line) may hold control characters: an
 * `ESC[2K` erases the row it is printed on and can forge another, a `\r` overwrites it, a
 * bidi override reorders what the reader sees. Human output passes such text through
 * `escapeControl`, which shows each of those characters as a visible escape instead.
 * Invariant: the result holds no C0/C1 control character, DEL, or bidi control; printable
 * text (any script, emoji) is unchanged. JSON output needs none of this (JSON escapes C0).
 */

// C0 (tab and newline included: one value stays on one line), DEL, C1, and the Unicode
// bidirectional controls (LRE..RLO, LRI..PDI, LRM, RLM, ALM).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\e" };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** `text` with every control character shown as an escape (`\e`, `\n`, `\x07`, `\u202e`). */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Each cell of a table escaped, so that a cell can neither break a row nor move the cursor. */
export function escapeCells(rows: readonly (readonly string[])[]): string[][] {
  return rows.map((row) => row.map(escapeControl));
}

/**
 * Whether to colour what goes to `stream`: never with NO_COLOR set (no-color.org: any non-empty
 * value), always with FORCE_COLOR set to anything but "0" or "false", else only on a terminal.
 */
export function useColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  return stream.isTTY === true;
}

// SGR colours: red for what blocks or is critical, yellow for what asks or is high, cyan for
// medium, dim for nothing found; green for an explicit allow or a check that passed. Action
// outcomes: denied as a deny, asked-then-* as an ask, failed magenta, unknown bold yellow (what
// cannot be known is not safe); ran and recorded stay plain (their level says how risky).
const SGR: Record<string, string> = {
  denied: "1;31",
  "asked-then-declined": "33",
  "asked-then-ran": "33",
  failed: "35",
  unknown: "1;33",
  critical: "1;31",
  high: "31",
  deny: "1;31",
  fail: "1;31",
  medium: "33",
  ask: "33",
  low: "36",
  none: "2",
  pass: "2",
  allow: "32",
  ok: "32",
};

/**
 * `text` coloured for a risk level or a verdict (`critical`, `deny`, `ask`, `ok`, …) when `on`.
 * `text` must already be safe (escapeControl): the colour codes are the only escapes added.
 */
export function paint(text: string, kind: string, on: boolean): string {
  const code = SGR[kind];
  return on && code ? `\u001b[${code}m${text}\u001b[0m` : text;
}
