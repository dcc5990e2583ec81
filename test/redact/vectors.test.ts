/**
 * Redaction measured on material trailseal was not written against: the true- and
 * false-positive examples of gitleaks and detect-secrets (test/vectors/secret-scanners.jsonl,
 * origin note beside it), each carried the way an agent would carry it: a command argument, an
 * environment assignment, a file the agent writes, an MCP argument. A true positive counts as
 * redacted when the secret's bytes are gone (or, for examples whose secret the scanner's test
 * does not name, when a marker replaced something); a false positive counts as left alone when
 * no marker appears. The shares are printed (docs/export.md records them). The goals (98% of
 * true positives redacted, 95% of false positives left alone) are not met yet; the assertions
 * hold the floors of the last recorded run so that a change cannot lower them unnoticed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { redactEventBody } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";

interface Vector {
  source: string;
  path: string;
  kind: "tp" | "fp";
  text?: string;
  secret?: string;
}

const VECTORS: Vector[] = readFileSync(join(import.meta.dirname, "../vectors/secret-scanners.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));

const options = { key: async () => Buffer.alloc(32, 3) };
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

type Carrier = "command" | "env" | "file" | "mcp";

function body(carrier: Carrier, text: string): EventBody {
  const base = {
    risk: { level: "low", flags: [] },
    agent: "claude-code",
    session: "s",
    cwd: "/w",
    phase: "pre",
  };
  const command = (line: string) => ({
    ...base,
    action: { tool: "Bash", kind: "command", command: line },
    decision: "pass",
    reasons: [],
    input: { command: line },
  });
  if (carrier === "command")
    return command(`printf '%s\\n' ${quote(text)} >> notes.txt`) as unknown as EventBody;
  if (carrier === "env")
    return command(`export SERVICE_TOKEN=${quote(text)} && ./deploy.sh`) as unknown as EventBody;
  if (carrier === "file") {
    return {
      ...base,
      action: { tool: "Write", kind: "file_write", path: "/w/config.txt" },
      decision: "pass",
      reasons: [],
      input: { file_path: "/w/config.txt", content: text },
    } as unknown as EventBody;
  }
  return {
    ...base,
    action: { tool: "mcp__notes__append", kind: "mcp", server: "notes", name: "append" },
    decision: "pass",
    reasons: [],
    input: { content: text },
  } as unknown as EventBody;
}

const MARKER = /\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/;

async function recorded(carrier: Carrier, text: string): Promise<string> {
  return JSON.stringify((await redactEventBody(body(carrier, text), options)).body);
}

/** The bytes as they appear inside the JSON of the recorded event. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

interface Tally {
  total: number;
  good: number;
  misses: string[];
}

async function measure(): Promise<Record<string, Tally>> {
  const tallies: Record<string, Tally> = {};
  const count = (name: string, good: boolean, example: string) => {
    tallies[name] ??= { total: 0, good: 0, misses: [] };
    const tally = tallies[name];
    tally.total += 1;
    if (good) tally.good += 1;
    else tally.misses.push(example);
  };
  for (const vector of VECTORS) {
    if (vector.kind === "tp") {
      const carriers: Carrier[] = vector.secret
        ? ["command", "env", "file", "mcp"]
        : ["command", "file", "mcp"];
      for (const carrier of carriers) {
        const text = carrier === "env" ? vector.secret! : (vector.text ?? vector.secret!);
        const out = await recorded(carrier, text);
        const good = vector.secret
          ? !out.includes(inJson(vector.secret)) && MARKER.test(out)
          : MARKER.test(out);
        count(`tp ${carrier}`, good, `${vector.source} ${vector.path}: ${text.slice(0, 80)}`);
        count("tp", good, "");
      }
    } else {
      for (const carrier of ["command", "file", "mcp"] as Carrier[]) {
        const out = await recorded(carrier, vector.text!);
        const good = !MARKER.test(out);
        const kinds = [...new Set([...out.matchAll(/\[redacted:([a-z0-9-]+):/g)].map((m) => m[1]))].join(",");
        count(
          `fp ${carrier}`,
          good,
          `${kinds} ${vector.source} ${vector.path}: ${vector.text!.slice(0, 80)}`,
        );
        count("fp", good, "");
      }
    }
  }
  return tallies;
}

const share = (tally: Tally) => tally.good / tally.total;

describe("redaction on other scanners' examples", () => {
  let tallies: Record<string, Tally>;
  beforeAll(async () => {
    await loadShellParser();
    tallies = await measure();
    const lines = Object.entries(tallies).map(
      ([name, tally]) =>
        `${name.padEnd(12)} ${tally.good}/${tally.total} = ${(100 * share(tally)).toFixed(1)}%`,
    );
    console.log(`redaction vectors:\n${lines.join("\n")}`);
    if (process.env.REDACTION_VECTORS_MISSES) {
      for (const [name, tally] of Object.entries(tallies))
        for (const miss of tally.misses) console.log(`${name}: ${miss}`);
    }
  }, 120_000);

  it("redacts no fewer true positives than the recorded run (85%; goal 98%)", () => {
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.849);
  });

  it("leaves no fewer false positives alone than the recorded run (70.7%; goal 95%)", () => {
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.707);
  });
});
