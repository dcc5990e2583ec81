/**
 * A progress line on stderr for operations that can take more than a moment, only on a terminal
 * (never into a pipe or a log file) and not with --quiet: redrawn in place at most every 200 ms,
 * erased when the operation ends, so the terminal is left with the command's own output.
 */
import type { CliIO } from "./io.js";

export interface Progress {
  /** Redraws with `text` if the last redraw is old enough. */
  update(text: string): void;
  /** Erases the line. */
  done(): void;
}

const NONE: Progress = { update() {}, done() {} };

export function progress(io: CliIO, label: string): Progress {
  if (io.quiet || io.stderr.isTTY !== true) return NONE;
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      shown = true;
      io.stderr.write(`\r\u001b[2Ktrailseal: ${label}: ${text}`);
    },
    done() {
      if (shown) io.stderr.write("\r\u001b[2K");
    },
  };
}
