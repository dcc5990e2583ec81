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
import {
  CONTAINERS,
  destroyingVerb,
  namingOptions,
  ROUTINE,
  SECRET_NOUN,
  VERBS,
  words,
} from "./general-verb.js";
import { inertCall } from "./inert.js";

/** Verbs whose scope is everything in their object: emptied, drained, destroyed outright. */
const TOTAL = new Set(
  "purge wipe truncate flush erase nuke zap destroy drop drain obliterate expunge clear".split(" "),
);
/** Objects a generator makes in the project (`rails destroy model Post` removes generated files). */
const GENERATED = new Set("model controller scaffold migration generator component helper".split(" "));
/** Options that keep a way back: archived, soft-deleted, moved to a trash. */
const RECOVERABLE = /^--?(archive|soft(-delete)?|trash|to-trash|recoverable)$/;
/** Options naming everything, many, or no way back. */
const WIDE =
  /^(--?all(-[\w-]+)?|-A|-a|--recursive|-r|-R|--?recurse|--?prefix(=.*)?|--?purge|--prune|--force-delete[\w-]*|--unsafe[\w-]*|--cascade(=.*)?|--everything|--dangerous|--permanent(ly)?|--hard|--?selector(=.*)?|-l|--volumes|--include-[\w-]+|--delete-(data|volumes|snapshots)|--query(=.*)?|--where(=.*)?)$/;
/**
 * An option that destroys the data beside what is removed (`--destroy-storage`,
 * `--delete-resources`, `--destroy-all-models`, `--remove-volumes`, `--purge-data`): the call
 * takes what the object held with it.
 */
const TAKES_DATA =
  /^--(delete|destroy|remove|purge|wipe|drop)-([\w-]*-)?(storage|data|volumes?|disks?|snapshots?|backups?|resources|models|databases?|everything|all|artifacts?|files|objects|contents)$/;
/**
 * A retention policy given to a removing verb (`forget --keep-last 1`, `prune -keep 0:360`):
 * every backup or snapshot the policy does not keep is deleted.
 */
const RETENTION =
  /^--?keep(-(last|hourly|daily|weekly|monthly|yearly|within[\w-]*|tags?|n|count|latest|min|minimum))?(=.*)?$|^--max-(builds|count|backups|snapshots|versions|archives|days)(=.*)?$|^--([\w-]+-)?retention(-[\w-]+)?(=.*)?$/;
/** A backup tool, by its name (its prune or forget applies the retention to every archive). */
export const BACKUP_TOOL =
  /borg|restic|backup|backrest|barman|wal-?g$|kopia|rustic|dupli|tarsnap|bup$|zrepl|sanoid|snapper|timeshift|bacula|bareos/;
/** Options that choose the items of a bulk verb (`--image-ids X`, `--object-names`, `--prefix p`). */
const ITEMS =
  /^--?([\w-]+-)?(ids|names|keys|list|objects|items|files|entries|input|input-json|manifest|prefix|include|exclude|filter|pattern|match|from-file|older-than|before|after)(=.*)?$/;
/** Options that only skip a question. */
const CONFIRM =
  /^(--force|--yes|-y|--confirm(=.*)?|-?-auto-approve|--no-confirm|--no-prompt|--non-interactive|--assume-yes|--quiet|-f|-ff)$/;
// (`@latest` is the most recent item, a pointer, as argo's `get @latest`; `:latest` is a tag)
const PRODUCTION = /(^|[^a-z0-9@])(prod|production|prd|live|master|latest|kube-system|root)([^a-z0-9]|$)/i;
/**
 * An operand that is a privileged account's whole name (`delete_user admin`, `dropuser
 * replicator`): everyone's administration, or every replica's connection, goes with it.
 */
const PRIVILEGED = /^(admin|administrator|superuser|replicator|replication)$/i;
/**
 * An operand written as a wildcard pattern (`USB*`, `*ndiswan*`, `=net *`): every object that
 * matches, however many, not one named object.
 */
const PATTERN = /^[^-=][^=\s]*\*|^\*[^\s]+/;
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
const ACCESS =
  /^(iam|acl|acls|rbac|kms|keymanager|key-manager|keyvault|secretsmanager|secrets|ssm|policy-store|identity)$/;
/**
 * Kinds that are routine wherever they live: a login's public key (`iam ssh-key delete`, `key-pair
 * delete`: one login removed, the private key stays with its owner) and a scheduling rule
 * (`placement-group delete`, `affinity-group delete`: machines are placed differently, none goes),
 * and a DNS record set (`record-sets delete www --zone=z`: one name's records, as one record).
 */
