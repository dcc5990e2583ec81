/**
 * Developer tools: package managers
 * (installs and scripts medium), test runners (low: docs/decisions/risk-test-command.md),
 * builds, interpreters.
 */
import { hasOption, positionals } from "../command/argv.js";
import { fromList, type Rule, type RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { type Invocation, shellQuote } from "../wrappers.js";
import { MODEL_RUNNER_RULES, printsOwnCredential } from "./model-runners.js";
import { storedSettings } from "./package-settings.js";
import { pip } from "./pip.js";

export function testCommand(what: string, context: RuleContext): void {
  context.signals.score.raise("low", `runs the test suite (${what})`);
}

const INSTALL = new Set([
  "install",
  "i",
  "in",
  "ci",
  "add",
  "update",
  "up",
  "upgrade",
  "uninstall",
  "remove",
  "rm",
  "un",
  "r",
  "link",
  "ln",
  "dedupe",
  "prune",
  "rebuild",
  "audit-fix",
]);
const PM_READ = new Set([
  "ls",
  "list",
  "ll",
  "la",
  "view",
  "info",
  "show",
  "outdated",
  "why",
  "explain",
  "search",
  "help",
  "config-get",
  "root",
  "bin",
  "prefix",
  "doctor",
  "--version",
  "-v",
  "version",
  "whoami",
  "ping",
  "fund",
]);
const TEST_SCRIPT = /^(test|tests|t|tst|check)(:[\w:-]+)?$/;

/** npm, pnpm, yarn, bun. */
export const packageManager: Rule = (invocation, context) => {
  const { score } = context.signals;
  const program = invocation.program;
  const args = positionals(invocation.args, [
    "--prefix",
    "-C",
    "--dir",
    "--filter",
    "-w",
    "--workspace",
    "--cwd",
  ]);
  let sub = args[0]?.value ?? (program === "yarn" || program === "bun" ? "install" : "");
  let script = args[1]?.value ?? "";
  if (sub === "run" || sub === "run-script" || sub === "rum" || sub === "urn") {
    sub = "run";
  } else if (
    !INSTALL.has(sub) &&
    !PM_READ.has(sub) &&
    ![
      "exec",
      "x",
      "dlx",
      "create",
      "init",
      "publish",
      "unpublish",
      "start",
      "stop",
      "restart",
      "pack",
      "audit",
      "login",
      "logout",
      "token",
      "config",
      "cache",
    ].includes(sub) &&
    program !== "npm"
  ) {
    // yarn/pnpm/bun run scripts by bare name: `yarn build`, `pnpm test`
    script = sub;
    sub = "run";
  }
  // `npm pkg set scripts.x=…`, `npm config set script-shell …`: commands stored to run later
  storedSettings(program, sub, args, invocation.args, context);
  if (TEST_SCRIPT.test(sub) || (sub === "run" && TEST_SCRIPT.test(script)))
    return testCommand(`${program} ${sub === "run" ? script : sub}`, context);
  if (program === "bun" && sub === "x") sub = "exec";
  if (INSTALL.has(sub)) {
    const global = hasOption(invocation.args, ["--global", "-g"]);
    return void score.raise("medium", `${program} ${sub} installs packages${global ? " globally" : ""}`);
  }
  if (PM_READ.has(sub) || sub === "") return void score.raise("none", "");
  if (sub === "audit") return void score.raise(args[1]?.value === "fix" ? "medium" : "none", "");
  // `--dry-run` reports what would be published or removed, and changes nothing
  if ((sub === "publish" || sub === "unpublish") && hasOption(invocation.args, ["--dry-run"]))
    return void score.raise("low", `${program} ${sub} --dry-run`);
  if (sub === "publish")
    return void score.raise("high", `${program} publish releases a package`, "network_request");
  if (sub === "unpublish")
    return void score.raise(
      "high",
      `${program} unpublish removes a released package`,
      "destructive_command",
      "network_request",
    );
  if (sub === "token" && /^(list|ls)$/.test(args[1]?.value ?? ""))
    return void score.raise("low", `${program} token list shows tokens, masked`);
  if (sub === "login" || sub === "token" || sub === "logout")
    return void score.raise(
      "high",
      `${program} ${sub} handles registry credentials`,
      "sensitive_file_access",
    );
  // `npm exec -- rimraf dir`, `pnpm dlx rimraf dir`, `yarn dlx …`: as npx
  if (sub === "exec" || sub === "x" || sub === "dlx")
    return runPackage(
      `${program} ${sub}`,
      invocation.args.slice(invocation.args.indexOf(args[0]!) + 1),
      context,
    );
  if (sub === "create")
    return void score.raise("medium", `${program} ${sub} runs a package that may be downloaded`);
  if (sub === "run") return void score.raise("medium", `${program} runs the package script ${script}`);
  return void score.raise("medium", `${program} ${sub} runs a package script`);
};

const TEST_RUNNERS = new Set([
  "jest",
  "vitest",
  "mocha",
  "ava",
  "tap",
  "pytest",
  "py.test",
  "nosetests",
  "rspec",
  "phpunit",
  "karma",
  "ctest",
  "tox",
  "nox",
  "behave",
  "cucumber-js",
  "jasmine",
  "uvu",
  "bats",
]);
const BUILD_TOOLS = new Set([
  "make",
  "gmake",
  "cmake",
  "ninja",
  "tsc",
  "webpack",
  "vite",
  "esbuild",
  "rollup",
  "parcel",
  "tsup",
  "turbo",
  "nx",
  "bazel",
  "bazelisk",
  "mvn",
  "gradle",
  "gradlew",
  "ant",
  "sbt",
  "xcodebuild",
  "swift",
  "meson",
  "scons",
  "just",
  "task",
  "rake",
]);
const LINTERS = new Set([
  "eslint",
  "biome",
  "prettier",
  "ruff",
  "black",
  "isort",
  "mypy",
  "pyright",
  "flake8",
  "pylint",
  "golangci-lint",
  "gofmt",
  "rustfmt",
  "shellcheck",
  "stylelint",
  "rubocop",
  "hadolint",
  "markdownlint",
  "tflint",
  "oxlint",
  "dprint",
]);

/** Environment managers whose `run` (bundler's `exec`) starts the command that follows in the environment. */
const ENV_RUNNERS = /^(poetry|pipenv|uv|pdm|hatch|conda|mamba|micromamba|bundle)$/;
/** Their options that take a value before the command (`conda run -n base …`, `uv run --with x …`). */
const ENV_RUN_VALUES = [
  "-n",
  "--name",
  "-p",
  "--prefix",
  "--cwd",
  "--with",
  "--python",
  "--env-file",
  "--directory",
  "--project",
  "--group",
  "--extra",
  "--package",
  "-e",
  "--env",
];

export const toolchain: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const sub = positionals(args)[0]?.value ?? "";
  const { score } = context.signals;
  // `poetry run sudo rm -rf /`, `conda run -n base bash -c '…'`: the command runs as itself
  if (ENV_RUNNERS.test(program) && (sub === "run" || (program === "bundle" && sub === "exec"))) {
    const rest = args.slice(args.findIndex((word) => word.value === sub) + 1);
    const command = positionals(rest, ENV_RUN_VALUES)[0];
    score.raise("medium", `${program} ${sub} runs a command in its environment`);
    if (command) {
      const words = rest.slice(rest.indexOf(command));
      context.nested(
        {
          value: words.map((word) => shellQuote(word.value)).join(" "),
          dynamic: words.some((word) => word.dynamic),
          inner: [],
        },
        `${program} ${sub} runs`,
      );
    }
    return;
  }
  if (TEST_RUNNERS.has(program)) return testCommand(program, context);
  if (LINTERS.has(program)) return void score.raise("low", `runs the linter/formatter ${program}`);
  if (BUILD_TOOLS.has(program)) {
    // `task --taskfile https://…/Taskfile.yml`: the recipes run are a download's, not the project's
    const file = args.find(
      (word, i) =>
        /^(-t|-f|--taskfile|--file|--makefile|--justfile|--buildfile)$/.test(args[i - 1]?.value ?? "") ||
        /^--(taskfile|file|makefile|justfile|buildfile)=/.test(word.value),
    );
    const remote = file?.value.replace(/^--\w+=/, "") ?? "";
    if (/^(https?|git|ssh):\/\/|^git@/i.test(remote))
      return void score.raise(
        "high",
        `${program} runs the recipes of a build file downloaded from ${remote.slice(0, 80)} (what they run is not in the line)`,
        "network_request",
      );
    if (/^(test|check|tests|spec)$/.test(sub)) return testCommand(`${program} ${sub}`, context);
    return void score.raise("medium", `runs the build tool ${program}${sub ? ` ${sub}` : ""}`);
  }
  // go, cargo, dotnet, deno, mix, swift-style `<tool> <verb>`
  if (/^(test|bench)$/.test(sub)) return testCommand(`${program} ${sub}`, context);
  if (
    /^(version|--version|-V|help|env|list|tree|doc|fmt|vet|check|clippy|metadata|search|outdated|info|lint)$/.test(
      sub,
    )
  ) {
    return void score.raise(
      sub === "fmt" || sub === "clippy" || sub === "vet" || sub === "check" || sub === "lint"
        ? "low"
        : "none",
      "",
    );
  }
  if (/^(install|add|get|remove|uninstall|update|upgrade|restore|mod|tidy|fetch|deps)$/.test(sub)) {
    return void score.raise("medium", `${program} ${sub} installs packages`);
  }
  // `uv auth token example.com`: the credential the tool keeps, printed (rules/model-runners.ts)
  if (sub === "auth" && printsOwnCredential(program, args, score)) return;
  // releasing or withdrawing a version is public and cannot be taken back (`--dry-run` only checks)
  if (/^(publish|push|yank|unpublish)$/.test(sub) && hasOption(args, ["--dry-run", "--dryrun"], "n"))
    return void score.raise("low", `${program} ${sub} --dry-run`);
  if (sub === "publish" || (program === "gem" && sub === "push"))
    return void score.raise("high", `${program} ${sub} releases a package`, "network_request");
  if (sub === "yank")
    return void score.raise("high", `${program} yank withdraws a released version`, "destructive_command");
  score.raise("medium", `runs ${program} ${sub}`.trim());
};

