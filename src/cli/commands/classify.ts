import { resolve } from "node:path";
import { parseAction } from "../../action-input/index.js";
import { TrailsealError } from "../../errors/index.js";
import { judgeAction } from "../../hooks/index.js";
import { messageScrubber, seedOfAction } from "../../redact/index.js";
import { analyze } from "../../risk/index.js";
import { paint, useColour } from "../../terminal/index.js";
import { type CliIO, printJson, println, readStdin } from "../io.js";

export interface ClassifyOptions {
  /** The home whose key and redaction settings mark the secrets a reason would quote. */
  home: string;
  json?: boolean;
  /** Read the script files a command runs, as the hook does (relative to the action's cwd, else `cwd`). */
  readScripts?: boolean;
  cwd?: string;
}

/**
 * `trailseal classify`: one action on stdin → {level, flags, reasons}; nothing is recorded. A
 * reason may quote the action (an unreadable address, a program named at run time): it is shown
 * with the secrets the action passes redacted, as the trail would hold it.
 */
export async function runClassify(options: ClassifyOptions, io: CliIO): Promise<number> {
  const text = (await readStdin(io, 1 << 20)).trim();
  // Nothing piped in is its own mistake (as for `record`), not JSON that failed to parse.
  if (text === "") {
    throw new TrailsealError("ACTION_EMPTY", "no action on stdin", {
      hint: `pipe one in, e.g. echo '{"kind":"command","command":"ls"}' | trailseal classify`,
    });
  }
  const action = parseAction(text, "stdin");
  const analysis = options.readScripts
    ? await judgeAction({ ...action, cwd: action.cwd ?? resolve(options.cwd ?? ".") }, { readScripts: true })
    : await analyze(action);
  const { level, flags } = analysis;
  const scrub = await messageScrubber(options.home);
  const reasons = await scrub(seedOfAction(action.target, text), analysis.reasons);
  if (options.json) {
    printJson(io, { level, flags, reasons });
    return 0;
  }
  println(
    io,
    `${paint(level, level, useColour(io.stdout, io.env))}${flags.length > 0 ? ` [${flags.join(", ")}]` : ""}`,
  );
  for (const reason of reasons) println(io, `  - ${reason}`);
  return 0;
}
