/**
 * The signals of one action, shared by the file, network, MCP and command rules: the score
 * so far, and what the policy needs to see (simple commands after wrapper stripping, the
 * paths and hosts the action touches).
 */

import type { RiskFlag } from "../chain/index.js";
import { type HostClass, parseTarget } from "./hosts.js";
import {
  credentialHolderReason,
  isRootEntry,
  isSystemPath,
  normalizePath,
  sensitiveReason,
} from "./paths.js";
import { Score } from "./score.js";
import { readOnlySecretReason } from "./secret-names.js";
import type { Word } from "./shell-model.js";
import {
  authCodeReason,
  configReason,
  executionHookReason,
  GIT_CONFIG,
  historyReason,
} from "./written-paths.js";

export type Via = "tool" | "command";

/**
 * A script file a command runs that the line itself neither wrote nor downloaded (`bash x.sh`,
 * `./x.sh`, `python tool.py`, `source x.sh`, `pwsh -File x.ps1`): the classifier judges it by its
 * name only; the hook reads it from disk and judges its text (src/hooks/scripts.ts).
 */
export interface ScriptRun {
  /** Normalised as paths are (`~/x.sh` keeps its `~`): absolute, or the line's cwd was unknown. */
  path: string;
  /** The program that runs it (`bash`, `python3`, `source`, `pwsh`), or "" when run by its own name. */
  runner: string;
}

/** At most this many script runs are listed per action (a loop of them says no more). */
const MAX_SCRIPT_RUNS = 16;

export class Signals {
  readonly score = new Score();
  /** Each simple command as written and at each wrapper-stripping stage (policy globs). */
  readonly commandForms: string[][] = [];
  /** Per simple command (same order): its canonical form (canonical.ts), or null when it is its text. */
  readonly canonicalForms: (string | null)[] = [];
  readonly paths: string[] = [];
  readonly hosts: string[] = [];
  /** Set when any part of the input could not be parsed. */
  unparsable = false;
  /** The line is PowerShell the shell grammar cannot read, whose every command only reads. */
  powerShellReads = false;
  /** Files the action's lines copied or renamed, new path to old (rules/renamed-tools.ts), across nested scripts. */
  renames = new Map<string, string>();
  /** Simple commands judged so far, nested scripts included (bounded: see commands.ts). */
  judged = 0;
  /** Files a command of this action downloads (normalised): running one is a pipe to shell. */
  readonly downloads = new Set<string>();
  /** Files this action writes with literal text (`echo … > x.sh`, a heredoc): running one runs that text. */
  readonly written = new Map<string, string>();
  /** Files this action fills with the environment's variables (`env > f`): secrets like `.env`. */
  readonly environmentCopies = new Set<string>();
  /** Script files run whose text the line does not give (ScriptRun). */
  readonly scripts: ScriptRun[] = [];

  /** The working directory of the command being judged: the project, until a `cd` moves it. */
  cwd: string | null;
  /**
   * The text judged is a script file's, read from disk (src/hooks/scripts.ts): a program or a
   * delete target its own variables name is the script's indirection, not a line's, so it is
   * the medium of any script run (`runTime`), not high.
   */
  inFile = false;
  /** The script file is PowerShell: the shell grammar reads it a line at a time (commands.ts). */
  powerShellFile = false;

  /** `project` is the action's working directory: recursive deletes are judged against it. */
  constructor(readonly project: string | null) {
    this.cwd = project;
  }

  path(raw: string | Word): string {
    const value = typeof raw === "string" ? raw : raw.value;
    const path = normalizePath(value, { cwd: this.cwd });
    if (!this.paths.includes(path)) this.paths.push(path);
    return path;
  }

  /** Reading file content: secrets are high (docs/risk.md), anything else adds nothing. */
  read(raw: string | Word, verb = "reads"): void {
    const path = this.path(raw);
    const sensitive =
      sensitiveReason(path) ??
      credentialHolderReason(path) ??
      readOnlySecretReason(path) ??
      (this.environmentCopies.has(path) ? `${path}, a copy of the environment's variables` : null);
    if (sensitive) this.score.raise("high", `${verb} ${sensitive}`, "sensitive_file_access");
  }

  /**
   * Writing, creating or deleting a file: system directories are critical, secrets and files
   * that make things run by themselves high, project configuration medium, other files low.
   */
  write(raw: string | Word, verb = "writes", gitTextRead = false): void {
    const path = this.path(raw);
    if (isSystemPath(path)) {
      this.score.raise("critical", `${verb} the system path ${path}`, "system_modification");
      return;
    }
    const sensitive = sensitiveReason(path);
    if (sensitive) this.score.raise("high", `${verb} ${sensitive}`, "sensitive_file_access");
    const hook = executionHookReason(path);
    // git's configuration whose whole new text is read: its keys decide (written-content.ts)
    if (hook === GIT_CONFIG && gitTextRead)
      this.score.raise(
        "medium",
        `${verb} git's configuration (its keys are judged: only those that run commands, say where commands or remotes come from, or lower a defence are high)`,
        "config_file_modification",
      );
    else if (hook) this.score.raise("high", `${verb} ${hook}`, "config_file_modification");
    const config = configReason(path);
    if (config) this.score.raise("medium", `${verb} ${config}`, "config_file_modification");
    const auth = authCodeReason(path);
    if (auth) this.score.raise("high", `${verb} ${auth}`);
    const history = historyReason(path);
    if (history) this.score.raise("high", `${verb} ${history}`, "destructive_command");
    if (!sensitive && !hook && !config && !auth && !history) this.score.raise("low", `${verb} ${path}`);
  }

