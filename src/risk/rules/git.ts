/**
 * git (docs/risk.md): reading is none, commit medium, push/pull/clone network; everything that
 * discards uncommitted or unpushed work is high (reset --hard, clean, checkout/restore of paths,
 * forced switch, rm -f, worktree remove --force, stash drop/clear, branch -D, reflog
 * delete/expire, force push). git accepts unique prefixes of long options (`--ha` is
 * `--hard`) and global options before the sub-command (`git -C dir`, `--config-env k=v`);
 * both are read here. Remotes given as URLs are judged by host.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleContext } from "../command/rule.js";
import { isRootEntry, isSystemPath } from "../paths.js";
import type { Word } from "../shell-model.js";
import { gitConfiguredCommands } from "./git-config.js";

/** Global options that take the next word as their value. */
const GIT_VALUE_OPTIONS = [
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--super-prefix",
  "--list-cmds",
];
const GIT_READ = new Set(
  "status log diff show blame grep ls-files ls-tree rev-parse rev-list describe shortlog whatchanged cat-file name-rev help version show-ref for-each-ref count-objects fsck check-ignore merge-base var cherry range-diff annotate".split(
    " ",
  ),
);

/**
 * True when an argument is one of the long options `names` or a prefix git would expand to one
 * (at least `min` characters: `--ha` for `--hard`), or a short cluster holding `letter`.
 */
function gitOption(args: Word[], names: string[], letter?: string, min = 4): boolean {
  for (const arg of args) {
    const value = arg.value;
    if (value === "--") return false;
    const name = value.split("=")[0]!;
    if (name.startsWith("--") && name.length >= min && names.some((full) => full.startsWith(name)))
      return true;
    if (names.includes(name)) return true;
    if (letter && /^-[a-zA-Z]+$/.test(value) && value.slice(1).includes(letter)) return true;
  }
  return false;
}

const discard = (context: RuleContext, what: string) =>
  context.signals.score.raise(
    "high",
    `git ${what} discards uncommitted or unpushed work`,
    "destructive_command",
  );

/** A word that names files rather than a branch: `.`, a path with an extension, `dir/`. */
function looksLikePath(value: string): boolean {
  return (
    value === "." || value === ".." || /\/$/.test(value) || /\.[A-Za-z]\w*$/.test(value) || value === "*"
  );
}

