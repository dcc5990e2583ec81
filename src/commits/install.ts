/**
 * `trailseal hook install git`: git `post-commit`, `post-rewrite` and `post-merge` hooks that
 * record commits in the trail (git merge and git pull run post-merge, not post-commit). A hook already there is never replaced: it is kept beside ours as
 * `<hook>.trailseal-chained` and ours runs it first, with the same arguments and stdin, and
 * exits with its status (a recording failure is a warning: it never fails the user's commit).
 * Idempotent: our own hook is rewritten in place (a new home or program).
 */
import { chmod, mkdir, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { readTextIfExists } from "../durable/index.js";
import { configError } from "../errors/index.js";
import { runGit } from "./git.js";

export const GIT_HOOKS = ["post-commit", "post-rewrite", "post-merge"] as const;
const MARK = "# trailseal: records commits in the trail";
export const CHAINED_SUFFIX = ".trailseal-chained";

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function gitHookScript(hook: string, home: string, program = "trailseal"): string {
  const run = `${shellQuote(program)} --home ${shellQuote(home)} hook git ${hook} "$@"`;
  return `#!/bin/sh
${MARK} (trailseal hook install git).
# A hook that was here before is kept as ${hook}${CHAINED_SUFFIX} and runs first.
input=$(cat)
status=0
chained="$(dirname "$0")/${hook}${CHAINED_SUFFIX}"
if [ -x "$chained" ]; then
  printf '%s\\n' "$input" | "$chained" "$@" || status=$?
fi
printf '%s\\n' "$input" | ${run} || echo "trailseal: warning: the ${hook} hook could not record in the trail" >&2
exit $status
`;
}

export interface GitHookInstallResult {
  /** The repository's hooks folder (core.hooksPath respected). */
  dir: string;
  added: string[];
  updated: string[];
  /** Hooks that were there before and now run first from `<hook>.trailseal-chained`. */
  chained: string[];
}

export async function installGitHooks(options: {
  cwd: string;
  home: string;
  program?: string;
}): Promise<GitHookInstallResult> {
  const dir = resolve(options.cwd, runGit(options.cwd, ["rev-parse", "--git-path", "hooks"]).trim());
  const existing = new Map<string, string | null>();
  for (const hook of GIT_HOOKS) {
    const path = join(dir, hook);
    const text = await readTextIfExists(path);
    existing.set(hook, text);
    // Ours was replaced by another hook after it chained one: two hooks to keep, and no
    // single name to keep the second under. Nothing is changed; the user merges them.
    if (
      text !== null &&
      !text.includes(MARK) &&
      (await readTextIfExists(`${path}${CHAINED_SUFFIX}`)) !== null
    )
      throw configError(
        "COMMITS_HOOK_CONFLICT",
        `${path} is not trailseal's and ${path}${CHAINED_SUFFIX} exists too`,
        { hint: `merge the two into ${path}${CHAINED_SUFFIX}, remove ${path}, and install again` },
      );
  }
  await mkdir(dir, { recursive: true });
  const result: GitHookInstallResult = { dir, added: [], updated: [], chained: [] };
  for (const hook of GIT_HOOKS) {
    const path = join(dir, hook);
    const script = gitHookScript(hook, options.home, options.program);
    const before = existing.get(hook) ?? null;
    if (before !== null && !before.includes(MARK)) {
      await rename(path, `${path}${CHAINED_SUFFIX}`);
      result.chained.push(hook);
    }
    if (before === script) continue;
    await writeFile(path, script, { mode: 0o755 });
    await chmod(path, 0o755);
    (before?.includes(MARK) ? result.updated : result.added).push(hook);
  }
  return result;
}
