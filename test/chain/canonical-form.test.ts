import { describe, expect, it } from "vitest";
import {
  ChainVerifier,
  chainEvent,
  type EventBody,
  GENESIS_HASH,
  serializeEvent,
} from "../../src/chain/index.js";

const body: EventBody = {
  risk: { level: "low", flags: [] },
  agent: "claude-code",
  session: null,
  cwd: "/w",
  phase: "pre",
  action: { kind: "command", tool: "Bash", command: "npm test", attempts: 3 } as EventBody["action"],
  decision: "allow",
  reasons: ["runs tests"],
};
const line = serializeEvent(chainEvent(body, 0, GENESIS_HASH, "2026-01-01T00:00:00.000Z"));

// Each rewrite parses to the same event as `line` (so its hash still matches what it parses to).
const SAME_EVENT: [string, (text: string) => string][] = [
  [
    "a duplicated member (a forged first copy)",
    (t) =>
      t.replace('{"action":', '{"action":{"kind":"command","tool":"Bash","command":"rm -rf /"},"action":'),
  ],
  [
    "reordered keys",
    (t) => {
      const { hash, ...rest } = JSON.parse(t);
      return JSON.stringify({ hash, ...rest });
    },
  ],
  ["CRLF", (t) => `${t}\r`],
  ["trailing spaces", (t) => `${t}  `],
  ["a space after a colon", (t) => t.replace('"agent":', '"agent": ')],
  ["an unneeded \\u escape", (t) => t.replace("npm test", "np\\u006d test")],
  ["3.0 for 3", (t) => t.replace('"attempts":3', '"attempts":3.0')],
  ["an escaped slash", (t) => t.replace('"cwd":"/w"', '"cwd":"\\/w"')],
];

describe("canonical form", () => {
  it("accepts the line as written", () => {
    expect(new ChainVerifier().pushBytes(Buffer.from(line))).toBeNull();
  });

  for (const [name, rewrite] of SAME_EVENT) {
    it(`rejects ${name}, as bytes and as text`, () => {
      const forged = rewrite(line);
      expect(forged).not.toBe(line);
      expect(JSON.parse(forged).hash).toBe(JSON.parse(line).hash);
      expect(new ChainVerifier().pushBytes(Buffer.from(forged, "utf8"))?.reason).toBe("not_canonical");
      expect(new ChainVerifier().push(forged)?.reason).toBe("not_canonical");
    });
  }

  it("rejects malformed UTF-8 that decodes to U+FFFD", () => {
    const withReplacement = serializeEvent(
      chainEvent({ ...body, reasons: ["\uFFFD"] }, 0, GENESIS_HASH, "2026-01-01T00:00:00.000Z"),
    );
    const bytes = Buffer.from(withReplacement, "utf8");
    const at = bytes.indexOf(Buffer.from("\uFFFD", "utf8"));
    const forged = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at + 3)]);
    expect(new ChainVerifier().pushBytes(forged)?.reason).toBe("not_canonical");
  });
});
