/**
 * Copies kept elsewhere: backup tools (forgetting or pruning snapshots deletes backups) and cloud
 * storage copy tools (syncing and purging delete remote data).
 */
import { hasOption, positionals } from "../command/argv.js";
import { fromList, type Rule } from "../command/rule.js";
import { judgeDestroyingVerb } from "./general.js";

/** A sync that deletes at the destination: `aws s3 sync --delete`, `gsutil rsync -d`, … */
export function syncDeletes(args: string[], verbs: string): boolean {
  if (!/\b(sync|rsync|mirror)\b/.test(verbs)) return false;
  if (args.some((arg) => /^--dry-?run$/.test(arg))) return false; // only lists what would change
  return args.some(
    (arg) =>
      /^(--delete\S*|-d|--remove|--delete-removed|--delete-unmatched-destination-objects)$/.test(arg) ||
      (/^-[a-zA-Z]*d[a-zA-Z]*$/.test(arg) && verbs.includes("rsync")),
  );
}

/** A remote location: a bucket URL, an rclone or mc remote (`remote:path`, not a drive `C:`). */
const REMOTE = /^([a-z][\w+.-]*:\/\/|[A-Za-z][\w.-]+:(?!\/\/))/;
/** The home as a whole: every key and credential of the user. */
const WHOLE_HOME = /^(~\/?|\$HOME\/?|\$\{HOME\}\/?|\/(home|Users)\/[^/]+\/?)$/;

/**
 * Local files copied to remote storage (`aws s3 cp --recursive ~/ s3://x`, `rclone copy ~/.ssh
 * r:`): each local source is read and sent (a secret among them is high), and the home as a
 * whole is every key and credential of the user (high). Only when a remote location is named.
 */
export function uploadsLocal(
  words: { value: string; dynamic: boolean }[],
  signals: Parameters<Rule>[1]["signals"],
): void {
  if (!words.some((word) => REMOTE.test(word.value))) return;
  for (const word of words) {
    if (word.dynamic || REMOTE.test(word.value) || !/^(~|\$HOME|\$\{HOME\}|\.{0,2}\/)/.test(word.value))
      continue;
    signals.read(word.value, "uploads");
    if (WHOLE_HOME.test(word.value))
      signals.score.raise(
        "high",
        `uploads the whole home ${word.value} (every key and credential of the user)`,
        "sensitive_file_access",
        "network_request",
      );
  }
}

