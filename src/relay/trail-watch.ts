import { type FSWatcher, watch } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { listSegmentNames } from "../trail/index.js";

/**
 * Tells the relay core that events were recorded, for prompt seals: `fs.watch` on the trail
 * directory (inotify, immediate), and a poll of the newest segment's size every `pollMs` for
 * file systems where watching is unreliable (or not available). Extra notices are harmless:
 * the core batches them, and a prompt seal of an unchanged tip is skipped.
 */
export function watchTrail(dir: string, onChange: () => void, pollMs = 1000): { close(): void } {
  let watcher: FSWatcher | null = null;
  let closed = false;
  const startWatch = () => {
    if (watcher || closed) return;
    try {
      watcher = watch(dir, { persistent: false }, () => onChange());
      watcher.on("error", () => {
        watcher?.close();
        watcher = null;
      });
    } catch {
      watcher = null; // no directory yet, or no inotify: the poll covers it and retries
    }
  };
  let last = "";
  const poll = async () => {
    startWatch();
    const names = await listSegmentNames(dir).catch(() => [] as string[]);
    const newest = names.at(-1);
    const size = newest
      ? await stat(join(dir, newest)).then(
          (info) => info.size,
          () => -1,
        )
      : -1;
    const mark = `${newest}:${size}`;
    if (last !== "" && mark !== last) onChange();
    last = mark;
  };
  startWatch();
  void poll();
  const timer = setInterval(() => void poll().catch(() => {}), pollMs);
  timer.unref();
  return {
    close() {
      closed = true;
      clearInterval(timer);
      watcher?.close();
    },
  };
}
