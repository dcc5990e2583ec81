/**
 * The three ways a text reaches the trail in the family tests: a bare command argument
 * (`printf … >> notes.txt`), a written file and an MCP argument, each redacted as stored; and the
 * "redacts X / leaves Y" tables checked over all three.
 */
import { expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { redactEventBody } from "../../src/redact/index.js";
import { base } from "./scanner-vectors.mjs";

export type RedactOptions = Parameters<typeof redactEventBody>[1];

/** A fixed key: the tests look for the marker, not its hash. */
export const fixedKey: RedactOptions = { key: async () => Buffer.alloc(32, 7) };

/** A single-quoted shell word holding `text` exactly. */
export const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** A marker as the redactor writes it: `[redacted:<kind>:<16 hex>]`. */
export const MARKER = /\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/;

/** `command` as a Bash call's body, redacted and serialized. */
export async function asCommand(command: string, options: RedactOptions = fixedKey): Promise<string> {
  const body = { ...base, action: { tool: "Bash", kind: "command", command }, input: { command } };
  return JSON.stringify((await redactEventBody(body as unknown as EventBody, options)).body);
}

/** `text` carried as a command argument, a written file and an MCP argument, each redacted. */
export async function carried(text: string, options: RedactOptions = fixedKey): Promise<string[]> {
  const bodies = [
    {
      ...base,
      action: { tool: "Write", kind: "file_write", path: "/w/c" },
      input: { file_path: "/w/c", content: text },
    },
    { ...base, action: { tool: "mcp__x__y", kind: "mcp", server: "x", name: "y" }, input: { content: text } },
  ];
  const out = [await asCommand(`printf '%s\\n' ${quote(text)} >> notes.txt`, options)];
  for (const body of bodies)
    out.push(JSON.stringify((await redactEventBody(body as unknown as EventBody, options)).body));
  return out;
}

/** One test per row, `redacts <name>`: every carrier has a marker and none of the secrets. */
export function redactsEach(
  table: readonly (readonly [name: string, text: string, secret: string | readonly string[]])[],
  options: RedactOptions = fixedKey,
): void {
  for (const [name, text, secret] of table) {
    it(`redacts ${name}`, async () => {
      for (const out of await carried(text, options)) {
        expect(out).toContain("[redacted:");
        // as written and as JSON escapes it (a secret with a quote or a backslash)
        for (const piece of typeof secret === "string" ? [secret] : secret) {
          expect(out).not.toContain(piece);
          expect(out).not.toContain(JSON.stringify(piece).slice(1, -1));
        }
      }
    });
  }
}

/** One test per row, `leaves <name>`: no carrier has a marker. */
export function leavesEach(
  table: readonly (readonly [name: string, text: string])[],
  options: RedactOptions = fixedKey,
): void {
  for (const [name, text] of table) {
    it(`leaves ${name}`, async () => {
      for (const out of await carried(text, options)) expect(out).not.toContain("[redacted:");
    });
  }
}
