/**
 * What editing a file changes, judged from its path (docs/risk.md): project configuration
 * (medium), shell and tool history (rewriting it hides what ran), files that make an agent, git,
 * a shell or the session run commands on their own, and authentication code (high). Apart from
 * paths.ts because these judge a write's effect, not what a path holds: paths.ts normalises paths
 * and finds secrets and system directories, and this file builds on its helpers, never the
 * reverse.
 */

import { basename, segments, words } from "./paths.js";
import { CODE_OR_DOC } from "./secret-names.js";
import { windowsStartupReason } from "./windows-paths.js";

const CONFIG_FILES = new Set([
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "bun.lockb",
  "bun.lock",
  "deno.json",
  "deno.jsonc",
  ".nvmrc",
  ".node-version",
  ".tool-versions",
  "biome.json",
  "biome.jsonc",
  ".editorconfig",
  ".gitignore",
  ".gitattributes",
  ".gitmodules",
  ".dockerignore",
  ".babelrc",
  "makefile",
  "gnumakefile",
  "cmakelists.txt",
  "cargo.toml",
  "cargo.lock",
  "go.mod",
  "go.sum",
  "go.work",
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "pipfile",
  "pipfile.lock",
  "poetry.lock",
  "uv.lock",
  "tox.ini",
  "pytest.ini",
  "gemfile",
  "gemfile.lock",
  "composer.json",
  "composer.lock",
  "pom.xml",
  "gradle.properties",
  "jenkinsfile",
  "procfile",
  "lerna.json",
  "nx.json",
  "turbo.json",
  "renovate.json",
  "vercel.json",
  "netlify.toml",
  "fly.toml",
  "app.json",
  "angular.json",
  ".gitlab-ci.yml",
  ".travis.yml",
  "azure-pipelines.yml",
  "bitbucket-pipelines.yml",
  ".pre-commit-config.yaml",
  "codeowners",
]);
const CONFIG_PATTERNS = [
  /^tsconfig(\..+)?\.json$/,
  /^jsconfig(\..+)?\.json$/,
  /^(vite|vitest|jest|webpack|rollup|esbuild|babel|next|nuxt|svelte|astro|tailwind|postcss|playwright|cypress|karma|eslint|prettier|stylelint|commitlint|lint-staged|metro|remix|turbo|tsup)\.config\.[cm]?[jt]s$/,
  /^\.(eslintrc|prettierrc|stylelintrc|babelrc|swcrc|mocharc|npmignore)(\..+)?$/,
  /^dockerfile(\..+)?$/,
  /^.+\.dockerfile$/,
  /^(docker-)?compose(\..+)?\.ya?ml$/,
  /^requirements(-.+)?\.txt$/,
  /^build\.gradle(\.kts)?$/,
  /^settings\.gradle(\.kts)?$/,
  /^.+\.csproj$/,
  /^.+\.sln$/,
];
const CONFIG_DIRS = [".github", ".circleci", ".husky", ".devcontainer", ".vscode"];

/**
 * Project configuration, and ssh's list of trusted host keys (editing either is medium), or null.
 * A key planted in `known_hosts` lets another machine pose as that host, but appending a scanned
 * key (`ssh-keyscan host >> ~/.ssh/known_hosts`) is every CI job's first step: medium, not high.
 */
export function configReason(path: string): string | null {
  const name = basename(path).toLowerCase();
  const parts = segments(path);
  if (parts.at(-2) === ".ssh" && /^known_hosts2?$/.test(name))
    return `ssh ${name} (the host keys ssh trusts)`;
  if (CONFIG_FILES.has(name) || CONFIG_PATTERNS.some((pattern) => pattern.test(name))) {
    return `project configuration ${basename(path)}`;
  }
  const dir = parts.slice(0, -1).find((part) => CONFIG_DIRS.includes(part));
  if (dir) return `project configuration under ${dir}/`;
  return null;
}

/** Shell and tool history: rewriting or removing it hides what ran (high), reading it is not. */
export function historyReason(path: string): string | null {
  const name = basename(path);
  return /^(\.(bash|zsh|sh|python|node_repl|psql|mysql|sqlite|irb|lesshst)_?history|\.history|\.lesshst|\.viminfo|fish_history)$/.test(
    name,
  )
    ? `the history file ${name} (hides what ran)`
    : null;
}

