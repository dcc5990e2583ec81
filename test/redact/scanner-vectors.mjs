// Measuring redaction on other scanners' examples (test/vectors/*.jsonl, an origin note beside
// each): every example is carried the way an agent would carry it — a quoted command argument,
// an environment assignment, a file the agent writes, an MCP argument — and the recorded event
// is searched. A true positive counts as redacted when a marker is present and none of the bytes
// the scanner reports remain (where it names none, when a marker replaced something); a false
// positive counts as left alone when no marker appears. Plain JavaScript taking the redaction
// function, so that the tests (source) and scripts/redaction-vectors.mjs (a built dist/, one
// build against another) measure the same way.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function readVectors(name) {
  return readFileSync(join(import.meta.dirname, "../vectors", name), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
/** The fields of an event body other than what carries the example. */
export const base = {
  risk: { level: "low", flags: [] },
  agent: "claude-code",
  session: "s",
  cwd: "/w",
  phase: "pre",
  decision: "pass",
  reasons: [],
};

function body(carrier, text) {
  const command = (line) => ({
    ...base,
    action: { tool: "Bash", kind: "command", command: line },
    input: { command: line },
  });
  if (carrier === "command") return command(`printf '%s\\n' ${quote(text)} >> notes.txt`);
  if (carrier === "env") return command(`export SERVICE_TOKEN=${quote(text)} && ./deploy.sh`);
  if (carrier === "file") {
    return {
      ...base,
      action: { tool: "Write", kind: "file_write", path: "/w/config.txt" },
      input: { file_path: "/w/config.txt", content: text },
    };
  }
  return {
    ...base,
    action: { tool: "mcp__notes__append", kind: "mcp", server: "notes", name: "append" },
    input: { content: text },
  };
}

const MARKER = /\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/;
/** The bytes as they appear inside the JSON of the recorded event. */
const inJson = (text) => JSON.stringify(text).slice(1, -1);

export const share = (tally) => tally.good / tally.total;

/** Tallies by name and the function that counts one example under several names (a miss kept). */
export function tallier() {
  const tallies = {};
  const count = (names, good, example) => {
    for (const name of names) {
      tallies[name] ??= { total: 0, good: 0, misses: [] };
      tallies[name].total += 1;
      if (good) tallies[name].good += 1;
      else if (example) tallies[name].misses.push(example);
    }
  };
  return [tallies, count];
}

/** Tallies by `tp`, `fp`, `tp <carrier>`, `fp <carrier>` and `<source> tp|fp`; misses kept. */
export async function measure(vectors, redactEventBody) {
  const options = { key: async () => Buffer.alloc(32, 3) };
  const recorded = async (carrier, text) =>
    JSON.stringify((await redactEventBody(body(carrier, text), options)).body);
  const [tallies, count] = tallier();
  for (const vector of vectors) {
    // With a category (vector-categories.mjs), tallies by it and by it and carrier too.
    const byCategory = (kind, carrier) =>
      vector.category ? [`${kind} · ${vector.category}`, `${kind} · ${vector.category} · ${carrier}`] : [];
    const secrets = vector.secrets ?? (vector.secret ? [vector.secret] : []);
    const where = `${vector.source} ${vector.path}`;
    if (vector.kind === "tp") {
      const carriers = secrets.length > 0 ? ["command", "env", "file", "mcp"] : ["command", "file", "mcp"];
      for (const carrier of carriers) {
        const text = carrier === "env" ? secrets[0] : (vector.text ?? secrets[0]);
        const out = await recorded(carrier, text);
        const shown = carrier === "env" ? secrets.slice(0, 1) : secrets;
        const good = MARKER.test(out) && !shown.some((secret) => out.includes(inJson(secret)));
        count(
          [`tp ${carrier}`, "tp", `${vector.source} tp`, ...byCategory("tp", carrier)],
          good,
          `${where}: ${JSON.stringify(text.slice(0, 120))}`,
        );
      }
    } else {
      for (const carrier of ["command", "file", "mcp"]) {
        const out = await recorded(carrier, vector.text);
        const good = !MARKER.test(out);
        const kinds = [...new Set([...out.matchAll(/\[redacted:([a-z0-9-]+):/g)].map((m) => m[1]))].join(",");
        count(
          [`fp ${carrier}`, "fp", `${vector.source} fp`, ...byCategory("fp", carrier)],
          good,
          `${kinds} ${where}: ${JSON.stringify(vector.text.slice(0, 120))}`,
        );
      }
    }
  }
  return tallies;
}

/** The tallies as lines; the misses too when `misses` is set. */
export function report(title, tallies, misses = false) {
  const lines = Object.entries(tallies).map(
    ([name, tally]) =>
      `${name.padEnd(18)} ${tally.good}/${tally.total} = ${(100 * share(tally)).toFixed(1)}%`,
  );
  const out = [`${title}:`, ...lines];
  if (misses) {
    for (const name of ["tp file", "tp command", "tp mcp", "tp env", "fp file", "fp command", "fp mcp"])
      for (const miss of tallies[name]?.misses ?? []) out.push(`${name}: ${miss}`);
  }
  return out.join("\n");
}
