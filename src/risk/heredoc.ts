/**
 * A second reading of heredocs, for valid bash that tree-sitter-bash rejects: two heredocs
 * started on one line (`cat <<A; cat <<B`) and delimiters quoted in part (`<<E'O'F`). Each
 * heredoc is rewritten as the herestring bash would feed the same command (`<<< 'body'`;
 * double quotes for an unquoted delimiter, whose body still expands `$(…)`), and the result is
 * parsed again. Used only when the first parse failed, and its answer only when the rewritten
 * text parses cleanly; operators inside quotes are not heredocs, as in bash.
 */

interface Heredoc {
  start: number;
  end: number;
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
}

/**
 * The heredoc operators of one line, outside quotes and comments. `$(…)` opens a fresh context
 * even inside double quotes (`--body "$(cat <<'EOF'`), as in bash.
 */
function operators(line: string): Heredoc[] {
  const found: Heredoc[] = [];
  const stack: string[] = []; // "'", '"' or "(" (a command substitution)
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    const top = stack.at(-1);
    if (top === "'") {
      if (c === "'") stack.pop();
      continue;
    }
    if (c === "\\") {
      i += 1;
      continue;
    }
    if (top === '"') {
      if (c === '"') stack.pop();
      else if (c === "$" && line[i + 1] === "(") {
        stack.push("(");
        i += 1;
      }
      continue;
    }
    if (c === "'" || c === '"') {
      stack.push(c);
      continue;
    }
    if (c === "$" && line[i + 1] === "(") {
      stack.push("(");
      i += 1;
      continue;
    }
    if (c === "(" && top === "(") stack.push("(");
    else if (c === ")" && top === "(") stack.pop();
    if (c === "#" && stack.length === 0 && (i === 0 || /\s/.test(line[i - 1]!))) break;
    if (c !== "<" || line[i + 1] !== "<" || line[i + 2] === "<" || line[i - 1] === "<") continue;
    const match = /^<<(-?)[ \t]*((?:[^\s;&|<>()'"\\]|'[^']*'|"[^"]*"|\\.)+)/.exec(line.slice(i));
    if (!match) return [];
    const word = match[2]!;
    found.push({
      start: i,
      end: i + match[0].length,
      delimiter: word.replace(/'([^']*)'|"([^"]*)"|\\(.)/g, "$1$2$3"),
      quoted: /['"\\]/.test(word),
      stripTabs: match[1] === "-",
    });
    i += match[0].length - 1;
  }
  return found;
}

function herestring(body: string, quoted: boolean): string {
  return quoted ? `<<< '${body.replace(/'/g, `'\\''`)}'` : `<<< "${body.replace(/(["\\])/g, "\\$1")}"`;
}

/** The text with its heredocs as herestrings, or null when there is nothing to rewrite. */
export function heredocsAsHerestrings(text: string): string | null {
  if (!text.includes("<<")) return null;
  const lines = text.split("\n");
  const out: string[] = [];
  let rewritten = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const found = operators(line);
    if (found.length === 0) {
      out.push(line);
      continue;
    }
    let result = "";
    let cursor = 0;
    for (const heredoc of found) {
      const body: string[] = [];
      for (index += 1; index < lines.length; index += 1) {
        const candidate = heredoc.stripTabs ? lines[index]!.replace(/^\t+/, "") : lines[index]!;
        if (candidate === heredoc.delimiter) break;
        body.push(candidate);
      }
      if (index >= lines.length) return null; // an unterminated heredoc stays an error
      result += line.slice(cursor, heredoc.start) + herestring(body.join("\n"), heredoc.quoted);
      cursor = heredoc.end;
    }
    out.push(result + line.slice(cursor));
    rewritten = true;
  }
  return rewritten ? out.join("\n") : null;
}
