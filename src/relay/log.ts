import { appendFileSync, renameSync, rmSync, statSync } from "node:fs";
import type { LogLevel } from "./model.js";

/**
 * `<home>/relay.log` with size-based rotation: when a write would take the file past
 * `maxBytes`, relay.log → relay.log.1 → … → relay.log.<keep> (the oldest is deleted).
 * Writes are synchronous appends: a line is on disk before the relay moves on, and a crash
 * loses at most the line being written. Lines never contain keys or auth tokens.
 */
export interface RotatingLogOptions {
  maxBytes?: number;
  keep?: number;
  now?: () => Date;
  /** Also hands every line to this (a foreground relay on a terminal shows its log). */
  mirror?: (line: string) => void;
}

export const DEFAULT_LOG_MAX_BYTES = 1024 * 1024;

export class RotatingLog {
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly now: () => Date;
  private readonly mirror: ((line: string) => void) | undefined;

  constructor(
    readonly path: string,
    options: RotatingLogOptions = {},
  ) {
    this.maxBytes = Math.max(1024, options.maxBytes ?? DEFAULT_LOG_MAX_BYTES);
    this.keep = Math.max(1, options.keep ?? 3);
    this.now = options.now ?? (() => new Date());
    this.mirror = options.mirror;
  }

  write(level: LogLevel, message: string): void {
    const line = `${this.now().toISOString()} ${level.padEnd(5)} ${message.replace(/\n/g, "\\n")}\n`;
    this.mirror?.(line);
    try {
      if (this.size() + Buffer.byteLength(line) > this.maxBytes) this.rotate();
      appendFileSync(this.path, line, { mode: 0o600 });
    } catch {
      // A relay that cannot log keeps sealing: the seal store and state file are what matter.
    }
  }

  private size(): number {
    try {
      return statSync(this.path).size;
    } catch {
      return 0;
    }
  }

  private rotate(): void {
    rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let n = this.keep - 1; n >= 1; n -= 1) {
      try {
        renameSync(`${this.path}.${n}`, `${this.path}.${n + 1}`);
      } catch {
        // that generation does not exist yet
      }
    }
    renameSync(this.path, `${this.path}.1`);
  }
}