const ROUTINE_KIND =
  /^(ssh-?keys?|key-?pairs?|keypairs?|placement-groups?|(anti-)?affinity-groups?|record-?sets?|resource-record-sets?)$/;

/** Tools whose every object is a secret (a store of credentials). */
export const SECRET_MANAGERS = new Set(
  "vault op doppler infisical bw lpass chamber sops gopass pass akeyless conjur teller".split(" "),
);

/** Verbs whose object is emptied or destroyed whole (`dltpurge`, `cachewipe`, `drop_tables`). */
const EMPTYING = /^(purge|wipe|nuke|erase|truncate|flush|destroy|drop|obliterate|expunge|zap)/;

/**
 * A script handed to its interpreter (`cscript dltpurge.vbs -s dc01`, `python db_wipe.py`,
 * `bash nuke-all.sh`) is the program that runs: a name that says it empties or destroys its
 * object outright is judged as the same script run by its own name (`./dltpurge.sh` is). Only
 * the emptying verbs: a script named for a routine delete (`cleanup.py`, `remove_old.sh`) says
 * too little to be more than the medium of any script. True when the name raised.
 */
export function judgeScriptName(script: string, rest: Word[], signals: Signals): boolean {
  const name = (script.split(/[\\/]/).pop() ?? "").toLowerCase().replace(/\.[a-z0-9]{1,4}$/, "");
  if (!name) return false;
  const found = destroyingVerb(name, rest);
  // (the script's own `--help` or `--dry-run`: judged as the call it is, the medium of any script)
  if (!found || !EMPTYING.test(found.verb) || inertCall(rest) !== null) return false;
  return judgeDestroyingVerb(name, rest, signals);
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
  /** An option the caller knows skips the question (the mined lexicon's `--no-input`, …). */
  extraConfirm = false,
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
  // `rails destroy model Post` removes generated files; `juju destroy-model m` a whole model
  const generated =
    found.noun !== null &&
    GENERATED.has(found.noun) &&
    values.some((value, i) => /^(destroy|d)$/.test(value) && values[i + 1] === found.noun);
  // (a generator's kind written into a tool's own verb, `kill-controller`, is no generated file)
  const routineKind = values.some((value) => ROUTINE_KIND.test(value));
  // `objects delete products --object-ids 123`: the items named by their own option are a count
  const itemsNamed =
    found.noun !== null &&
    /s$/.test(found.noun) &&
    args.some((arg) =>
      new RegExp(`^--?${found.noun!.replace(/e?s$/, "")}-(ids|names|keys)(=.*)?$`).test(arg.value),
    );
  // `rvm remove 2.7.8`, `x uninstall v1.4.0`: what is addressed by a version number is one version
  // of something, installed again at will (routine)
  const version = args.some((arg) => /^v?\d+(\.\d+){1,3}([-+][\w.]+)?$/.test(arg.value));
  const routineNoun =
    routineKind ||
    (version && found.noun === null) ||
    itemsNamed ||
    fileInside(args) ||
    (found.noun !== null && ROUTINE.has(found.noun) && (generated || !GENERATED.has(found.noun)));
  // (`consul kv delete app/tmp/lock`: a key-value store's key named by its path is one item of it)
  const container =
    !routineKind &&
    found.noun !== null &&
    CONTAINERS.has(found.noun) &&
    !itemsNamed &&
    !fileInside(args) &&
    !(/^kvs?$/.test(found.noun) && withinParent(args));
  const wide =
    extraScope ||
    // a batch verb over a list it is given (`batch-delete-image --image-ids X`) is a count, not everything
    (found.bulk === true && !routineNoun && namingOptions(args).length === 0) ||
    // `os object bulk-delete --bucket-name b --force`: a bulk verb told which container but not
    // which items (no ids, names, keys, prefix or filter) takes everything in it
    (found.bulk === true && found.removes === true && !args.some((arg) => ITEMS.test(arg.value))) ||
    values.some(
      (value) => WIDE.test(value) || EVERYTHING.test(value) || TAKES_DATA.test(value) || PATTERN.test(value),
    ) ||
    // `gam user u delete messages query "in:anywhere" doit`: a query written as a bare keyword
    values.some(
      (value, i) => /^(query|where|matching)$/.test(value) && i > 0 && values[i + 1] !== undefined,
    ) ||
    (/^(forget|prune|delete|cleanup|expire|purge|rm|remove|discard)$/.test(found.verb) &&
      values.some((value) => RETENTION.test(value))) ||
    // a backup tool told to prune, forget or expire applies its retention to every archive
    // (`borgmatic prune`, `pgbackrest expire`), or removes the backup it names
    (/^(forget|prune|expire)$/.test(found.verb) && BACKUP_TOOL.test(program));
  const confirm = extraConfirm || values.some((value) => CONFIRM.test(value));
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
    (!pointer && !routineKind && values.some((value) => ACCESS.test(value)));
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
  const routine = routineNoun;
  // `pip cache purge`, `dscacheutil -flushcache`: a cache is rebuilt by using the tool; test
  // coverage data by running the tests (`coverage erase`, `ansible-test coverage erase`)
  if (/^(caches?|coverage)$/.test(found.noun ?? program)) {
    signals.score.raise("medium", `${what}: regenerable (a cache or coverage data)`);
    return true;
  }
  // `fastly purge --all --service-id S`, `flarectl zone purge --zone z --everything`: what a CDN
  // purges of a zone, a service or a site is its cache, filled again from the origin (routine)
  if (
    found.verb === "purge" &&
    /^(zone|zones|service|services|site|sites|cdn|distribution|distributions|endpoint|endpoints)$/.test(
      found.noun ?? "",
    ) &&
    !values.some((value) =>
      /^(database|databases|bucket|buckets|queue|queues|volume|volumes|data)$/.test(value),
    )
  ) {
    signals.score.raise("medium", `${what}: a cache at the edge, filled again from the origin`);
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
  // `rabbitmqctl reset`, `cilium uninstall`: a reset, an uninstall or a destroy naming nothing acts
  // on everything the tool holds or set up
  const wholeReset =
    /^(reset|uninstall|destroy|teardown|nuke|purge|wipe)$/.test(found.verb) &&
    found.noun === null &&
    args.some((arg) => words(arg.value).includes(found.verb)) &&
    args.every((arg) => arg.value.startsWith("-") || words(arg.value).includes(found.verb));
  const high = wholeReset
    ? `${found.verb === "reset" ? "resets" : "removes"} everything the tool holds or set up`
    : TOTAL.has(found.verb) && !generated
      ? `${found.verb === "drain" ? "takes everything off" : "empties or destroys"} its object outright`
      : secrets
        ? "destroys secrets or access (a secret store's contents and grants have no other copy)"
        : container
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
  else if (found.removes === true && !routine && !container && !withinParent(args))
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

/** A manifest or configuration file, by its extension. */
const MANIFEST = /\.(ya?ml|json|toml|hcl|ini|conf)$/i;

/**
 * The object is addressed inside a named parent: two identifiers after the verb (`records-delete
 * DOMAIN RECORD`), or two options naming objects (`--repository-name R --image-ids I`), or a URI
 * naming an item in a bucket or registry (`s3://b/key`): one item of a container, not the container.
 */
function withinParent(args: Word[]): boolean {
  if (namingOptions(args).length >= 2) return true;
  // (`delete --filename server.yaml --id X`: the manifest a file option names says where the
  // object is described, it is no identifier of a parent)
  const operands = args.filter(
    (arg, i) =>
      !arg.value.startsWith("-") &&
      !(
        /^--?(f|file|filename|file-name|manifest)$/.test(args[i - 1]?.value ?? "") && MANIFEST.test(arg.value)
      ),
  );
  const verb = operands.findIndex((arg) => words(arg.value).some((part) => VERBS.has(part)));
  const after = verb >= 0 ? operands.slice(verb + 1) : [];
  if (after.length >= 2 && after.every((arg) => !/^[a-z]+$/.test(arg.value))) return true;
  // a path of names (`app/tmp/lock`, `local:vztmpl/x.tar.zst`, `s3://b/key`): an item in a hierarchy
  return after.some((arg) => /^([a-z][\w+.-]*:\/\/[^/]+\/|[^/\s]+\/)[^/]+/.test(arg.value));
}

/**
 * A file named by its path after the container's own name (`volume rm training-data
 * /checkpoints/epoch-1.pt`): one item of the container, not the container.
 */
function fileInside(args: Word[]): boolean {
  const operands = args.filter((arg) => !arg.value.startsWith("-"));
  const verb = operands.findIndex((arg) => words(arg.value).some((part) => VERBS.has(part)));
  const after = verb >= 0 ? operands.slice(verb + 1) : [];
  // (a path with a directory: `disk1.qcow2` or a host `k8s.example.com` alone is the object itself)
  return (
    after.length >= 2 &&
    /^\/?[\w.-]+(\/[\w.-]+)+\.[A-Za-z0-9]{1,5}$|^\/[\w.-]+\.[A-Za-z0-9]{1,5}$/.test(after.at(-1)!.value)
  );
}