  /**
   * Making a file or directory: a new name directly in `/` (`mkdir /target`) changes the root
   * directory, as a write under a system directory does; anything else is a write.
   */
  create(raw: string | Word, verb = "creates"): void {
    const path = this.path(raw);
    if (isRootEntry(path, this.cwd))
      return void this.score.raise(
        "critical",
        `${verb} ${path}, a new entry in the root directory`,
        "system_modification",
      );
    this.write(raw, verb);
  }

  /**
   * `word` names a script file that `runner` runs: listed unless the line wrote or downloaded it
   * (then its text, or its origin, is already judged), it is in a system directory, or its place
   * is known only at run time.
   */
  runs(word: Word, runner: string): void {
    if (word.dynamic || word.value === "" || word.value === "-") return;
    const path = normalizePath(word.value, { cwd: this.cwd });
    if (!path.startsWith("/") && !path.startsWith("~/")) return;
    // (a system directory's programs are judged by their names: writing there is critical)
    if (isSystemPath(path) || this.written.has(path)) return;
    for (const download of this.downloads) if (path === download || path.startsWith(`${download}/`)) return;
    if (this.scripts.length >= MAX_SCRIPT_RUNS || this.scripts.some((run) => run.path === path)) return;
    this.scripts.push({ path, runner });
  }

  /**
   * The level of something known only at run time (a program, a delete target in a directory a
   * variable names): `high` in a command line, the medium of any script in a script file's text.
   * Forms that are dangerous whatever the value (`"$DIR"/*`, the root when DIR is empty) do not
   * come here.
   */
  runTime(reason: string, ...flags: RiskFlag[]): void {
    if (this.inFile) this.score.raise("medium", `${reason} (a script's own variable)`, ...flags);
    else this.score.raise("high", reason, ...flags);
  }

  /** A file written with content fetched from the network. */
  download(raw: string | Word, verb = "downloads to"): void {
    this.write(raw, verb);
    this.downloads.add(this.path(raw));
  }

  /**
   * A network request. Cloud metadata is critical and internal hosts high wherever they come
   * from; a public GET is low from a fetch tool and medium from a command (docs/risk.md).
   */
  network(raw: string, method: string, via: Via): HostClass {
    // `file:///home/dev/.ssh/id_rsa` given to a fetch tool or a downloader: a read of that file
    if (/^file:/i.test(raw)) {
      const path = raw.replace(/^file:(\/\/[^/]*)?/i, "").replace(/[?#].*$/s, "");
      if (path) {
        const file = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
        this.score.raise("medium", `a file: URL reads the local file ${file.slice(0, 80)}`);
        this.read(file);
        return "loopback";
      }
    }
    // `gopher://127.0.0.1:6379/_FLUSHALL`, `dict://…`, `telnet://…`: the URL's path is written raw
    // to the port, so a fetch speaks the service's own protocol (a database's commands)
    const rawScheme = /^(gopher|dict|telnet|tftp|ldap|ldaps):\/\//i.exec(raw)?.[1];
    if (rawScheme)
      this.score.raise(
        "high",
        `a ${rawScheme.toLowerCase()}: URL sends raw bytes to a service's port: what they do there is unknown`,
        "network_request",
      );
    const target = parseTarget(raw);
    if (!this.hosts.includes(target.host)) this.hosts.push(target.host);
    const what = `${method.toUpperCase()} ${target.host}`;
    switch (target.hostClass) {
      case "metadata":
        this.score.raise("critical", `${what}: cloud metadata endpoint (credentials)`, "network_request");
        break;
      case "internal":
        this.score.raise("high", `${what}: internal network`, "network_request");
        break;
      case "loopback":
        this.score.raise("low", `${what}: this machine`, "network_request");
        break;
      case "name":
        this.score.raise(
          "medium",
          `${what}: a bare host name (the resolver decides where it lands)`,
          "network_request",
        );
        break;
      case "invalid":
        this.score.raise(
          "medium",
          `network request to an unreadable address ${raw.slice(0, 80)}`,
          "network_request",
        );
        break;
      case "public": {
        const read = method.toUpperCase() === "GET" || method.toUpperCase() === "HEAD";
        const level = via === "tool" && read ? "low" : "medium";
        this.score.raise(
          level,
          read ? `${what}: public host` : `${what}: sends data to an external host`,
          "network_request",
        );
      }
    }
    return target.hostClass;
  }
}
