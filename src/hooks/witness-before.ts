/**
 * Witness before act (docs/policy.md `witness_before`): the hook answers an action at or above
 * the level only once a seal covering its event has met the witness quorum. The sealing and
 * publishing run in a child process (`trailseal seal --publish`), so the hook bundle stays the
 * size it is: the witness client, zod and the relay never load on the hook's common path.
 *
 * Fail closed: a quorum not met within the budget (witness down, too slow, refusing, a cut, the
 * child killed at the deadline) is a deny, recorded by the caller as its own event.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { hasCode } from "../errors/index.js";
import { homePaths } from "../home/index.js";

export const DEFAULT_WITNESS_BEFORE_SECONDS = 10;

/**
 * Whether relay-config.json lists a witness (read without the relay's schema: the child
 * validates it). Off, with the reason, when none is listed or the file cannot be read.
 */
export function witnessGate(home: string): { on: true } | { on: false; off: string } {
  try {
    const config = JSON.parse(readFileSync(homePaths(home).relayConfig, "utf8")) as {
      witness?: { endpoints?: unknown[] };
    };
    if ((config.witness?.endpoints?.length ?? 0) > 0) return { on: true };
  } catch (error) {
    if (!hasCode(error, "ENOENT")) return { on: true }; // the child says what is wrong
  }
  return { on: false, off: "witness_before is off: no witness is configured" };
}

/** The built CLI beside this code: the hook bundle and the ESM chunks both live under dist/. */
function cliPath(): string {
  const here = import.meta.dirname;
  const found = [
    join(here, "cli.cjs"),
    join(here, "..", "cli.cjs"),
    join(here, "..", "..", "dist", "cli.cjs"),
  ].find((path) => existsSync(path));
  return found ?? join(here, "cli.cjs");
}

/** Seals and publishes now, within `timeoutMs`; null when the quorum was met, else why not. */
export function witnessNow(home: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [cliPath(), "--home", home, "seal", "--publish", "--timeout", `${timeoutMs}ms`],
      { stdio: ["ignore", "ignore", "pipe"], env: process.env },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    // The child bounds its own publish; this bounds the child (start-up, a stuck disk).
    const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs + 2_000);
    child.on("error", (error) => {
      clearTimeout(killer);
      resolve(`the seal could not be published: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(killer);
      if (code === 0) resolve(null);
      else {
        const line = stderr.split("\n").find((l) => l.startsWith("trailseal: error: "));
        resolve(
          line?.slice("trailseal: error: ".length) ??
            (signal
              ? `the publish was stopped at the deadline (${signal})`
              : `seal --publish exited ${code}`),
        );
      }
    });
  });
}
