/**
 * Readers for the settings files whose keys run commands (planted-tools.ts): TOML tables and YAML
 * keys read line by line, not parsed, because an Edit's fragment is not a whole document and a
 * write being judged may be malformed on purpose. Each returns what a key holds as strings (an
 * array of strings is an argv; an inline table's members are read by name); everything else is
 * skipped. Bounded: at most 256 entries per text.
 */

export interface TomlEntry {
  /** The table the key sits in (`target.cfg(unix)`, `tool.poe.tasks`), "" before any header. */
  section: string;
  /** The key, dotted keys kept (`_.source`), quotes removed. */
  key: string;
  /** A string value, an array's strings, or an inline table's string members. */
  value: string | string[] | Record<string, string | string[]>;
}

const MAX_ENTRIES = 256;

/** A dotted key or table name without its quotes (`target.'cfg(unix)'` → `target.cfg(unix)`), in one pass. */
function unquoteKey(key: string): string {
  const parts: string[] = [];
  let part = "";
  let quote = "";
  for (const char of key) {
    if (quote) {
      if (char === quote) quote = "";
      else part += char;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ".") {
      parts.push(part.trim());
      part = "";
    } else part += char;
  }
  parts.push(part.trim());
  return parts.join(".");
}

/** One TOML string at the start of `text` (basic or literal), and what follows it. */
function tomlString(text: string): [string, string] | null {
  const basic = /^"((?:[^"\\\n]|\\.)*)"/.exec(text);
  if (basic) {
    let value = basic[1]!;
    try {
      value = JSON.parse(`"${value}"`) as string;
    } catch {
      // a TOML escape JSON does not know (`\e`): kept as written
    }
    return [value, text.slice(basic[0].length)];
  }
  const literal = /^'([^'\n]*)'/.exec(text);
  return literal ? [literal[1]!, text.slice(literal[0].length)] : null;
}

/** The strings of an array's text (`"a", 'b'`); other items are skipped. */
function tomlStrings(text: string): string[] {
  const items: string[] = [];
  let rest = text;
  while (rest.length > 0 && items.length < MAX_ENTRIES) {
    rest = rest.replace(/^[\s,[]+/, "");
    const item = tomlString(rest);
    if (item) {
      items.push(item[0]);
      rest = item[1];
    } else rest = rest.replace(/^[^,]*,?/, "");
  }
  return items;
}

/** An inline table's string and array members (`{ cmd = "x", env = { … } }`: `cmd`). */
function tomlTable(text: string): Record<string, string | string[]> {
  const table: Record<string, string | string[]> = {};
  for (const match of text.matchAll(
    /(?<![\w.-])([\w.-]+|"[^"]*")\s*=\s*("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\[[^\]]*\])/g,
  )) {
    const raw = match[2]!;
    table[unquoteKey(match[1]!)] = raw.startsWith("[") ? tomlStrings(raw.slice(1, -1)) : tomlString(raw)![0];
  }
  return table;
}

