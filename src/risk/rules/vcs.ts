/**
 * Version control other than git (docs/risk.md, "git commands that discard work", which this
 * extends): Mercurial and Subversion discard uncommitted work with their own verbs. *Why:*
 * uncommitted work has no other copy, whichever tool holds it.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";

function discards(tool: string, pattern: RegExp, options: RegExp): Rule {
  return (invocation, { signals }) => {
    const sub = positionals(invocation.args)[0]?.value ?? "";
    const values = invocation.args.map((word) => word.value);
    if (
      pattern.test(sub) ||
      (/^(up|update|checkout|co|revert|cleanup)$/.test(sub) && values.some((v) => options.test(v)))
    )
      return void signals.score.raise(
        "high",
        `${tool} ${sub} discards uncommitted work`,
        "destructive_command",
      );
    signals.score.raise("medium", `${tool} ${sub}`.trim());
  };
}

export const VCS_RULES: RuleTable = {
  // `hg purge`/`clean` delete untracked files; `update -C`, `revert --all` drop changes
  hg: discards("hg", /^(purge|clean|strip)$/, /^(-C|--clean|-a|--all|--no-backup)$/),
  // `svn revert -R`, `svn cleanup --remove-unversioned`
  svn: discards("svn", /^$^/, /^(-R|--recursive|--depth=infinity|--remove-unversioned|--remove-ignored)$/),
};
