import { expect } from "vitest";
import { filesHolding } from "../../helpers/tree.js";
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
