/**
 * What a program no rule names does to the host, read from its arguments (docs/risk.md, "Read
 * from the structure of the call"):
 *
 * - **A block device** (`/dev/sdb`, `/dev/nvme0n1`, `/dev/dm-0`, `/dev/vg0/data`, `/dev/sg1`,
 *   `/dev/nst0`, also as `of=/dev/sdb`) given to a tool no rule knows: high unless the call is a
 *   read form (a reading sub-command, `-n`, `--no-act`, `-l`, `-i`, `--test`, `--get…`) — what
 *   such a tool does to a disk is not known, and a disk has no undo. A device given only as the
 *   input (`if=/dev/sda`) is read.
 * - **A server told to stop** by its control program (`apachectl stop`, `kamctl stop`,
 *   `rabbitmqctl stop_app`, `zkServer.sh stop`, `kafka-server-stop.sh`) or by a signal option
 *   (`nginx -s stop`, `httpd -k stop`): high, a service of the host stops.
 * - **Everything at once**: a removing option or word with `ALL`/`all` as its operand (`postsuper
 *   -d ALL`, `qdel all`): high.
 * - **A lease or link released** on an interface (`dhclient -r eth0`): high, as `ifdown`.
 * - **Code that drops data** handed to a database shell (`db._drop("users")`,
 *   `db.dropDatabase()`, Cypher's `MATCH (n) DETACH DELETE n`): high.
 * - **Console commands**: the text given to `-q`, `-x`, `-rx`, `-e`, `--execute`, … of a tool no
 *   rule knows (`kadmin -q "delprinc alice"`, `fs_cli -x "sofia profile x shutdown"`) is that
 *   tool's own command line, read by the same families as its arguments.
 */
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";

/**
 * Block devices: disks, partitions, device-mapper, RAID, SCSI generic, tapes, LVM paths (a loop
 * device is a file's image: its writes are judged by the write forms only).
 */
const BLOCK_DEVICE =
  /^\/dev\/(sd[a-z]|nvme\d|vd[a-z]|xvd[a-z]|hd[a-z]|md\d|mmcblk\d|disk\d|rdisk\d|mapper\/|dm-\d|sg\d|fd\d|sr\d|n?st\d|disk\/by-|(?!(fd|pts|shm|mqueue|net|input|snd|dri|bus|char|hugepages|cpu|usb|serial|v4l|vfio|dma_heap|tcp|udp|std(in|out|err)|null|zero|u?random|tty\w*|console|ptmx|log|kmsg|full|fuse|kvm|ppp|rtc\d*|block|disk)\/)[a-z][\w.-]*\/[\w.+-]+$)/;
const WRITE_WORD =
  /^(--?)?(create|add|add-[\w-]+|init|initiali[sz]e|format|write|wipe|erase|zero|new|extend|grow|attach|build|label|partition|saniti[sz]e|secure-erase|security-erase|discard|trim|zap|overwrite)$/;
/** Sub-command words that only read a device. */
const READS_DEVICE =
  /^(info|status|show|list|ls|print|query|dump|detail|details|examine|monitor|get|scan|stat|stats|verify|inspect|identify|display|describe|health|test|report|smart)$/;
/** Options that only read (no-change modes, listings, information, tests, getters). */
const READ_OPTION =
  /^(-n|-N|--no-?act|--no-?modify|--dry-?run|--simulate|--read-?only|-l|--list|-i|-I|--info|-H|--health|--show|--get[\w-]*|--print|-h|--help|--test(=.*)?|-[tT]+|--rw=(rand)?read|--query|--report|--scan|--verify|-a|--all|-x|--xall|-A|--attributes)$/;

/** Programs named for reading (`lvdisplay`, `dumpe2fs`, `blkid`, `pvscan`, `smartstat`). */
const READING_PROGRAM = /(display|info|scan|stats?|status|list|show|probe|blkid|query)$|^(dump|ls|show|get)/;

/** A read form given outright: a read-only option, or a word that names a read (`smart-log`, `status`). */
function namesRead(values: string[]): boolean {
  return (
    values.some((value) => READ_OPTION.test(value)) ||
    values
      .filter((value) => !value.startsWith("-"))
      .some(
        (value) =>
          READS_DEVICE.test(value) ||
          value.split(/[-_]/).some((part) => /^(smart|log|id|info|list|show|status|stats)$/.test(part)),
      )
  );
}

