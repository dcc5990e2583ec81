/**
 * `trailseal hook status <agent>`: for each settings file of the agent that holds trailseal's
 * hook (personal project file, shared project file, user file), runs the installed pre-tool
 * command with a harmless payload (the agent's spec `probe`: a listing of the project directory)
 * exactly as the agent would: through `sh -c`, in the project directory, payload on stdin. The
 * call is recorded in the trail like any other (session `trailseal-hook-status`): every call the
 * hook answers lands there.
 */
import { spawnSync } from "node:child_process";
import { AGENT_SPECS, type AgentName, type InstallScope, installedEvents } from "../agents/index.js";
import { fileCalls } from "../durable/index.js";
import { hasCode } from "../errors/index.js";
import { settingsPath } from "./install.js";

export interface HookStatus {
  scope: InstallScope;
  path: string;
  /** The installed pre-tool command, as the agent runs it. */
  command: string;
  timeout: number | null;
  exit: number | null;
  /** The hook's answer on stdout (pass: empty), or what went wrong. */
  answer: string;
  stderr: string;
  ok: boolean;
  problem: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The pre-tool entry of trailseal's hook in a settings file, or null. */
function installedEntry(settings: unknown, agent: AgentName): Json | null {
  if (!isObject(settings) || !isObject(settings.hooks)) return null;
  for (const { name, phase } of installedEvents(AGENT_SPECS[agent])) {
    if (phase !== "pre") continue;
    const list = settings.hooks[name];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const entries = isObject(item) && Array.isArray(item.hooks) ? item.hooks : [item];
      for (const entry of entries)
        if (isObject(entry) && typeof entry.command === "string" && entry.command.includes(` hook ${agent}`))
          return entry;
    }
  }
  return null;
}

export async function hookStatus(options: {
  agent: AgentName;
  cwd: string;
  env: NodeJS.ProcessEnv;
  userHome?: string;
}): Promise<{ probed: boolean; found: HookStatus[] }> {
  const spec = AGENT_SPECS[options.agent];
  const found: HookStatus[] = [];
  if (spec.install.kind !== "settings" || !spec.probe) return { probed: false, found };
  const scopes: InstallScope[] = spec.install.local ? ["local", "project", "user"] : ["project", "user"];
  for (const scope of scopes) {
    const path = settingsPath({
      agent: options.agent,
      scope,
      cwd: options.cwd,
      env: options.env,
      userHome: options.userHome,
    });
    let settings: unknown;
    try {
      settings = JSON.parse(await fileCalls.readFile(path, "utf8"));
    } catch (error) {
      if (hasCode(error, "ENOENT")) continue;
      found.push({
        scope,
        path,
        command: "",
        timeout: null,
        exit: null,
        answer: "",
        stderr: "",
        ok: false,
        problem: "the file is not valid JSON",
      });
      continue;
    }
    const entry = installedEntry(settings, options.agent);
    if (!entry) continue;
    const command = entry.command as string;
    const timeout = typeof entry.timeout === "number" ? entry.timeout : null;
    const run = spawnSync("/bin/sh", ["-c", command], {
      cwd: options.cwd,
      env: options.env,
      input: JSON.stringify(spec.probe(options.cwd)),
      encoding: "utf8",
      timeout: 60_000,
    });
    const exit = run.status;
    const answer = (run.stdout ?? "").trim();
    let problem: string | null = null;
    // EPIPE: the command ended without reading its stdin (a program not found); its status says.
    if (run.error && exit === null) problem = `could not run: ${run.error.message}`;
    else if (exit !== 0)
      problem = /not found|No such file|Permission denied/.test(run.stderr ?? "")
        ? "the program does not resolve: the agent would block every tool call"
        : `the hook exited ${exit}: the agent would block the call`;
    else if (answer !== "") {
      try {
        JSON.parse(answer);
      } catch {
        problem = "the hook's answer is not JSON";
      }
    }
    found.push({
      scope,
      path,
      command,
      timeout,
      exit,
      answer,
      stderr: (run.stderr ?? "").trim(),
      ok: problem === null,
      problem,
    });
  }
  return { probed: true, found };
}
