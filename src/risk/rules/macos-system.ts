/**
 * macOS's backups, services and preference files, by effect (docs/risk.md, "macOS's own
 * tools"; its disks: rules/macos-disks.ts): backups deleted, switched off or sent elsewhere high; services changed critical (as
 * `systemctl`, a LaunchAgent of the user's own included: persistence); a preference that is a
 * defence switched off high, any other preference medium. Their read forms (list, info, print,
 * status, read) add nothing. Split from rules/macos.ts (the machine's defences) and
 * rules/macos-accounts.ts to keep each under the ~400-line limit; one table (`macos`) holds all.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";
import { systemChange } from "./system-tool.js";

/** Words that only read: the verb of a status, list, print or show form. */
export const READS =
  /^-{0,2}(status|list[\w-]*|print[\w-]*|show[\w-]*|info|get[\w-]*|assess|verify[\w-]*|display|dump-state|history|help|version|report|isactive|has[\w-]*|validate[\w-]*|usage|check[\w-]*|query|lint|stats|activity|blame)$/i;

const FALSE = /^(0|false|no)$/i;
const TRUE = /^(1|true|yes)$/i;

/**
 * Preferences that are defences: the key, and whether the value written switches it off.
 * `defaults write com.apple.screensaver askForPassword -int 0` unlocks the screen without a
 * password; `LSQuarantine false` stops marking downloads for Gatekeeper.
 */
const DEFENCE_KEYS: [RegExp, (value: string) => boolean][] = [
  [
    /^(askForPassword|LSQuarantine|globalstate|EnableFirewall|WarnAboutFraudulentWebsites)$/,
    (v) => FALSE.test(v),
  ],
  [
    /^(AutomaticCheckEnabled|AutomaticDownload|CriticalUpdateInstall|ConfigDataInstall|AutomaticallyInstallMacOSUpdates|AutoUpdate|AutomaticallyInstallAppUpdates)$/,
    (v) => FALSE.test(v),
  ],
  [/^(DisableLibraryValidation|GuestEnabled|AutoOpenSafeDownloads)$/, (v) => TRUE.test(v)],
  // what runs at login, or who logs in without a password: any value
  [/^(LoginHook|LogoutHook|autoLoginUser|AutoLaunchedApplicationDictionary)$/i, () => true],
];

/** A domain given as a file (`/Library/Preferences/com.apple.alf`, `~/Library/LaunchAgents/x`). */
function domainFile(domain: string): string | null {
  if (!/^(\/|~)/.test(domain)) return null;
  return domain.endsWith(".plist") ? domain : `${domain}.plist`;
}

/** `defaults write DOMAIN KEY VALUE`: a preference; a defence or a start-up file is more. */
const defaults: Rule = (invocation, { signals }) => {
  const words = positionals(
    invocation.args.filter((word) => !/^-(currentHost|g|globalDomain)$/.test(word.value)),
    ["-host", "-app"],
  ).map((word) => word.value);
  const global = invocation.args.some((word) => /^-(g|globalDomain)$/.test(word.value));
  const [verb = "", ...rest] = words;
  const [domain = "", key = "", value = ""] = global ? ["NSGlobalDomain", ...rest] : rest;
  if (!/^(write|delete|import|rename)$/.test(verb)) return void signals.score.raise("none", "");
  const file = domainFile(domain);
  if (file) signals.write(file, `defaults ${verb} writes`);
  const switched = DEFENCE_KEYS.find(([name, off]) => name.test(key) && (verb !== "write" || off(value)));
  if (switched || /^com\.apple\.(alf|security\.)/.test(domain.split("/").at(-1) ?? ""))
    return void signals.score.raise(
      "high",
      `defaults ${verb} ${domain} ${key}: a defence of the machine switched off, or what runs at login`,
      "system_modification",
    );
  signals.score.raise("medium", `defaults ${verb} ${domain}`.trim());
};

/** A plist editor's changes are a write of the file (`~/Library/LaunchAgents/x.plist`: start-up). */
function plistWrite(
  file: Word | undefined,
  what: string,
  changes: boolean,
  signals: Parameters<Rule>[1]["signals"],
): void {
  if (!changes) return void signals.score.raise("none", "");
  if (file && !file.dynamic) signals.write(file, `${what} writes`);
  signals.score.raise("low", `${what} edits a property list`);
}

const plutil: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const changes =
    values.some((value) => /^-(replace|insert|remove|convert|create)$/.test(value)) && !values.includes("-o");
  const file = positionals(invocation.args, [
    "-replace",
    "-insert",
    "-remove",
    "-extract",
    "-convert",
    "-type",
    "-o",
    "-e",
    "-create",
    "-r",
  ]).at(-1);
  plistWrite(file, "plutil", changes, signals);
};