/** The block device a call names and whether it only reads it; null when none is named. */
export function deviceUse(args: Word[], program = ""): { device: string; reads: boolean } | null {
  let device: string | null = null;
  let input = true;
  for (const arg of args) {
    if (arg.dynamic) continue;
    const value = arg.value.replace(/^--?[\w-]+=|^[\w-]+=/, "");
    if (!BLOCK_DEVICE.test(value)) continue;
    device ??= value;
    // `if=/dev/sda`, `--input=/dev/sda`: the device is where the data comes from
    if (!/^(if|--?input|--?source|--?src|-i)=/.test(arg.value)) input = false;
  }
  if (!device) return null;
  const values = args.map((arg) => arg.value);
  // told to write (`badblocks -w`, `nwipe --autonuke`, `-f` over it, `stratis pool create`), or fed
  // zeros or noise (`ddrescue -f /dev/zero /dev/sdb`)
  const writes = values.some(
    (value, i) =>
      WRITE_WORD.test(value) ||
      /^(-[a-zA-Z]*w[a-zA-Z]*|--write[\w-]*|--autonuke|--wipe|--force|-y|--yes|--repair|--fix)$/.test(
        value,
      ) ||
      // `-f` forces, unless it names the device (`mt -f /dev/st0 status`: the file option)
      (value === "-f" && !BLOCK_DEVICE.test(values[i + 1] ?? "")) ||
      /^\/dev\/(zero|u?random)$/.test(value),
  );
  if (writes) return { device, reads: false };
  // an explicit read form first (`e2fsck -n`, `xfs_repair -n`, `smartctl -a`, `nvme smart-log`)
  const told = input || namesRead(values);
  if (told) return { device, reads: true };
  // a program named for rewriting (`fdformat`, `e2fsck`, `xfs_repair`, `nwipe`): its default writes
  if (/format|wipe|erase|zap|shred|fsck|repair|convert|^mk|init/.test(program))
    return { device, reads: false };
  // the device alone, nothing else (`e2label /dev/sda1`, `hdparm /dev/sda`, `eject /dev/sr0`):
  // the tool's default form, which shows; a write needs a value or an option
  if (values.length === 1) return { device, reads: true };
  // only verbosity or progress options (`badblocks -sv`): the tool's default, which reads
  const options = values.filter((value) => value.startsWith("-"));
  const quiet =
    options.length > 0 && options.every((value) => /^(-[svqP]+|--verbose|--progress|--quiet)$/.test(value));
  const reads = input || quiet || READING_PROGRAM.test(program) || namesRead(values);
  return { device, reads };
}

/** Words meaning a server stops (`stop`, `shutdown`, `stop_app`, `stop-domain`). */
const STOP = /^(stop|shutdown|halt|kill|quit|terminate|graceful-stop|stop[-_]\w+|\w+[-_]stop)$/i;
/** Programs that control a server: `*ctl`, `*adm`, `*admin`, a server's own script. */
const CONTROLLER = /(ctl|adm|admin|server|service|daemon)(\.sh)?$|\.sh$/i;

/** `apachectl stop`, `nginx -s stop`, `kafka-server-stop.sh`: the server stops (a reason), or null. */
export function stopsServer(program: string, args: Word[]): string | null {
  if (
    /(^|[-_])stop([-_]|\.sh$|$)/i.test(program) &&
    /server|all|dfs|yarn|hbase|cluster|broker|service|daemon/i.test(program)
  )
    return `${program} stops a server`;
  const values = args.map((arg) => arg.value);
  const signal = values.findIndex((value) => /^(-s|-k|--signal)$/.test(value));
  if (signal >= 0 && /^(stop|quit|kill|term|graceful-stop)$/i.test(values[signal + 1] ?? ""))
    return `${program} ${values[signal]} ${values[signal + 1]} tells the server to stop`;
  // `mongod --shutdown`, `x --stop`: the same as an option
  const option = values.find((value) => /^--?(shutdown|stop)$/.test(value));
  if (option && CONTROLLER.test(program.replace(/d$/, "daemon")))
    return `${program} ${option} stops the server`;
  const first = values.find((value) => !value.startsWith("-"));
  if (first && CONTROLLER.test(program) && STOP.test(first))
    return `${program} ${first} stops the server it controls`;
  // `psservice setconfig spooler disabled`: a service set never to start again
  if (
    first &&
    CONTROLLER.test(program) &&
    /^(setconfig|config|set)$/i.test(first) &&
    values.some((value) => /^disabled?$/i.test(value))
  )
    return `${program} ${first} … disabled: the service no longer starts`;
  return null;
}