/** The `key = value` entries of TOML text with their tables. Multi-line strings and arrays are joined. */
export function tomlEntries(text: string): TomlEntry[] {
  const entries: TomlEntry[] = [];
  const lines = text.split(/\r?\n/);
  let section = "";
  for (let i = 0; i < lines.length && entries.length < MAX_ENTRIES; i += 1) {
    const line = lines[i]!.trim();
    // `[table]`, `[[array]]` (read by index, not a pattern: a long name must cost one pass)
    if (line.startsWith("[")) {
      const end = line.lastIndexOf("]");
      if (end > 0) {
        section = unquoteKey(
          line.slice(line.startsWith("[[") ? 2 : 1, line.startsWith("]]", end - 1) ? end - 1 : end),
        );
        continue;
      }
    }
    const entry = /^((?:[\w-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[\w-]+|"[^"]*"|'[^']*'))*)\s*=\s*(.*)$/.exec(
      line,
    );
    if (!entry) continue;
    const key = unquoteKey(entry[1]!);
    let raw = entry[2]!;
    // a multi-line string or array: the lines up to its end
    const multi = /^("""|''')/.exec(raw)?.[1];
    if (multi) {
      const body = [raw.slice(3)];
      while (!body.at(-1)!.includes(multi) && i + 1 < lines.length) body.push(lines[++i]!);
      const joined = body.join("\n");
      entries.push({ section, key, value: joined.slice(0, joined.indexOf(multi)).replace(/^\n/, "") });
      continue;
    }
    if (raw.startsWith("[")) {
      // (the lines up to the one that closes it; each line tested once)
      const parts = [raw];
      const closes = (text: string) => /\]\s*(#.*)?$/.test(text);
      while (!closes(parts.at(-1)!) && i + 1 < lines.length) parts.push(lines[++i]!.trim());
      raw = parts.join(" ");
      entries.push({ section, key, value: tomlStrings(raw.slice(1)) });
      continue;
    }
    if (raw.startsWith("{")) {
      entries.push({ section, key, value: tomlTable(raw) });
      continue;
    }
    const string = tomlString(raw);
    if (string) entries.push({ section, key, value: string[0] });
  }
  return entries;
}

/** A YAML scalar as written after its key: quotes removed (double-quoted escapes read). */
export function yamlScalar(raw: string): string {
  // (a comment starts at ` #`: found by a fixed-length search, not a pattern that rescans spaces)
  const comment = raw.search(/\s#/);
  const text = (comment < 0 ? raw : raw.slice(0, comment)).trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length > 1) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }
  if (text.startsWith("'") && text.endsWith("'") && text.length > 1)
    return text.slice(1, -1).replaceAll("''", "'");
  return text;
}

/** The items of a YAML flow sequence (`[a, 'b c', "d"]`). */
export function yamlFlow(raw: string): string[] {
  const inner = raw
    .trim()
    .replace(/^\[/, "")
    .replace(/\]\s*(#.*)?$/, "");
  return [...inner.matchAll(/\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,]+)\s*(?:,|$)/g)]
    .map((match) => yamlScalar(match[1]!))
    .filter((item) => item !== "");
}

export interface YamlKey {
  /** The line's index. */
  line: number;
  /** Its indent (a list item's `- ` counts as indent). */
  indent: number;
  /** Whether the line starts a list item (`- id: x`). */
  item: boolean;
  key: string;
  /** The value: a scalar, a flow or block sequence's items, a block scalar's text. */
  value: string | string[];
}

/** Every `key: value` of YAML text with its indent; block scalars (`>`, `|`) and sequences joined. */
export function yamlKeys(text: string): YamlKey[] {
  const lines = text.split(/\r?\n/);
  const keys: YamlKey[] = [];
  for (let i = 0; i < lines.length && keys.length < MAX_ENTRIES; i += 1) {
    const match = /^(\s*(?:-\s+)?)([\w.-]+|"[^"]*"|'[^']*')\s*:(?:\s+(.*))?$/.exec(lines[i]!);
    if (!match) continue;
    const indent = match[1]!.length;
    const item = match[1]!.includes("-");
    const key = match[2]!.replace(/^["']|["']$/g, "");
    const raw = (match[3] ?? "").trim();
    const deeper = (at: number) => {
      const next = lines[at];
      return next !== undefined && (next.trim() === "" || /^\s*/.exec(next)![0].length > indent);
    };
    if (/^[>|][-+]?\d*\s*(#.*)?$/.test(raw)) {
      const body: string[] = [];
      while (deeper(i + 1)) body.push(lines[++i]!.trim());
      keys.push({ line: i, indent, item, key, value: body.join(raw.startsWith(">") ? " " : "\n").trim() });
    } else if (raw.startsWith("[")) keys.push({ line: i, indent, item, key, value: yamlFlow(raw) });
    else if (raw === "") {
      // a block sequence of scalars (`args:` then `- x` lines), or a nested mapping (read on)
      const items: string[] = [];
      let at = i + 1;
      while (lines[at] !== undefined && /^\s*-\s+(?![\w.-]+\s*:(\s|$))/.test(lines[at]!) && deeper(at)) {
        items.push(yamlScalar(lines[at]!.replace(/^\s*-\s+/, "")));
        at += 1;
      }
      // (a mapping's parent, `plugins:` above `- path: …`, is kept with no value)
      keys.push({ line: i, indent, item, key, value: items.length > 0 ? items : "" });
      if (items.length > 0) i = at - 1;
    } else keys.push({ line: i, indent, item, key, value: yamlScalar(raw) });
  }
  return keys;
}
