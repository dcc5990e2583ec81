/**
 * Operations on a running service, read from the words of a call to a program no rule names
 * (docs/risk.md, "Operations on a running service"): what a cluster, a replicated database or a
 * service manager is told to do to itself, whatever the program is called.
 *
 * - **A member removed from a cluster** — `force-leave`, `remove-peer`, `remove-member`,
 *   `forget_cluster_node`, or a removing verb beside `member`, `peer` or `voter` with no team,
 *   group, organisation or project word (those are people, not replicas): the quorum shrinks and
 *   what that member held is re-replicated or lost.
 * - **A node taken out of service** — `cordon`, `evacuate`, `fence`, a node put on standby, a
 *   node's scheduling eligibility disabled, a maintenance mode enabled: its work moves elsewhere
 *   or stops.
 * - **A replication role changed** — `failover`, `switchover`, `takeover`, `demote`, `reinit`;
 *   `promote` and `rewind` where a database or a standby is meant: two primaries, or the writes
 *   of one side discarded.
 * - **State replaced by a restore** — a `snapshot restore` into the running service (no target
 *   of its own), or a restore told to drop what is there first (`--clean`, `--drop`,
 *   `--overwrite`): what changed since the snapshot is gone.
 * - **A backup restored over the service** — a restore by a backup tool or of a backup
 *   (`gitlab-backup restore BACKUP=x`, `x backup restore ID`) with no target of its own.
 * - **A machine rebuilt** — a machine rebuilt, reinstalled or re-imaged (`server rebuild`,
 *   `instance reinstall`), or restored from a snapshot or backup (`instance restore ID --snapshot
 *   S`): its disk is replaced, and what it held since is gone.
 * - **Everything stopped at once** — a stopping verb written with `all` (`deactivate-all`,
 *   `close_all_connections`, `stop-all`), or a whole cluster, volume or pool stopped with `--all`
 *   or `force`: every session, connection or service, not one.
 *
 * Help, version and dry runs never reach here (`inertCall`); status, list and show forms name
 * none of these words.
 */
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { BACKUP_TOOL } from "./general.js";
import { joinedSubcommand } from "./general-verb.js";

const MEMBER_REMOVED =
  /^(force-?leave|remove-?peer|remove-?member|remove-?node|forget-?cluster-?node|evict-?member|assassinate)$/;
const MEMBER = /^(member|members|peer|peers|voter|voters|raft)$/;
const REMOVE = /^(remove|delete|rm|del|forget|evict|leave|kick|detach)$/;
/** Words that make a member a person (`team member remove`), not a replica. */
const PEOPLE =
  /^(team|teams|group|groups|org|orgs|organization|project|projects|role|roles|channel|repo|workspace)$/;
const OUT_OF_SERVICE = /^(cordon|decommission|evacuate|fence)$/;
const ROLE_CHANGE = /^(failover|fail-over|switchover|switch-over|takeover|take-over|demote|reinit)$/;
const DATABASE_ROLE = /^(standby|replica|replicas|secondary|follower|slave|primary|master|leader)$/;
/** A program that controls a database or its replication (`pg_ctl`, `repmgr`, `mysqlrouter`). */
const DATABASE_TOOL =
  /^(pg|postgres|psql|mysql|maria|mongo|redis|repmgr|patroni|cockroach|etcd|galera)|(sql|db)(ctl|admin)?$/;
const RESTORE_DROPS =
  /^(--clean|--drop|--drop-?database|--overwrite|--replace|--force-?overwrite|--delete-?existing|--force|-f)$/;
const OWN_TARGET =
  /^(--?t|--target[\w-]*|--data-?dir|--output|-o|--to|--into|--dir|--destination|--new-[\w-]+)(=.*)?$/;
const REBUILD = /^(rebuild|reinstall|reimage|reprovision|reformat)$/;
const MACHINE =
  /^(instance|instances|server|servers|vm|vms|machine|machines|droplet|droplets|node|nodes|host|hosts|linode|linodes|baremetal|metal|compute|device|devices)$/;
