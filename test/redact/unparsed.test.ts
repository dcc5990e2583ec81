/**
 * A payload that could not be parsed is kept as text (a failed hook call's evidence) and quoted
 * by its message: its JSON strings are judged as command lines first, so the secrets only the
 * parsed argv shows are replaced there too, in the spelling the text holds them.
 */
import { describe, expect, it } from "vitest";
import { redactText, secretsInCommand } from "../../src/redact/index.js";

// No home: redaction still replaces (under a throwaway key, so the markers cannot be confirmed).
const home = "/nonexistent/trailseal-unparsed-home";
const unparsed = (text: string) => redactText(home, text, { unparsed: text });

describe("a payload that could not be parsed", () => {
  it.each([
    [
      "cut inside the command",
      '{"tool_input":{"command":"sudo mysql -uroot -p\\"Otter\\\\\\"Moss-7\\" -e x',
      "Moss-7",
    ],
    [
      "cut after it",
      '{"tool_input":{"command":"htpasswd -b .htpasswd admin Fern-Brass-85"}',
      "Fern-Brass-85",
    ],
    [
      "a locale-quoted assignment",
      '{"command":"sudo PASSWORD=$\\"Dune-Locale-17\\" ./seed.sh"',
      "Dune-Locale-17",
    ],
    [
      "a string that is JSON text itself (Copilot's toolArgs)",
      '{"toolName":"bash","toolArgs":"{\\"command\\":\\"htpasswd -b f admin Slate-Args-94\\"}"',
      "Slate-Args-94",
    ],
    ["not JSON at all", "redis-cli -a Quiet-Lamp-Redis ping", "Quiet-Lamp-Redis"],
  ])("%s: the secret is replaced where the text spells it", async (_name, text, secret) => {
    expect(text).toContain(secret);
    const out = await unparsed(text);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/\[redacted:[a-z-]+:[0-9a-f]{16}\]/);
  });

  it("a text without secrets is left as it was", async () => {
    const text = '{"tool_input":{"command":"git status && ls -la src"';
    expect(await unparsed(text)).toBe(text);
  });
});

describe('a translated string ($"…") is its text, as bash gives it', () => {
  it.each([
    ['sudo PASSWORD=$"Dune-Locale-17" ./seed.sh', "Dune-Locale-17"],
    ['PASSWORD=$"Dune-Locale-17" ./seed.sh', "Dune-Locale-17"],
    ['mysql --password=$"Dune-Locale-17"', "Dune-Locale-17"],
  ])("%s", async (command, value) => {
    expect((await secretsInCommand(command)).map((secret) => secret.value)).toContain(value);
  });
});
