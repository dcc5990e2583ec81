/**
 * Which program an installed hook runs, checked at install: an agent that cannot start the hook
 * blocks every tool call (the command ends in `|| exit 2`), so an install that would leave it
 * unable to is refused with a coded error instead.
 *
 * A shared project file (committed, read by every teammate's agent) names the bare `trailseal`,
 * which must then be on PATH here; a personal file (--local, --user) names the running
 * trailseal by its absolute path, so it works however trailseal was started, except from npx's
 * cache, which npm empties.
 */
import { accessSync, constants, realpathSync } from "node:fs";
import { delimiter, isAbsolute, join, sep } from "node:path";
import type { InstallScope } from "../agents/index.js";
import { configError } from "../errors/index.js";

/** The absolute path `name` resolves to on `path` (PATH), or null. */
export function onPath(name: string, path: string | undefined): string | null {
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

function unresolved(message: string, hint: string) {
  return configError("HOOK_PROGRAM_UNRESOLVED", `${message}; nothing was changed`, { hint });
}

/**
 * The program for `scope`: `given` (--program) when set, checked; else `trailseal` on PATH for
 * the shared project file, or the running CLI (`running`, argv[1]) by absolute path.
 */
export function hookProgram(
  scope: InstallScope,
  options: { given?: string; running: string; env: NodeJS.ProcessEnv },
): string {
  if (options.given !== undefined) {
    const found = isAbsolute(options.given) ? options.given : onPath(options.given, options.env.PATH);
    try {
      if (found === null) throw new Error("not found");
      accessSync(found, constants.X_OK);
    } catch {
      throw unresolved(
        `--program ${options.given} is not an executable file${isAbsolute(options.given) ? "" : " on PATH"}`,
        "give the absolute path of an installed trailseal",
      );
    }
    return options.given;
  }
  if (scope === "project") {
    if (onPath("trailseal", options.env.PATH) === null)
      throw unresolved(
        "the shared settings would run `trailseal`, which is not on PATH here, so the agent could not start the hook and would block every tool call",
        "install trailseal where every teammate's agent finds it (npm install -g), or install for yourself only with --local (records this trailseal's absolute path), or name it with --program",
      );
    return "trailseal";
  }
  let running: string;
  try {
    running = realpathSync(options.running);
    accessSync(running, constants.X_OK);
  } catch {
    throw unresolved(
      `the running trailseal (${options.running}) is not an executable file the agent could start`,
      "install trailseal (npm install -g) and install the hook from it, or name it with --program",
    );
  }
  if (running.includes(`${sep}_npx${sep}`))
    throw unresolved(
      `this trailseal runs from npx's cache (${running}), which npm may empty at any time`,
      "install trailseal (npm install -g, or into the project) and install the hook from it, or name it with --program",
    );
  return running;
}
