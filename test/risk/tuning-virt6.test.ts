/**
 * The hypervisor round's tuning set (test/vectors/risk-tuning-virt6.jsonl, origin beside it):
 * the destructive, secret-revealing and host-changing forms of hypervisor and virtualisation
 * host tools (XCP-ng's xe, Hyper-V's cmdlets, virt-manager's tools, incus, Lima's limactl, ESXi's
 * esxcli, vim-cmd and vmkfstools, Nutanix's acli) beside their list, info, start and snapshot
 * forms, judged by the level table before each batch's first run. Every dangerous command rated
 * high or critical, every harmless one not, except those marked `known` (with the reason;
 * counted in the rates).
 */
import { describeJudgedSet } from "./judged.js";

// Batch 1 (xe, Hyper-V, virt-install/virt-clone/virt-xml, incus; run once on main before the
// round): 23 / 44 dangers, 15 / 32 of those no table named, 1 / 63 harmless high. Batch 2
// (limactl, esxcli, vim-cmd, vmkfstools, acli; on main 10 / 20, 1 / 26), run once on the rules
// written for batch 1 and not changed after it: 20 / 20, 1 / 26. Batch 3 (xl, virtctl, tart,
// multipass, OpenNebula, prlctl, vmrun; on main 16 / 27, 13 / 21 unnamed, 0 / 52), run once on
// the rules of batches 1 and 2: 18 / 27, 14 / 21 unnamed, 0 / 52; then its families (camelCase
// and verb-led sub-commands, a machine's memory dumped, machines pruned, a `--delete` option,
// files copied out of a machine, OpenNebula's and KubeVirt's and Tart's programs claimed):
// 27 / 27, 0 / 52, a fit. The whole set: 91 / 91, 2 / 141 (both alarms a single machine
// stopped, which the project rates high: `known`).
describeJudgedSet("hypervisor round tuning set", "risk-tuning-virt6.jsonl", {
  dangerous: 91,
  caught: 1,
  unnamed: 1,
  alarms: 0.015,
});
