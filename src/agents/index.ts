/**
 * The agents trailseal hooks into, by name: the one list that the CLI's hook fast path
 * (cli/bin.ts), its command routes and the hooks capability share. It imports nothing, so the
 * CLI can load it on every start without loading the hooks themselves.
 */
export const AGENTS = [
  "claude-code",
  "cursor",
  "gemini",
  "codex",
  "copilot",
  "windsurf",
  "cline",
  "kiro",
  "opencode",
] as const;

export type AgentName = (typeof AGENTS)[number];
