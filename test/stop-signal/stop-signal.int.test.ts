/**
 * waitForStopSignal in a real process (the built door, dist/stop-signal/index.js; `npm run build`
 * first): the first SIGTERM or SIGINT resolves it and removes its listeners, so a second
 * signal gets Node's default behaviour and ends the process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

const DOOR = pathToFileURL(join(REPO_ROOT, "dist", "stop-signal", "index.js")).href;

/** A process that waits for a stop signal, prints it and its remaining listeners, and stays up. */
function waiter(): { child: ChildProcess; lines: AsyncIterator<string> } {
  const script = `
    const { waitForStopSignal } = await import(${JSON.stringify(DOOR)});
    setInterval(() => {}, 1 << 30);
    const stopped = waitForStopSignal();
    console.log("ready");
    const signal = await stopped;
    console.log(signal, process.listenerCount("SIGTERM") + process.listenerCount("SIGINT"));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  async function* read() {
    let buffer = "";
    for await (const chunk of child.stdout!) {
      buffer += chunk;
      let end = buffer.indexOf("\n");
      while (end >= 0) {
        yield buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf("\n");
      }
    }
  }
  return { child, lines: read() };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

describe("waitForStopSignal", () => {
  for (const first of ["SIGTERM", "SIGINT"] as const) {
    it(`resolves on ${first}, removes its listeners, and a second signal ends the process`, async () => {
      const { child, lines } = waiter();
      const done = exited(child);
      expect((await lines.next()).value).toBe("ready");
      child.kill(first);
      expect((await lines.next()).value).toBe(`${first} 0`);
      child.kill("SIGINT");
      expect(await done).toEqual({ code: null, signal: "SIGINT" });
    });
  }
});
