/**
 * What the last round left (docs/decisions/redaction-echoes.md, "Left"): a reason that cuts a
 * quoted value at 40–100 characters may end inside a secret, and kept its first one to five
 * characters when the cut start was shorter than six; and a password given as an operand
 * (`htpasswd -b FILE USER X`) inside a tool's output was not redacted, since only the parsed
 * command judged operands. No reason, message or answer may repeat any part of a redacted secret.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { redactEventBody, redactRecorded } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";
import { base } from "./scanner-vectors.mjs";

const options = { key: async () => Buffer.alloc(32, 5) };
const command = (line: string, reasons: string[], extra: object = {}) =>
  ({
    ...base,
    reasons,
    action: { tool: "Bash", kind: "command", command: line },
    input: { command: line },
    ...extra,
  }) as unknown as EventBody;

beforeAll(() => loadShellParser());

describe("a reason cut inside a secret", () => {
  const CASES: [string, string, string, string][] = [
    // [what, command, secret, reason as a rule cut it]
    [
      "one character of a five-character secret, at the end",
      "redis-cli -a Hx9Lp flushall",
      "Hx9Lp",
      "database flushed through redis-cli -a H",
    ],
    [
      "two characters, then the rule's own words",
      "redis-cli -a Hx9Lp flushall",
      "Hx9Lp",
      "redis-cli -a Hx: flushes every database",
    ],
    [
      "three characters of a long secret",
      "sshpass -p Wombat-Lamp-77 ssh deploy@host",
      "Wombat-Lamp-77",
      "sshpass -p Wom…",
    ],
    [
      "one character of a URL's password",
      "curl https://deploy:Qz7m4@api.example.com/x",
      "Qz7m4",
      "network request to https://deploy:Q",
    ],
  ];
  for (const [what, line, secret, reason] of CASES) {
    it(`replaces ${what}`, async () => {
      const { body } = await redactEventBody(command(line, [reason]), options);
      const reasons = (body as { reasons: string[] }).reasons;
      expect(JSON.stringify(body)).not.toContain(secret);
      expect(reasons[0]).toMatch(/\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/);
      // the cut start is gone: what stood before the secret is followed by the marker
      const before = line.slice(0, line.indexOf(secret)).split(/[ /]/).at(-1)!;
      expect(reasons[0]).toContain(`${before}[redacted:`);
    });
  }

  it("in a hook's answer scrubbed by the same redactor", async () => {
    const line = "redis-cli -a Hx9Lp flushall";
    const { scrub } = await redactRecorded("/nonexistent-home", [command(line, [])]);
    const answer = await scrub("trailseal: denied: redis-cli -a H");
    expect(answer).not.toMatch(/-a H(?!\w*\])/);
    expect(answer).toContain("-a [redacted:");
  });

  it("leaves a reason that only shares a first letter elsewhere", async () => {
    const { body } = await redactEventBody(
      command("redis-cli -a Hx9Lp flushall", ["redis-cli flushes every database: High"]),
      options,
    );
    expect((body as { reasons: string[] }).reasons[0]).toBe("redis-cli flushes every database: High");
  });
});

describe("a password given as an operand inside a tool's output", () => {
  const OUTPUTS: [string, string, string][] = [
    [
      "htpasswd -b in a script printed",
      "htpasswd -b /etc/nginx/.htpasswd admin Fern-Htpasswd-Brass-85",
      "Fern-Htpasswd-Brass-85",
    ],
    [
      "htpasswd -nbB on a line of several",
      "set -e\nhtpasswd -nbB admin 'Quartz Lamp 93' > creds\necho done",
      "Quartz Lamp 93",
    ],
    ["rabbitmqctl add_user", "rabbitmqctl add_user deploy Marble-Rabbit-61", "Marble-Rabbit-61"],
    ["sqlplus user/password@db", "sqlplus scott/Tiger-Oracle-27@orcl @report.sql", "Tiger-Oracle-27"],
  ];
  for (const [what, output, secret] of OUTPUTS) {
    it(`replaces ${what}`, async () => {
      const body = command("cat deploy/setup.sh", [], { phase: "post", outcome: { stdout: output } });
      const { body: out } = await redactEventBody(body, options);
      expect(JSON.stringify(out)).not.toContain(secret);
      expect(JSON.stringify(out)).toMatch(/\[redacted:password-flag:[0-9a-f]{16}\]/);
    });
  }

  it("leaves an output that names the program without a secret", async () => {
    const body = command("man htpasswd", [], {
      phase: "post",
      outcome: { stdout: "htpasswd -b is not recommended: the password is visible on the command line" },
    });
    const { body: out } = await redactEventBody(body, options);
    expect(JSON.stringify(out)).not.toContain("[redacted:");
  });
});
