/**
 * Asynchronous mirroring of a log's branch to a remote (`witness serve --push <remote>`):
 * after each commit the newest head is pushed by the system git (the user's credentials and
 * ssh setup apply); failures retry with capped exponential backoff. Never blocks an append.
 */
import { BRANCH_REF } from "./layout.js";
import { runGit } from "./system-git.js";

export interface PushStatus {
  remote: string;
  pushed_head: string | null;
  lag_entries: number;
  lag_seconds: number;
  last_error: string | null;
  last_push_at: string | null;
}

/** Drops credentials from a URL before it appears in health or logs. */
export function redactRemote(remote: string): string {
  try {
    const url = new URL(remote);
    if (url.username || url.password) {
      url.username = "***";
      url.password = "";
    }
    return url.toString();
  } catch {
    return remote;
  }
}

export class PushMirror {
  private wanted: { head: string; size: number; since: number } | null = null;
  private pushed: { head: string; size: number } | null = null;
  private lastError: string | null = null;
  private lastPushAt: Date | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private backoffMs = 0;
  private wake: (() => void) | null = null;

  constructor(
    private readonly gitdir: string,
    private readonly remote: string,
    private readonly maxBackoffMs = 30_000,
  ) {}

  kick(head: string, size: number): void {
    if (this.pushed?.head === head) return;
    this.wanted = { head, size, since: this.wanted?.since ?? Date.now() };
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopped && this.wanted && this.wanted.head !== this.pushed?.head) {
      const target = this.wanted;
      try {
        await runGit([
          "--git-dir",
          this.gitdir,
          "push",
          "--quiet",
          this.remote,
          `${target.head}:${BRANCH_REF}`,
        ]);
        this.pushed = { head: target.head, size: target.size };
        this.lastPushAt = new Date();
        this.lastError = null;
        this.backoffMs = 0;
        if (this.wanted?.head === target.head) this.wanted = null;
        else if (this.wanted) this.wanted.since = Date.now();
      } catch (error) {
        this.lastError = (error as Error).message;
        this.backoffMs = Math.min(this.maxBackoffMs, Math.max(500, this.backoffMs * 2));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.backoffMs);
          timer.unref();
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  status(size: number): PushStatus {
    return {
      remote: redactRemote(this.remote),
      pushed_head: this.pushed?.head ?? null,
      lag_entries: size - (this.pushed?.size ?? 0),
      lag_seconds: this.wanted ? Math.round((Date.now() - this.wanted.since) / 1000) : 0,
      last_error: this.lastError,
      last_push_at: this.lastPushAt?.toISOString() ?? null,
    };
  }

  /** Stops retrying; lets a push in progress finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }
}
