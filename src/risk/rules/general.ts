/**
 * The general model of destructive commands (docs/risk.md, "Destructive verbs of any tool"):
 * per-program tables never catch up with the tools agents meet, so any command line is read
 * for a destroying verb — delete, remove, destroy, purge, drop, truncate, wipe, erase, revoke,
 * disable, reset, flush, prune, forget, unregister, uninstall, terminate, unset — in its
 * sub-command words, its option names or the program's own name (`kafka-delete-records`,
 * `dropdb`). What the verb applies to decides:
 *
 * - a container of data or access (a database, table, index, topic, queue, stream, bucket,
 *   repository, project, namespace, volume, snapshot, backup, secret store, …) — high;
 * - a routine single object (one pod, job, run, message, label, issue, gist, consumer, user,
 *   permission, view, node, cache entry, lock, …) — medium, unless the scope is everything
 *   (`--all`, `all`, `*`, `--recursive`, `--prefix`, `--purge`, a selector) or a production-looking
 *   name (`prod`, `production`, `live`, `kube-system`, `root`): then high;
 * - anything else — high with any scope (also `--force`, `--yes`, `--confirm`, `-auto-approve`)
 *   or a production-looking name; else the structure decides: a removing sub-command on a kind
 *   no rule knows, addressed on its own, is high (what it holds is not known), one item inside a
 *   named parent (two identifiers, two naming options, a path of names) medium.
 *
 * A secret manager (vault, op, doppler, infisical, bw, chamber, …) is a container by itself:
 * any destroying verb is high. Help, version and dry runs never reach here (`inertCall`).
 */
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { turnsOffDefence } from "./defences.js";

const VERBS = new Set(
  "delete del rm remove destroy purge drop truncate wipe erase revoke disable reset flush prune forget unregister deregister uninstall terminate unset rb nuke zap cleanup decommission drain seal obliterate expunge rekey".split(
    " ",
  ),
);
/** Verbs whose scope is everything in their object: emptied, drained, destroyed outright. */
const TOTAL = new Set(
  "purge wipe truncate flush erase nuke zap destroy drop drain obliterate expunge".split(" "),
);
/** Objects a generator makes in the project (`rails destroy model Post` removes generated files). */
const GENERATED = new Set("model controller scaffold migration generator component helper".split(" "));
/** Options that keep a way back: archived, soft-deleted, moved to a trash. */
const RECOVERABLE = /^--?(archive|soft(-delete)?|trash|to-trash|recoverable)$/;
/** `FLUSHALL`, `dropdb`, `deleteall`: a verb and its object in one word. */
const JOINED =
  /^(flush|drop|delete|purge|wipe|truncate|destroy)(all|db|database|keyspace|index|indices|records|everything)$/;

const CONTAINERS = new Set(
  (
    "database databases db dbs table tables collection collections keyspace keyspaces index indexes indices stream streams topic topics " +
    "queue queues vhost vhosts bucket buckets repo repos repository repositories project projects namespace namespaces ns cluster clusters " +
    "volume volumes vol snapshot snapshots backup backups vault vaults secret secrets context contexts environment environments " +
    "stack stacks app apps application applications instance instances records data dataset datasets keyring keyrings zone zones " +
    "domain domains release releases orb orbs registry registries disk disks acl acls tenant tenants account accounts organization " +
    "organizations org orgs workspace workspaces function functions certificate certificates objects document documents storage " +
    "deployment deployments statefulset statefulsets pvc pvcs persistentvolume persistentvolumes crd crds customresourcedefinition " +
    "container containers keystore keystores keychain keychains site sites droplet droplets server servers group groups configs offsets partitions shares share service services pool pools network networks vm vms machine machines"
  ).split(" "),
);
const ROUTINE = new Set(
  (
    "pod pods po job jobs run runs message messages label labels issue issues gist gists comment comments consumer consumers user " +
    "permission permissions exchange exchanges view views node schedule schedules restore restores pipeline pipelines cache caches " +
    "lock locks session sessions object branch tag tags file alias aliases webhook webhooks artifact artifacts reaction reactions " +
    "key keys ssh-key token config entry member invite invitation subscription policy event events replicaset replicasets " +
    "cronjob-run notification draft milestone variable model controller scaffold migration generator component helper " +
    // a setting of a resource, not the resource: its CORS rules, an endpoint, a revision, a comment
    "cors lifecycle concurrency endpoint content definition definitions revision revisions configuration configurations " +
    "setting settings attribute attributes preference preferences template templates annotation annotations filter filters " +
    // a knowledge graph's items (an MCP memory server's entities, observations, relations)
    "entity entities observation observations relation relations"
  ).split(" "),
);
/** Options naming everything, many, or no way back. */
const WIDE =
  /^(--?all(-[\w-]+)?|-A|--recursive|-r|-R|--?recurse|--?prefix(=.*)?|--?purge|--force-delete[\w-]*|--unsafe[\w-]*|--cascade(=.*)?|--everything|--dangerous|--permanent(ly)?|--hard|--?selector(=.*)?|-l|--volumes|--include-[\w-]+|--delete-(data|volumes|snapshots))$/;
