/**
 * macOS's disks, by effect (docs/risk.md, "macOS's own tools"): a disk or volume erased,
 * partitioned or restored over is critical, as `mkfs` is; one volume unmounted or ejected medium;
 * disk images change no disk; what the machine boots next (`bless --setBoot`) is a system change.
 * Their read forms (list, info) add nothing. Split from rules/macos-system.ts to keep each under
 * the ~400-line limit; one table (`macos`) holds all.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { READS, verbOf, words } from "./macos-system.js";

/** diskutil's verbs that destroy what a disk or volume holds. */
const DISK_DESTROYS =
  /^(erase\w*|reformat|zeroDisk|randomDisk|secureErase|partitionDisk|splitPartition|mergePartitions|resizeVolume|eraseDisk|eraseVolume|deletePartition|addPartition)$/i;
/** `diskutil apfs|cs|appleRAID VERB`: delete, erase, resize, decrypt (FileVault off for the volume). */
const CONTAINER_DESTROYS =
  /^(delete\w*|erase\w*|resize\w*|decrypt\w*|convert|createContainer|create|destroy|removeMember|flatten)$/i;

const diskutil: Rule = (invocation, { signals }) => {
  const [verb = "", sub = ""] = positionals(invocation.args).map((word) => word.value);
  // diskutil takes `ap`, `cs` and `ar` for `apfs`, `coreStorage` and `appleRAID`
  const group = /^(apfs|ap|cs|coreStorage|appleRAID|ar|image)$/i.test(verb);
  const action = group ? sub : verb;
  if (
    action === "" ||
    READS.test(action) ||
    /^(listFilesystems|listUsers|listCryptoUsers|listSnapshots|listVolumeGroups)$/i.test(action)
  )
    return void signals.score.raise("none", "");
  if ((!group && DISK_DESTROYS.test(action)) || (group && CONTAINER_DESTROYS.test(action)))
    return void signals.score.raise(
      "critical",
      `diskutil ${group ? `${verb} ` : ""}${action} destroys what the disk or volume holds`,
      "system_modification",
      "destructive_command",
    );
  // mount, rename, repair, enableJournal, addVolume, unlockVolume, encryptVolume: nothing lost
  if (
    /^(mount\w*|rename\w*|repair\w*|enableJournal|addVolume|unlockVolume|lockVolume|encryptVolume|changePassphrase|updatePreboot|image)$/i.test(
      action,
    )
  )
    return void signals.score.raise("medium", `diskutil ${group ? `${verb} ` : ""}${action}`);
  // one volume unmounted or ejected by its mount point or identifier (`diskutil eject
  // /Volumes/USB`, `unmount disk2s1`): what ejecting a stick in the Finder does
  const target = positionals(invocation.args).at(-1)?.value ?? "";
  if (
    /^(unmount|eject)$/i.test(action) &&
    !group &&
    !words(invocation.args).includes("force") &&
    /^(\/Volumes\/.+|(\/dev\/)?disk\d+s\d+)$/.test(target)
  )
    return void signals.score.raise("medium", `diskutil ${action} ${target} takes one volume offline`);
  // unmountDisk, a forced unmount, eject of a whole disk (taken from under the programs using it)
  // and anything else: the disk's
  signals.score.raise(
    /^(unmount\w*|eject)$/i.test(action) ? "high" : "critical",
    `diskutil ${group ? `${verb} ` : ""}${action} changes a disk`,
    "system_modification",
  );
};

/** Disk images: attaching, detaching, creating and converting images change no disk. */
const hdiutil: Rule = (invocation, { signals }) => {
  const verb = verbOf(invocation.args);
  if (verb === "" || READS.test(verb) || /^(imageinfo|pmap|plugins)$/.test(verb))
    return void signals.score.raise("none", "");
  // `erasekeys`: an encrypted image's keys destroyed (its contents with them)
  if (verb === "erasekeys")
    return void signals.score.raise(
      "high",
      "hdiutil erasekeys destroys the image's keys",
      "destructive_command",
    );
  if (/^(burn|makehybrid)$/.test(verb))
    return void signals.score.raise("medium", `hdiutil ${verb} writes a disc or image`);
  signals.score.raise("low", `hdiutil ${verb} works on a disk image`);
};

/** `asr restore --target V`: the target volume overwritten with the image. */
const asr: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.some((value) => /^-{0,2}restore(exact)?$/i.test(value)))
    return void signals.score.raise(
      "critical",
      "asr restore overwrites the target volume",
      "system_modification",
      "destructive_command",
    );
  signals.score.raise(values.some((value) => /^-{0,2}imagescan$/i.test(value)) ? "low" : "none", "asr");
};

/** `bless --setBoot`: what the machine boots next; `--info`, `--getBoot` read. */
const bless: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (
    values.length === 0 ||
    values.every(
      (value) => /^--(info|getBoot|verbose|plist|version|help)$/i.test(value) || !value.startsWith("-"),
    )
  )
    return void signals.score.raise("none", "");
  signals.score.raise("critical", "bless changes what the machine boots", "system_modification");
};

export const MACOS_DISK_RULES: RuleTable = { diskutil, hdiutil, asr, bless };
