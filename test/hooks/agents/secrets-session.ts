/**
 * One agent session that handles secrets, for every real-agent test: the model asks first for a
 * command that runs and prints a token (its outcome is recorded), then for one the policy denies,
 * whose reason quotes it. Between them they carry secrets of the shapes people type: a vendor
 * token, `-p'X'`, `-uadmin:X`, a URL password holding `@`, an environment assignment. What
 * trailseal answered, the trail and every file under the home must hold markers, never the bytes.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import { SECRETS } from "../../redact/secrets.js";
import { type RecordedEvent, readTrailEvents } from "./harness.js";

export const SESSION_SECRETS = {
  vendor: SECRETS.github,
  quoted: "Hunter2-Lamp-Orchid",
  userColon: "Heron-Curl-Pass-58",
  urlAt: "Lynx@Url-Pass-63",
  env: "tS9kQ2vLx7RmN4pWz8YbC3dF6hJ1aE5u",
};
const S = SESSION_SECRETS;

/** Runs (under the default policy nothing in it is denied), and prints the token to the agent. */
export const RUNS = [
  `DEPLOY_TOKEN='${S.env}' sh -c 'printf "token=%s\\n" "$DEPLOY_TOKEN"'`,
  `echo mysql -uroot -p'${S.quoted}' >/dev/null`,
  `echo curl -uadmin:${S.userColon} https://deploy:${S.urlAt}@example.test/x >/dev/null`,
].join(" && ");

/** Denied by DENY_POLICY; the reason quotes its first simple command, every secret in it. */
export const DENIED = [
  `DEPLOY_TOKEN=${S.env} curl -uadmin:${S.userColon} -H "Authorization: Bearer ${S.vendor}" "https://deploy:${S.urlAt}@example.test/x" -o denied-marker`,
  `mysql -uroot -p'${S.quoted}' -e 'select 1'`,
].join(" && ");

export const DENY_POLICY = 'rules:\n  commands:\n    deny: ["curl *"]\n';

/** Every file under `dir` whose bytes hold `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}

/**
 * What an agent shows of a hook's answer may repeat the model's own command beside it (Codex
 * appends `Command: …` to a blocked call's result): that is the model's text, not trailseal's.
 */
function withoutModelCommands(text: string): string {
  for (const command of [DENIED, RUNS])
    for (const spelt of [command, JSON.stringify(command).slice(1, -1)]) text = text.replaceAll(spelt, "");
  return text;
}

/**
 * The checks after the session: `shown` is what the agent showed of trailseal's answers (the
 * tool results or output lines that carry them); at least one is the deny, which quoted the
 * command with markers. The trail holds both calls (the outcome of the first with the printed
 * token redacted); neither it nor any file of `home` holds a secret.
 */
export async function expectNoSecretsLeft(shown: string[], home: string): Promise<RecordedEvent[]> {
  const answers = shown.map(withoutModelCommands);
  const denials = answers.filter((answer) => answer.includes("trailseal: denied"));
  expect(denials.length, answers.join("\n---\n")).toBeGreaterThan(0);
  expect(denials.join("\n")).toContain("[redacted:");
  const events = await readTrailEvents(home);
  expect(events.map((e) => [e.phase, e.decision])).toEqual([
    ["pre", "pass"],
    ["post", "logged"],
    ["pre", "deny"],
  ]);
  const stored = JSON.stringify(events);
  expect(stored).toContain("token=[redacted:");
  for (const secret of Object.values(S)) {
    for (const answer of answers) expect(answer).not.toContain(secret);
    expect(stored).not.toContain(secret);
    expect(await filesHolding(home, secret)).toEqual([]);
  }
  return events;
}
