/**
 * The one registry of program rule tables. Each program has at most one owner: two tables
 * claiming a name made the later one win silently (`bun` was read as an interpreter, so `bun
 * publish` was medium while `npm publish` is high). test/risk/rule-tables.test.ts checks that
 * no name is claimed twice. The tables are looked up in turn rather than merged into one map
 * (merging ~600 entries cost ~0.3 ms of every hook call that judges a command).
 */
import type { Rule, RuleTable } from "./command/rule.js";
import { ADMIN_RULES } from "./rules/admin.js";
import { BACKUP_RULES } from "./rules/backups.js";
import { DATABASE_RULES } from "./rules/database.js";
import { DEFERRED_RULES } from "./rules/deferred.js";
import { DEVELOPER_RULES } from "./rules/dev.js";
import { FILE_RULES } from "./rules/fs.js";
import { git } from "./rules/git.js";
import { HOST_RULES } from "./rules/host.js";
import { HYPERVISOR_RULES } from "./rules/hypervisors.js";
import { INTERPRETER_RULES } from "./rules/interpreters.js";
import { LAUNCHER_RULES } from "./rules/launchers.js";
import { MACOS_RULES } from "./rules/macos.js";
import { NETWORK_RULES } from "./rules/net.js";
import { OPS_RULES } from "./rules/ops.js";
import { PACKAGE_RULES } from "./rules/packages.js";
import { POWERSHELL_RULES } from "./rules/powershell.js";
import { PRIVILEGE_RULES } from "./rules/privilege.js";
import { PROCESS_RULES } from "./rules/processes.js";
import { REMOTE_RULES } from "./rules/remote.js";
import { SECRET_RULES } from "./rules/secrets.js";
import { STORAGE_RULES } from "./rules/storage.js";
import { SYSTEM_RULES } from "./rules/system.js";
import { VCS_RULES } from "./rules/vcs.js";
import { WINDOWS_RULES } from "./rules/windows.js";
import { WINDOWS_EXEC_RULES } from "./rules/windows-exec.js";
import { WINDOWS_SYSTEM_RULES } from "./rules/windows-system.js";

export const RULE_TABLES: Readonly<Record<string, RuleTable>> = {
  files: FILE_RULES,
  network: NETWORK_RULES,
  remote: REMOTE_RULES,
  database: DATABASE_RULES,
  developer: DEVELOPER_RULES,
  interpreters: INTERPRETER_RULES,
  system: SYSTEM_RULES,
  processes: PROCESS_RULES,
  packages: PACKAGE_RULES,
  privilege: PRIVILEGE_RULES,
  ops: OPS_RULES,
  backups: BACKUP_RULES,
  secrets: SECRET_RULES,
  launchers: LAUNCHER_RULES,
  git: { git },
  deferred: DEFERRED_RULES,
  windows: WINDOWS_RULES,
  "windows-exec": WINDOWS_EXEC_RULES,
  "windows-system": WINDOWS_SYSTEM_RULES,
  storage: STORAGE_RULES,
  host: HOST_RULES,
  powershell: POWERSHELL_RULES,
  vcs: VCS_RULES,
  admin: ADMIN_RULES,
  macos: MACOS_RULES,
  hypervisors: HYPERVISOR_RULES,
};

/**
 * Tables whose programs do what their arguments say (not run another command with them): a
 * `--help`, `--version` or dry-run form of theirs is low, whatever the verb (rules/inert.ts).
 * A table split in two keeps this for both halves.
 */
const INERT_TABLES = new Set([
  "network",
  "remote",
  "database",
  "system",
  "processes",
  "packages",
  "privilege",
  "ops",
  "backups",
  "secrets",
  "windows",
  "storage",
  "host",
  "admin",
  "macos",
  "hypervisors",
]);
/**
 * Developer tools run code they are given (scripts, recipes, tasks, plugins: `npm run x --help`,
 * `cargo foo --help` runs cargo-foo), so their help forms are not inert as a whole. Their own
 * registry and install sub-commands are built in and run nothing of the caller's: `npm publish
 * --help`, `cargo yank --help`, `pip install --version` only print (launchers and task runners,
 * whose first word is what they run, are left out).
 */
const DEVELOPER_BUILT_INS =
  /^(publish|unpublish|install|i|ci|uninstall|add|remove|rm|update|upgrade|yank|owner|owners|login|logout|clean|cache|prune|pack|package|deprecate|dist-tag|access|token|push|audit|upload)$/;
const RUNS_ITS_FIRST_WORD = new Set(["npx", "bunx", "pnpx", "make", "gmake", "just", "task", "rake"]);

/** Tables whose programs pass URL arguments on to code that connects to them. */
const URL_ARGUMENT_TABLES = new Set(["developer", "interpreters"]);

const TABLES = Object.values(RULE_TABLES);
const NAMES = Object.keys(RULE_TABLES);

/** The program's rule and what its table says of such programs, in one look-up. */
export interface Owner {
  rule: Rule;
  inert: boolean;
  /** Its help and version forms print only; a dry run may still run code (`pip install --dry-run` builds what it resolves). */
  helpInert: boolean;
  passesUrls: boolean;
}

/**
 * The one table that claims `program`, or undefined. `inert` says whether a help, version or
 * dry-run form of its calls is low whatever the verb; `first` is the call's first word that is
 * not an option (a developer tool's sub-command, for `helpInert`).
 */
export function ownerOf(program: string, first?: string): Owner | undefined {
  const index = TABLES.findIndex((table) => Object.hasOwn(table, program));
  if (index < 0) return undefined;
  const name = NAMES[index]!;
  return {
    rule: TABLES[index]![program]!,
    inert: INERT_TABLES.has(name),
    helpInert:
      name === "developer" &&
      !RUNS_ITS_FIRST_WORD.has(program) &&
      first !== undefined &&
      DEVELOPER_BUILT_INS.test(first),
    passesUrls: URL_ARGUMENT_TABLES.has(name),
  };
}
