/**
 * Line continuations removed before a command line is judged. Bash deletes a backslash
 * followed by a newline wherever it is not quoted, so `r\<newline>m -rf ~` runs `rm`, and
 * `cur\<newline>l … | ba\<newline>sh` pipes a download into bash. The tokenizer, the grammar
 * walk and the policy's command globs must all see what bash runs, not the pieces: the join
 * is done once, here, before anything reads the text.
 *
 * As in bash, a backslash-newline is kept inside single quotes, ANSI-C `$'…'` strings and
 * comments, and in heredoc bodies (left as written: a quoted heredoc keeps them, an unquoted
 * one is data apart from its substitutions, which are parsed on their own). A backslash that
 * is itself escaped (`\\<newline>`) is a literal backslash. `$(…)` and backquotes open a fresh
 * context even inside double quotes (`"$(echo 'a\<newline>b')"` keeps its single-quoted text).
 */

type Context = "top" | "'" | '"' | "$'" | "`" | "(";

/** True when `text` may hold a line continuation (the common case has none: no copy made). */
export function hasContinuation(text: string): boolean {
  return text.includes("\\\n") || text.includes("\\\r\n");
}

/** `text` with the backslash-newlines bash would remove taken out. */
export function joinContinuations(text: string): string {
  if (!hasContinuation(text)) return text;
  let out = "";
  const stack: Context[] = ["top"];
  /** Heredoc delimiters opened on the current line, read after its newline. */
  let pending: string[] = [];
  let i = 0;
  const length = text.length;
  while (i < length) {
    const c = text[i]!;
    const top = stack[stack.length - 1]!;
    if (top === "'") {
      out += c;
      if (c === "'") stack.pop();
      i += 1;
      continue;
    }
    if (top === "$'") {
      if (c === "\\" && i + 1 < length) {
        out += c + text[i + 1];
        i += 2;
        continue;
      }
      out += c;
      if (c === "'") stack.pop();
      i += 1;
      continue;
    }
    if (c === "\\") {
      const next = text[i + 1];
      if (next === "\n") {
        i += 2;
        continue;
      }
      if (next === "\r" && text[i + 2] === "\n") {
        i += 3;
        continue;
      }
      out += next === undefined ? c : c + next;
      i += 2;
      continue;
    }
    if (top === '"') {
      if (c === '"') stack.pop();
      else if (c === "`") stack.push("`");
      else if (c === "$" && text[i + 1] === "(") {
        stack.push("(");
        out += "$(";
        i += 2;
        continue;
      }
      out += c;
      i += 1;
      continue;
    }
    if (top === "`" && c === "`") {
      stack.pop();
      out += c;
      i += 1;
      continue;
    }
    // unquoted: the top level, a `$(…)` or a backquoted command
    if (c === "'") stack.push("'");
    else if (c === '"') stack.push('"');
    else if (c === "`") stack.push("`");
    else if (c === "$" && text[i + 1] === "'") {
      stack.push("$'");
      out += "$'";
      i += 2;
      continue;
    } else if (c === "$" && text[i + 1] === "(") {
      stack.push("(");
      out += "$(";
      i += 2;
      continue;
    } else if (c === "(" && top === "(") stack.push("(");
    else if (c === ")" && top === "(") stack.pop();
    else if (c === "#" && (i === 0 || /[\s;&|()<>]/.test(text[i - 1]!))) {
      // a comment runs to the end of the line, backslashes and all
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? length : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    } else if (c === "<" && text[i + 1] === "<" && text[i + 2] !== "<") {
      const heredoc = /^<<-?[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|([^\s;&|<>()]+))/.exec(text.slice(i, i + 300));
      if (heredoc) {
        pending.push((heredoc[1] ?? heredoc[2] ?? heredoc[3] ?? "").replace(/\\/g, ""));
        out += heredoc[0];
        i += heredoc[0].length;
        continue;
      }
    } else if (c === "\n" && pending.length > 0 && stack.length === 1) {
      // heredoc bodies follow the line that opened them, copied as written
      out += c;
      i += 1;
      for (const delimiter of pending) {
        while (i < length) {
          const end = text.indexOf("\n", i);
          const stop = end < 0 ? length : end + 1;
          const line = text.slice(i, stop);
          out += line;
          i = stop;
          if (line.replace(/^\t+/, "").replace(/\r?\n$/, "") === delimiter) break;
        }
      }
      pending = [];
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}