export const DEVELOPER_RULES: Record<string, Rule> = {
  ...MODEL_RUNNER_RULES,
  ...fromList("npm pnpm yarn", packageManager), // bun: interpreters.ts (a runtime too)
  ...fromList([...TEST_RUNNERS, ...BUILD_TOOLS, ...LINTERS].join(" "), toolchain),
  ...fromList(
    // conda and its kin manage the user's own environments (`conda remove pkg`, `conda env
    // remove -n scratch`): packages and environments rebuilt from a spec, as pip's are
    "go cargo dotnet mix stack cabal dart flutter zig swiftc poetry pipenv uv hatch pdm composer bundle gem brew ansible-galaxy conda mamba micromamba",
    toolchain,
  ),
  ...fromList("pip pip3 pipx", pip),
  ...fromList("npx bunx pnpx", (invocation: Invocation, context: RuleContext) =>
    runPackage(invocation.program, invocation.args, context),
  ),
};

/** Packages whose command is judged as itself: runtimes and file servers. */
const RUNS_AS_ITSELF =
  /^(tsx|ts-node|node|zx|esno|vite-node|bun|http-server|serve|live-server|static-server)$/;

/**
 * A package run by name (`npx`, `npm exec`, `pnpm dlx`, `bunx`): test runners and linters are
 * themselves; rimraf, del-cli and trash-cli delete what they are given, recursively (judged as
 * `rm -r`); anything else may be downloaded and run (medium).
 */
