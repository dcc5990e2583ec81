/**
 * How a git witness URL is reached. http(s) goes through isomorphic-git (pure JS; the token is
 * sent as HTTP Basic `x-access-token:<token>`, as GitHub expects, on clones and fetches as on
 * pushes (a private log is read with it), never reaches argv or a URL,
 * and never follows a redirect to another origin: same-origin-http.ts); local paths, file://, ssh:// and scp-like `git@host:path` go through the user's system
 * git (their ssh keys and config apply). Both clone bare and single-branch, shallow on request,
 * deepen on demand and push one commit to `main` without force.
 */
import * as nodeFs from "node:fs";
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { HttpClient, PushResult } from "isomorphic-git";
import { codeOf, TrailsealError } from "../../errors/index.js";
import { BRANCH, BRANCH_REF } from "./layout.js";
import { loadIsoGit } from "./objects.js";
import { sameOriginHttp } from "./same-origin-http.js";
import { isNonFastForward, runGit } from "./system-git.js";

export interface LogRemote {
  readonly url: string;
  readonly transport: "system-git" | "isomorphic-git";
  /**
   * Clones the branch bare into `dest` (depth 0 = full history); returns the git dir.
   * `onProgress` hears what the transfer is doing (a phase, with counts where the transport
   * gives them), for a progress line.
   */
  clone(
    dest: string,
    depth: number,
    signal?: AbortSignal,
    onProgress?: (text: string) => void,
  ): Promise<string>;
  /** Fetches `by` more commits of history into a shallow clone. */
  deepen(gitdir: string, by: number, signal?: AbortSignal): Promise<void>;
  /** Pushes `commit` to the branch; throws GITLOG_PUSH_REJECTED when it is not a fast-forward. */
  push(gitdir: string, commit: string, signal?: AbortSignal): Promise<void>;
}

function rejected(cause: unknown): TrailsealError {
  return new TrailsealError(
    "GITLOG_PUSH_REJECTED",
    "the log moved on while publishing (not a fast-forward)",
    {
      cause,
    },
  );
}

function unreachable(url: string, cause: unknown, sentToken?: boolean): TrailsealError {
  const code = (cause as TrailsealError)?.code;
  if (code === "GITLOG_PUSH_REJECTED" || code === "WITNESS_REDIRECT_REFUSED") return cause as TrailsealError;
  const inner = (cause as { cause?: TrailsealError })?.cause;
  if (inner?.code === "WITNESS_REDIRECT_REFUSED") return inner;
  const status = (cause as { data?: { statusCode?: number } })?.data?.statusCode;
  if (status === 401 || status === 403) {
    // Private log, no token: say where the token goes (never what it is).
    if (sentToken === false)
      return new TrailsealError("WITNESS_UNAUTHORIZED", `the git log ${url} needs credentials to be read`, {
        cause,
        hint: "set auth_token for this log in relay-config.json witness.endpoints (reads send it to its origin only)",
      });
    return new TrailsealError("WITNESS_UNAUTHORIZED", `the git log ${url} refused the credentials`, {
      cause,
    });
  }
  return new TrailsealError("WITNESS_UNREACHABLE", `the git log ${url} cannot be reached`, { cause });
}

/** Strips the `git+` prefix of git+https:// / git+ssh:// witness URLs; resolves local paths. */
export function normalizeGitUrl(url: string): string {
  const text = url.trim().replace(/^git\+(?=(https?|ssh):\/\/)/i, "");
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) || /^[A-Za-z0-9._-]+@[^/:]+:/.test(text)) return text;
  return isAbsolute(text) ? text : resolve(text);
}

class SystemGitRemote implements LogRemote {
  readonly transport = "system-git" as const;
  constructor(readonly url: string) {}

  /** git ignores --depth for plain local paths; file:// makes it honour it. */
  private cloneUrl(depth: number): string {
    return depth > 0 && (isAbsolute(this.url) || /^[A-Za-z]:[\\/]/.test(this.url))
      ? pathToFileURL(this.url).toString()
      : this.url;
  }

  async clone(
    dest: string,
    depth: number,
    signal?: AbortSignal,
    onProgress?: (text: string) => void,
  ): Promise<string> {
    const args = ["clone", "--quiet", "--bare", "--single-branch", "--branch", BRANCH, "--no-tags"];
    if (depth > 0) args.push("--depth", String(depth));
    // git's own progress meter is not parsed: the phase is what is said.
    onProgress?.("cloning");
    try {
      await runGit([...args, "--", this.cloneUrl(depth), dest], { signal });
    } catch (cause) {
      throw unreachable(this.url, cause);
    }
    return dest;
  }