/** `postsuper -d ALL`, `qdel all`, `cryptdisks_stop --all`: a removing action applied to everything. */
export function removesEverything(program: string, args: Word[]): string | null {
  const values = args.map((arg) => arg.value);
  // a program named for stopping or removing, told `--all` (a shutdown program's `-a` aborts a
  // pending shutdown: Windows' convention, see shutsDown)
  if (
    /(stop|off|down|rm|del|remove|kill|flush|purge|detach|umount|unmount)$/i.test(program) &&
    values.some(
      (value) => /^(--all|-a|-A|ALL|all)$/.test(value) && !(value === "-a" && /shutdown$/i.test(program)),
    )
  )
    return `${values.find((value) => /^(--all|-a|-A|ALL|all)$/.test(value))}`;
  // the removing option or word must be the one given everything (`-d ALL`, `stop all`), not
  // another option beside an `all` (`-c all -d domain`)
  const at = values.findIndex(
    (value, i) =>
      /^(ALL|All|all|\*)$/.test(values[i + 1] ?? "") &&
      /^(-[dDxrk]|--(delete|remove|purge|kill|drop|flush|stop)|delete|remove|rm|del|purge|drop|flush|kill|stop|down|disable|clear|reset|unmonitor)$/.test(
        value,
      ),
  );
  return at >= 0 ? `${values[at]} ${values[at + 1]}` : null;
}

/** `tailscale down`, `nordvpn disconnect`, `drbdadm down r0`: what the tool keeps up is taken down. */
export function takesDown(program: string, args: Word[]): string | null {
  const at = args.findIndex((arg) => !arg.value.startsWith("-"));
  const first = args[at];
  // (`migrate down 1`: migrations undone, a count, not a link)
  const next = args.slice(at + 1).find((arg) => !arg.value.startsWith("-"));
  if (!first || first.dynamic || !/^(force-)?(down|disconnect|offline|leave)$/.test(first.value)) return null;
  if (next && /^\d+$/.test(next.value)) return null;
  // a bare `down` is a development environment's containers stopped (`tilt down`, `sail down`,
  // `podman-compose down`: medium, as `docker compose down`) unless the tool keeps a network link
  if (
    /down$/.test(first.value) &&
    (/compose/.test(program) ||
      (!next &&
        !/vpn|tailscale|zerotier|wg|wireguard|netbird|nebula|warp|drbd|ppp|tun|link|net/i.test(program)))
  )
    return null;
  return first.value;
}

/** `dhclient -r eth0`, `x --release wlan0`: an interface's lease or link released. */
export function releasesInterface(args: Word[]): string | null {
  const values = args.map((arg) => arg.value);
  const option = values.find((value) => /^(-r|-x|--release|--down|--stop|--disconnect)$/.test(value));
  const link = values.find((value) => /^(eth|en|wl|wlan|ww|bond|br|tun|tap|wg)[\w.-]*\d[\w.-]*$/.test(value));
  // `ipconfig /release [adapter]`: Windows' spelling, every adapter's lease when none is named
  const windows = values.find((value) => /^\/release6?$/i.test(value));
  if (windows) return `${windows} ${values[values.indexOf(windows) + 1] ?? "(every adapter)"}`;
  return option && link ? `${option} ${link}` : null;
}