/** What a tool runs: services, apps, containers, machines (`service stop --all`). */
const MANY_RUN =
  /^(service|services|app|apps|application|applications|container|containers|instance|instances|vm|vms|machine|machines|node|nodes|worker|workers|server|servers)$/;
const ACCOUNT = /^(account|accounts|organization|organisation|org|subscription|tenant)$/;
const STORAGE_NOUN =
  /^(volume|volumes|disk|disks|drive|drives|partition|partitions|device|devices|card|filesystem|fs)$/;
const STOP_VERB = /^(stop|kill|close|terminate|deactivate|disconnect|logout|suspend|shutdown)$/;

/** The words of the call: sub-command words and the program's own, split at - _ (lower case). */
function parts(token: string): string[] {
  return token
    .toLowerCase()
    .split(/[-_.]+/)
    .filter(Boolean);
}

/** Raises what the call does to a running service; true when one of the families fired. */
export function judgeOperations(program: string, args: Word[], signals: Signals): boolean {
  const tokens: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    // (`backup:restore`: a first sub-command written noun:verb is two words)
    if (tokens.length === 0 && !arg.dynamic && joinedSubcommand(arg.value)) {
      tokens.push(...joinedSubcommand(arg.value)!.map((word) => word.toLowerCase()));
      continue;
    }
    if (arg.dynamic || arg.value.startsWith("-") || !/^[A-Za-z][\w-]*$/.test(arg.value)) continue;
    tokens.push(arg.value.toLowerCase());
    if (tokens.length >= 4) break;
  }
  const options = args.filter((arg) => arg.value.startsWith("-")).map((arg) => arg.value.split("=")[0]!);
  const split = tokens.flatMap(parts);
  const own = parts(program.replace(/\.\w+$/, ""));
  const raise = (reason: string, category: "destructive_command" | "system_modification") =>
    signals.score.raise(
      "high",
      `${program} ${tokens.slice(0, 3).join(" ")} ${reason}`.replace("  ", " "),
      category,
    );

  // a member removed from a cluster
  const memberWord = split.findIndex((word) => MEMBER.test(word));
  if (
    tokens.some((token) => MEMBER_REMOVED.test(token.replaceAll("_", "-"))) ||
    (memberWord >= 0 &&
      [split[memberWord - 1], split[memberWord + 1]].some(
        (word) => word !== undefined && REMOVE.test(word),
      ) &&
      !split.some((word) => PEOPLE.test(word)))
  ) {
    raise(
      "removes a member from a cluster: the quorum shrinks and what it held is moved or lost",
      "destructive_command",
    );
    return true;
  }
  // a node taken out of service
  const maint = split.findIndex((word) => /^(maint|maintenance)$/.test(word));
  // `pcs node standby node1`: a node put on standby runs nothing
  const standby = split.indexOf("standby");
  const eligibility = split.includes("eligibility") || split.includes("schedulable");
  if (
    split.some((word) => OUT_OF_SERVICE.test(word)) ||
    (standby > 0 && /^(node|nodes|host|hosts)$/.test(split[standby - 1]!)) ||
    (maint >= 0 &&
      (options.some((option) => /^--?(enable|on)$/.test(option)) ||
        /^(enable|on|start)$/.test(split[maint + 1] ?? ""))) ||
    (eligibility &&
      (options.some((option) => /^--?(disable|off)$/.test(option)) || split.includes("disable")))
  ) {
    raise("takes a node out of service: its work moves elsewhere or stops", "system_modification");
    return true;
  }
  // a replication role changed
  const database = DATABASE_TOOL.test(program) || split.some((word) => DATABASE_ROLE.test(word));
  if (
    split.some((word) => ROLE_CHANGE.test(word)) ||
    (database && [...split, ...own].some((word) => /^(promote|rewind)$/.test(word)))
  ) {
    raise(
      "changes which server is primary: two primaries, or one side's writes discarded",
      "destructive_command",
    );
    return true;
  }
  // state replaced by a restore
  const restores = split.includes("restore") || own.includes("restore");
  // `import --replace --table t data.jsonl`, `load --overwrite`: an import told to drop what is there
  const replacing =
    split.some((word) => /^(import|load)$/.test(word)) &&
    (options.some((option) =>
      /^--(replace|replace-all|overwrite|drop|clean|delete-?existing)$/.test(option),
    ) ||
      // `strapi import -f backup.tar.gz --force`: a backup imported over what is there
      (options.includes("--force") &&
        args.some((arg) => /\.(tar\.gz|tgz|tar|dump|sql|zip|bak)$/.test(arg.value))));
  if (replacing) {
    raise("replaces what is there with what it imports: the data it held is gone", "destructive_command");
    return true;
  }
  const snapshot = split.indexOf("snapshot");
  // (`pgbackrest restore`: a backup tool's restore is a backup's)
  const backup =
    [...split, ...own].some((word) => /^(backup|backups)$/.test(word)) || BACKUP_TOOL.test(program);
  if (
    restores &&
    (options.some((option) => RESTORE_DROPS.test(option)) ||
      (backup && !options.some((option) => OWN_TARGET.test(option))) ||
      (own.includes("restore") && options.includes("-c")) ||
      (snapshot >= 0 &&
        split[snapshot + 1] === "restore" &&
        !options.some((option) => OWN_TARGET.test(option))))
  ) {
    raise(
      "replaces what the service holds: what changed since the snapshot or dump is gone",
      "destructive_command",
    );
    return true;
  }
  // an account, organisation or subscription closed: everything it holds or pays for goes
  const closes = split.findIndex((word) => /^(close|cancel)$/.test(word));
  if (
    closes >= 0 &&
    [split[closes - 1], split[closes + 1]].some((word) => word !== undefined && ACCOUNT.test(word))
  ) {
    raise(
      "closes an account, an organisation or a subscription: what it holds goes with it",
      "destructive_command",
    );
    return true;
  }
  // a disk or volume formatted by any tool (`x volume format vol-1`, `x disk format d1`)
  if (
    split.some((word) => /^(format|reformat|initialize|initialise)$/.test(word)) &&
    split.some((word) => STORAGE_NOUN.test(word))
  ) {
    raise("formats a disk or volume: what it held is gone", "destructive_command");
    return true;
  }
  // a machine rebuilt, or restored from a snapshot or backup: its disk is replaced
  if (
    split.some((word) => MACHINE.test(word)) &&
    !options.some((option) => /^--(preserve|keep)-data$/.test(option)) &&
    (split.some((word) => REBUILD.test(word)) ||
      // an operating system installed over a server (`baremetal server install ID os-id=…`)
      (split.includes("install") &&
        args.some((arg) =>
          /^(--?os(-id)?|--operating-system|os(-id)?=.*|--?os(-id)?=.*)$/.test(arg.value),
        )) ||
      (split.includes("restore") &&
        options.some((option) => /^--(snapshot|backup|image)(-id)?$/.test(option))))
  ) {
    raise(
      "replaces a machine's disk: what it held since the image or snapshot is gone",
      "destructive_command",
    );
    return true;
  }
  // everything stopped at once: a stopping verb and `all` in one token, or a whole cluster,
  // volume or pool stopped with `--all` or `force` (`pcs cluster stop --all`, `gluster volume
  // stop gv0 force`)
  const values = args.map((arg) => arg.value);
  if (
    tokens.some(
      (token) => parts(token).some((word) => STOP_VERB.test(word)) && parts(token).includes("all"),
    ) ||
    (split.some((word) => STOP_VERB.test(word)) &&
      split.some((word) => /^(cluster|clusters|volume|volumes|pool|pools|filesystem|fs)$/.test(word)) &&
      values.some((value) => /^(--all|all|force|--force)$/.test(value))) ||
    // `x service stop --all`, `x apps stop all`: every service, app or machine the tool runs
    (split.some((word) => /^(stop|kill|shutdown|terminate|halt)$/.test(word)) &&
      split.some((word) => MANY_RUN.test(word)) &&
      values.some((value) => /^(--all|all|-a)$/.test(value)))
  ) {
    raise("stops every session, connection or service at once", "system_modification");
    return true;
  }
  return false;
}
