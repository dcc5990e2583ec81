/**
 * Secrets handed to a program on its standard input, the way the vendors' documentation tells
 * users to pass a credential without putting it in argv: `echo X | docker login
 * --password-stdin`, `echo X | gh auth login --with-token`, `echo X | az devops login`,
 * `printf X | gcloud secrets versions add NAME --data-file=-`, `echo 'user:X' | chpasswd`,
 * `docker login --password-stdin <<< X`. The reader says the input is a credential; the words
 * `echo` or `printf` print (or the here-string) are that input.
 */
import type { ShellCommand, ShellScript } from "../risk/index.js";
import { resolveInvocation } from "../risk/index.js";
import type { ArgvSecret } from "./argv.js";
import { isSecretValue } from "./names.js";

/** Flags that make a program read a credential from stdin, whatever the program. */
const STDIN_FLAGS = new Set(["--password-stdin", "--with-token", "--token-stdin", "--stdin-password"]);

/**
 * Programs that read a credential from stdin after the given words (in order, not necessarily
 * adjacent): `az devops login`, `wrangler secret put NAME`, `gh secret set NAME` without
 * `--body`, `cargo login` without a token, `vercel env add NAME`, `docker secret create NAME -`.
 */
const STDIN_READERS: readonly (readonly string[])[] = [
  ["chpasswd"],
  // Password databases' tools that read the new password from stdin (Cyrus SASL, Samba).
  ["saslpasswd2"],
  ["smbpasswd", "-s"],
  ["passwd", "--stdin"],
  ["az", "devops", "login"],
  ["wrangler", "secret", "put"],
  ["gh", "secret", "set"],
  ["cargo", "login"],
  ["vercel", "env", "add"],
  ["docker", "secret", "create"],
  ["podman", "secret", "create"],
  ["gcloud", "secrets", "--data-file=-"],
  ["gcloud", "secrets", "--data-file=/dev/stdin"],
  ["vault", "login", "-"],
  ["glab", "auth", "login", "--stdin"],
];

/** The words a line must hold to pipe into a reader above (command.ts judges such lines of text). */
export const STDIN_WORDS: readonly string[] = [
  ...new Set([...STDIN_READERS.map((reader) => reader[0]!), ...STDIN_FLAGS]),
];

function readsCredential(words: readonly string[]): boolean {
  if (words.some((word) => STDIN_FLAGS.has(word))) return true;
  return STDIN_READERS.some((reader) => {
    let at = 0;
    for (const word of words) if (word === reader[at]) at += 1;
    return at === reader.length;
  });
}

/** What `echo`/`printf` print: their literal operands (printf's format aside when it has more). */
function printed(command: ShellCommand): string[] | null {
  const invocation = resolveInvocation(command);
  if (invocation.program !== "echo" && invocation.program !== "printf") return null;
  const args = invocation.args.filter((word, index) => !(index === 0 && /^-[neE]+$/.test(word.value)));
  if (args.some((word) => word.dynamic)) return null;
  const values = args.map((word) => word.value);
  return invocation.program === "printf" && values.length > 1 ? values.slice(1) : values;
}

/** The value a credential reader takes from one printed line (`user:X` for chpasswd). */
function credentialOf(line: string, reader: readonly string[]): string | null {
  let value = line.replace(/\\n$/, "").trim();
  if (reader[0] === "chpasswd") value = value.slice(value.indexOf(":") + 1);
  if (value.length < 6 || /\s/.test(value) || !isSecretValue(value)) return null;
  return value;
}

export function pipedSecrets(script: ShellScript): ArgvSecret[] {
  const out: ArgvSecret[] = [];
  const byPipeline = new Map<number, ShellCommand[]>();
  for (const command of script.commands) {
    const list = byPipeline.get(command.pipeline) ?? [];
    list.push(command);
    byPipeline.set(command.pipeline, list);
  }
  for (const commands of byPipeline.values()) {
    for (const reader of commands) {
      const invocation = resolveInvocation(reader);
      if (invocation.program === "") continue;
      const words = [invocation.program, ...invocation.args.map((word) => word.value)];
      if (!readsCredential(words)) continue;
      const kind = words[0] === "chpasswd" ? ["chpasswd"] : words;
      const lines: string[] = [];
      if (reader.stdinText !== null) lines.push(...reader.stdinText.split("\n").filter((l) => l.trim()));
      for (const writer of commands)
        if (writer.position < reader.position) lines.push(...(printed(writer) ?? []));
      // One credential: a line or two (`user:X` lines for chpasswd may be several).
      if (lines.length === 0 || (lines.length > 2 && kind[0] !== "chpasswd")) continue;
      for (const line of lines) {
        const value = credentialOf(line, kind);
        if (value) out.push({ value, kind: "password-flag" });
      }
    }
  }
  return out;
}
