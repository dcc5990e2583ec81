#!/usr/bin/env bash
# Installs the real agent clients the hook end-to-end tests drive (test/hooks/*.agents.int.test.ts)
# into a cache OUTSIDE the repository: they are test subjects, not dependencies of trailseal.
#   - Claude Code: the native `claude` binary shipped in @anthropic-ai/claude-agent-sdk-linux-x64
#   - Gemini CLI: @google/gemini-cli-core (its own HookRunner / HookAggregator)
#   - Codex CLI: @openai/codex (its native linux-x64 binary comes as an optional dependency)
#   - OpenCode: opencode-ai (likewise; the test loads trailseal's plugin into the real binary),
#     and the plugin SDK it installs into every config folder on its first start there
#     (@opencode-ai/plugin at OpenCode's own version, in $CACHE/opencode-plugin with its
#     package.json and lock): the tests seed their homes with it instead of an npm install each
#   - Cline: the cline CLI (Cline 3, on @cline/core)
#   - GitHub Copilot CLI: @github/copilot (its native linux-x64 binary as an optional dependency;
#     it unpacks itself on first run into $CACHE/copilot/cache, ~235 MB)
# Cache: ${TRAILSEAL_AGENT_CACHE:-$HOME/.cache/trailseal-agents}. Idempotent: versions already
# present are kept. Versions are pinned so a test failure means trailseal changed, not the agent.
set -euo pipefail
CACHE="${TRAILSEAL_AGENT_CACHE:-$HOME/.cache/trailseal-agents}"
CLAUDE_PKG="@anthropic-ai/claude-agent-sdk-linux-x64@0.3.330"
GEMINI_PKG="@google/gemini-cli-core@0.61.0"
CODEX_PKG="@openai/codex@0.169.0"
OPENCODE_PKG="opencode-ai@1.18.33"
CLINE_PKG="cline@3.0.65"
COPILOT_PKG="@github/copilot@1.0.102"

install_into() { # dir, package spec
  local dir="$1" spec="$2" name="${2%@*}"
  if [ -f "$dir/node_modules/$name/package.json" ] &&
    [ "$(node -p "require('$dir/node_modules/$name/package.json').version")" = "${spec##*@}" ]; then
    return 0
  fi
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private":true}' >"$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --no-save --ignore-scripts=false "$spec" >/dev/null
}

# OpenCode's plugin SDK as OpenCode itself installs it into a config folder: saved in package.json
# and the lock (OpenCode skips its install when both name it and node_modules exists), no scripts.
install_opencode_sdk() { # dir, package spec
  local dir="$1" spec="$2" name="${2%@*}"
  if [ -f "$dir/node_modules/$name/package.json" ] && [ -f "$dir/package-lock.json" ] &&
    [ "$(node -p "require('$dir/node_modules/$name/package.json').version")" = "${spec##*@}" ]; then
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  echo '{}' >"$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --save-exact --ignore-scripts "$spec" >/dev/null
}

if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
  install_into "$CACHE/claude" "$CLAUDE_PKG"
  install_into "$CACHE/codex" "$CODEX_PKG"
  install_into "$CACHE/opencode" "$OPENCODE_PKG"
  install_opencode_sdk "$CACHE/opencode-plugin" "@opencode-ai/plugin@${OPENCODE_PKG##*@}"
  install_into "$CACHE/cline" "$CLINE_PKG"
  install_into "$CACHE/copilot" "$COPILOT_PKG"
else
  echo "install-agents: the pinned Claude Code, Codex, OpenCode, Cline and Copilot builds are linux-x64 only; skipped on $(uname -s)-$(uname -m)" >&2
fi
install_into "$CACHE/gemini" "$GEMINI_PKG"
echo "install-agents: agent clients in $CACHE"
