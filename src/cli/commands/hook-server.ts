import { askServer } from "../hook-runtime/resident-client.js";
import { type CliIO, printJson, println } from "../io.js";

/**
 * `trailseal hook server status|stop`: whether the home's resident hook server runs (and what it
 * has done), or stop it (docs/hooks.md). Exit 0 either way: "not running" is an answer.
 */
export async function runHookServer(
  op: "status" | "stop",
  options: { home: string; json?: boolean },
  io: CliIO,
): Promise<number> {
  const status = await askServer(options.home, op);
  const on = io.env.TRAILSEAL_HOOK_SERVER === "on";
  if (options.json) {
    printJson(io, {
      home: options.home,
      switch: on ? "on" : "off",
      running: status !== null,
      ...(status ?? {}),
      ...(op === "stop" ? { stopped: status !== null } : {}),
    });
    return 0;
  }
  if (status === null) {
    println(
      io,
      `hook server: not running for ${options.home} (TRAILSEAL_HOOK_SERVER is ${on ? "on" : "off"} here)`,
    );
    return 0;
  }
  const what = op === "stop" ? "stopped" : "running";
  println(
    io,
    `hook server: ${what} (pid ${status.pid}, ${status.calls} calls since ${status.startedAt}, exits after ${status.idleSeconds} s idle, build ${status.digest.slice(0, 12)}; TRAILSEAL_HOOK_SERVER is ${on ? "on" : "off"} here)`,
  );
  return 0;
}
