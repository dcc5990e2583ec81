/**
 * Secrets split across structured tool arguments (MCP and unknown tools): an argv as an array
 * (`["--password", "X"]`, `["redis-cli", "-a", "X"]`), a program and its arguments
 * (`{"command": "mysql", "args": ["-pX"]}`), and name/value pairs (`{"flag": "--password",
 * "value": "X"}`, `{"name": "API_TOKEN", "value": "X"}`, `{"key": "Authorization", "value":
 * "Bearer X"}`). Each level of the value is looked at once; the redactor walks the levels.
 */
import { type ArgvSecret, isSecretFlag, secretsInArgv } from "./argv.js";
import { AUTHORIZATION_VALUE, isSecretName, isSecretValue } from "./names.js";

const PROGRAM_MEMBERS = ["command", "cmd", "program", "executable", "bin"];
const ARGS_MEMBERS = ["args", "arguments", "argv"];
const LABEL_MEMBERS = ["name", "key", "flag", "option", "param", "parameter", "field", "header", "variable"];
const VALUE_MEMBERS = ["value", "val", "arg", "argument", "default", "secret"];

function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
    ? (value as string[])
    : null;
}

function programOf(word: string): string {
  if (word.startsWith("-") || word.includes("=") || /\s/.test(word)) return "";
  return (word.slice(word.lastIndexOf("/") + 1) || word).replace(/\.exe$/i, "").toLowerCase();
}

function argv(words: readonly string[]): ArgvSecret[] {
  const program = programOf(words[0]!);
  return secretsInArgv(program, words);
}

/** What a label says: a header that carries credentials, or a name or flag that says secret. */
function pairSecret(label: string, value: string): ArgvSecret | null {
  const name = label.replace(/^-+/, "");
  const lower = name.toLowerCase();
  if (lower === "authorization" || lower === "proxy-authorization") {
    const scheme = AUTHORIZATION_VALUE.exec(value);
    const secret = scheme ? scheme[2]! : value;
    return isSecretValue(secret) ? { value: secret, kind: "authorization" } : null;
  }
  if (lower === "cookie" || lower === "set-cookie")
    return isSecretValue(value) ? { value, kind: "cookie" } : null;
  if ((isSecretName(name) || isSecretFlag(label)) && isSecretValue(value))
    return { value, kind: "assignment" };
  return null;
}

export function structuredSecrets(value: object): ArgvSecret[] {
  const list = strings(value);
  if (list) return list.length >= 2 ? argv(list) : [];
  if (Array.isArray(value)) return [];
  const members = value as Record<string, unknown>;
  const out: ArgvSecret[] = [];
  const program = PROGRAM_MEMBERS.map((name) => members[name]).find((item) => typeof item === "string");
  const args = ARGS_MEMBERS.map((name) => strings(members[name])).find((item) => item !== null);
  if (typeof program === "string" && args && programOf(program) !== "") out.push(...argv([program, ...args]));
  const label = LABEL_MEMBERS.map((name) => members[name]).find((item) => typeof item === "string");
  if (typeof label === "string") {
    for (const name of VALUE_MEMBERS) {
      const item = members[name];
      const secret = typeof item === "string" ? pairSecret(label, item) : null;
      if (secret) out.push(secret);
    }
  }
  return out;
}