function runPackage(label: string, words: Word[], context: RuleContext): void {
  const args = words[0]?.value === "--" ? words.slice(1) : words;
  const named = positionals(args, ["-p", "--package", "-c", "--call"]);
  const name = named[0]?.value ?? "";
  if (TEST_RUNNERS.has(name)) {
    testCommand(`${label} ${name}`, context);
    return;
  }
  // `npx https://gist…`, `npx github:user/repo`, `npm exec --package=git+https://… -- p`: code
  // fetched from a URL or a repository (named or given to the package option), then run
  const packages = args.flatMap((word, i) => {
    const eq = /^--package=(.*)$/s.exec(word.value)?.[1];
    if (eq !== undefined) return [eq];
    return /^(-p|--package)$/.test(word.value) && args[i + 1] ? [args[i + 1]!.value] : [];
  });
  const fetched = [name, ...packages].find((spec) =>
    /^(https?:\/\/|git(\+\w+)?:|github:|gitlab:|bitbucket:|gist:)/.test(spec),
  );
  if (fetched !== undefined) {
    context.signals.score.raise(
      "critical",
      `${label} runs code downloaded from ${fetched}`,
      "pipe_to_shell",
      "network_request",
    );
    return;
  }
  if (/^(rimraf|del-cli|del|trash|trash-cli)(@.*)?$/.test(name)) {
    const targets = named.slice(1);
    const text = targets.map((word) => `'${word.value.replace(/'/g, `'\\''`)}'`).join(" ");
    if (targets.length > 0)
      context.nested(
        { value: `rm -r -- ${text}`, dynamic: targets.some((word) => word.dynamic), inner: [] },
        `${label} ${name}`,
      );
  }
  if (LINTERS.has(name)) return void context.signals.score.raise("low", `runs the linter/formatter ${name}`);
  context.signals.score.raise("medium", `${label} runs ${name || "a package"} (may download it)`);
  // the package's command is judged as itself (`npx tsx -e '…'` runs that code; `npx prisma db
  // push --accept-data-loss`, `npx convex env get KEY` are that CLI's calls, read as any CLI's),
  // by its command's name (`@scope/cli@1.2` runs `cli`)
  const at = args.indexOf(named[0]!);
  const command = RUNS_AS_ITSELF.test(name.replace(/@.*$/, ""))
    ? name
    : name.replace(/^@[^/]+\//, "").replace(/@.*$/, "");
  if (name && at >= 0 && /^[\w.-]+(@[\w.^~-]*)?$/.test(command))
    context.nested(
      {
        value: [command, ...args.slice(at + 1).map((word) => word.value)].map(shellQuote).join(" "),
        dynamic: args.slice(at).some((word) => word.dynamic),
        inner: [],
      },
      `${label} ${name} runs`,
    );
}