/** rclone, azcopy, s3cmd, mc: cloud storage copies; syncing and purging delete remote data. */
const storage: Rule = (invocation, context) => {
  const { score } = context.signals;
  const args = invocation.args.map((word) => word.value);
  const words = positionals(invocation.args).map((word) => word.value);
  const verb = words[0] ?? "";
  const program = invocation.program;
  if (args.includes("--dry-run") || (program === "rclone" && args.includes("-n")))
    return void score.raise("low", `${program} ${verb} --dry-run changes nothing`, "network_request");
  if (/^(copy|copyto|sync|move|moveto|cp|mirror|put|upload|bisync)$/.test(verb))
    uploadsLocal(positionals(invocation.args).slice(1), context.signals);
  // rclone sync makes the destination identical to the source: it deletes by design.
  if ((program === "rclone" && /^(sync|bisync|move)$/.test(verb)) || syncDeletes(args, verb)) {
    return void score.raise(
      "high",
      `${program} ${verb} deletes destination files`,
      "destructive_command",
      "network_request",
    );
  }
  // `rclone config show`, `rclone reveal X`, `mc alias list`: the remotes' keys printed in clear;
  // `mc admin user svcacct add`, `mc admin accesskey create`: keys minted and printed once
  if (
    (verb === "config" && /^(show|dump)$/.test(words[1] ?? "")) ||
    verb === "reveal" ||
    (verb === "alias" && /^(list|ls|export)$/.test(words[1] ?? "")) ||
    (verb === "admin" && /^(user svcacct (add|info)|accesskey create)\b/.test(words.slice(1, 4).join(" ")))
  )
    return void score.raise(
      "high",
      `${program} ${words.slice(0, 3).join(" ")} prints a storage remote's keys, like reading a credential file`,
      "sensitive_file_access",
    );
  // `mc rm alias/bucket/2024/old.csv`, `rclone delete remote:tmp/x.csv`: one file named by its
  // path (a name with an extension, no recursion or filter) is one item of a bucket (medium)
  const targets = words.slice(1);
  if (
    /^(delete|deletefile|rm|del)$/.test(verb) &&
    targets.length > 0 &&
    targets.every((target) => /[/:][^/:*?]+\.[A-Za-z0-9]{1,5}$/.test(target)) &&
    !args.some((arg) =>
      /^(-r|-R|--recursive|--force|--fake|--older-than|--newer-than|--min-age|--max-age|--include|--exclude|--filter|--versions|--incomplete)(=.*)?$/.test(
        arg,
      ),
    )
  )
    return void score.raise("medium", `${program} ${verb} deletes one remote file`, "network_request");
  // `rmdir` removes empty directories only
  if (/^(purge|delete|deletefile|rmdirs|rm|remove|del|rb|cleanup)$/.test(verb)) {
    return void score.raise(
      "high",
      `${program} ${verb} deletes remote data`,
      "destructive_command",
      "network_request",
    );
  }
  if (/^(ls|lsd|lsl|lsf|list|cat|size|about|version|config|check|info|du|tree|listremotes)$/.test(verb)) {
    return void score.raise("low", `${program} ${verb} reads remote storage`, "network_request");
  }
  score.raise("medium", `${program} ${verb} writes remote storage`.trim(), "network_request");
};

export const BACKUP_RULES: Record<string, Rule> = {
  // backups: forgetting or pruning snapshots deletes them
  // tarsnap's commands are options: `-d` deletes archives, `--nuke` all of them
  tarsnap: (invocation, context) => {
    const deletes = invocation.args.find((word) => /^(-d|--nuke|--fsck-prune)$/.test(word.value));
    if (deletes && !hasOption(invocation.args, ["--dry-run"]))
      return void context.signals.score.raise(
        "high",
        `tarsnap ${deletes.value} deletes backups`,
        "destructive_command",
      );
    context.signals.score.raise("medium", "runs tarsnap");
  },
  ...fromList("restic borg kopia", (invocation, context) => {
    const verb = positionals(invocation.args, ["-r", "--repo", "-p", "--password-file"])[0]?.value ?? "";
    // `compact` frees space already deleted; `--cache-only` deletes a local cache, not backups
    if (
      /^(forget|prune|delete|rm|repo-delete|rdelete)$/.test(verb) &&
      !hasOption(invocation.args, ["--dry-run", "--cache-only"], "n")
    )
      return void context.signals.score.raise(
        "high",
        `${invocation.program} ${verb} deletes backups`,
        "destructive_command",
      );
    // a restore over the root or a system directory replaces the system's own files
    const target = invocation.args.findIndex((word) => /^(--target|-t)(=.*)?$/.test(word.value));
    const into = invocation.args[target]?.value.split("=")[1] ?? invocation.args[target + 1]?.value;
    if (verb === "restore" && target >= 0 && /^\/(etc|usr|var|boot|bin|sbin|lib\w*)?\/?$/.test(into ?? ""))
      return void context.signals.score.raise(
        "high",
        `${invocation.program} restore --target ${into} writes over the system's own files`,
        "destructive_command",
      );
    // other verbs (`kopia snapshot delete ID`): the general model, as for any tool
    if (!judgeDestroyingVerb(invocation.program, invocation.args, context.signals))
      context.signals.score.raise("medium", `${invocation.program} ${verb}`.trim());
  }),
  ...fromList("rclone azcopy s3cmd mc b2", storage),
};
