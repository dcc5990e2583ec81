/**
 * Where a recursive delete lands, relative to the project (the action's working directory):
 * inside it (medium: build output, caches), or somewhere whose loss is not the project's to
 * decide: outside it, a home subtree, git history (`.git`), a Windows drive under WSL, or a
 * directory only known at run time (after `cd $X`). Temporary directories are fair game.
 */
import { HOME, isBroadPath, normalizePath } from "./paths.js";

export interface DeleteScope {
  /** Why the path is not the project's to delete, or null. */
  outside: string | null;
  /** The project, home or a parent as a whole (`rm -rf .`, `rm -rf ~`), or null. */
  broad: string | null;
  /** The path is the project directory itself. */
  project: boolean;
  /** The path is a temporary directory or in one. */
  temp: boolean;
}

export interface WhereContext {
  cwd: string | null;
  project: string | null;
}

/** The working directory after `cd` to a directory only known at run time. */
export const UNKNOWN_DIRECTORY = "/%run-time%";

const TEMP = /^\/(tmp|var\/tmp|private\/tmp|private\/var\/folders|var\/folders|dev\/shm)(\/|$)/;
const WSL_DRIVE = /^\/mnt\/[a-z](\/|$)/;
const GIT_TRANSIENT =
  /^(COMMIT_EDITMSG|MERGE_MSG|MERGE_HEAD|MERGE_MODE|FETCH_HEAD|ORIG_HEAD|CHERRY_PICK_HEAD|REVERT_HEAD|AUTO_MERGE|rebase-merge|rebase-apply|sequencer|gc\.log|description|[\w.-]+\.lock)$/;
/**
 * Cache directories in a home (`~/.cache/pip`, `~/Library/Caches/x`, `~/.npm/_cacache`,
 * `~/.gradle/caches`, Xcode's `DerivedData` build products): regenerable by definition, so
 * deleting them is not a loss. Root's home is a home (`rm -rf /root/.cache/pip` in an image's
 * build empties pip's cache, nothing of the system).
 */
export const HOME_CACHE =
  /^(~|\/(home|Users)\/[^/]+|\/root)\/(.+\/)?(\.cache|Caches|caches?|_cacache|DerivedData)(\/|$)/;

function under(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);
}

export function deleteScope(raw: string, where: WhereContext): DeleteScope {
  const project = where.project ? normalizePath(where.project, { cwd: "/" }) : null;
  // A project under /home/NAME or /Users/NAME tells where `~` is: `~/project/build` is inside it
  const home = project ? /^\/(home|Users)\/[^/]+/.exec(project)?.[0] : undefined;
  const path = home && (raw === HOME || raw.startsWith(`${HOME}/`)) ? home + raw.slice(1) : raw;
  return { project: project !== null && path === project, temp: TEMP.test(path), ...scopeOf(path, project) };
}

function scopeOf(path: string, project: string | null): Omit<DeleteScope, "project" | "temp"> {
  if (path.startsWith(UNKNOWN_DIRECTORY)) {
    return { outside: "a path under a directory known only at run time", broad: null };
  }
  if (isBroadPath(path, { cwd: project })) return { outside: null, broad: path };
  const parts = path.split("/");
  // git's own transient state (a commit message draft, merge/rebase state, locks) is not history
  const inGit = parts.slice(parts.indexOf(".git") + 1);
  if (parts.includes(".git") && !GIT_TRANSIENT.test(inGit[0] ?? ""))
    return { outside: `git history (${path})`, broad: null };
  if (WSL_DRIVE.test(path)) {
    const rest = parts.slice(3).filter(Boolean);
    if (rest.length === 0 || (rest[0] === "Users" && rest.length <= 2)) {
      return { outside: null, broad: path };
    }
    return { outside: `a Windows drive's files (${path})`, broad: null };
  }
  if (TEMP.test(path) || HOME_CACHE.test(path)) return { outside: null, broad: null };
  if (project && under(path, project)) return { outside: null, broad: null };
  if (path === HOME || path.startsWith(`${HOME}/`) || /^\/(home|Users)\/[^/]+\//.test(path)) {
    return { outside: `a home directory subtree outside the project (${path})`, broad: null };
  }
  if (!project && !path.startsWith("/") && !path.startsWith("..")) return { outside: null, broad: null };
  return { outside: `a path outside the project (${path})`, broad: null };
}
