/**
 * Command globs (`rules.commands.deny`, docs/policy.md): `*` spans any characters,
 * `?` one, `[…]` a class (`[!…]`/`[^…]` negated), `\` quotes the next character. Command
 * text is not a path, so no path rule of a file-glob library applies: picomatch's `*` (even in
 * bash mode) refuses to cross a `.`/`..` segment or a newline, which let `rm -rf x/../y` and a
 * quoted argument holding a newline slip past `rm -rf *` and `sudo *`.
 */
import { canonicalPattern } from "../risk/index.js";

/** Compiles one command glob to an anchored regular expression. */
export function commandGlobRegex(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === "*") {
      while (pattern[i + 1] === "*") i += 1;
      source += "[\\s\\S]*";
    } else if (char === "?") {
      source += "[\\s\\S]";
    } else if (char === "\\" && i + 1 < pattern.length) {
      i += 1;
      source += escapeChar(pattern[i]!);
    } else if (char === "[") {
      const end = classEnd(pattern, i);
      if (end < 0) {
        source += "\\[";
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      source += `[${negated ? "^" : ""}${body.replace(/[\\\]^]/g, (c) => `\\${c}`)}]`;
      i = end;
    } else {
      source += escapeChar(char);
    }
  }
  return new RegExp(`^${source}$`);
}

/** Why `pattern` is not a usable command glob (a class range out of order: `[z-a]`), or null. */
export function commandGlobProblem(pattern: string): string | null {
  try {
    commandGlobRegex(pattern);
    return null;
  } catch (error) {
    return `not a valid command glob (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Index of the `]` closing the class opened at `start`, or -1 (a lone `[` is literal). */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "!" || pattern[i] === "^") i += 1;
  if (pattern[i] === "]") i += 1; // `[]…]`: a leading `]` is a member
  for (; i < pattern.length; i += 1) if (pattern[i] === "]") return i;
  return -1;
}

// Characters with a meaning in a regular expression.
const REGEX_SYNTAX = new Set("^$.*+?|(){}[]\\/-");

function escapeChar(char: string): string {
  return REGEX_SYNTAX.has(char) ? `\\${char}` : char;
}

/** The text every match of `pattern` starts with: the pattern up to its first special character. */
function literalPrefix(pattern: string): string {
  let end = 0;
  while (end < pattern.length && !"*?[\\".includes(pattern[end]!)) end += 1;
  return pattern.slice(0, end);
}

/**
 * The first pattern that matches one of the candidates, or null. A pattern is compiled only for
 * candidates starting with its literal prefix (`sudo ` of `sudo *`): a match must, and each
 * compiled pattern costs a hook call tens of microseconds.
 */
export function firstCommandMatch(patterns: string[], candidates: string[]): string | null {
  for (const pattern of patterns) {
    const prefix = literalPrefix(pattern);
    const possible = candidates.filter((candidate) => candidate.startsWith(prefix));
    if (possible.length === 0) continue;
    const regex = commandGlobRegex(pattern);
    if (possible.some((candidate) => regex.test(candidate))) return pattern;
  }
  return null;
}

/** Canonical forms of patterns, computed once per pattern text. */
const canonicalPatterns = new Map<string, string | null>();

/**
 * The first pattern whose canonical form matches the command's canonical form (docs/policy.md,
 * "Canonical form"), or null. Both sides are spelled the same way: options long and sorted.
 */
export function firstCanonicalMatch(patterns: string[], canonical: string): string | null {
  for (const pattern of patterns) {
    let form = canonicalPatterns.get(pattern);
    if (form === undefined) {
      form = canonicalPattern(pattern);
      canonicalPatterns.set(pattern, form);
    }
    if (form !== null && firstCommandMatch([form], [canonical])) return pattern;
  }
  return null;
}
