/**
 * Developer tools: git (commit medium, force push and reset --hard high), package managers
 * (installs and scripts medium), test runners (low: docs/decisions/risk-test-command.md),
 * builds, interpreters, containers, clusters and cloud CLIs.
 */
import { hasOption, positionals, type Rule, type RuleContext } from "./commands.js";
import type { Word } from "./shell-model.js";
import type { Invocation } from "./wrappers.js";

function testCommand(what: string, context: RuleContext): void {
  context.signals.score.raise("low", `runs the test suite (${what})`);
}

const GIT_VALUE_OPTIONS = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"];
const GIT_READ = new Set(
  "status log diff show blame grep ls-files ls-tree ls-remote-local rev-parse rev-list describe shortlog reflog whatchanged cat-file name-rev help version show-ref for-each-ref count-objects fsck check-ignore merge-base var cherry range-diff annotate".split(
    " ",
  ),
);

const git: Rule = (invocation, context) => {
  const { signals } = context;
  const { score } = signals;
  const words = positionals(invocation.args, GIT_VALUE_OPTIONS);
  const sub = words[0]?.value ?? "";
  const rest = words[0] ? invocation.args.slice(invocation.args.indexOf(words[0]) + 1) : [];
  const has = (names: string[], letter?: string) => hasOption(rest, names, letter);
  const args = positionals(rest);
  if (GIT_READ.has(sub) || sub === "") return void score.raise("none", "");
  switch (sub) {
    case "push": {
      const force =
        has(["--force", "--force-with-lease", "--force-if-includes", "--mirror"], "f") ||
        args.some((word) => /^\+/.test(word.value));
      if (force)
        score.raise("high", "git push --force rewrites remote history", "force_push", "network_request");
      if (has(["--delete"], "d") || args.some((word) => /^:[^/]/.test(word.value))) {
        score.raise("high", "git push deletes a remote branch", "destructive_command", "network_request");
      }
      remote(args[0], context);
      return void score.raise("medium", "git push publishes commits", "network_request");
    }
    case "commit":
      return void score.raise("medium", "git commit");
    case "reset":
      if (has(["--hard", "--merge", "--keep"]))
        return void score.raise("high", "git reset --hard discards work", "destructive_command");
      return void score.raise("low", "git reset");
    case "clean":
      if (has(["--dry-run"], "n")) return void score.raise("none", "");
      return void score.raise("high", "git clean deletes untracked files", "destructive_command");
    case "checkout":
    case "restore":
      if (
        has(["--force"], "f") ||
        args.some((word) => word.value === "." || word.value === "--") ||
        (sub === "restore" && !has(["--staged"], "S"))
      ) {
        return void score.raise("medium", `git ${sub} discards working-tree changes`, "destructive_command");
      }
      return void score.raise("low", `git ${sub}`);
    case "branch":
      if (has(["--delete"], "D") || has([], "d"))
        return void score.raise("medium", "git branch deletes a branch", "destructive_command");
      return void score.raise("low", "git branch");
    case "stash":
      if (args[0]?.value === "drop" || args[0]?.value === "clear")
        return void score.raise("medium", "git stash drops saved work", "destructive_command");
      return void score.raise(
        args[0]?.value === "list" || args[0]?.value === "show" ? "none" : "low",
        "git stash",
      );
    case "filter-branch":
    case "filter-repo":
      return void score.raise("high", `git ${sub} rewrites history`, "destructive_command");
    case "update-ref":
      if (has(["-d"]))
        return void score.raise("high", "git update-ref -d deletes a ref", "destructive_command");
      return void score.raise("medium", "git update-ref");
    case "clone":
    case "fetch":
    case "pull":
    case "ls-remote":
    case "submodule":
      remote(sub === "clone" ? args[0] : args[0], context);
      return void score.raise(
        sub === "fetch" || sub === "ls-remote" ? "low" : "medium",
        `git ${sub} talks to a remote`,
        "network_request",
      );
    case "remote":
    case "config":
    case "tag":
      if (args.length <= 1 || has(["--get", "--list", "--get-all", "-l", "-v"]))
        return void score.raise("none", "");
      return void score.raise("low", `git ${sub}`);
    case "add":
    case "mv":
    case "rm":
    case "switch":
    case "init":
    case "apply":
    case "am":
    case "notes":
    case "bisect":
    case "worktree":
    case "sparse-checkout":
      return void score.raise("low", `git ${sub}`);
    default:
      return void score.raise("medium", `git ${sub}`);
  }
};

