/**
 * The canonical form of a simple command, for the policy's command globs (docs/policy.md,
 * "Canonical form"): the same command however it is spelled. The program is its basename,
 * lowercase, without `.exe`, wrappers already stripped; git's global options (`-C dir`, `-c
 * k=v`) are dropped; for the programs below, each option is spelled long (`-f` → `--force`,
 * a cluster `-rf` → `--recursive --force`, an abbreviation git or getopt accepts `--forc` →
 * `--force`), the options come first in alphabetical order (values kept with their option,
 * `--push-option=x`), then the operands in their order. Other programs keep their arguments as
 * written. A deny glob matches the command's text or this form, so `git push --force*` denies
 * `git push -f origin main` and `git -C repo push origin --forc`.
 */

interface OptionSpec {
  /** short letter → long name */
  short: Record<string, string>;
  /** every long name (abbreviations are unique prefixes of one) */
  long: string[];
  /** long names that take a value */
  takesValue: string[];
}

/**
 * A program's options, built on first use: most commands a hook call judges are none of these,
 * and the hook starts a new process on every call (docs/decisions/hook-call-speed.md).
 */
function spec(short: string, long: string, takesValue = ""): () => OptionSpec {
  let built: OptionSpec | undefined;
  return () => (built ??= buildSpec(short, long, takesValue));
}

function buildSpec(short: string, long: string, takesValue: string): OptionSpec {
  const map: Record<string, string> = {};
  for (const pair of short.split(" ").filter(Boolean)) map[pair[0]!] = pair.slice(2);
  return {
    short: map,
    long: [
      ...new Set([
        ...long.split(" ").filter(Boolean),
        ...Object.values(map),
        ...takesValue.split(" ").filter(Boolean),
      ]),
    ],
    takesValue: takesValue.split(" ").filter(Boolean),
  };
}

const GIT: Record<string, () => OptionSpec> = {
  push: spec(
    "f=force d=delete n=dry-run u=set-upstream v=verbose q=quiet",
    "force force-with-lease force-if-includes all mirror tags follow-tags atomic prune no-verify verify porcelain progress thin no-thin signed ipv4 ipv6 recurse-submodules",
    "repo receive-pack exec push-option",
  ),
  reset: spec(
    "q=quiet p=patch N=intent-to-add",
    "hard soft mixed merge keep recurse-submodules no-refresh refresh pathspec-from-file pathspec-file-nul",
  ),
  clean: spec(
    "f=force d=directories x=ignored X=only-ignored n=dry-run i=interactive q=quiet",
    "",
    "exclude",
  ),
  branch: spec(
    "d=delete D=delete-force f=force m=move M=move-force c=copy C=copy-force r=remotes a=all l=list v=verbose q=quiet t=track u=set-upstream-to",
    "unset-upstream contains no-contains merged no-merged column sort points-at format show-current edit-description create-reflog",
  ),
  checkout: spec(
    "f=force b=new-branch B=force-new-branch q=quiet m=merge p=patch t=track",
    "ours theirs orphan detach ignore-skip-worktree-bits overwrite-ignore no-overwrite-ignore recurse-submodules pathspec-from-file overlay no-overlay",
  ),
  switch: spec(
    "f=force c=create C=force-create d=detach q=quiet m=merge t=track",
    "discard-changes orphan guess no-guess ignore-other-worktrees recurse-submodules",
  ),
  restore: spec(
    "s=source S=staged W=worktree q=quiet p=patch m=merge",
    "ours theirs overlay no-overlay ignore-unmerged recurse-submodules pathspec-from-file",
  ),
  rm: spec("f=force r=recursive n=dry-run q=quiet", "cached ignore-unmatch sparse pathspec-from-file"),
  stash: spec("p=patch k=keep-index u=include-untracked a=all q=quiet m=message", "staged index"),
  rebase: spec(
    "i=interactive x=exec f=force-rebase q=quiet v=verbose",
    "onto root autosquash autostash continue abort skip quit edit-todo no-verify keep-empty",
    "onto exec",
  ),
  "update-ref": spec("d=delete m=message", "stdin no-deref create-reflog"),
  reflog: spec("n=dry-run", "expire expire-unreachable all rewrite updateref stale-fix verbose"),
  gc: spec("q=quiet", "aggressive auto prune no-prune force keep-largest-pack"),
  tag: spec("d=delete f=force a=annotate s=sign m=message l=list", "contains points-at"),
  commit: spec(
    "a=all m=message n=no-verify q=quiet v=verbose p=patch",
    "amend no-edit allow-empty fixup squash",
  ),
  worktree: spec("f=force", "lock detach"),
  fetch: spec("f=force p=prune P=prune-tags q=quiet v=verbose", "all prune tags depth"),
  pull: spec("f=force r=rebase q=quiet v=verbose", "ff-only no-ff rebase autostash"),
};

