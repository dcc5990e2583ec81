/**
 * Command globs (`rules.commands.deny`, docs/policy.md): `*` spans any characters,
 * `?` one, `[…]` a class (`[!…]`/`[^…]` negated), `\` quotes the next character. Command
 * text is not a path, so no path rule of a file-glob library applies: picomatch's `*` (even in
 * bash mode) refuses to cross a `.`/`..` segment or a newline, which let `rm -rf x/../y` and a
 * quoted argument holding a newline slip past `rm -rf *` and `sudo *`.
 */

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

/** Index of the `]` closing the class opened at `start`, or -1 (a lone `[` is literal). */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "!" || pattern[i] === "^") i += 1;
  if (pattern[i] === "]") i += 1; // `[]…]`: a leading `]` is a member
  for (; i < pattern.length; i += 1) if (pattern[i] === "]") return i;
  return -1;
}

function escapeChar(char: string): string {
  return /[.*+?^${}()|[\]\\/-]/.test(char) ? `\\${char}` : char;
}

/** The first pattern that matches one of the candidates, or null. */
export function firstCommandMatch(patterns: string[], candidates: string[]): string | null {
  for (const pattern of patterns) {
    const regex = commandGlobRegex(pattern);
    if (candidates.some((candidate) => regex.test(candidate))) return pattern;
  }
  return null;
}