/** A git remote given as a URL or scp-like spec is judged by host; a name (origin) is not known. */
function remote(word: Word | undefined, context: RuleContext): void {
  if (!word) return;
  const value = word.value;
  const scp = /^(?:[^@/]+@)?([^/:]+):/.exec(value);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) context.signals.network(value, "GET", "command");
  else if (scp && !value.startsWith("/")) context.signals.network(scp[1]!, "GET", "command");
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
const packageManager: Rule = (invocation, context) => {
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
  if (TEST_SCRIPT.test(sub) || (sub === "run" && TEST_SCRIPT.test(script)))
    return testCommand(`${program} ${sub === "run" ? script : sub}`, context);
  if (program === "bun" && sub === "x") sub = "exec";
  if (INSTALL.has(sub)) {
    const global = hasOption(invocation.args, ["--global", "-g"]);
    return void score.raise("medium", `${program} ${sub} installs packages${global ? " globally" : ""}`);
  }
  if (PM_READ.has(sub) || sub === "") return void score.raise("none", "");
  if (sub === "audit") return void score.raise(args[1]?.value === "fix" ? "medium" : "none", "");
  if (sub === "publish")
    return void score.raise("high", `${program} publish releases a package`, "network_request");
  if (sub === "unpublish")
    return void score.raise(
      "high",
      `${program} unpublish removes a released package`,
      "destructive_command",
      "network_request",
    );
  if (sub === "login" || sub === "token" || sub === "logout")
    return void score.raise(
      "high",
      `${program} ${sub} handles registry credentials`,
      "sensitive_file_access",
    );
  if (sub === "exec" || sub === "x" || sub === "dlx" || sub === "create")
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
  "msbuild",
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

const toolchain: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const sub = positionals(args)[0]?.value ?? "";
  const { score } = context.signals;
  if (TEST_RUNNERS.has(program)) return testCommand(program, context);
  if (LINTERS.has(program)) return void score.raise("low", `runs the linter/formatter ${program}`);
  if (BUILD_TOOLS.has(program)) {
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
  if (sub === "publish")
    return void score.raise("high", `${program} publish releases a package`, "network_request");
  score.raise("medium", `runs ${program} ${sub}`.trim());
};

/** pip and friends. */
const pip: Rule = (invocation, context) => {
  const sub =
    positionals(invocation.args, ["-r", "-c", "-e", "--index-url", "-i", "--target", "-t"])[0]?.value ?? "";
  const { score } = context.signals;
  if (
    /^(list|show|freeze|check|search|help|--version|debug|inspect|index|download-info)$/.test(sub) ||
    sub === ""
  )
    return void score.raise("none", "");
  const system = hasOption(invocation.args, ["--break-system-packages"]);
  score.raise(
    system ? "high" : "medium",
    `${invocation.program} ${sub} installs packages${system ? " into the system Python" : ""}`,
    ...(system ? (["system_modification"] as const) : []),
  );
};

/** python, node, ruby, …: a script or inline code runs; `-m pytest` is a test run. */
const interpreter: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const { score } = context.signals;
  const first = args[0]?.value ?? "";
  if (args.length === 0) return void score.raise("medium", `starts ${program}`);
  if (/^(--version|-V|-v|--help|-h)$/.test(first) && args.length === 1) return void score.raise("none", "");
  const module = args.findIndex((word) => word.value === "-m");
  if (module >= 0) {
    const name = args[module + 1]?.value ?? "";
    const rest = args.slice(module + 2);
    if (/^(pytest|unittest|nose2?|tox)$/.test(name)) return testCommand(`${program} -m ${name}`, context);
    if (name === "pip") return pip({ ...invocation, program: "pip", args: rest }, context);
    if (name === "http.server")
      return void score.raise("medium", "serves files over HTTP", "network_request");
    return void score.raise("medium", `${program} -m ${name}`);
  }
  if (args.some((word) => /^(-c|-e|--eval|-p|--print|-r)$/.test(word.value)))
    return void score.raise("medium", `${program} runs inline code`);
  const script = positionals(args)[0];
  if (script) context.signals.read(script);
  score.raise("medium", `${program} runs ${script?.value ?? "a script"}`);
};

const container: Rule = (invocation, context) => {
  const { args, program } = invocation;
  const { score } = context.signals;
  const sub =
    positionals(args, [
      "-H",
      "--host",
      "--context",
      "-c",
      "--config",
      "-f",
      "--file",
      "-p",
      "--project-name",
    ])[0]?.value ?? "";
  if (
    /^(ps|images|image|logs|inspect|version|info|stats|top|events|history|search|port|diff|ls|config)$/.test(
      sub,
    )
  )
    return void score.raise("none", "");
  const text = args.map((word) => word.value).join(" ");
  if (
    /--privileged|--pid[= ]host|--cap-add[= ](ALL|SYS_ADMIN)|(-v|--volume|--mount)[= ]?\S*(^|[ =:])\/(:|,|$)|docker\.sock/.test(
      text,
    )
  ) {
    score.raise("high", `${program} ${sub} gives a container control of the host`, "privilege_escalation");
  }
  if (/^(rm|rmi|prune|kill|down)$/.test(sub) || /\b(prune|rm)\b/.test(text)) {
    return void score.raise("medium", `${program} ${sub} removes containers or data`, "destructive_command");
  }
  if (sub === "push" || sub === "login")
    return void score.raise("medium", `${program} ${sub}`, "network_request");
  score.raise("medium", `${program} ${sub}`.trim());
};

