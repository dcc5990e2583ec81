/**
 * Where scripts/ci/install-agents.sh put the real agent clients (outside the repository).
 * Without them the agent tests skip with a message; with TRAILSEAL_REQUIRE_AGENTS=1 (CI)
 * they fail instead, so a CI run cannot pass without having driven the real agents.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const AGENT_CACHE = process.env.TRAILSEAL_AGENT_CACHE || join(homedir(), ".cache", "trailseal-agents");
export const CLAUDE_BIN = join(
  AGENT_CACHE,
  "claude",
  "node_modules",
  "@anthropic-ai",
  "claude-agent-sdk-linux-x64",
  "claude",
);
export const CODEX_BIN = join(
  AGENT_CACHE,
  "codex",
  "node_modules",
  "@openai",
  "codex-linux-x64",
  "vendor",
  "x86_64-unknown-linux-musl",
  "bin",
  "codex",
);
export const OPENCODE_BIN = join(
  AGENT_CACHE,
  "opencode",
  "node_modules",
  "opencode-linux-x64",
  "bin",
  "opencode",
);
/**
 * OpenCode's plugin SDK (`@opencode-ai/plugin` at OpenCode's version, with its package.json and
 * lock), which OpenCode would otherwise npm-install into each config folder on its first start.
 */
export const OPENCODE_SDK = join(AGENT_CACHE, "opencode-plugin");
export const COPILOT_BIN = join(
  AGENT_CACHE,
  "copilot",
  "node_modules",
  "@github",
  "copilot-linux-x64",
  "copilot",
);
/** Where the Copilot CLI binary unpacks itself (~235 MB), once, instead of into each test's HOME. */
export const COPILOT_UNPACK = join(AGENT_CACHE, "copilot", "cache");
export const CLINE_BIN = join(AGENT_CACHE, "cline", "node_modules", ".bin", "cline");
export const GEMINI_CORE = join(AGENT_CACHE, "gemini", "node_modules", "@google", "gemini-cli-core");

/** True when `path` exists; otherwise explains, and throws when the agents are required. */
export function agentAvailable(name: string, path: string): boolean {
  if (existsSync(path)) return true;
  const message = `${name} not found at ${path}: run scripts/ci/install-agents.sh (TRAILSEAL_AGENT_CACHE=${AGENT_CACHE})`;
  if (process.env.TRAILSEAL_REQUIRE_AGENTS === "1")
    throw new Error(`${message}; TRAILSEAL_REQUIRE_AGENTS=1 requires it`);
  console.warn(`skipping the ${name} tests: ${message}`);
  return false;
}
