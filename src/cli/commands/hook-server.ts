import { statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../durable/index.js";
import { TrailsealError } from "../../errors/index.js";
import { askServer } from "../hook-runtime/resident-client.js";
import { residentSwitch, SWITCH_FILE, type SwitchSource } from "../hook-runtime/resident-protocol.js";
import { type CliIO, counted, printJson, println } from "../io.js";

const FROM: Record<SwitchSource, string> = {
  environment: "TRAILSEAL_HOOK_SERVER here",
  home: `this home's ${SWITCH_FILE}`,
  default: "the default",
};

/**
 * `trailseal hook server status|stop|on|off`: whether the home's resident hook server runs (and
 * what it has done), stop it, or set the home's own switch (docs/hooks.md). `off` also stops a
 * running server. Exit 0 for status and stop either way: "not running" is an answer.
 */
export async function runHookServer(
  op: "status" | "stop" | "on" | "off",
  options: { home: string; json?: boolean },
  io: CliIO,
): Promise<number> {
  if (op === "on" || op === "off") await storeSwitch(options.home, op);
  const status = await askServer(options.home, op === "status" || op === "on" ? "status" : "stop");
  const { on, from } = residentSwitch(io.env, options.home);
  const switchText = `the switch is ${on ? "on" : "off"} (${FROM[from]})`;
  if (options.json) {
    printJson(io, {
      home: options.home,
      switch: on ? "on" : "off",
      switchFrom: from,
      running: status !== null,
      ...(status ?? {}),
      ...(op === "stop" || op === "off" ? { stopped: status !== null } : {}),
    });
    return 0;
  }
  if (status === null) {
    println(io, `hook server: not running for ${options.home}; ${switchText}`);
    return 0;
  }
  const what = op === "stop" || op === "off" ? "stopped" : "running";
  println(
    io,
    `hook server: ${what} (pid ${status.pid}, ${counted(status.calls, "call")} since ${status.startedAt}, exits after ${status.idleSeconds} s idle, build ${status.digest.slice(0, 12)}); ${switchText}`,
  );
  return 0;
}

/** The home's switch, written whole (a temporary file renamed into place), 0600. */
async function storeSwitch(home: string, value: "on" | "off"): Promise<void> {
  try {
    if (!statSync(home).isDirectory()) throw new Error(`${home} is not a directory`);
    await writeFileAtomic(join(home, SWITCH_FILE), `${JSON.stringify({ server: value })}\n`, { mode: 0o600 });
  } catch (error) {
    throw new TrailsealError(
      "HOOK_SERVER_SWITCH_FAILED",
      `cannot write ${join(home, SWITCH_FILE)}: ${error instanceof Error ? error.message : String(error)}`,
      { hint: "run `trailseal init` first, or pass --home", cause: error },
    );
  }
}