/** Code that drops a collection or database, or Cypher deleting every match. */
const DROPPING_CODE =
  /\b(db|database|conn|client)\.([\w$]+\.)*(_?drop|dropDatabase|_truncate|truncate|dropCollection)\s*\(|\bMATCH\s*\(\s*\w*\s*(:\s*\w+\s*)?\)\s*(DETACH\s+)?DELETE\b/i;

export function dropsInCode(args: Word[]): string | null {
  return args.find((arg) => !arg.dynamic && DROPPING_CODE.test(arg.value))?.value ?? null;
}

/** Options whose value is a command of the program's own console. */
const CONSOLE_OPTION = /^(-q|-x|-rx|-e|-c|-cmd|--execute|--exec|--eval|--query|--command|--cmd|--run)$/;

/** The console commands a call carries, as words (`kadmin -q "delprinc alice"`: delprinc, alice). */
export function consoleCommands(args: Word[]): Word[][] {
  const found: Word[][] = [];
  for (let i = 0; i + 1 < args.length; i += 1) {
    const value = args[i + 1]!;
    if (!CONSOLE_OPTION.test(args[i]!.value) || value.dynamic || !/\s/.test(value.value.trim())) continue;
    found.push(
      value.value
        .trim()
        .split(/\s+/)
        .map((word) => ({ value: word, dynamic: false, inner: [] })),
    );
  }
  return found;
}

/**
 * `ngrok tcp 22`, `x http 3000`, `chisel client host:8000 R:socks`: a port of this machine exposed
 * through a relay (remote access in), as the tunnel family says.
 */
export function exposesPort(args: Word[]): string | null {
  const values = args.map((arg) => arg.value);
  const first = values.findIndex((value) => !value.startsWith("-"));
  if (
    first >= 0 &&
    /^(tcp|http|https|tls)$/.test(values[first]!) &&
    /^([\w.-]+:)?\d{2,5}$/.test(values[first + 1] ?? "")
  )
    return `${values[first]} ${values[first + 1]}`;
  return values.find((value) => /^R:[\w.:-]+$/.test(value)) ?? null;
}

/**
 * `psshutdown -r -f -t 0`, `notmyfaultc crash 1`: a program named for shutting the machine down
 * (`shutdown` itself has a rule) stops, restarts, suspends or logs it off, unless told only to
 * abort a pending shutdown (`-a`, `/a`: Windows' convention) or to lock the console; a program
 * told to crash the system (`crash`, `bugcheck` as its sub-command) takes it down at once.
 * Null when neither, else the level and the reason.
 */
export function shutsDown(
  program: string,
  args: Word[],
): [level: "low" | "medium" | "critical", reason: string] | null {
  const first = args.find((arg) => !/^[-/]/.test(arg.value))?.value ?? "";
  if (/^(crash|bugcheck)$/i.test(first))
    return ["critical", `${program} crashes the system on purpose (every program on it stops)`];
  if (!/.shutdown$/i.test(program)) return null;
  const values = args.map((arg) => arg.value.toLowerCase());
  if (values.some((value) => /^[-/]([srhkdop]|poweroff|reboot|halt)$/.test(value)))
    return ["critical", `${program} stops, restarts, suspends or logs off the machine`];
  if (values.some((value) => /^[-/]a$/.test(value))) return ["low", `${program} aborts a pending shutdown`];
  if (values.some((value) => /^[-/][lx]$/.test(value)))
    return ["medium", `${program} locks the console or turns its monitor off`];
  return ["medium", `${program} is named for shutting the machine down; what it is told to do is not known`];
}

/** Raises what the families above find; true when one fired. */
export function judgeHostEffects(program: string, args: Word[], signals: Signals): boolean {
  const { score } = signals;
  let fired = false;
  const shutdown = shutsDown(program, args);
  if (shutdown) {
    score.raise(
      shutdown[0],
      shutdown[1],
      ...(shutdown[0] === "critical" ? (["system_modification"] as const) : []),
    );
    fired = shutdown[0] === "critical";
  }
  const device = deviceUse(args, program);
  if (device && !device.reads) {
    score.raise(
      "high",
      `${program} acts on the block device ${device.device} and no rule knows what it does to it (a disk has no undo)`,
      "destructive_command",
    );
    fired = true;
  }
  const stop = stopsServer(program, args);
  if (stop) {
    score.raise("high", `${stop}: a service of the host stops`, "system_modification");
    fired = true;
  }
  const everything = removesEverything(program, args);
  if (everything) {
    score.raise(
      "high",
      `${program} ${everything}: applies a removing action to everything`,
      "destructive_command",
    );
    fired = true;
  }
  const down = takesDown(program, args);
  if (down) {
    score.raise(
      "high",
      `${program} ${down} takes down the link, volume or service it keeps up`,
      "system_modification",
    );
    fired = true;
  }
  const release = releasesInterface(args);
  if (release) {
    score.raise("high", `${program} ${release} takes a network link down`, "system_modification");
    fired = true;
  }
  const exposed = exposesPort(args);
  if (exposed) {
    score.raise(
      "high",
      `${program} ${exposed} exposes a port of this machine through a relay: remote access in`,
      "network_request",
    );
    fired = true;
  }
  const code = dropsInCode(args);
  if (code) {
    score.raise(
      "high",
      `${program} runs code that drops or deletes everything it matches (${code.slice(0, 60)})`,
      "destructive_command",
    );
    fired = true;
  }
  return fired;
}

/**
 * `vim -c ':!rm -rf ~'`, `vi +'!make'`, `ex -c 'r !cmd'`: an editor's ex command that filters
 * through the shell runs the text after `!` as a command line; null when none does.
 */
export function editorShell(args: Word[]): string | null {
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    const text = /^(-c|--cmd|-S)$/.test(args[i - 1]?.value ?? "")
      ? value
      : value.startsWith("+")
        ? value.slice(1)
        : null;
    const bang =
      text === null || args[i]!.dynamic ? null : /^:?\s*(r(ead)?\s*|w(rite)?\s*)?!\s*(.+)$/.exec(text);
    if (bang) return bang[4]!;
  }
  return null;
}
