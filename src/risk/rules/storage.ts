/**
 * Storage below the file system (docs/risk.md, "Storage below the file system"): partition
 * tables, file-system signatures, volume managers, disk encryption, RAID, ZFS pools and every
 * `mkfs` variant. What they rewrite is a device: critical on a device (or a volume, which is
 * one), medium on an image file (`disk.img`: only that file). Their read-only forms (listing,
 * printing, verifying, a dry run, help) add nothing.
 */
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";

const IMAGE_FILE = /\.(img|iso|raw|bin|qcow2|vhdx?|vmdk|vdi|dmg|fs|ext[234]|squashfs|luks)$/i;
const DEVICE = /^\/dev\//;

/** Every mkfs: `mkfs`, `mkfs.ext4`, `mkfs.exfat`, `mke2fs`, `mkswap`, `mkntfs`, `mkdosfs`, `newfs_apfs`. */
export const FORMATTER = /^(mkfs(\.[\w-]+)?|mke2fs|mkswap|mkntfs|mkdosfs|mkexfatfs|mkfs_\w+|newfs(_\w+)?)$/;

type Verdict = "read" | "writes";

/** Whether this call only reads (lists, prints, verifies, dry run, help) or rewrites storage. */
function reading(program: string, args: string[]): Verdict {
  const options = args.filter((value) => value.startsWith("-"));
  const words = args.filter((value) => !value.startsWith("-"));
  const has = (pattern: RegExp) => options.some((value) => pattern.test(value));
  if (has(/^(--help|-h|-\?|--version|-V|--usage)$/) && words.length === 0) return "read";
  // `mkfs.ext4 -n`/`mke2fs -n` and `mkfs.xfs -N` print what they would make
  if (/^(mke2fs|mkfs\.ext[234])$/.test(program) && has(/^-[a-zA-Z]*n[a-zA-Z]*$/)) return "read";
  if (program === "mkfs.xfs" && has(/^-N$/)) return "read";
  switch (program) {
    case "wipefs":
      // without --all or --offset it prints the signatures; --no-act is a dry run
      return has(/^(-[a-zA-Z]*a[a-zA-Z]*|--all|-o|--offset.*)$/) && !has(/^(-[a-zA-Z]*n[a-zA-Z]*|--no-act)$/)
        ? "writes"
        : "read";
    case "sgdisk":
      return options.length > 0 &&
        options.every((value) =>
          /^(-p|--print|-i|--info.*|-v|--verify|-L|--list-types|-b|--backup.*)$/.test(value),
        )
        ? "read"
        : "writes";
    case "fdisk":
    case "sfdisk":
    case "gdisk":
    case "cfdisk":
      return has(/^(-l|--list|-d|--dump|-s|--show-size|-J|--json)$/) ? "read" : "writes";
    case "parted":
      return has(/^(-l|--list)$/) || /^(print|p)$/.test(words.at(-1) ?? "") ? "read" : "writes";
    case "cryptsetup":
      return /^(status|luksDump|isLuks|luksUUID|tcryptDump|benchmark|open|luksOpen|close|luksClose|config)$/.test(
        words[0] ?? "",
      )
        ? "read"
        : "writes";
    case "mdadm":
      return has(/^(--detail|-D|--examine|-E|--query|-Q|--detail-platform|--monitor|--scan|-s)$/) &&
        !has(/^(--create|-C|--zero-superblock|--stop|-S|--remove|-r|--fail|-f|--grow|-G)$/)
        ? "read"
        : "writes";
    case "zfs":
    case "zpool":
      // `zfs destroy -nv …`: -n is a dry run (it prints what would be destroyed)
      if (has(/^-[a-zA-Z]*n[a-zA-Z]*$/)) return "read";
      return /^(destroy|labelclear|rollback|offline|detach|remove|split|clear|reguid|export)$/.test(
        words[0] ?? "",
      ) ||
        (program === "zpool" && /^(create|add|replace|attach)$/.test(words[0] ?? ""))
        ? "writes"
        : "read";
    case "lvremove":
    case "vgremove":
    case "pvremove":
    case "lvreduce":
    case "vgreduce":
    case "pvmove":
    case "vgsplit":
    case "lvconvert":
    case "pvcreate":
    case "vgcreate":
    case "blkdiscard":
      return has(/^(--test|-t)$/) ? "read" : "writes";
    case "vgchange":
    case "lvchange":
      // deactivating takes every file system on the volumes away; other changes are settings
      return args.some(
        (value, i) => /^(-a|--activate)$/.test(args[i - 1] ?? "") && /^(n|ln|en)$/.test(value),
      ) || args.some((value) => /^(-an|--activate=n)$/.test(value))
        ? "writes"
        : "read";
    case "udisksctl":
      return /^(unmount|power-off|loop-delete|lock)$/.test(words[0] ?? "") ? "writes" : "read";
    default:
      return "writes";
  }
}

