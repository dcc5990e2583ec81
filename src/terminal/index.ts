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