/** Options that only skip a question. */
const CONFIRM =
  /^(--force|--yes|-y|--confirm(=.*)?|-?-auto-approve|--no-confirm|--no-prompt|--non-interactive|--assume-yes|--quiet|-f|-ff)$/;
const PRODUCTION = /(^|[^a-z0-9])(prod|production|prd|live|master|latest|kube-system|root)([^a-z0-9]|$)/i;
/**
 * An operand that is a privileged account's whole name (`delete_user admin`, `dropuser
 * replicator`): everyone's administration, or every replica's connection, goes with it.
 */
const PRIVILEGED = /^(admin|administrator|superuser|replicator|replication)$/i;
/** (an empty key or prefix, `etcdctl del --from-key ''`, matches every key) */
const EVERYTHING = /^(all|\*|_all|\/|\.|"\*"|'\*'|)$|\/\*\*?$|^ALL$|^All$/;
/**
 * An image or artifact in a registry: `host.tld[:port]/path[:tag|@sha256:…]` (`docker://` too);
 * one path segment needs a tag or digest (`ghcr.io/shop:v1`), two name a repository
 * (`gcr.io/proj/image`: every tag in it).
 */
const REGISTRY = String.raw`(docker:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?\/`;
const TAG = String.raw`(:[\w.-]+|@sha256:[0-9a-f]{12,})`;
const REMOTE_ARTIFACT = new RegExp(String.raw`^${REGISTRY}([\w.-]+\/[\w./-]+${TAG}?|[\w.-]+${TAG})$`);
/** Sub-command words that make any object an access grant (IAM users, ACL tokens, KMS keys). */
const ACCESS = /^(iam|acl|acls|rbac|kms|keyvault|secretsmanager|secrets|ssm|policy-store|identity)$/;

/** Tools whose every object is a secret (a store of credentials). */
export const SECRET_MANAGERS = new Set(
  "vault op doppler infisical bw lpass chamber sops gopass pass akeyless conjur teller".split(" "),
);

/**
 * The category word a noun stands for: itself when listed, or the listed noun it ends with
 * (`vcluster` is a cluster, `nodepool` a pool, `userpool` a pool), or null.
 */
function nounOf(word: string): string | null {
  if (CONTAINERS.has(word) || ROUTINE.has(word)) return word;
  if (word.length < 5) return null;
  for (const noun of CONTAINERS) if (noun.length >= 4 && word.endsWith(noun)) return noun;
  // `pipelinerun`, `taskrun`, `cronjob`: a routine object under a longer name
  for (const noun of ROUTINE)
    if (noun.length >= 3 && word.length > noun.length + 2 && word.endsWith(noun)) return noun;
  return null;
}

/**
 * `delprinc`, `delbr`, `rmuser`: a short removing verb written together with its object. The
 * English words that start with `del` (delta, delay, delegate, deliver, …) are not verbs.
 */
const JOINED_SHORT = /^(del|rm)([a-z]{2,})$/;
const ENGLISH_DEL = /^del(ta|ay|eg|iv|ig|im|ug|ve|ph|i$|ic|ir|in|et|ib|ux|oc|us|is)|^rmdir$/;