const orchestration: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const { score } = context.signals;
  const words = positionals(args, [
    "-n",
    "--namespace",
    "--context",
    "-f",
    "--filename",
    "-o",
    "--output",
    "-l",
    "--selector",
    "--kubeconfig",
    "-var",
    "-var-file",
    "-chdir",
  ]);
  const sub = words[0]?.value ?? "";
  if (
    /^(get|describe|logs|top|explain|version|api-resources|config|plan|validate|show|output|status|list|history|template|lint|diff|fmt|graph|providers|preview|whoami|ls)$/.test(
      sub,
    )
  ) {
    return void score.raise(sub === "plan" || sub === "preview" ? "low" : "none", "");
  }
  if (/^(destroy|uninstall|delete|drain|down)$/.test(sub) || hasOption(args, ["-destroy", "--destroy"])) {
    const all = hasOption(args, ["--all", "--all-namespaces", "-A"]) || /^(destroy|down)$/.test(sub);
    return void score.raise(
      all ? "critical" : "high",
      `${program} ${sub} deletes infrastructure`,
      "destructive_command",
    );
  }
  if (
    /^(apply|deploy|up|import|taint|state|replace|scale|rollout|patch|edit|create|install|upgrade|rollback|set|run|exec|cp|port-forward)$/.test(
      sub,
    )
  ) {
    return void score.raise(
      sub === "apply" && program !== "kubectl" ? "high" : "medium",
      `${program} ${sub} changes infrastructure`,
    );
  }
  score.raise("medium", `${program} ${sub}`.trim());
};

/** aws, gcloud, az, gh, …: remote APIs; deleting verbs are high. */
const cloud: Rule = (invocation, context) => {
  const { score } = context.signals;
  const words = positionals(invocation.args, [
    "--profile",
    "--region",
    "--project",
    "--output",
    "-o",
    "-R",
    "--repo",
    "-X",
    "--method",
    "--query",
  ]).map((word) => word.value);
  const verbs = words.slice(0, 3).join(" ");
  const method = (
    invocation.args.find((_, i, all) => all[i - 1]?.value === "-X" || all[i - 1]?.value === "--method")
      ?.value ?? ""
  ).toUpperCase();
  if (/\b(delete|remove|rm|rb|terminate|destroy|purge|deregister)\b/.test(verbs) || method === "DELETE") {
    return void score.raise(
      "high",
      `${invocation.program} ${verbs} deletes remote resources`,
      "destructive_command",
      "network_request",
    );
  }
  if (
    /\b(list|ls|describe|get|view|show|status|whoami|help|version|diff|log|search|checks|browse)\b/.test(
      verbs,
    ) ||
    verbs === "" ||
    (words[0] === "auth" && words[1] === "status")
  ) {
    return void score.raise(
      "low",
      `${invocation.program} ${verbs} reads from a remote API`,
      "network_request",
    );
  }
  score.raise("medium", `${invocation.program} ${verbs} changes remote resources`, "network_request");
};

const fromList = (names: string, rule: Rule) =>
  Object.fromEntries(names.split(" ").map((name) => [name, rule]));

export const DEVELOPER_RULES: Record<string, Rule> = {
  git,
  ...fromList("npm pnpm yarn bun", packageManager),
  ...fromList([...TEST_RUNNERS, ...BUILD_TOOLS, ...LINTERS].join(" "), toolchain),
  ...fromList(
    "go cargo dotnet deno mix stack cabal dart flutter zig swiftc poetry pipenv uv hatch pdm composer bundle gem brew",
    toolchain,
  ),
  ...fromList("pip pip3 pipx", pip),
  ...fromList("python python2 python3 node ruby php lua Rscript julia ts-node tsx", interpreter),
  ...fromList("docker podman nerdctl docker-compose", container),
  ...fromList("kubectl helm terraform tofu pulumi cdk serverless sam", orchestration),
  ...fromList("aws gcloud gsutil az gh glab doctl flyctl vercel netlify heroku", cloud),
  npx: (invocation: Invocation, context: RuleContext) => {
    const name = positionals(invocation.args, ["-p", "--package"])[0]?.value ?? "";
    if (TEST_RUNNERS.has(name)) return testCommand(`npx ${name}`, context);
    if (LINTERS.has(name))
      return void context.signals.score.raise("low", `runs the linter/formatter ${name}`);
    context.signals.score.raise("medium", `npx runs ${name || "a package"} (may download it)`);
  },
};
