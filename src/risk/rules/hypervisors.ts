/**
 * Hypervisor and virtualisation host tools (docs/risk.md, "Hypervisors and virtualisation
 * hosts"): libvirt's `virsh` and virt-manager's tools, VirtualBox, Proxmox (`qm`, `pct`, `pvesh`,
 * `pvecm`, `pvesm`), XenServer/XCP-ng (`xe`, `xl`), ESXi (`esxcli`, `vim-cmd`, `vmkfstools`),
 * Nutanix (`acli`, `ncli`), Parallels (`prlctl`), VMware Workstation (`vmrun`) and Lima
 * (`limactl`). Their sub-commands are a noun and a verb however they are written (`vm-uninstall`,
 * `vmsvc/snapshot.removeall`, `vm.delete`, `system account set`), so the families below read the
 * parts of the first words. What they add to the general model (rules/unknown-program.ts, which
 * still judges every call): the host itself powered off, a host taken out of its cluster, every
 * machine at once, a machine taken back to a snapshot, the pool's secrets printed or its database
 * dumped or restored, the host's accounts, firewall, management network and SSH changed. lxc,
 * incus and multipass belong to rules/launchers.ts, which reads the same families through
 * `judgeHypervisor`.
 */

import type { RiskFlag } from "../../chain/index.js";
import { positionals } from "../command/argv.js";
import type { Rule, RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { judgeUnknownProgram, reachedByArguments } from "./unknown-program.js";

type Finding = [level: "high" | "critical", reason: string, flag: RiskFlag];

const HOST = /^(host|hosts|hostsvc|system|node|nodes|pool|server)$/;
const POWER = /^(shutdown|reboot|poweroff|halt|restart|power|powerdown|powercycle)$/;
const LEAVES = /^(eject|forget|delnode|leave|evict|expel|kick|remove|destroy|delete)$/;
const STOPS =
  /^(stop|shutdown|off|poweroff|kill|destroy|delete|remove|rm|uninstall|suspend|halt|reboot|restart|undefine)$/;
const REVERTS = /^(restore|revert|rollback|switch|apply)$/;
const DESTROYS =
  /^(destroy|uninstall|delete|remove|rm|undefine|purge|wipe|removeall|deleteall|erase|factory|reset)$/;
/** Parts of a sub-command that make a remove routine: a CD taken out, a tag or a parameter removed. */
const ROUTINE_PART = /^(cd|dvd|iso|tag|tags|label|param|description|device|alias|profile|key)$/;

/**
 * The lowercase parts of the first sub-command words: `vm-uninstall` is `vm`, `uninstall`;
 * `revertToSnapshot` is `revert`, `to`, `snapshot`. OpenNebula's programs name their noun
 * (`oneuser delete` is `user`, `delete`).
 */
export function subcommandParts(program: string, args: Word[]): string[] {
  const noun = /^one([a-z]+)$/.exec(program)?.[1];
  const words = positionals(args)
    .slice(0, 4)
    .filter((word) => !word.dynamic && !word.value.includes("=") && !word.value.startsWith("/"))
    .flatMap((word) =>
      word.value
        .replace(/([a-z])([A-Z])/g, "$1-$2")
        .toLowerCase()
        .split(/[-_./]+/),
    )
    .filter(Boolean);
  return noun ? [noun, ...words] : words;
}

/** What one of the families says of a hypervisor call, or null. */
function finding(program: string, args: Word[]): Finding | null {
  const parts = subcommandParts(program, args);
  const has = (pattern: RegExp) => parts.some((part) => pattern.test(part));
  const values = args.map((word) => word.value.toLowerCase());
  const everyMachine = values.some((v) => /^(--multiple|--all|\*|all)$/.test(v));
  const forced = values.some((v) => /^(--force|-f|force=true|--purge)$/.test(v));
  const shown = parts.join(" ");
  // the host's own power: every machine on it stops (the level table's power row)
  if (has(HOST) && has(POWER) && !has(/^(get|status|list|state|getstate)$/))
    return [
      "critical",
      `${program} ${shown} powers off the host of every machine on it`,
      "system_modification",
    ];
  // a host taken out of its pool or cluster (`xe pool-eject` also wipes its local storage)
  if (
    (program === "pvecm" || has(/^(pool|cluster|host|node)$/)) &&
    has(LEAVES) &&
    !has(/^(vm|vms|snapshot)$/)
  )
    return ["high", `${program} ${shown} takes a host out of its cluster or pool`, "destructive_command"];
  // every machine at once
  if (everyMachine && has(STOPS))
    return ["high", `${program} ${shown} acts on every machine at once`, "destructive_command"];
  // the machine taken back to a snapshot: what changed since is lost
  // (a machine tool's `restore` or `revert` first is always to a snapshot: `multipass restore vm.snap`)
  if (
    (has(REVERTS) && has(/^(snapshot|snapshots|checkpoint|database|db)$/)) ||
    has(/^rollback$/) ||
    /^(restore|revert)$/.test(parts[0] ?? "")
  )
    return [
      "high",
      `${program} ${shown} takes a machine or the pool back to a snapshot: what changed since is lost`,
      "destructive_command",
    ];
  // the pool's secrets printed, or its database (which holds them) dumped
  if (
    (has(/^(secret|secrets|password|passwords|credential|credentials|token|tokens)$/) &&
      has(/^(list|get|show|dump|print)$/)) ||
    (has(/^dump$/) && has(/^(database|db|config)$/))
  )
    return ["high", `${program} ${shown} prints the secrets the host keeps`, "sensitive_file_access"];
  // the host's accounts, passwords and trusted clients
  if (
    has(/^(account|user|password|permission|trust|role|acl|auth)$/) &&
    has(/^(add|remove|set|change|create|delete|grant|modify|reset)$/)
  )
    return ["high", `${program} ${shown} changes who can log in to the host`, "system_modification"];
  // the host's defences and ways in: its firewall off, its management network off, SSH or a shell on
  if (
    (has(/^management$/) && has(/^(disable|reconfigure)$/)) ||
    (has(/^firewall$/) &&
      (has(/^(unload|disable)$/) ||
        values.some((v, i) => /^(--enabled|-e)$/.test(v) && /^(false|0|no)$/.test(values[i + 1] ?? "")))) ||
    (has(/^(ssh|shell|esx)$/) && has(/^(enable|start)$/))
  )
    return [
      "high",
      `${program} ${shown} changes the host's firewall, management network or remote shell`,
      "system_modification",
    ];
  // a machine's power state forced, or its process killed mid-write (its disks may be corrupted)
  if (has(/^powerstate$/) || (has(/^process$/) && has(/^kill$/)))
    return ["high", `${program} ${shown} forces a machine's power state`, "destructive_command"];
  // a datastore or a storage repository unmounted or detached under its machines
  if (has(/^(unmount|detach|unplug)$/) && has(/^(filesystem|datastore|storage|volume|sr|pbd|pool)$/))
    return ["high", `${program} ${shown} takes storage away from its machines`, "destructive_command"];
  // a machine's memory written out: it holds the guest's keys and passwords (`virtctl memory-dump get`)
  if (has(/^memory$/) && has(/^(dump|get|save)$/))
    return [
      "high",
      `${program} ${shown} writes out a machine's memory (its secrets)`,
      "sensitive_file_access",
    ];
  // machines pruned by a filter (`tart prune --entries=vms`; caches alone are routine), or a
  // verb told to delete as well (`onevm recover --delete`, `unregistervm --delete`)
  if (
    (has(/^(prune|purge)$/) && values.some((v) => /(^|[=,])(vms?|machines?|instances?|disks?)$/.test(v))) ||
    values.some((v) => /^--(delete|destroy|purge)$/.test(v))
  )
    return ["high", `${program} ${shown} deletes machines or their disks`, "destructive_command"];
  // a machine, disk, snapshot, volume, network or store deleted with what it holds
  if (has(DESTROYS) && !has(ROUTINE_PART) && (parts.length > 1 || forced))
    return [
      "high",
      `${program} ${shown} deletes a machine, a disk, a snapshot or a store`,
      "destructive_command",
    ];
  return null;
}

/** The families above on any hypervisor or machine manager; true when one fired. */
export function judgeHypervisor(program: string, args: Word[], signals: Signals): boolean {
  const found = finding(program, args);
  if (!found) return false;
  signals.score.raise(found[0], found[1], found[2]);
  return true;
}

/** Options of the tools themselves: a disk deleted, a file system made on a device, a guest replaced. */
function optionFinding(program: string, values: string[]): Finding | null {
  if (program === "vmkfstools") {
    if (values.some((v) => /^(-U|--deletevirtualdisk)$/.test(v)))
      return ["high", "vmkfstools -U deletes a virtual disk", "destructive_command"];
    if (values.some((v) => /^(-C|--createfs)$/.test(v)) && values.some((v) => v.startsWith("/vmfs/devices/")))
      return [
        "critical",
        "vmkfstools -C makes a file system on a device (what it held is gone)",
        "destructive_command",
      ];
  }
  if (values.includes("--replace"))
    return ["high", `${program} --replace removes the existing guest of that name`, "destructive_command"];
  return null;
}

/** Where a machine runs the command it is given (`limactl shell VM cmd`, `pct exec ID -- cmd`). */
function guestCommand(program: string, args: Word[]): Word[] | null {
  const dashes = args.findIndex((word) => word.value === "--");
  const sub = positionals(args)[0]?.value ?? "";
  if ((program === "pct" && sub === "exec") || (program === "qm" && sub === "guest"))
    return dashes >= 0 ? args.slice(dashes + 1) : null;
  if ((program === "limactl" && sub === "shell") || (program === "prlctl" && sub === "exec")) {
    const words = positionals(args, ["--workdir", "--shell"]);
    return words.length > 2 ? args.slice(args.indexOf(words[2]!)) : null;
  }
  return null;
}

const hypervisor: Rule = (invocation, context: RuleContext) => {
  const { program, args } = invocation;
  const { signals } = context;
  signals.score.raise("medium", `${program} ${positionals(args)[0]?.value ?? ""}`.trim());
  const guest = guestCommand(program, args);
  if (guest?.length)
    context.nested(
      { value: guest.map((word) => word.value).join(" "), dynamic: guest.some((w) => w.dynamic), inner: [] },
      `${program} runs in the machine`,
    );
  const values = args.map((word) => word.value);
  const own = optionFinding(program, values);
  if (own) signals.score.raise(own[0], own[1], own[2]);
  if (!guest) judgeHypervisor(program, args, signals);
  // and whatever the general model says of any program (nothing here lowers it)
  const words = invocation.command.words;
  const first = words[words.length - args.length - 1] ?? { value: program, dynamic: false, inner: [] };
  reachedByArguments(invocation, program, signals);
  if (!guest) judgeUnknownProgram(invocation, program, first, signals);
};

const NAMES =
  "virsh virt-install virt-clone virt-xml VBoxManage vboxmanage qm pct pvesh pvecm pvesm xe xl esxcli vim-cmd vmkfstools acli ncli prlctl vmrun limactl virtctl tart " +
  "onevm onehost oneimage oneuser onedatastore onecluster onevnet onetemplate";

export const HYPERVISOR_RULES: Record<string, Rule> = Object.fromEntries(
  NAMES.split(" ").map((name) => [name, hypervisor]),
);