function words(token: string): string[] {
  return (
    token
      .replace(/^-+/, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .toLowerCase()
      .split(/[-_:.]+/)
      .filter(Boolean)
      // `erasekeys`, `deletelocation`, `flushcache`: a long verb written together with its object
      .flatMap((part) => {
        const short = JOINED_SHORT.exec(part);
        if (short && !ENGLISH_DEL.test(part) && !VERBS.has(part)) return [short[1]!, short[2]!];
        if (part.length < 7) return [part];
        const joined =
          /^(delete|remove|destroy|purge|erase|wipe|reset|flush|truncate|terminate|unregister|deregister)([a-z]{2,})$/.exec(
            part,
          );
        if (joined && !JOINED.test(part)) return [joined[1]!, joined[2]!];
        // `dropuser`, `droplang`: drop written with a kind it removes (`dropbox` names no kind)
        const drop = /^drop([a-z]{3,})$/.exec(part);
        return drop && !JOINED.test(part) && nounOf(drop[1]!) !== null ? ["drop", drop[1]!] : [part];
      })
  );
}

interface Found {
  verb: string;
  /** The verb's own word says many (`delete-batch`, `batch-delete-image`, `deleteall`). */
  bulk?: boolean;
  /** The object the verb applies to, when one is named. */
  noun: string | null;
  /** The verb removes its object (delete, remove, destroy, …) and is a sub-command, not a setting. */
  removes?: boolean;
  /** The verb's own token names a secret (`--delete-secret-keys`, `delete-private-key`). */
  secret?: boolean;
}
/** Objects that are secrets or the credentials of an access: no other copy, or access lost. */
const SECRET_NOUN =
  /^(secret|secrets|credential|credentials|password|passwords|passphrase|private|privatekey)$/;
/** Verbs that remove what they name (not disable, reset or unset, which are undone). */
const REMOVING = new Set("delete del rm remove destroy erase terminate decommission nuke zap".split(" "));

/** The destroying verb of a command and its object, or null. */
export function destroyingVerb(program: string, args: Word[]): Found | null {
  const subcommands: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    // a run-time value (`-database "$DATABASE_URL"`) is no sub-command, and the words after it still are
    if (arg.dynamic || arg.value.startsWith("-")) continue;
    if (!/^[A-Za-z][\w:-]*$/.test(arg.value)) continue; // a word, not a file (`delete.json`) or host
    subcommands.push(arg.value);
    if (subcommands.length >= 4) break;
  }
  const options = args
    .filter((arg) => /^--?[A-Za-z][\w-]*(=.*)?$/.test(arg.value))
    .map((arg) => arg.value.split("=")[0]!);
  const candidates = [
    ...subcommands.map((token, index) => ({ token, index })),
    { token: program, index: -1 },
  ];
  for (const option of options) candidates.push({ token: option, index: -2 });
  for (const { token, index } of candidates) {
    // `ldapdelete`, `vm-destroy`: a program named after removing what it is given
    // (`kdestroy` drops one's own tickets, `extundelete` recovers: neither)
    const suffix =
      index === -1 && !/un(delete|remove|destroy)$/.test(token)
        ? /^[a-z0-9]{3,}[-_]?(delete|remove|destroy)$/.exec(token)
        : null;
    if (suffix) return { verb: suffix[1]!, noun: null, removes: true };
    // `memcflush`, `cachepurge`: a program named after emptying its object outright
    const emptying =
      index === -1 ? /^[a-z][a-z0-9]{2,}(flush|purge|wipe|nuke|erase|truncate)$/.exec(token) : null;
    if (emptying) return { verb: emptying[1]!, noun: null };
    const parts = words(token).map((part) =>
      // `schedule-key-deletion`: the noun of a verb, in a sub-command (an option `--deletion-protection` is a setting)
      index !== -2 && /^(deletion|removal|destruction)$/.test(part) ? "delete" : part,
    );
    if (JOINED.test(parts.join(""))) return { verb: parts.join(""), noun: "database" };
    const at = parts.findIndex((part) => VERBS.has(part));
    if (at < 0) continue;
    const known = (part: string) => nounOf(part) !== null;
    // the object: the last word after the verb in the token (`delete-bucket-policy` is a
    // policy, `delete-user-pool` a pool), else a known word before it (`repo-delete`), else the
    // closest sub-command word before the verb (`nats stream delete`, `doctl databases
    // firewalls remove`: firewalls) or after it (`rabbitmqadmin delete queue`), else a known
    // option name, else the program's name (`kafka-topics --delete`, `vcluster delete`)
    const after = parts.slice(at + 1).filter((part) => !/^(from|to|all|batch|bulk|many|v\d+)$/.test(part));
    const before = parts.slice(0, at).filter(known);
    const closest = index >= 0 ? subcommands.slice(0, index).at(-1) : undefined;
    const next = index >= 0 ? subcommands[index + 1] : undefined;
    const option = options.flatMap(words).filter(known);
    const named = words(program).filter(known);
    const lastWord = (token: string | undefined) => (token ? words(token).at(-1) : undefined);
    // the verb token's own object first (`batch-delete-image`: an image, even unlisted), then a
    // known noun wherever it is; an unknown sub-command word only when none is known
    const choices: (string | null | undefined)[] = [
      nounOf(after.at(-1) ?? ""),
      after.at(-1),
      before.length > 0 ? nounOf(before.at(-1)!) : null,
      nounOf(lastWord(closest) ?? ""),
      nounOf(lastWord(next) ?? ""),
      // `az storage blob delete --container-name c`: an option naming a parent says where the
      // object lives; the sub-command word before the verb is the object, even of a kind no list has
      index >= 0 && closest && namingOptions(args).length > 0 ? lastWord(closest) : null,
      index !== -2 && option.length > 0 ? nounOf(option[0]!) : null,
      // `consul keyring -remove=K`: a removing option acts on the sub-command's object
      index === -2 && subcommands.length > 0 ? nounOf(lastWord(subcommands.at(-1)) ?? "") : null,
      named.length > 0 ? nounOf(named.at(-1)!) : null,
      lastWord(closest),
    ];
    const noun =
      choices.find((choice): choice is string => typeof choice === "string" && choice !== "") ?? null;
    return {
      verb: parts[at]!,
      noun,
      bulk: parts.some((part) => /^(batch|bulk|all|many)$/.test(part)),
      removes: index !== -2 && REMOVING.has(parts[at]!),
      secret: parts.some((part) => SECRET_NOUN.test(part)),
    };
  }
  return null;
}

