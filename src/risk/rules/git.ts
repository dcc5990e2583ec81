/**
 * git (SPEC §2.8): reading is none, commit medium, push/pull/clone network, force push and
 * reset --hard / clean high; remotes given as URLs are judged by host.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule, RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";

const GIT_VALUE_OPTIONS = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"];
const GIT_READ = new Set(
  "status log diff show blame grep ls-files ls-tree ls-remote-local rev-parse rev-list describe shortlog reflog whatchanged cat-file name-rev help version show-ref for-each-ref count-objects fsck check-ignore merge-base var cherry range-diff annotate".split(
    " ",
  ),
);

export const git: Rule = (invocation, context) => {
  const { signals } = context;
  const { score } = signals;
  const words = positionals(invocation.args, GIT_VALUE_OPTIONS);
  const sub = words[0]?.value ?? "";
  const rest = words[0] ? invocation.args.slice(invocation.args.indexOf(words[0]) + 1) : [];
  const has = (names: string[], letter?: string) => hasOption(rest, names, letter);
  const args = positionals(rest);
  if (GIT_READ.has(sub) || sub === "") return void score.raise("none", "");
  switch (sub) {
    case "push": {
      const force =
        has(["--force", "--force-with-lease", "--force-if-includes", "--mirror"], "f") ||
        args.some((word) => /^\+/.test(word.value));
      if (force)
        score.raise("high", "git push --force rewrites remote history", "force_push", "network_request");
      if (has(["--delete"], "d") || args.some((word) => /^:[^/]/.test(word.value))) {
        score.raise("high", "git push deletes a remote branch", "destructive_command", "network_request");
      }
      remote(args[0], context);
      return void score.raise("medium", "git push publishes commits", "network_request");
    }
    case "commit":
      return void score.raise("medium", "git commit");
    case "reset":
      if (has(["--hard", "--merge", "--keep"]))
        return void score.raise("high", "git reset --hard discards work", "destructive_command");
      return void score.raise("low", "git reset");
    case "clean":
      if (has(["--dry-run"], "n")) return void score.raise("none", "");
      return void score.raise("high", "git clean deletes untracked files", "destructive_command");
    case "checkout":
    case "restore":
      if (
        has(["--force"], "f") ||
        args.some((word) => word.value === "." || word.value === "--") ||
        (sub === "restore" && !has(["--staged"], "S"))
      ) {
        return void score.raise("medium", `git ${sub} discards working-tree changes`, "destructive_command");
      }
      return void score.raise("low", `git ${sub}`);
    case "branch":
      if (has(["--delete"], "D") || has([], "d"))
        return void score.raise("medium", "git branch deletes a branch", "destructive_command");
      return void score.raise("low", "git branch");
    case "stash":
      if (args[0]?.value === "drop" || args[0]?.value === "clear")
        return void score.raise("medium", "git stash drops saved work", "destructive_command");
      return void score.raise(
        args[0]?.value === "list" || args[0]?.value === "show" ? "none" : "low",
        "git stash",
      );
    case "filter-branch":
    case "filter-repo":
      return void score.raise("high", `git ${sub} rewrites history`, "destructive_command");
    case "update-ref":
      if (has(["-d"]))
        return void score.raise("high", "git update-ref -d deletes a ref", "destructive_command");
      return void score.raise("medium", "git update-ref");
    case "clone":
    case "fetch":
    case "pull":
    case "ls-remote":
    case "submodule":
      remote(sub === "clone" ? args[0] : args[0], context);
      return void score.raise(
        sub === "fetch" || sub === "ls-remote" ? "low" : "medium",
        `git ${sub} talks to a remote`,
        "network_request",
      );
    case "remote":
    case "config":
    case "tag":
      if (args.length <= 1 || has(["--get", "--list", "--get-all", "-l", "-v"]))
        return void score.raise("none", "");
      return void score.raise("low", `git ${sub}`);
    case "add":
    case "mv":
    case "rm":
    case "switch":
    case "init":
    case "apply":
    case "am":
    case "notes":
    case "bisect":
    case "worktree":
    case "sparse-checkout":
      return void score.raise("low", `git ${sub}`);
    default:
      return void score.raise("medium", `git ${sub}`);
  }
};

/** A git remote given as a URL or scp-like spec is judged by host; a name (origin) is not known. */
function remote(word: Word | undefined, context: RuleContext): void {
  if (!word) return;
  const value = word.value;
  const scp = /^(?:[^@/]+@)?([^/:]+):/.exec(value);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) context.signals.network(value, "GET", "command");
  else if (scp && !value.startsWith("/")) context.signals.network(scp[1]!, "GET", "command");
}