  async deepen(gitdir: string, by: number, signal?: AbortSignal): Promise<void> {
    try {
      await runGit(["--git-dir", gitdir, "fetch", "--quiet", `--deepen=${by}`, "origin", BRANCH_REF], {
        signal,
      });
    } catch (cause) {
      throw unreachable(this.url, cause);
    }
  }

  async push(gitdir: string, commit: string, signal?: AbortSignal): Promise<void> {
    try {
      await runGit(["--git-dir", gitdir, "push", "--quiet", "origin", `${commit}:${BRANCH_REF}`], { signal });
    } catch (cause) {
      throw isNonFastForward(cause) ? rejected(cause) : unreachable(this.url, cause);
    }
  }
}

class IsoGitRemote implements LogRemote {
  readonly transport = "isomorphic-git" as const;
  constructor(
    readonly url: string,
    private readonly authToken: string | undefined,
  ) {}

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { "user-agent": "trailseal-git-witness" };
    if (this.authToken) {
      headers.authorization = `Basic ${Buffer.from(`x-access-token:${this.authToken}`).toString("base64")}`;
    }
    return headers;
  }

  private async http(): Promise<HttpClient> {
    return sameOriginHttp();
  }

  async clone(
    dest: string,
    depth: number,
    _signal?: AbortSignal,
    onProgress?: (text: string) => void,
  ): Promise<string> {
    const git = await loadIsoGit();
    const gitdir = join(dest, ".git");
    onProgress?.("cloning");
    try {
      await git.clone({
        ...(onProgress
          ? {
              onProgress: ({ phase, loaded, total }) =>
                onProgress(`cloning: ${phase} ${loaded}${total ? `/${total}` : ""}`),
            }
          : {}),
        fs: nodeFs,
        http: await this.http(),
        dir: dest,
        gitdir,
        url: this.url,
        ref: BRANCH,
        singleBranch: true,
        noCheckout: true,
        noTags: true,
        headers: this.headers(),
        ...(depth > 0 ? { depth } : {}),
      });
    } catch (cause) {
      throw unreachable(this.url, cause, Boolean(this.authToken));
    }
    return gitdir;
  }

  async deepen(gitdir: string, by: number): Promise<void> {
    const git = await loadIsoGit();
    try {
      await git.fetch({
        fs: nodeFs,
        http: await this.http(),
        gitdir,
        url: this.url,
        ref: BRANCH,
        singleBranch: true,
        tags: false,
        depth: by,
        relative: true,
        headers: this.headers(),
      });
    } catch (cause) {
      throw unreachable(this.url, cause, Boolean(this.authToken));
    }
  }

  async push(gitdir: string, commit: string): Promise<void> {
    const git = await loadIsoGit();
    // isomorphic-git pushes refs, not commits: point a scratch ref at the commit first.
    await git.writeRef({
      fs: nodeFs,
      gitdir,
      ref: "refs/heads/trailseal-publish",
      value: commit,
      force: true,
    });
    let result: PushResult;
    try {
      result = await git.push({
        fs: nodeFs,
        http: await this.http(),
        gitdir,
        url: this.url,
        ref: "trailseal-publish",
        remoteRef: BRANCH,
        headers: this.headers(),
      });
    } catch (cause) {
      const code = codeOf(cause);
      const details = String((cause as { data?: { prettyDetails?: string } })?.data?.prettyDetails ?? "");
      if (code === "PushRejectedError") throw rejected(cause);
      // Lost a race at the server (its ref lock or old-value check): fetch and re-append.
      if (
        code === "GitPushError" &&
        /failed to update ref|non-fast-forward|fetch first|lock/i.test(details)
      ) {
        throw rejected(cause);
      }
      throw unreachable(this.url, cause);
    }
    const refResult = result.refs[BRANCH_REF];
    if (!result.ok || (refResult && !refResult.ok)) {
      const text = refResult?.error ?? "";
      if (/non-fast-forward|fetch first|failed to update|lock/i.test(text)) throw rejected(text);
      throw unreachable(this.url, new Error(text || "push failed"));
    }
  }
}

export function openRemote(url: string, options: { authToken?: string } = {}): LogRemote {
  const target = normalizeGitUrl(url);
  if (/^https?:\/\//i.test(target)) {
    const parsed = new URL(target);
    if (parsed.username || parsed.password) {
      throw new TrailsealError(
        "WITNESS_URL_INVALID",
        "credentials in a witness URL would be logged; use auth_token",
      );
    }
    return new IsoGitRemote(target, options.authToken);
  }
  if (isAbsolute(target) && !existsSync(target)) {
    throw new TrailsealError("WITNESS_UNREACHABLE", `the git log ${target} does not exist`);
  }
  return new SystemGitRemote(target);
}