const plistBuddy: Rule = (invocation, { signals }) => {
  const commands = invocation.args
    .filter((_word, i) => invocation.args[i - 1]?.value === "-c")
    .map((word) => word.value);
  const changes = commands.length === 0 || commands.some((text) => !/^\s*(print|help|exit)\b/i.test(text));
  plistWrite(positionals(invocation.args, ["-c"]).at(-1), "PlistBuddy", changes, signals);
};

/** `xattr -rd com.apple.quarantine /Applications`: Gatekeeper's mark taken off a whole tree. */
const xattr: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const changes = values.some((value) => /^-[a-zA-Z]*[wdc]/.test(value));
  if (!changes) return void signals.score.raise("none", "");
  const recursive = values.some((value) => /^-[a-zA-Z]*r/.test(value));
  const wide = positionals(invocation.args).some((word) =>
    /^(\/|\/Applications\/?|~\/?|\/Users\/?|\/System\/?)$/.test(word.value),
  );
  // `-c` clears every attribute, the quarantine mark among them
  const quarantine =
    values.includes("com.apple.quarantine") || values.some((value) => /^-[a-zA-Z]*c/.test(value));
  if (quarantine && recursive && wide)
    return void signals.score.raise(
      "high",
      "xattr removes the quarantine mark from a whole tree (Gatekeeper checks none of it)",
      "system_modification",
    );
  // one download's quarantine removed stays medium: the user's own download, opened as asked
  signals.score.raise("medium", "xattr changes extended attributes");
};

/** macOS `systemsetup`: `-get…`/`-list…`/`-help` read; `-set…` (remote login, time, sleep, …) changes the machine. */
const systemsetup: Rule = (invocation, { signals }) => {
  const verb =
    invocation.args.find((word) => word.value.startsWith("-"))?.value ?? invocation.args[0]?.value ?? "";
  if (verb === "" || /^-?(get|list|help|version|printCommands)/i.test(verb))
    return void signals.score.raise("none", "");
  signals.score.raise(
    "critical",
    `systemsetup ${verb} changes the machine's settings`,
    "system_modification",
  );
};

/** Kernel extensions loaded or unloaded: code in the kernel (`kextstat`, `kmutil showloaded` read). */
const kext: Rule = (invocation, { signals }) => {
  const sub = invocation.args.find((word) => !word.value.startsWith("-"))?.value ?? "";
  if (invocation.program === "kmutil" && !/^(load|unload|install|create|trigger-panic-medic)$/.test(sub))
    return void signals.score.raise("none", "");
  signals.score.raise(
    "critical",
    `${invocation.program} ${sub} changes the kernel's extensions`,
    "system_modification",
  );
};

export function words(args: Word[]): string[] {
  return args.map((word) => word.value);
}

export function verbOf(args: Word[]): string {
  return positionals(args)[0]?.value ?? "";
}

/** `installer -pkg X -target /`: a package from the disk installed into the system. */
const installer: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (
    !values.includes("-pkg") ||
    values.some((value) =>
      /^-(pkginfo|volinfo|dominfo|query|showChoicesXML|showChoicesAfterApplyingChangesXML|help|vers)$/.test(
        value,
      ),
    )
  )
    return void signals.score.raise("none", "");
  const target = values[values.indexOf("-target") + 1] ?? "";
  if (/^(CurrentUserHomeDirectory|~.*|\/Users\/.+)$/.test(target))
    return void signals.score.raise("medium", "installer installs a package into the user's home");
  signals.score.raise("critical", "installer installs a package file into the system", "system_modification");
};

/** `pkgutil --pkgs/--pkg-info/--files/--check-signature` read; `--forget` drops a receipt. */
const pkgutil: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.some((value) => /^--(forget|unlink|expand|flatten|expand-full)$/.test(value)))
    return void signals.score.raise("medium", "pkgutil changes receipts or unpacks a package");
  signals.score.raise("none", "");
};

/** Spotlight's index: switching it off or rebuilding loses nothing that cannot be rebuilt. */
const mdutil: Rule = (invocation, { signals }) => {
  const changes = invocation.args.some((word) => /^-[a-zA-Z]*[iEdpX]/.test(word.value));
  signals.score.raise(changes ? "medium" : "none", changes ? "mdutil changes Spotlight's index" : "");
};

