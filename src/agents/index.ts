/**
 * The agents trailseal hooks into: Claude Code, Cursor, Gemini CLI, Codex CLI, GitHub Copilot,
 * Windsurf, Cline, Kiro CLI and OpenCode, one spec file each (./spec.ts says what a spec holds:
 * payload mapping, events, answer, install shape, fail-closed form). The hook runner and the
 * installer (src/hooks), the CLI's routes and the docs test read this list; adding an agent is
 * a new file here and its line below (docs/decisions/agent-specs.md).
 *
 * Light on purpose: the CLI loads it on every start to name the `hook` commands, and the hook
 * bundle on every tool call. It loads no package (only node:path and the action vocabulary).
 */
import { claudeCode } from "./claude-code.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { copilot } from "./copilot.js";
import { cursor } from "./cursor.js";
import { gemini } from "./gemini.js";
import { kiro } from "./kiro.js";
import { opencode } from "./opencode.js";
import type { AgentEvent, AgentSpec } from "./spec.js";
import { windsurf } from "./windsurf.js";

const SPECS = [claudeCode, cursor, gemini, codex, copilot, windsurf, cline, kiro, opencode] as const;

export type AgentName = (typeof SPECS)[number]["name"];

/** The agents' names, in the order help and docs list them. */
export const AGENTS: readonly AgentName[] = SPECS.map((spec) => spec.name);

export const AGENT_SPECS = Object.fromEntries(SPECS.map((spec) => [spec.name, spec])) as Record<
  AgentName,
  AgentSpec
>;

export function isAgent(name: string): name is AgentName {
  return Object.hasOwn(AGENT_SPECS, name);
}

/** The events a hook install writes, in order. */
export function installedEvents(spec: AgentSpec): AgentEvent[] {
  return spec.events.filter((event) => event.installed !== false);
}

/** An event's phase; an event the agent does not list is taken as pre (fail closed). */
export function eventPhase(spec: AgentSpec, event: string): "pre" | "post" {
  return spec.events.find((known) => known.name === event)?.phase ?? "pre";
}

export type { HookCall, Phase, Reply, Verdict } from "./adapters.js";
export { CLAUDE_CODE_TOOLS, claudeCodeCall } from "./claude-code.js";
export { clineCall } from "./cline.js";
export { codexCall, patchTargets } from "./codex.js";
export { copilotCall } from "./copilot.js";
export { cursorCall } from "./cursor.js";
export { GEMINI_TOOLS, geminiCall } from "./gemini.js";
export { kiroCall } from "./kiro.js";
export { opencodeCall } from "./opencode.js";
export { type Json, MAX_PAYLOAD_BYTES, parsePayload, peekEventName } from "./payload.js";
export type {
  AgentEvent,
  AgentSpec,
  FilesInstall,
  HookRun,
  InstallPlace,
  InstallScope,
  SettingsInstall,
  TimeoutField,
} from "./spec.js";
export { HOOK_TIMEOUT_SECONDS, hookCommand, INSTALLED_MARK } from "./spec.js";
export { windsurfCall } from "./windsurf.js";
