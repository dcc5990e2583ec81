/**
 * Hooks that are files rather than settings entries: Cline's executable scripts named after
 * the event (`.clinerules/hooks/PreToolUse`, `PostToolUse`; user: ~/Documents/Cline/Hooks/), and
 * OpenCode's plugin (`.opencode/plugin/trailseal.js`; user: ~/.config/opencode/plugin/).
 *
 * Fail closed inside the file: a script that cannot run trailseal prints Cline's cancel answer;
 * the plugin throws (which blocks the tool) when trailseal cannot run or answers a deny. A file
 * that exists and is not trailseal's is never overwritten (HOOK_SETTINGS_INVALID); trailseal's own
 * is rewritten when it differs (another home), else left alone.
 */
import { dirname, join } from "node:path";
import { fileCalls, writeFileAtomic } from "../durable/index.js";
import { configError } from "../errors/index.js";
import type { InstallOptions, InstallResult } from "./install-options.js";

const MARK = "installed by `trailseal hook install";

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function clineScript(home: string, pre: boolean, program: string): string {
  const run = `${shellQuote(program)} hook cline --home ${shellQuote(home)}`;
  const fallback = pre
    ? `echo '{"cancel":true,"errorMessage":"trailseal could not run: tool call blocked (fail closed)"}'`
    : `echo '{"cancel":false}'`;
  return `#!/bin/sh\n# trailseal: judge and record Cline's tool calls; ${MARK} cline\`.\n${run} && exit 0\n${fallback}\nexit 0\n`;
}

function opencodePlugin(home: string, program: string): string {
  return `// trailseal: judge and record OpenCode's tool calls; ${MARK} opencode\`.
// Fail closed: a deny, or a trailseal that cannot run, throws, which blocks the tool.
import { spawnSync } from "node:child_process";

const PROGRAM = ${JSON.stringify(program)};
const HOME = ${JSON.stringify(home)};

function trailseal(payload) {
  const result = spawnSync(PROGRAM, ["hook", "opencode", "--home", HOME], {
    input: JSON.stringify(payload),
    encoding: "utf8",
    maxBuffer: 16 << 20,
  });
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : (result.stderr || \`exit \${result.status}\`).trim();
    return { failed: \`trailseal could not run: \${why}\` };
  }
  try {
    return JSON.parse(result.stdout || "{}");
  } catch {
    return { failed: "trailseal answered something that is not JSON" };
  }
}

export const TrailsealPlugin = async ({ directory } = {}) => ({
  "tool.execute.before": async (input, output) => {
    const answer = trailseal({ hook_event_name: "tool.execute.before", cwd: directory, tool: input.tool, sessionID: input.sessionID, callID: input.callID, args: output.args });
    if (answer.failed) throw new Error(\`\${answer.failed}: tool call blocked (fail closed)\`);
    if (answer.decision === "deny") throw new Error(answer.reason);
  },
  "tool.execute.after": async (input, output) => {
    trailseal({ hook_event_name: "tool.execute.after", cwd: directory, tool: input.tool, sessionID: input.sessionID, callID: input.callID, args: input.args, output });
  },
});
`;
}

export function fileHookPaths(
  options: Pick<InstallOptions, "agent" | "scope" | "cwd" | "userHome">,
  user: string,
) {
  if (options.agent === "cline") {
    const dir =
      options.scope === "project"
        ? join(options.cwd, ".clinerules", "hooks")
        : join(user, "Documents", "Cline", "Hooks");
    return [
      { event: "PreToolUse", path: join(dir, "PreToolUse"), pre: true },
      { event: "PostToolUse", path: join(dir, "PostToolUse"), pre: false },
    ];
  }
  const dir =
    options.scope === "project"
      ? join(options.cwd, ".opencode", "plugin")
      : join(user, ".config", "opencode", "plugin");
  return [{ event: "tool.execute.before+after", path: join(dir, "trailseal.js"), pre: true }];
}

export async function installFileHooks(options: InstallOptions, user: string): Promise<InstallResult> {
  const program = options.program ?? "trailseal";
  const files = fileHookPaths(options, user);
  const result: InstallResult = { path: dirname(files[0]!.path), added: [], updated: [], unchanged: [] };
  const wanted = files.map((file) => ({
    ...file,
    text:
      options.agent === "cline"
        ? clineScript(options.home, file.pre, program)
        : opencodePlugin(options.home, program),
    existing: null as string | null,
  }));
  for (const file of wanted) {
    try {
      file.existing = await fileCalls.readFile(file.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (file.existing !== null && !file.existing.includes(MARK))
      throw configError(
        "HOOK_SETTINGS_INVALID",
        `${file.path} exists and is not trailseal's; nothing was changed`,
        {
          hint: "merge it by hand: run `trailseal hook <agent>` from it (docs/hooks.md), or move it away",
        },
      );
  }
  for (const file of wanted) {
    if (file.existing === file.text) {
      result.unchanged.push(file.event);
      continue;
    }
    await fileCalls.mkdir(dirname(file.path), { recursive: true });
    await writeFileAtomic(file.path, file.text, { mode: options.agent === "cline" ? 0o755 : 0o644 });
    (file.existing === null ? result.added : result.updated).push(file.event);
  }
  return result;
}
