/**
 * Tables of patterns read on a command's whole argv text (`prisma migrate reset`, `aws … iam
 * attach-user-policy`, `vault kv get`, …), tested with a literal guard first.
 *
 * V8 compiles a regular expression the first time it runs (tens of microseconds each), and every
 * hook call is a new process: testing every command against every pattern of these tables cost
 * ~1 ms a call, nearly all of it compiling patterns that could not match. Each pattern here starts
 * with the literal it cannot match without: `^prog` (or `^(a|b)`) needs the text to start with
 * it, `\bword` (or `\b(a|b)`) needs the text to contain it. That check is a string comparison,
 * and a pattern is compiled and run only when it passes, so results are exactly the patterns'.
 * A pattern without such a lead is refused when the table is first used: every command uses
 * these tables, so one such pattern fails every command (and the hook denies) rather than
 * slipping through. The guards are built then too, not when the module loads: a hook call that
 * carries no command (a file read, an MCP call) never builds them (~1.6 % of a Read call's
 * instructions, docs/performance.md).
 */

/** `^` or `\b`, then a literal word (`\.` allowed) or a group of alternative words, unquantified. */
const LEAD = /^(\^|\\b)(?:\(((?:[\w-]|\\\.)+(?:\|(?:[\w-]|\\\.)+)*)\)|((?:[\w-]|\\\.)+))(?![?*+{])/;

interface Guarded {
  pattern: RegExp;
  anchored: boolean;
  /** Lower-cased for a case-insensitive pattern, which is then checked on the lower-cased text. */
  folded: boolean;
  literals: string[];
}

function guard(pattern: RegExp): Guarded {
  const lead = LEAD.exec(pattern.source);
  if (!lead) throw new Error(`pattern without a leading literal: ${pattern}`);
  const folded = pattern.flags.includes("i");
  const literals = (lead[2] ?? lead[3]!)
    .split("|")
    .map((word) => word.replaceAll("\\.", "."))
    .map((word) => (folded ? word.toLowerCase() : word));
  return { pattern, anchored: lead[1] === "^", folded, literals };
}

/** A test of `text` against every pattern of the table: true when any of them matches. */
export function patternTable(patterns: RegExp[]): (text: string) => boolean {
  let guarded: Guarded[] | null = null;
  return (text) => {
    guarded ??= patterns.map(guard);
    const lower = text.toLowerCase();
    return guarded.some(({ pattern, anchored, folded, literals }) => {
      const subject = folded ? lower : text;
      const present = literals.some((word) => (anchored ? subject.startsWith(word) : subject.includes(word)));
      return present && pattern.test(text);
    });
  };
}
