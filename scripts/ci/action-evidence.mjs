// The GitHub Action's reports and the seal's evidence (action-run.mjs calls it): the Markdown
// step summary and the report file, the seal and its receipts as the home stores them, and an
// offline inclusion proof of the seal's anchor in every git log that confirmed it. `tools` are
// action-run.mjs's: the step's environment, the witness token, and its summary, annotation and
// diagnosis helpers.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The id of the newest stored seal, or "" (for a trailseal whose seal --json lacks seal_id). */
export function latestSealId(home) {
  const path = join(home, "seals", "seals.jsonl");
  if (!existsSync(path)) return "";
  const seals = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.includes('"type":"seal"'));
  return seals.length > 0 ? (JSON.parse(seals.at(-1)).id ?? "") : "";
}

/** The seal and its receipts, as stored in the home (one JSONL line each). */
export function sealEvidence(home, sealId) {
  const path = join(home, "seals", "seals.jsonl");
  if (!existsSync(path)) return "";
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => {
      try {
        const record = JSON.parse(line);
        return record.id === sealId || record.seal_id === sealId;
      } catch {
        return false;
      }
    })
    .map((line) => `${line}\n`)
    .join("");
}

/** A local directory holding the git log at `url`: the path itself, or a bare clone of the URL. */
function localLog(url, into, { token, env }) {
  if (!/^(git\+)?(https?|file):/.test(url)) return url;
  const remote = url.replace(/^git\+/, "");
  // The token goes in the environment (as GitHub expects it), never in argv or the URL, and
  // this clone follows no redirect, so the header never leaves the log's origin.
  const auth = token
    ? {
        GIT_CONFIG_COUNT: "2",
        GIT_CONFIG_KEY_0: "http.extraHeader",
        GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`,
        GIT_CONFIG_KEY_1: "http.followRedirects",
        GIT_CONFIG_VALUE_1: "false",
      }
    : {};
  const cloned = spawnSync("git", ["clone", "--bare", "--quiet", remote, into], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    env: { ...env, GIT_TERMINAL_PROMPT: "0", ...auth },
  });
  if (cloned.status !== 0) throw new Error(`git clone ${remote} failed: ${cloned.stderr.trim()}`);
  return into;
}

/**
 * An offline inclusion proof (c2sp.org/tlog-proof) of the seal's anchor in every git log that
 * confirmed it, where this trailseal version has `witness proof`. A proof that cannot be written
 * is a warning: the seal and its receipts are in the artifact either way.
 */
export function writeProofs(trailseal, state, artifactDir, tools) {
  const { token, env, annotate, diagnosis } = tools;
  if (!state.publish || !/^\s+proof\b/m.test(trailseal("proof", ["witness", "--help"]).stdout)) return;
  for (const [i, outcome] of state.publish.outcomes.entries()) {
    if (!outcome.ok || /^https?:/.test(outcome.url)) continue;
    const output = join(artifactDir, `${state.sealId}.witness-${i + 1}.tlog-proof`);
    try {
      const log = localLog(outcome.url, join(artifactDir, "..", `trailseal-log-${process.pid}-${i}`), {
        token,
        env,
      });
      const proof = trailseal(
        "proof",
        ["witness", "proof", "--seal", state.sealId, "--log", log, "--output", output],
        { allow: [0, 1, 2, 3] },
      );
      if (proof.code !== 0) throw new Error(`witness proof exited ${proof.code}: ${diagnosis(proof.stderr)}`);
    } catch (error) {
      annotate("warning", "trailseal proof", `no inclusion proof from ${outcome.name}: ${error.message}`);
    }
  }
}

/**
 * Whether this trailseal's `command` takes `--witness-url` to ask the witnesses for cuts (a
 * version picked with trailseal-version may predate it; it then verifies without asking).
 */
export function asksWitnesses(trailseal, command) {
  return /--witness-url/.test(trailseal("help", [...command, "--help"]).stdout);
}

/** The Markdown summary, the report file and the seal's evidence in the artifact directory. */
export function writeReports(trailseal, state, { quorum, format, artifactDir, home, targets }, tools) {
  const ask = targets.length > 0 && asksWitnesses(trailseal, ["report"]) ? targets : [];
  const md = trailseal("report", ["report", "--format", "md", ...ask], { allow: [0, 1] });
  tools.summary(
    `## trailseal\n\n| | |\n|---|---|\n| seal | ${state.sealId || "—"} |\n| chain tip | \`${state.chainTip || "—"}\` |\n| events | ${state.eventCount || "—"} |\n| quorum met | ${state.quorumMet} (${quorum} required) |\n| anchors | ${state.anchorIds.join(", ") || "—"} |\n\n${md.stdout}\n`,
  );
  trailseal(
    "report",
    ["report", "--format", format, "--output", join(artifactDir, `report.${format}`), ...ask],
    {
      allow: [0, 1],
    },
  );
  if (state.sealId) {
    writeFileSync(join(artifactDir, `${state.sealId}.jsonl`), sealEvidence(home, state.sealId));
    writeProofs(trailseal, state, artifactDir, tools);
  }
  if (state.publish)
    writeFileSync(join(artifactDir, "publish.json"), `${JSON.stringify(state.publish, null, 2)}\n`);
}
