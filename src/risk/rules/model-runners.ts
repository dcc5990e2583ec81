/**
 * Developer tools' own forms the toolchain rule (rules/dev.ts) does not read: local model runners
 * (`ollama`, LM Studio's `lms`) and the credential a toolchain keeps for a registry, printed on
 * request (`uv auth token HOST`).
 */
import { positionals } from "../command/argv.js";
import { fromList, type Rule } from "../command/rule.js";
import type { Score } from "../score.js";
import type { Word } from "../shell-model.js";
import { credentialOutput } from "./credential-output.js";

/**
 * Local model runners: removing a downloaded model is routine (it is fetched again on use),
 * publishing one is a release (as `npm publish`); their listings read.
 */
const modelRunner: Rule = (invocation, { signals }) => {
  const sub = positionals(invocation.args)[0]?.value ?? "";
  if (/^(list|ls|ps|show|help|version|--version|-v|status)$/.test(sub) || sub === "")
    return void signals.score.raise("none", "");
  if (/^(rm|remove|delete|unload)$/.test(sub))
    return void signals.score.raise(
      "medium",
      `${invocation.program} ${sub} removes a downloaded model (fetched again on use)`,
    );
  if (sub === "push")
    return void signals.score.raise(
      "high",
      `${invocation.program} push publishes a model to a registry`,
      "network_request",
    );
  signals.score.raise("medium", `runs ${invocation.program} ${sub}`);
};

export const MODEL_RUNNER_RULES: Record<string, Rule> = fromList("ollama lms", modelRunner);

/**
 * `uv auth token example.com`: a toolchain's `auth` sub-command that prints the credential it
 * keeps, as `gh auth token` does (rules/credential-output.ts); raised high, true when it did.
 */
export function printsOwnCredential(program: string, args: Word[], score: Score): boolean {
  const words = positionals(args).map((word) => word.value.toLowerCase());
  const output = credentialOutput(program, words, args);
  if (output)
    score.raise("high", `${program} ${output}, like reading a credential file`, "sensitive_file_access");
  return output !== null;
}