/**
 * Raises what a destroying verb does (see the file comment); true when the command has one
 * (the caller's own rule then has nothing more to say about it).
 */
export function judgeDestroyingVerb(
  program: string,
  args: Word[],
  signals: Signals,
  extraScope = false,
): boolean {
  const defence = turnsOffDefence(args, words);
  if (defence) {
    signals.score.raise(
      "high",
      `${program} ${defence} turns off a defence (auditing, logging, a detector, encryption, a firewall): what happens next is not recorded or stopped`,
      "system_modification",
    );
    return true;
  }
  const found = destroyingVerb(program, args);
  if (!found) return false;
  // `nomad node drain -monitor ID`, `vault operator rekey -status`: only watches, or asks how far,
  // an operation already under way (nothing enables, forces or starts one)
  // (a flag, not a filter: `--status failed` selects what is deleted)
  const watch = args.find(
    (arg, i) =>
      /^--?monitor$/.test(arg.value) ||
      (/^--?status$/.test(arg.value) && !/^[^-]/.test(args[i + 1]?.value ?? "-")),
  );
  if (watch && !args.some((arg) => /^--?(enable|force|yes|y|deadline|init|start)(=.*)?$/.test(arg.value))) {
    signals.score.raise("medium", `${program} ${found.verb} ${watch.value} only watches, it starts nothing`);
    return true;
  }
  const values = args.map((arg) => arg.value);
  const routineNoun = found.noun !== null && ROUTINE.has(found.noun);
  const wide =
    extraScope ||
    // a batch verb over a list it is given (`batch-delete-image --image-ids X`) is a count, not everything
    (found.bulk === true && !routineNoun && namingOptions(args).length === 0) ||
    values.some((value) => WIDE.test(value) || EVERYTHING.test(value));
  const confirm = values.some((value) => CONFIRM.test(value));
  const production =
    values.find((value) => !value.startsWith("-") && PRODUCTION.test(value)) ??
    values.find((value) => /^--?[\w-]+=/.test(value) && PRODUCTION.test(value.split("=")[1] ?? ""));
  const privileged = values.find((value) => PRIVILEGED.test(value));
  const what = `${program} ${found.verb}${found.noun ? ` (${found.noun})` : ""}`;
  // an alias, tag, label or comment of a key is a pointer to it, not the key (`kms delete-alias`)
  const pointer = /^(alias|aliases|tag|tags|label|labels|comment|comments|annotation|annotations)$/.test(
    found.noun ?? "",
  );
  // `glab variable delete DEPLOY_TOKEN`: the object's own name says it is a credential
  const namedSecret =
    found.removes === true &&
    args.some(
      (arg) =>
        !arg.dynamic &&
        !arg.value.startsWith("-") &&
        // an operand, not the verb's own token (`delete-token` names the kind, not a credential)
        !words(arg.value).some((part) => VERBS.has(part)) &&
        arg.value
          .split(/[/:_.=-]+/)
          .some((part) =>
            /^(secret|secrets|password|passwd|token|credential|credentials|apikey)$/i.test(part),
          ),
    );
  const secrets =
    namedSecret ||
    SECRET_MANAGERS.has(program) ||
    found.secret === true ||
    SECRET_NOUN.test(found.noun ?? "") ||
    (!pointer && values.some((value) => ACCESS.test(value)));
  if (values.some((value) => RECOVERABLE.test(value))) {
    signals.score.raise("medium", `${what}: archived or soft-deleted (it can be restored)`);
    return true;
  }
  // `flatpak remove --unused`, `… --dangling`, `… --orphans`: only what nothing installed uses
  // any more, chosen by the tool (runtimes, images, dependencies left behind): routine cleanup
  if (
    !secrets &&
    values.some((value) => /^--(unused|dangling|orphans?)$/.test(value)) &&
    !values.some((value) => WIDE.test(value) || EVERYTHING.test(value))
  ) {
    signals.score.raise("medium", `${what}: only what nothing uses any more (routine cleanup)`);
    return true;
  }
  const routine = found.noun !== null && ROUTINE.has(found.noun);
  // `pip cache purge`, `dscacheutil -flushcache`: a cache is rebuilt by using the tool (routine)
  if (found.noun === "cache" || found.noun === "caches") {
    signals.score.raise("medium", `${what}: a cache, rebuilt by using the tool`);
    return true;
  }
  // `regctl tag delete ghcr.io/acme/shop:v1`: an artifact others pull, withdrawn (as unpublish, yank)
  const artifact = values.find((value) => REMOTE_ARTIFACT.test(value));
  if (artifact && found.removes === true) {
    signals.score.raise(
      "high",
      `${what} withdraws ${artifact.slice(0, 60)} from a registry others pull from (as unpublish or yank)`,
      "destructive_command",
    );
    return true;
  }
  // `rabbitmqctl reset`: a reset naming nothing resets everything the tool holds
  const wholeReset =
    found.verb === "reset" &&
    found.noun === null &&
    args.some((arg) => words(arg.value).includes("reset")) &&
    args.every((arg) => arg.value.startsWith("-") || words(arg.value).includes("reset"));
  const high = wholeReset
    ? "resets everything the tool holds"
    : TOTAL.has(found.verb) && !(found.noun && GENERATED.has(found.noun))
      ? `${found.verb === "drain" ? "takes everything off" : "empties or destroys"} its object outright`
      : secrets
        ? "destroys secrets or access (a secret store's contents and grants have no other copy)"
        : found.noun && CONTAINERS.has(found.noun)
          ? `deletes a ${found.noun}: a container of data or access`
          : wide
            ? "with a scope of everything (all, recursive, prefix, purge, selector)"
            : production
              ? `on a production-looking name (${production.slice(0, 40)})`
              : privileged
                ? `on a privileged account (${privileged})`
                : confirm && !routine
                  ? "without asking (force/yes/confirm)"
                  : null;
  if (high) signals.score.raise("high", `${what} ${high}`, "destructive_command");
  else if (
    found.removes === true &&
    !routine &&
    !(found.noun && CONTAINERS.has(found.noun)) &&
    !withinParent(args)
  )
    // a kind of object no rule knows, addressed alone: what it holds is not known (unknown is not safe)
    signals.score.raise(
      "high",
      `${what}: deletes a ${found.noun ?? "thing"} of a kind no rule knows, addressed on its own: what it holds is not known`,
      "destructive_command",
    );
  else
    signals.score.raise(
      "medium",
      `${what}: ${routine ? "a routine single-object delete" : "one item inside a named parent"}`,
    );
  return true;
}

