// The agent hook appends twice when the first append fails (the event, then a record of the
// failure). On a trail lock held by a live writer both used to wait the lock's full timeout
// (20 s in all, 10 s documented): one deadline now bounds the whole call.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock } from "../../src/durable/index.js";
import { runHook } from "../../src/hooks/index.js";
import { tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-hook-lock-"));
  await mkdir(join(home, "trail"), { recursive: true });
});
afterEach(() => cleanup());

describe("the hook on a held trail lock", () => {
  it("denies within one lock budget, not one per append", async () => {
    const held = await acquireLock(join(home, "trail", ".lock"));
    try {
      const payload = JSON.stringify({
        session_id: "s",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        cwd: "/tmp",
      });
      const started = Date.now();
      // A 500 ms budget stands in for the real 10 s: the old code waited 10 s per append anyway.
      const result = await runHook("claude-code", payload, { home, lockDeadline: Date.now() + 500 });
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(result.stdout).toContain("deny");
    } finally {
      await held.release();
    }
  }, 30_000);
});
