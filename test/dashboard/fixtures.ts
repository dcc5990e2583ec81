import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventBody, RiskFlag, RiskLevel } from "../../src/chain/index.js";

export async function tempHome(): Promise<{ home: string; cleanup: () => Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), "trailseal-dashboard-"));
  return { home, cleanup: () => rm(home, { recursive: true, force: true }) };
}

export function body(
  level: RiskLevel,
  command: string,
  flags: RiskFlag[] = [],
  agent = "claude-code",
): EventBody {
  return {
    risk: { level, flags },
    agent,
    session: "sess-1",
    cwd: "/work",
    phase: "pre",
    action: { kind: "command", tool: "Bash", command },
    decision: level === "critical" ? "deny" : "allow",
    reasons: level === "none" ? [] : [`${level} because of a test`],
  };
}

/** A mixed batch: 3 none, 2 low, 2 medium, 1 high, 1 critical. */
export function mixedBodies(): EventBody[] {
  return [
    body("none", "ls"),
    body("none", "cat README.md"),
    body("none", "git status"),
    body("low", "npm test"),
    body("low", "echo hi > notes.txt"),
    body("medium", "npm install left-pad", ["network_request"]),
    body("medium", "git commit -m x", [], "cursor"),
    body("high", "git push --force origin main", ["force_push"]),
    body("critical", "sudo rm -rf /", ["privilege_escalation", "destructive_command", "broad_file_deletion"]),
  ];
}

/** Reads server-sent events from a fetch response until `until` says stop. */
export async function readSse(
  response: Response,
  until: (event: { event: string; data: string }) => boolean,
): Promise<{ event: string; data: string }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const message = { event: "message", data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) message.event = line.slice(7);
        else if (line.startsWith("data: ")) message.data += line.slice(6);
      }
      if (until(message)) {
        await reader.cancel();
        return message;
      }
      cut = buffer.indexOf("\n\n");
    }
  }
}
