/**
 * Finding the destroying verb of a command line and the object it applies to (the general model
 * of destructive commands: rules/general.ts judges what is found). The vocabulary: verbs, the
 * containers of data or access, the routine single objects, and how a token splits into words
 * (`delete-bucket-policy`, `erasekeys`, `delprinc`, `dropuser`).
 */
import type { Word } from "../shell-model.js";

export const VERBS = new Set(
  "delete del rm remove destroy purge drop truncate wipe erase revoke disable reset flush prune forget unregister deregister uninstall terminate unset rb nuke zap cleanup decommission drain seal obliterate expunge rekey teardown deprovision retire dispose discard expire down deactivate".split(
    " ",
  ),
);
/** `FLUSHALL`, `dropdb`, `deleteall`: a verb and its object in one word. */
const JOINED =
  /^(flush|drop|delete|purge|wipe|truncate|destroy)(all|db|database|keyspace|index|indices|records|everything)$/;

export const CONTAINERS = new Set(
  (
    "database databases db dbs table tables collection collections keyspace keyspaces index indexes indices stream streams topic topics " +
    "queue queues vhost vhosts kv kvs bucket buckets repo repos repository repositories project projects namespace namespaces ns cluster clusters " +
    "volume volumes vol snapshot snapshots backup backups vault vaults secret secrets context contexts environment environments " +
    "stack stacks app apps application applications instance instances records data dataset datasets keyring keyrings zone zones " +
    "domain domains release releases orb orbs registry registries disk disks acl acls tenant tenants account accounts organization " +
    "organizations org orgs workspace workspaces function functions certificate certificates objects document documents storage " +
    "deployment deployments statefulset statefulsets pvc pvcs persistentvolume persistentvolumes crd crds customresourcedefinition " +
    "container containers keystore keystores keychain keychains site sites droplet droplets server servers group groups configs offsets partitions shares share service services pool pools network networks vm vms machine machines"
  ).split(" "),
);
export const ROUTINE = new Set(
  (
    "pod pods po job jobs run runs customer customers contact contacts subscriber subscribers profile profiles message messages label labels issue issues gist gists comment comments consumer consumers user " +
    "permission permissions exchange exchanges view views node schedule schedules restore restores pipeline pipelines cache caches " +
    "lock locks session sessions object branch tag tags image images file alias aliases webhook webhooks artifact artifacts reaction reactions " +
    "key keys ssh-key token config entry member invite invitation subscription policy event events replicaset replicasets " +
    "cronjob-run notification draft milestone variable model controller scaffold migration generator component helper " +
    // one run of a workflow, a build or a task (`temporal workflow terminate --workflow-id X`)
    "workflow workflows execution executions build builds task tasks " +
    // a setting of a resource, not the resource: its CORS rules, an endpoint, a revision, a comment
    "cors lifecycle concurrency endpoint content definition definitions revision revisions configuration configurations " +
    "setting settings attribute attributes preference preferences template templates annotation annotations filter filters " +
    // a knowledge graph's items (an MCP memory server's entities, observations, relations)
    "entity entities observation observations relation relations"
  ).split(" "),
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

export function words(token: string): string[] {
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
        // `systemerase`, `cachepurge`: an emptying verb written after its object
        const after = /^([a-z]{3,})(erase|wipe|purge|flush)$/.exec(part);
        if (after && !JOINED.test(part) && !/^(auto|non|pre)$/.test(after[1]!)) return [after[1]!, after[2]!];
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
/** Containers of data that `clear` empties (not accounts, permissions or settings). */
const DATA =
  /^(database|databases|db|table|tables|collection|collections|index|indexes|indices|stream|streams|topic|topics|queue|queues|bucket|buckets|dataset|datasets|records|data|objects|documents|keyspace)$/;
/** Objects that are secrets or the credentials of an access: no other copy, or access lost. */
export const SECRET_NOUN =
  /^(secret|secrets|credential|credentials|password|passwords|passphrase|private|privatekey)$/;
/** Verbs that remove what they name (not disable, reset or unset, which are undone). */
const REMOVING = new Set(
  "delete del rm remove destroy erase terminate decommission nuke zap teardown deprovision retire dispose".split(
    " ",
  ),
);
/**
 * What `kill` destroys when written with it (`kill-controller`, `kill-cluster`): an environment
 * torn down without its clean-up; `kill-server`, `kill-session` only stop a process.
 */
const KILLED =
  /^(controller|controllers|cluster|clusters|model|models|environment|env|instance|instances|machine|machines|vm|vms|stack|stacks)$/;
/** Credentials of an access: deleting one cuts off whoever uses it (`api-key delete`, `access-key rm`). */
const ACCESS_KEY =
  /^(api-?keys?|apikeys?|access-?keys?|service-?account-?keys?|signing-?keys?|deploy-?keys?|client-?secrets?)$/i;
/** Options whose value is where the call goes, not what it does (`-h prod-cache`, `--context prod`). */
const WHERE_OPTION =
  /^(-h|--host|--hostname|--server|--url|--endpoint|--context|--profile|--region|--namespace)$/;

/** A dotted word that is a file or a host, not `noun.verb` (`delete.json`, `db.example.com`). */
const FILE_OR_HOST =
  /\.(json|ya?ml|txt|csv|sh|py|js|ts|xml|conf|cfg|ini|log|sql|tar|gz|tgz|zip|md|toml|env|pem|key|crt|html?|jar|war|db|sqlite|bak|img|iso|com|net|org|io|dev|app|local|internal|lan|cloud)$/i;

/**
 * The words of a first sub-command written `noun:verb` (`variable:get`, `api:core:keys:create`)
 * or `noun.verb` (govc's `vm.destroy`, `host.shutdown`), or null.
 */
export function joinedSubcommand(value: string): string[] | null {
  if (/^[A-Za-z][\w-]*(:[A-Za-z][\w-]*)+$/.test(value)) return value.split(":");
  if (/^[a-z][a-z0-9-]*\.[a-z][a-z-]{2,}$/.test(value) && !FILE_OR_HOST.test(value)) return value.split(".");
  return null;
}

/** The destroying verb of a command and its object, or null. */
/** Sub-command verbs that make something: what follows them is its kind and names. */
const CREATES = /^(create|new|generate|init|issue|mint)$/;

export function destroyingVerb(program: string, args: Word[]): Found | null {
  const subcommands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.value === "--") break;
    // (the value of `-h HOST`, `--context NAME` is where, not a sub-command)
    if (i > 0 && args[i - 1]!.value.startsWith("-") && WHERE_OPTION.test(args[i - 1]!.value)) continue;
    // a run-time value (`-database "$DATABASE_URL"`) is no sub-command, and the words after it still are
    if (arg.dynamic || arg.value.startsWith("-")) continue;
    // a word, not a file (`delete.json`) or host; `vm.destroy` first is govc's noun.verb
    if (!/^[A-Za-z][\w:-]*$/.test(arg.value) && !(subcommands.length === 0 && joinedSubcommand(arg.value)))
      continue;
    subcommands.push(arg.value);
    // `step certificate create … zap zap.crt zap.key`: after a verb that makes something, the
    // words are what it makes and its names, not another verb
    if (subcommands.length >= 4 || CREATES.test(arg.value)) break;
  }
  const options = args
    .filter((arg) => /^--?[A-Za-z][\w-]*(=.*)?$/.test(arg.value))
    .map((arg) => arg.value.split("=")[0]!)
    // a negated option says the verb does not happen (`db import --no-truncate`, `--skip-delete`,
    // `--keep-volumes`): no destroying verb
    .filter((name) => !/^--(no|skip|keep|without|dont|do-not|preserve|disable)-/.test(name));
  const candidates = [
    ...subcommands.map((token, index) => ({ token, index })),
    { token: program, index: -1 },
  ];
  for (const option of options) candidates.push({ token: option, index: -2 });
  // `algolia indices clear products`, `x queue clear q`: clear after a container of data empties it
  // (`clear` alone stays no destroying verb: `Clear-Content`, `az account clear`, `clear_permissions`)
  const cleared = subcommands.findIndex((token) => token.toLowerCase() === "clear");
  const emptied = cleared > 0 ? nounOf(words(subcommands[cleared - 1]!).at(-1) ?? "") : null;
  if (emptied && DATA.test(emptied)) return { verb: "clear", noun: emptied };
  for (const { token, index } of candidates) {
    // `ldapdelete`, `vm-destroy`: a program named after removing what it is given
    // (`kdestroy` drops one's own tickets, `extundelete` recovers: neither)
    const suffix =
      index === -1 && !/un(delete|remove|destroy)$/.test(token)
        ? /^[a-z0-9]{3,}[-_]?(delete|remove|destroy)$/.exec(token)
        : null;
    if (suffix) return { verb: suffix[1]!, noun: null, removes: true };
    // `memcflush`, `cachepurge`: a program named after emptying its object outright
    // (`tpm2_clear`, `ipmi-sel-clear`: clear written as the program's last word, after a separator)
    const emptying =
      index === -1
        ? (/^[a-z][a-z0-9]{2,}(flush|purge|wipe|nuke|erase|truncate)$/.exec(token) ??
          /^[a-z][a-z0-9]{2,}[-_](clear)$/.exec(token))
        : null;
    if (emptying) return { verb: emptying[1]!, noun: null };
    const parts = words(token).map((part, at, all) =>
      // `schedule-key-deletion`: the noun of a verb, in a sub-command (an option `--deletion-protection` is a setting)
      index !== -2 && /^(deletion|removal|destruction)$/.test(part)
        ? "delete"
        : part === "kill" && KILLED.test(all[at + 1] ?? "")
          ? "destroy"
          : part,
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
    // (`--zone`, `--region`, `--location` say where the object is, not what it is: `dns
    // record-sets delete www --zone=z` deletes a record set)
    const option = options
      .filter((name) => !/^--?(zone|region|location|project|organization|folder)$/.test(name))
      .flatMap(words)
      .filter(known);
    const named = words(program).filter(known);
    const lastWord = (token: string | undefined) => (token ? words(token).at(-1) : undefined);
    // the verb token's own object first (`batch-delete-image`: an image, even unlisted), then a
    // known noun wherever it is; an unknown sub-command word only when none is known
    // `collection photos:remove ID ID`: a sub-command written `noun:verb` names its own object,
    // even of a kind no list has, before the sub-command word around it
    const ownNoun =
      index >= 0 && token.includes(":") && at > 0 && /^[a-z]{3,}$/.test(parts[at - 1]!)
        ? parts[at - 1]
        : null;
    const choices: (string | null | undefined)[] = [
      nounOf(after.at(-1) ?? ""),
      after.at(-1),
      ownNoun,
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
      secret:
        parts.some((part) => SECRET_NOUN.test(part)) ||
        // (`tls-private-key delete`: the object's own kind says it is a private key)
        subcommands.some((token) => ACCESS_KEY.test(token) || /(^|-)private-?keys?$/i.test(token)) ||
        // an API's or a user's key (`api:core:keys:remove`, `user key delete`): an access key
        (/^keys?$/.test(noun ?? "") &&
          subcommands
            .flatMap(words)
            .some((part) => /^(api|user|users|service-account|serviceaccount|account)$/.test(part)) &&
          !subcommands.some((token) => /ssh|key-?pair|gpg|pgp/i.test(token))),
    };
  }
  return null;
}

/** Options that name the objects acted on (`--image-ids X`, `--repository-name R`, `-n NAME`). */
export function namingOptions(args: Word[]): Word[] {
  return args.filter((arg) =>
    /^(-n|--?([\w-]+-)?(name|names|id|ids|arn|url|uri|key|handle|value|values)(=.*)?)$/i.test(arg.value),
  );
}
