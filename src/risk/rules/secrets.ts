/**
 * Programs that hand out secrets without a secret file on their command line: gpg exporting
 * private keys, the macOS keychain printing a password. Their other uses add nothing here.
 */
import { hasOption } from "../command/argv.js";
import type { RuleTable } from "../command/rule.js";

export const SECRET_RULES: RuleTable = {
  gpg: (invocation, { signals }) => {
    if (hasOption(invocation.args, ["--export-secret-keys", "--export-secret-subkeys", "--export-ssh-key"])) {
      signals.score.raise("high", "gpg exports private keys", "sensitive_file_access");
    } else {
      signals.score.raise("medium", "runs gpg");
    }
  },
  security: (invocation, { signals }) => {
    const sub = invocation.args[0]?.value ?? "";
    if (/^(find|dump)-/.test(sub) || sub === "export") {
      const prints =
        sub.startsWith("dump") ||
        sub === "export" ||
        hasOption(invocation.args, [], "w") ||
        hasOption(invocation.args, [], "g");
      signals.score.raise(
        prints ? "high" : "low",
        `security ${sub} ${prints ? "prints keychain secrets" : "searches the keychain"}`,
        ...(prints ? (["sensitive_file_access"] as const) : []),
      );
    } else {
      signals.score.raise("medium", `security ${sub}`.trim());
    }
  },
};
SECRET_RULES.gpg2 = SECRET_RULES.gpg!;
