/**
 * OpenCode: a plugin (`.opencode/plugin/trailseal.js`, installed by `trailseal hook install
 * opencode`) whose `tool.execute.before(input: {tool, sessionID, callID}, output: {args})` and
 * `tool.execute.after` pass `{hook_event_name, tool, sessionID, callID, args, output?}` to
 * `trailseal hook opencode`. The plugin throws (which blocks the tool) when the answer is a deny,
 * or when trailseal cannot run. Tools: `bash` ({command}), `read`/`write`/`edit` ({filePath}),
 * `patch`, `glob`/`grep`/`list`, `webfetch` ({url}), MCP tools `<server>_<tool>` (judged by what
 * they carry). There is no ask through a plugin: an ask is a deny (unless `cannot_ask: allow`).
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Verdict, withCarried } from "./adapters.js";
import { patchTargets } from "./codex.js";
import { type Json, objectField, stringField } from "./payload.js";
import { defineAgent, exitBlocks, HOOK_TIMEOUT_SECONDS, INSTALLED_MARK } from "./spec.js";
import { carriedTargets, str } from "./targets.js";

function target(tool: string, args: Json): [ActionTarget, ActionTarget[]] {
  switch (tool) {
    case "bash":
      return [{ kind: "command", command: str(args, "command") }, []];
    case "read":
      return [{ kind: "file", op: "read", path: str(args, "filePath", "file_path") }, []];
    case "write":
      return [{ kind: "file", op: "write", path: str(args, "filePath", "file_path") }, []];
    case "edit":
    case "multiedit":
      return [{ kind: "file", op: "edit", path: str(args, "filePath", "file_path") }, []];
    case "patch": {
      const files = patchTargets(str(args, "patchText", "patch"));
      return [files[0] ?? { kind: "file", op: "edit", path: "" }, files.slice(1)];
    }
    case "glob":
    case "grep":
    case "list":
      return [
        { kind: "file", op: "search", path: str(args, "path") || ".", pattern: str(args, "pattern") },
        [],
      ];
    case "webfetch":
      return [{ kind: "network", method: "GET", url: str(args, "url") }, []];
    case "task":
      return [{ kind: "agent", description: str(args, "description", "prompt") }, []];
    default:
      return withCarried({ kind: "other", description: tool }, carriedTargets(args));
  }
}

export function opencodeCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "tool.execute.before";
  const phase = event === "tool.execute.before" ? "pre" : event === "tool.execute.after" ? "post" : "ignore";
  if (phase === "ignore") return ignored(event);
  const tool = stringField(payload, "tool", 512, true)!;
  const args = objectField(payload, "args");
  const [primary, extra] = target(tool, args);
  const context = { ...payload, session_id: payload.sessionID };
  const call: HookCall = {
    phase,
    event,
    extra,
    canAsk: false,
    action: makeAction("opencode", tool, primary, args, context),
  };
  if (phase === "post") call.outcome = payload.output ?? null;
  return call;
}

export function opencodeAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): string {
  if (call.phase === "pre" && verdict === "deny") return JSON.stringify({ decision: "deny", reason });
  return "{}";
}

/**
 * The installed plugin. Fail closed inside the file: a deny, or a trailseal that cannot run,
 * throws, which blocks the tool.
 */
function opencodePlugin(home: string | undefined, program: string): string {
  return `// trailseal: judge and record OpenCode's tool calls; ${INSTALLED_MARK} opencode\`.
// Fail closed: a deny, or a trailseal that cannot run, throws, which blocks the tool.
import { spawnSync } from "node:child_process";

const PROGRAM = ${JSON.stringify(program)};
const ARGS = ${JSON.stringify(["hook", "opencode", ...(home === undefined ? [] : ["--home", home])])};

function trailseal(payload) {
  const result = spawnSync(PROGRAM, ARGS, {
    input: JSON.stringify(payload),
    encoding: "utf8",
    maxBuffer: 16 << 20,
    // OpenCode's plugins have no hook timeout of their own: a trailseal that hangs is cut here
    // (a failure, which blocks).
    timeout: ${HOOK_TIMEOUT_SECONDS * 1000},
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

export const opencode = defineAgent({
  name: "opencode",
  label: "OpenCode",
  events: [
    { name: "tool.execute.before", phase: "pre" },
    { name: "tool.execute.after", phase: "post" },
  ],
  call: opencodeCall,
  answer: opencodeAnswer,
  canAllow: false,
  postFailureExit: 0,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({
    hook_event_name: "tool.execute.before",
    cwd,
    tool: "bash",
    sessionID: "trailseal-policy-test",
    callID: "c",
    args: { command },
  }),
  install: {
    kind: "files",
    // One plugin for both events: .opencode/plugin/ or ~/.config/opencode/plugin/.
    files: ({ scope, cwd, user }) => [
      {
        event: "tool.execute.before+after",
        path: join(
          scope === "project"
            ? join(cwd, ".opencode", "plugin")
            : join(user, ".config", "opencode", "plugin"),
          "trailseal.js",
        ),
        pre: true,
      },
    ],
    text: ({ home, program }) => opencodePlugin(home, program),
    mode: 0o644,
    // OpenCode imports the plugin and awaits its tool.execute.before(input, output); a throw
    // blocks the tool. The same, in a Node process.
    run: (path, payload) => ({
      // The plugin's file URL, made here: the hook bundle takes no node:url for it.
      argv: [
        process.execPath,
        "--input-type=module",
        "-e",
        pluginRunner(`file://${path.split("/").map(encodeURIComponent).join("/")}`),
      ],
      input: JSON.stringify(payload),
    }),
    timeout: `the plugin's own: it gives trailseal ${HOOK_TIMEOUT_SECONDS} s, then blocks the call (OpenCode's plugins have no timeout setting: https://opencode.ai/docs/plugins/)`,
  },
  probe: (cwd) => ({
    hook_event_name: "tool.execute.before",
    cwd,
    tool: "list",
    sessionID: "trailseal-hook-status",
    callID: "trailseal-hook-status",
    args: { path: cwd },
  }),
  // The runner prints {"thrown": message} when the plugin blocked the tool (which it does on
  // trailseal's deny answer, also read here).
  blocks: (reply) =>
    exitBlocks(reply, true, (out) => {
      const answer = JSON.parse(out) as { thrown?: unknown; decision?: unknown };
      return typeof answer.thrown === "string" || answer.decision === "deny";
    }),
});

/**
 * Runs an installed plugin as OpenCode does: imports it, calls each exported plugin with the
 * project directory, awaits its tool.execute.before with the payload's (input, output).
 */
// A static import of the plugin's URL: the hook bundle this file is part of may hold no
// dynamic import (the build refuses one: it cannot run from the code cache).
const pluginRunner = (url: string) => `
import * as plugins from ${JSON.stringify(url)};
let text = "";
for await (const chunk of process.stdin) text += chunk;
const payload = JSON.parse(text);
for (const plugin of Object.values(plugins)) {
  if (typeof plugin !== "function") continue;
  const hooks = await plugin({ directory: payload.cwd });
  const before = hooks && hooks["tool.execute.before"];
  if (typeof before !== "function") continue;
  try {
    await before({ tool: payload.tool, sessionID: payload.sessionID, callID: payload.callID }, { args: payload.args });
  } catch (error) {
    console.log(JSON.stringify({ thrown: String(error && error.message || error) }));
    process.exit(0);
  }
}
console.log("{}");
`;