const RM = spec(
  "r=recursive R=recursive f=force i=interactive I=interactive-once d=dir v=verbose",
  "no-preserve-root preserve-root one-file-system interactive",
);

/** Global options of git that take the next word (dropped from the canonical form). */
const GIT_GLOBAL_VALUE =
  /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env|--super-prefix|--list-cmds)$/;

function expandLong(name: string, options: OptionSpec): string {
  if (options.long.includes(name)) return name;
  const matches = options.long.filter((full) => full.startsWith(name));
  return matches.length === 1 ? matches[0]! : name;
}

/** Options spelled long and sorted, operands after them in order. */
function canonicalArgs(args: string[], options: OptionSpec): string[] {
  const found: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=");
      const name = expandLong(eq > 0 ? arg.slice(2, eq) : arg.slice(2), options);
      if (eq > 0) found.push(`--${name}=${arg.slice(eq + 1)}`);
      else if (options.takesValue.includes(name) && i + 1 < args.length) found.push(`--${name}=${args[++i]}`);
      else found.push(`--${name}`);
      continue;
    }
    if (/^-[A-Za-z]+$/.test(arg)) {
      for (let j = 1; j < arg.length; j += 1) {
        const long = options.short[arg[j]!];
        if (!long) {
          found.push(`-${arg[j]}`);
          continue;
        }
        if (options.takesValue.includes(long)) {
          const rest = arg.slice(j + 1);
          found.push(`--${long}=${rest || (args[++i] ?? "")}`);
          break;
        }
        found.push(`--${long}`);
      }
      continue;
    }
    operands.push(arg);
  }
  return [...new Set(found)].sort().concat(operands);
}

/** The canonical form of `program args…` (program already its canonical name), or null when it is the text. */
export function canonicalForm(program: string, args: string[]): string | null {
  if (program === "git") {
    let i = 0;
    while (i < args.length && args[i]!.startsWith("-")) i += GIT_GLOBAL_VALUE.test(args[i]!) ? 2 : 1;
    const sub = args[i];
    if (sub === undefined) return null;
    const options = GIT[sub];
    const rest = args.slice(i + 1);
    return ["git", sub, ...(options ? canonicalArgs(rest, options()) : rest)].join(" ");
  }
  if (program === "rm") return ["rm", ...canonicalArgs(args, RM())].join(" ");
  return null;
}

/**
 * The canonical form of a command glob's text (`git push -f*`, `rm -rf /*`), read the same way:
 * a pattern is compared with commands in the same spelling. Words holding glob characters are
 * kept where they are written.
 */
export function canonicalPattern(pattern: string): string | null {
  const words = pattern.split(" ").filter(Boolean);
  const program = (words[0] ?? "")
    .replace(/^.*\//, "")
    .replace(/\.exe$/i, "")
    .toLowerCase();
  if (/[*?[\\]/.test(program)) return null;
  const glob = words.findIndex((word, index) => index > 0 && /[*?[\\]/.test(word));
  if (glob < 0) return canonicalForm(program, words.slice(1));
  const head = canonicalForm(program, words.slice(1, glob));
  if (head === null) return null;
  return [head, ...words.slice(glob)].join(" ");
}