export const git: Rule = (invocation, context) => {
  const { signals } = context;
  const { score } = signals;
  const words = positionals(invocation.args, GIT_VALUE_OPTIONS);
  const sub = words[0]?.value ?? "";
  const rest = words[0] ? invocation.args.slice(invocation.args.indexOf(words[0]) + 1) : [];
  const has = (names: string[], letter?: string, min?: number) => gitOption(rest, names, letter, min);
  gitConfiguredCommands(invocation.args, sub, rest, context);
  // options of the sub-commands read here that take the next word as their value
  const args = positionals(rest, [
    "--source",
    "-s",
    "--expire",
    "--expire-unreachable",
    "-m",
    "--message",
    "-b",
    "-B",
    "-c",
    "-C",
    "--orphan",
    "--create",
    "--force-create",
    "--conflict",
  ]);
  // `--dry-run`/`-n` only reports what would happen (push, clean, rm, add, …)
  if (sub !== "commit" && has(["--dry-run"], /^(clean|push|rm|prune)$/.test(sub) ? "n" : undefined, 5)) {
    return void score.raise(sub === "clean" ? "none" : "low", `git ${sub} --dry-run`);
  }
  const afterDashDash = rest.findIndex((word) => word.value === "--");
  // Showing or staging a secret file puts its content on screen or in history: read like `cat`
  if (/^(show|diff|log|blame|annotate|cat-file|grep|add|stage)$/.test(sub)) {
    for (const word of args.slice(sub === "grep" ? 1 : 0)) {
      if (!word.dynamic)
        signals.read(
          word.value.replace(/^[^:]*:(?=.)/, ""),
          sub === "add" || sub === "stage" ? "stages" : "shows",
        );
    }
  }
  if (GIT_READ.has(sub) || sub === "") return void score.raise("none", "");
  // `git -C /usr/local/go checkout …`, `git init /usr/local/go`: a git that changes files works in
  // the directory named, a write there (a system directory is critical, as for any writer)
  for (const dir of workingDirectories(invocation.args, sub, args)) {
    const path = signals.path(dir);
    if (isSystemPath(path) || isRootEntry(path, signals.cwd)) signals.create(dir, `git ${sub} writes in`);
  }
  switch (sub) {
    case "push": {
      const force =
        has(["--force", "--force-with-lease", "--force-if-includes", "--mirror"], "f", 5) ||
        args.some((word) => /^\+/.test(word.value));
      if (force)
        score.raise("high", "git push --force rewrites remote history", "force_push", "network_request");
      if (has(["--delete"], "d", 5) || args.some((word) => /^:[^/]/.test(word.value))) {
        score.raise("high", "git push deletes a remote branch", "destructive_command", "network_request");
      }
      if (has(["--prune"], undefined, 5))
        score.raise("high", "git push --prune deletes remote branches", "destructive_command");
      remote(args[0], context);
      return void score.raise("medium", "git push publishes commits", "network_request");
    }
    case "commit":
      return void score.raise("medium", "git commit");
    case "reset":
      if (has(["--hard"])) return discard(context, "reset --hard");
      // --merge/--keep refuse to drop local changes; given a commit they still drop commits
      if (has(["--merge", "--keep"]) && args.length > 0)
        return discard(context, "reset --merge/--keep to another commit");
      if (has(["--merge", "--keep"]))
        return void score.raise("medium", "git reset --merge (keeps local changes)");
      return void score.raise("low", "git reset");
    case "clean":
      if (has(["--dry-run"], "n", 3)) return void score.raise("none", "");
      return void score.raise("high", "git clean deletes untracked files", "destructive_command");
    case "checkout": {
      if (has(["--patch"], "p", 4)) return void score.raise("medium", "git checkout -p (asks per change)");
      if (has(["--force"], "f", 4)) return discard(context, "checkout --force");
      if (has([], "B")) return discard(context, "checkout -B (resets an existing branch)");
      if (afterDashDash >= 0 && rest.length > afterDashDash + 1)
        return discard(context, "checkout -- <paths>");
      if (has(["--pathspec-from-file"], undefined, 12))
        return discard(context, "checkout --pathspec-from-file");
      const named = args.filter((word) => !/^-/.test(word.value));
      if (named.length > 1 || named.some((word) => looksLikePath(word.value))) {
        return discard(context, "checkout <paths>");
      }
      return void score.raise("low", "git checkout");
    }
    case "restore":
      if (has(["--patch"], "p", 4)) return void score.raise("medium", "git restore -p (asks per change)");
      if (args.length === 0) return void score.raise("low", "git restore (names no path)");
      if (has(["--staged"], "S", 5) && !has(["--worktree"], "W", 4))
        return void score.raise("low", "git restore --staged");
      return discard(context, "restore");
    case "switch":
      if (has(["--force", "--discard-changes"], "f", 4)) return discard(context, "switch --discard-changes");
      if (has(["--force-create"], "C", 9)) return discard(context, "switch -C (resets an existing branch)");
      return void score.raise("low", "git switch");
    case "rm":
      if (has(["--cached"], undefined, 4)) return void score.raise("low", "git rm --cached");
      if (has(["--force"], "f", 4)) return discard(context, "rm --force");
      return void score.raise("medium", "git rm deletes tracked files", "destructive_command");
    case "worktree":
      if (args[0]?.value === "remove" && has(["--force"], "f", 4))
        return discard(context, "worktree remove --force");
      if (args[0]?.value === "remove")
        return void score.raise("medium", "git worktree remove", "destructive_command");
      return void score.raise("low", `git worktree ${args[0]?.value ?? ""}`.trim());
    case "branch":
      if (has([], "D") || (has(["--delete"], "d", 5) && has(["--force"], "f", 4)))
        return discard(context, "branch -D (unmerged commits)");
      if (has(["--delete"], "d", 5))
        return void score.raise("medium", "git branch deletes a branch", "destructive_command");
      // `git branch -f main HEAD~5` moves an existing branch: its later commits are dropped
      if (has(["--force"], "f", 4) && args.length > 0)
        return discard(context, "branch --force (moves a branch)");
      return void score.raise("low", "git branch");
    case "stash": {
      const verb = args[0]?.value;
      if (verb === "drop" || verb === "clear") return discard(context, `stash ${verb}`);
      return void score.raise(verb === "list" || verb === "show" ? "none" : "low", "git stash");
    }
    case "reflog": {
      const verb = args[0]?.value;
      if (verb === "delete" || verb === "expire") return discard(context, `reflog ${verb}`);
      return void score.raise("none", "");
    }
    case "gc":
      if (rest.some((word) => /^--prune=(now|all)$/.test(word.value)))
        return discard(context, "gc --prune=now (unreachable commits)");
      return void score.raise("low", "git gc");
    // `read-tree -u --reset` overwrites the working tree with the tree read
    case "read-tree":
      if (has(["--reset"]) && has([], "u")) return discard(context, "read-tree -u --reset");
      return void score.raise("medium", "git read-tree");
    // `checkout-index -f` overwrites working-tree files with the staged ones
    case "checkout-index":
      if (has(["--force"], "f", 4)) return discard(context, "checkout-index --force");
      return void score.raise("low", "git checkout-index");
    // prune deletes unreachable objects at once (gc waits two weeks): dropped commits go for good
    case "prune":
      return discard(context, "prune (unreachable commits)");
    case "filter-branch":
    case "filter-repo":
      return void score.raise("high", `git ${sub} rewrites history`, "destructive_command");
    case "rebase": {
      // `--exec CMD`/`-x CMD` runs CMD after each commit it replays: judged as that command
      for (let i = 0; i < rest.length; i += 1) {
        const value = rest[i]!.value;
        const exec =
          /^--exec=(.*)$/s.exec(value)?.[1] ?? (/^(--exec|-x)$/.test(value) ? rest[i + 1]?.value : undefined);
        if (exec !== undefined)
          context.nested(
            { value: exec, dynamic: rest[i + 1]?.dynamic ?? false, inner: [] },
            "git rebase --exec runs",
          );
      }
      break;
    }
    case "update-ref":
      if (gitOption(rest, ["--delete"], "d", 3))
        return void score.raise("high", "git update-ref -d deletes a ref", "destructive_command");
      return void score.raise("medium", "git update-ref");
    // `git lfs migrate import`/`export` rewrites every commit of the branches it is given
    // (`--no-rewrite` adds one commit instead; `info` reads)
    case "lfs":
      if (
        args[0]?.value === "migrate" &&
        /^(import|export)$/.test(args[1]?.value ?? "") &&
        !has(["--no-rewrite"])
      )
        return void score.raise(
          "high",
          `git lfs migrate ${args[1]!.value} rewrites history`,
          "destructive_command",
        );
      return void score.raise("medium", "git lfs");
    case "clone": {
      // the clone holds downloaded code: running a script from it is a download run
      const target = args[1]?.value ?? /([^/:]+?)(\.git)?\/?$/.exec(args[0]?.value ?? "")?.[1];
      // (a new directory in the working directory, named for the repository: a name like
      // `git-credential-manager` or `secrets-service` is no secret file; a path is judged as a write)
      if (target && !args[1]?.dynamic) {
        if (/^[\w][\w.-]*$/.test(target) && target !== ".git") signals.downloads.add(signals.path(target));
        else signals.download(target, "clones into");
      }
      remote(args[0], context);
      return void score.raise("medium", "git clone talks to a remote", "network_request");
    }
    case "fetch":
    case "pull":
    case "ls-remote":
    case "submodule":
      if (sub === "submodule" && /^(deinit|update)$/.test(args[0]?.value ?? "") && has(["--force"], "f", 4))
        return discard(context, `submodule ${args[0]!.value} --force`);
      remote(args[0], context);
      return void score.raise(
        sub === "fetch" || sub === "ls-remote" ? "low" : "medium",
        `git ${sub} talks to a remote`,
        "network_request",
      );
    case "remote":
    case "config":
    case "tag":
      if (args.length <= 1 || gitOption(rest, ["--get", "--list", "--get-all", "-l", "-v"]))
        return void score.raise("none", "");
      return void score.raise("low", `git ${sub}`);
    case "add":
    case "mv":
    case "init":
    case "apply":
    case "am":
    case "notes":
    case "bisect":
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

/** The directories a git call works in: global `-C`, `--git-dir`, `--work-tree`, and `init DIR`. */
function workingDirectories(all: Word[], sub: string, args: Word[]): Word[] {
  const dirs: Word[] = [];
  for (let i = 0; i < all.length; i += 1) {
    const value = all[i]!.value;
    if (value === sub) break;
    if (/^(-C|--git-dir|--work-tree)$/.test(value) && all[i + 1] && !all[i + 1]!.dynamic)
      dirs.push(all[i + 1]!);
  }
  const operand = args.find((word) => !word.value.startsWith("-"));
  if (sub === "init" && operand && !operand.dynamic) dirs.push(operand);
  return dirs;
}
