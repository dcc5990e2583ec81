// The GitHub Action's attestation check (action-run.mjs calls it when `verify-attestations` is
// set): `trailseal attest verify` over the pull request's new commits (or a given range), with
// the notes fetched from the checkout's origin, the public key from `attest-key` and the log
// keys from `log-keys`; a step summary a reviewer reads in ten seconds; failure on a broken
// attestation, a warning (or, with `require-attestation`, a failure) for an unattested commit.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Markdown table cells: no pipes, no newlines, no raw HTML, no control characters. */
const cell = (text) =>
  String(text)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/[|<>`\\]/g, (c) => `\\${c}`)
    .slice(0, 200);

/** The range to check: the pull request's base..head from the event, or the input as given. */
function rangeOf(wanted, env) {
  if (wanted !== "pull-request") return wanted;
  let event;
  try {
    event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8"));
  } catch {
    return null;
  }
  const pr = event?.pull_request;
  return pr?.base?.sha && pr?.head?.sha ? `${pr.base.sha}..${pr.head.sha}` : null;
}

function summarize(result, range, required) {
  const commits = result.commits;
  const verified = commits.filter((c) => c.status === "verified");
  const agents = [...new Set(verified.map((c) => c.made_by.agent))];
  const denied = verified.flatMap((c) => c.denied.map((d) => ({ ...d, commit: c.id })));
  const high = verified.flatMap((c) => c.high_risk.map((h) => ({ ...h, commit: c.id })));
  const witnessed = verified.filter((c) => c.witnessed.length > 0).length;
  const lines = [
    "## trailseal: commit attestations",
    "",
    `**${verified.length} of ${commits.length}** commit(s) attested and verified` +
      (result.failed > 0 ? `, **${result.failed} broken**` : "") +
      (result.unattested > 0
        ? `, ${result.unattested} unattested${required ? " (attestation required)" : ""}`
        : "") +
      ` · agents: ${agents.length > 0 ? agents.map(cell).join(", ") : "none"}` +
      ` · **${denied.length} denied**, **${high.length} high/critical** action(s)` +
      ` · witnessed: ${witnessed} of ${verified.length}`,
    "",
    "| commit | status | made by | actions | denied | high/critical | witnessed |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const c of commits) {
    const id = `\`${c.id.slice(0, 12)}\``;
    if (c.status === "unattested") lines.push(`| ${id} | ⚠️ unattested | | | | | |`);
    else if (c.status === "failed") lines.push(`| ${id} | ❌ ${cell(c.code)} | ${cell(c.message)} | | | | |`);
    else
      lines.push(
        `| ${id} | ✅ verified | ${cell(c.made_by.agent)}${c.made_by.session ? ` (${cell(c.made_by.session.slice(0, 8))})` : ""} | ${c.counts.actions} | ${c.denied.length} | ${c.high_risk.length} | ${c.witnessed.length > 0 ? c.witnessed.map((w) => cell(w.origin)).join(", ") : "no"} |`,
      );
  }
  if (denied.length + high.length > 0) {
    lines.push("", "<details><summary>denied and high-risk actions</summary>", "");
    for (const a of [...denied, ...high.filter((h) => h.decision !== "deny")])
      lines.push(`- \`${a.commit.slice(0, 12)}\` ${cell(a.decision)} ${cell(a.level)}: ${cell(a.action)}`);
    lines.push("", "</details>");
  }
  lines.push(
    "",
    `Range \`${cell(range)}\`; details: \`trailseal attest verify ${cell(range)} --fetch origin\`.`,
    "",
  );
  return lines.join("\n");
}

/**
 * Runs the check; returns the step's exit code. `tools` are action-run.mjs's: the trailseal
 * runner, input(), annotate(), summary(), setOutput(), the environment and RUNNER_TEMP.
 */
export function verifyAttestations({ trailseal, input, annotate, summary, setOutput, env, runnerTemp }) {
  const wanted = input("verify-attestations");
  const range = rangeOf(wanted, env);
  if (!range) {
    annotate(
      "error",
      "trailseal attestations",
      "verify-attestations: pull-request needs a pull_request event",
    );
    return 2;
  }
  const key = input("attest-key");
  if (!key) {
    annotate(
      "error",
      "trailseal attestations",
      "the attest-key input is empty: the attestation public key (PEM)",
    );
    return 2;
  }
  const keyFile = join(runnerTemp, "trailseal-attest.pub");
  writeFileSync(keyFile, key.endsWith("\n") ? key : `${key}\n`);
  const required = input("require-attestation", "false") === "true";
  const repo = env.GITHUB_WORKSPACE || process.cwd();
  const args = ["attest", "verify", range, "--repo", repo, "--key", keyFile, "--json"];
  args.push("--fetch", input("notes-remote", "origin"));
  for (const logKey of input("log-keys")
    .split(/[\s,]+/)
    .filter(Boolean))
    args.push("--log-key", logKey);
  for (const url of input("ask-witnesses")
    .split(/[\s,]+/)
    .filter(Boolean))
    args.push("--ask-witness", url);
  if (required) args.push("--require-attestation");
  const run = trailseal("attest", args, { allow: [0, 1, 2] });
  let result;
  try {
    result = JSON.parse(run.stdout);
  } catch {
    annotate(
      "error",
      "trailseal attestations",
      `trailseal attest verify exited ${run.code}: ${run.stderr.trim()}`,
    );
    return run.code || 1;
  }
  summary(summarize(result, range, required));
  for (const c of result.commits) {
    if (c.status === "failed")
      annotate("error", "trailseal attestation broken", `${c.id}: ${c.code}: ${c.message}`);
    if (c.status === "unattested")
      annotate(required ? "error" : "warning", "trailseal attestation missing", `${c.id} has no attestation`);
  }
  setOutput("attested", result.verified);
  setOutput("unattested", result.unattested);
  setOutput("broken", result.failed);
  return run.code;
}