/** Files that change what an agent, git or a shell runs on their own: editing them is high. */
export function executionHookReason(path: string): string | null {
  const name = basename(path);
  const parts = segments(path);
  const parent = parts.at(-2);
  if (
    (parent === ".claude" && /^settings(\.local)?\.json$/.test(name)) ||
    (parent === ".cursor" && name === "hooks.json")
  ) {
    return "the agent's hook configuration";
  }
  if (parent === ".gemini" && name === "settings.json") return "the agent's hook configuration";
  if (parts.includes(".git") && parts.includes("hooks")) return "a git hook";
  const windows = windowsStartupReason(path);
  if (windows) return windows;
  if (parent === ".ssh" && /^(authorized_keys2?|config|rc|environment)$/.test(name)) {
    return `ssh ${name} (who may log in, what runs on connect)`;
  }
  if (
    /^\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|zlogout|shrc|kshrc|mkshrc|cshrc|tcshrc|login|logout)$/.test(
      name,
    ) ||
    (name === "config.fish" && parts.includes("fish"))
  ) {
    return `shell start-up file ${name}`;
  }
  if (parent === "autostart" || (parts.includes("cron.d") && path.startsWith("/")))
    return "scheduled start-up";
  // a user's services and agents started by the session (`~/.config/systemd/user/x.service`,
  // `~/Library/LaunchAgents/x.plist`), and git's own configuration (`core.pager`, `core.hooksPath`,
  // aliases: commands git runs later)
  if (
    (parent === "user" && parts.at(-3) === "systemd") ||
    parent === "LaunchAgents" ||
    parent === "LaunchDaemons"
  )
    return `a service started by itself (${name})`;
  // a repository's own `.git/config` holds the same keys (`core.fsmonitor` runs at every `git status`)
  if (isGitConfig(path)) return GIT_CONFIG;
  return startsProgramsReason(name, parts);
}

/** Why writing git's configuration is high when its text is not read (its keys decide when it is: written-content.ts). */
export const GIT_CONFIG = "git's configuration (commands git runs later: pager, hooks path, aliases)";

/** git's configuration: `~/.gitconfig`, `~/.config/git/config`, a repository's `.git/config`. */
export function isGitConfig(path: string): boolean {
  const name = basename(path);
  const parts = segments(path);
  const parent = parts.at(-2);
  return (
    name === ".gitconfig" ||
    (parent === "git" && name === "config" && parts.at(-3) === ".config") ||
    (parent === ".git" && name === "config")
  );
}

/**
 * Further files that make things run by themselves, by family: an agent's MCP servers and
 * plugins (programs the agent starts: `.mcp.json`, `.cursor/mcp.json`, `.codex/config.toml`,
 * `opencode.json`, `~/.claude.json`), husky's git hooks, and the start-up files of programs that
 * run commands from them (vim's and emacs's, tmux's and screen's, the X session's, PAM's
 * environment, Python's `.pth` files and `sitecustomize`, IPython's startup scripts).
 */
function startsProgramsReason(name: string, parts: string[]): string | null {
  const parent = parts.at(-2) ?? "";
  if (
    name === ".mcp.json" ||
    name === ".claude.json" ||
    /^(mcp|mcp_config|cline_mcp_settings)\.json$/.test(name) ||
    (parent === ".codex" && name === "config.toml") ||
    /^opencode\.jsonc?$/.test(name) ||
    (parts.includes(".opencode") && /^plugins?$/.test(parent))
  )
    return `the agent's MCP servers or plugins (${name}: programs it starts)`;
  if (parent === ".husky" && !name.startsWith(".")) return "a git hook (husky)";
  if (
    /^\.(vimrc|gvimrc|exrc|emacs|tmux\.conf|screenrc|pam_environment|xinitrc|xprofile|xsession|xsessionrc)$/.test(
      name,
    ) ||
    (parent === "nvim" && /^init\.(vim|lua)$/.test(name)) ||
    (parent === ".emacs.d" && /^(init|early-init)\.el$/.test(name)) ||
    (parts.includes("site-packages") && (/\.pth$/.test(name) || /^(site|user)customize\.py$/.test(name))) ||
    (parent === "startup" && parts.includes(".ipython"))
  )
    return `a start-up file that runs commands (${name})`;
  return null;
}

const TEST_DIRS = new Set(["test", "tests", "__tests__", "spec", "fixtures"]);
const AUTH_WORDS = new Set([
  "auth",
  "authn",
  "authz",
  "authentication",
  "authorization",
  "authorize",
  "oauth",
  "oauth2",
  "login",
  "logon",
  "signin",
  "sso",
  "saml",
  "oidc",
  "jwt",
  "passport",
  "permission",
  "permissions",
  "rbac",
  "acl",
  "mfa",
  "totp",
]);

/** Authentication or authorisation code (modifying it is high), or null. */
export function authCodeReason(path: string): string | null {
  const name = basename(path);
  if (!CODE_OR_DOC.test(name) || /\.(md|mdx|rst|adoc)$/i.test(name)) return null;
  const parts = segments(path);
  if (/\.(test|spec)\.|_test\.|^test_/.test(name) || parts.some((part) => TEST_DIRS.has(part))) return null;
  for (const part of parts) {
    if (words(part).some((word) => AUTH_WORDS.has(word))) return `authentication code (${part})`;
  }
  return null;
}