/** The devices and image files a call names (option values included: `of=` is dd's). */
function targets(args: string[]): { devices: string[]; images: string[]; volumes: string[] } {
  const values = args.map((value) => value.replace(/^[\w-]+=/, ""));
  return {
    devices: values.filter((value) => DEVICE.test(value)),
    images: values.filter((value) => IMAGE_FILE.test(value) || /(^|\/)swap(file)?$/.test(value)),
    // `vg0`, `vg0/data`: LVM and ZFS names (volumes and pools are devices)
    volumes: values.filter(
      (value) => /^[\w.+-]+(\/[\w.+-]+)*(@[\w.+-]+)?$/.test(value) && !/^\d+$/.test(value),
    ),
  };
}

export function judgeStorage(invocation: Invocation, context: RuleContext): void {
  const { program } = invocation;
  const { score } = context.signals;
  const args = invocation.args.map((word) => word.value);
  if (reading(program, args) === "read")
    return void score.raise("none", `${program} only reads the storage layout`);
  const found = targets(args);
  const dynamic = invocation.args.some((word) => word.dynamic);
  const volumeTool = /^(lv|vg|pv)\w+$|^zfs$|^zpool$/.test(program);
  if (
    found.devices.length > 0 ||
    dynamic ||
    (volumeTool && found.volumes.length > 0 && found.images.length === 0)
  ) {
    const what =
      found.devices[0] ??
      found.volumes.find((value) => !/^(destroy|remove|create)$/.test(value)) ??
      "a device";
    return void score.raise(
      "critical",
      `${program} rewrites ${what} below the file system (its data is lost)`,
      "system_modification",
      "destructive_command",
    );
  }
  if (found.images.length > 0) {
    for (const image of found.images) context.signals.write(image, `${program} formats the image file`);
    return void score.raise("medium", `${program} on the image file ${found.images[0]}`);
  }
  score.raise(
    "high",
    `${program} rewrites storage; the target is not a known device or image file`,
    "destructive_command",
  );
}

const rule: Rule = judgeStorage;

/** `btrfs`: its listing forms read; a snapshot or a new subvolume only adds; the rest rewrites. */
const btrfs: Rule = (invocation, context) => {
  const [group = "", verb = ""] = invocation.args
    .filter((word) => !word.value.startsWith("-"))
    .map((word) => word.value);
  const options = invocation.args.map((word) => word.value).filter((value) => value.startsWith("-"));
  if (
    /^(show|df|usage|list|get-default|stats|status|find-new|dump-super|dump-tree|tree-stats|get|help|version)$/.test(
      verb,
    ) ||
    /^(inspect-internal|help|version)$/.test(group) ||
    (group === "check" && !options.some((value) => /^--(repair|init-[\w-]+|clear-[\w-]+)$/.test(value)))
  )
    return void context.signals.score.raise("none", `btrfs ${group} ${verb} only reads`.trim());
  if (/^(snapshot|create)$/.test(verb))
    return void context.signals.score.raise("medium", `btrfs ${group} ${verb} adds a subvolume`);
  judgeStorage(invocation, context);
};

/** `lvm lvremove vg/lv`: LVM's own shell runs its commands by name. */
const lvm: Rule = (invocation, context) => {
  const [sub, ...rest] = invocation.args;
  const name = sub?.value ?? "";
  if (
    !sub ||
    /^(lvs|vgs|pvs|lvdisplay|vgdisplay|pvdisplay|lvscan|vgscan|pvscan|version|help|fullreport|dumpconfig|config|formats|segtypes|types|devtypes|lvmdiskscan)$/.test(
      name,
    )
  )
    return void context.signals.score.raise("none", "lvm only reads");
  judgeStorage({ ...invocation, program: name, args: rest }, context);
};

export const STORAGE_RULES: RuleTable = Object.fromEntries(
  (
    "mkfs mkfs.ext4 mkfs.ext3 mkfs.ext2 mkfs.xfs mkfs.vfat mkfs.fat mkfs.btrfs mkfs.ntfs mkfs.exfat mkfs.f2fs mke2fs mkswap mkntfs mkdosfs " +
    "wipefs fdisk sfdisk gdisk sgdisk cgdisk parted blkdiscard cryptsetup mdadm zfs zpool " +
    "lvremove vgremove pvremove lvreduce vgreduce pvmove vgsplit lvconvert pvcreate vgcreate vgchange lvchange udisksctl btrfs-convert"
  )
    .split(" ")
    .map((name) => [name, rule]),
);
STORAGE_RULES.btrfs = btrfs;
STORAGE_RULES.lvm = lvm;