/** Options that name the objects acted on (`--image-ids X`, `--repository-name R`, `-n NAME`). */
function namingOptions(args: Word[]): Word[] {
  return args.filter((arg) =>
    /^(-n|--?([\w-]+-)?(name|names|id|ids|arn|url|uri|key|handle|value|values)(=.*)?)$/i.test(arg.value),
  );
}

/**
 * The object is addressed inside a named parent: two identifiers after the verb (`records-delete
 * DOMAIN RECORD`), or two options naming objects (`--repository-name R --image-ids I`), or a URI
 * naming an item in a bucket or registry (`s3://b/key`): one item of a container, not the container.
 */
function withinParent(args: Word[]): boolean {
  if (namingOptions(args).length >= 2) return true;
  const operands = args.filter((arg) => !arg.value.startsWith("-"));
  const verb = operands.findIndex((arg) => words(arg.value).some((part) => VERBS.has(part)));
  const after = verb >= 0 ? operands.slice(verb + 1) : [];
  if (after.length >= 2 && after.every((arg) => !/^[a-z]+$/.test(arg.value))) return true;
  // a path of names (`app/tmp/lock`, `local:vztmpl/x.tar.zst`, `s3://b/key`): an item in a hierarchy
  return after.some((arg) => /^([a-z][\w+.-]*:\/\/[^/]+\/|[^/\s]+\/)[^/]+/.test(arg.value));
}