/** `tmutil`: backups deleted, switched off, excluded from or sent to another destination. */
const tmutil: Rule = (invocation, { signals }) => {
  const verb = verbOf(invocation.args);
  if (/^(delete|deletelocalsnapshots|thinlocalsnapshots|disable|deleteinprogress)$/.test(verb))
    return void signals.score.raise(
      "high",
      `tmutil ${verb} deletes backups or stops them`,
      "destructive_command",
    );
  if (/^(setdestination|removedestination)$/.test(verb))
    return void signals.score.raise(
      "high",
      `tmutil ${verb} changes where every backup of the machine goes`,
      "system_modification",
    );
  if (verb === "addexclusion" || verb === "removeexclusion") {
    const wide = invocation.args.some((word) =>
      /^(\/|~\/?|\/Users(\/[^/]+)?\/?|\$HOME\/?)$/.test(word.value),
    );
    return void signals.score.raise(
      wide ? "high" : "medium",
      `tmutil ${verb} ${wide ? "takes the user's data out of the backups" : "changes what is backed up"}`,
      ...(wide ? (["destructive_command"] as const) : []),
    );
  }
  if (
    verb === "" ||
    READS.test(verb) ||
    /^(compare|latestbackup|listbackups|listlocalsnapshots|listlocalsnapshotdates|destinationinfo|machinedirectory|uniquesize|calculatedrift|isexcluded|version)$/.test(
      verb,
    )
  )
    return void signals.score.raise("none", "");
  signals.score.raise("low", `tmutil ${verb}`);
};

/**
 * launchd: loading, starting or removing a job, the user's own agents included (a LaunchAgent
 * loaded is a program started at every login: persistence), changes the machine's services.
 */
const launchctl: Rule = (invocation, context) => {
  const words = positionals(invocation.args).map((word) => word.value);
  const [verb = "", name = ""] = words;
  const { score } = context.signals;
  if (
    verb === "" ||
    READS.test(verb) ||
    /^(getenv|print-disabled|print-cache|dumpstate|managername|manageruid|managerpid|hostinfo|error|examine|procinfo|resolveport)$/.test(
      verb,
    )
  )
    return void score.raise("none", "");
  if (/^(setenv|unsetenv)$/.test(verb)) {
    // a loader variable (`DYLD_INSERT_LIBRARIES`) injects code into every program launchd starts
    const injects = verb === "setenv" && /^(DYLD_|LD_)/.test(name);
    return void score.raise(
      injects ? "high" : "medium",
      `launchctl ${verb} ${name} ${injects ? "injects a library into every program launchd starts" : "changes the environment of the user's programs"}`,
      ...(injects ? (["system_modification"] as const) : []),
    );
  }
  // `launchctl asuser UID cmd …`, `bsexec PID cmd …`: a command run in that user's or process's
  // context, judged as itself (not a change of the machine's services)
  if (/^(asuser|bsexec)$/.test(verb)) {
    const at = invocation.args.findIndex((word) => word.value === verb);
    const command = invocation.args.slice(at + 2);
    if (command.length > 0)
      context.nested(
        {
          value: command.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" "),
          dynamic: command.some((word) => word.dynamic),
          inner: [],
        },
        `launchctl ${verb} runs`,
      );
    return void score.raise("low", `launchctl ${verb} runs a command in another context`);
  }
  // `launchctl submit -l L -- cmd …`: the command runs now and is kept running: judged as itself
  const dashdash = invocation.args.findIndex((word) => word.value === "--");
  if (verb === "submit" && dashdash >= 0) {
    const command = invocation.args.slice(dashdash + 1);
    context.nested(
      {
        value: command.map((word) => shellQuote(word.value)).join(" "),
        dynamic: command.some((word) => word.dynamic),
        inner: [],
      },
      "launchctl submit runs",
    );
  }
  systemChange(`${verb} changes system services`)(invocation, context);
};

/** `ditto SRC… DST` copies (or with `-x` extracts an archive) into DST: judged as `cp` is. */
const ditto: Rule = (invocation, { signals }) => {
  const paths = positionals(invocation.args, ["--arch", "--bom", "--zlibCompressionLevel"]);
  for (const source of paths.slice(0, -1)) signals.read(source, "copies");
  const destination = paths.at(-1);
  if (paths.length > 1 && destination) signals.write(destination, "ditto writes into");
};

export const MACOS_SYSTEM_RULES: RuleTable = {
  defaults,
  plutil,
  plistbuddy: plistBuddy,
  xattr,
  systemsetup,
  kextload: kext,
  kextunload: kext,
  kmutil: kext,
  kextutil: kext,
  installer,
  pkgutil,
  mdutil,
  ditto,
  tmutil,
  launchctl,
};
