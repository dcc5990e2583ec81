/**
 * Quote removal as bash does it, for the parser's walk: backslashes in plain words, the escapes
 * double quotes keep (`\$ \` \" \\` and line continuations), and `$'…'` ANSI-C strings.
 */
export function unescapeWord(text: string): string {
  return text.replace(/\\(.)/gs, "$1");
}

export function unescapeDouble(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

export function decodeAnsiC(text: string): string {
  const simple: Record<string, string> = {
    n: "\n",
    t: "\t",
    r: "\r",
    "\\": "\\",
    "'": "'",
    '"': '"',
    e: "\x1b",
  };
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, esc: string) => {
    if (esc[0] === "x") return String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    if (/^[0-7]+$/.test(esc)) return String.fromCharCode(Number.parseInt(esc, 8));
    return simple[esc] ?? `\\${esc}`;
  });
}