/**
 * A call that changes nothing whatever its verb: help (`--help`, `help` as the sub-command,
 * `-h` alone), the version (`--version`, `version`, `-V` alone), a dry run (`--dry-run`,
 * `--dryrun`, `--dry-run=client|server`, `--what-if`, `-WhatIf`, `--no-act`, `--simulate`,
 * `--plan`). Only for programs that do not run another command with their arguments (shells,
 * interpreters and launchers pass `--help` on to what they run); the caller checks that.
 */
export function inertCall(args: Word[], program = ""): string | null {
  const values: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    values.push(arg.value);
  }
  const words = values.filter((value) => !value.startsWith("-"));
  if (
    values.some((value) => /^(--help|-help|-\?|\/\?)$/.test(value)) ||
    words[0] === "help" ||
    // the AWS CLI's help is a last word after the command's own words (`aws s3 rm help`); with
    // an operand or an option before it, the call is read as it stands
    (program === "aws" &&
      words.at(-1) === "help" &&
      values.every((value) => /^[a-z][a-z0-9-]*$/.test(value))) ||
    (values.length === 1 && values[0] === "-h")
  )
    return "prints help";
  if (
    values.some((value) => value === "--version") ||
    words[0] === "version" ||
    (values.length === 1 && values[0] === "-V")
  )
    return "prints its version";
  const dry = values.find((value) =>
    // (`--assumeno`: yum and dnf answer no; `--test`: rpm and LVM only check; `--preview-only`: pulumi)
    /^(--dry-?run(=(client|server|true|yes|on|1))?|--what-?if|-whatif|--no-act|--simulate|--plan|--assumeno|--test|--preview-only|--noop)$/i.test(
      value,
    ),
  );
  if (dry) return `dry run (${dry}): changes nothing`;
  return null;
}
