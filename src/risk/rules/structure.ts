/**
 * Families read from the structure of a call to a program no rule names (docs/risk.md, "Read
 * from the structure of the call"): the words of the sub-commands and options say what happens,
 * whatever the program is called.
 *
 * - **Secrets printed** — a reading verb (get, show, read, reveal, view, export, download,
 *   decrypt, access, print, dump, cat) next to a secret kind of object (secret, password,
 *   credential, …): `infisical secrets get X --plain`, `bw get password`; a secret store's
 *   export or decryption (`bw export`, `sops -d f`); and the listing of secrets by a tool no rule
 *   knows (`bws secret list`), since whether it prints their values is not known.
 * - **Deleted by query** — a search, query, find, filter or match sub-command given a deleting
 *   option (`atuin search --delete ""`): it deletes whatever matches, not one named thing.
 * - **A machine powered off or reset** — `power off|reset|cycle`, `poweroff`, `reboot`,
 *   `shutdown`, `halt`, `sleepnow`, a management controller reset (`bmc reset cold`).
 * - **A network interface changed** — a changing verb on `dev IF` (`tc qdisc add dev eth0 root
 *   netem loss 100%`), or network addresses set (`lan set 1 ipaddr …`, `set … gateway …`).
 *
 * Help, version and dry runs never reach here (`inertCall`).
 */
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { credentialOutput, listsCredentialMetadata } from "./credential-output.js";
import { SECRET_MANAGERS } from "./general.js";
import { joinedSubcommand } from "./general-verb.js";

const READ_VERB =
  /^(get|show|read|reveal|view|export|download|decrypt|access|print|dump|cat|value|values|fetch|open|extract)$/;
const LIST_VERB = /^(list|ls)$/;
const SECRET_KIND =
  /^(secret|secrets|password|passwords|passwd|credential|credentials|creds|cred|api-?key|api-?keys|private-?key|private-?keys|passphrase|token|tokens)$/;
/** Options that print a value in clear (`--plain`, `--reveal`, `--show-secrets`). */
const CLEAR_OPTION =
  /^--(plain|reveal|show-secrets?|show-values?|with-decryption|decrypt|unmask(ed)?|raw-?values?)$/;
/** Options that put the secrets into what is read or dumped (`config dump --include-secrets`). */
const SECRETS_INCLUDED =
  /^--(include|with|export|dump|show|reveal)-(secrets?|credentials?|passwords?|keys?|tokens?|sensitive)$/;
/** Encryption tools whose `-d` decrypts. */
const DECRYPTERS = new Set(["age", "rage", "sops", "ccrypt", "scrypt", "gocryptfs-xray"]);
const SEARCH_VERB = /^(search|query|find|filter|match)$/;
const DELETE_OPTION = /^--?(delete|remove|purge|rm|del|delete-all|delete-matching|prune)$/;
const POWER_WORD =
  /^(poweroff|power-off|powerdown|power-down|powercycle|power-cycle|shutdown|reboot|halt|sleepnow|cold-reset|warm-reset|hardreset|hard-reset)$/;
/** A stopping word inside a sub-command's name (`safe-shutdown`, `graceful-poweroff`). */
const POWER_PART = /^(shutdown|poweroff|powerdown|halt)$/;
/** Words that only ask about or call off a shutdown (`shutdown status`, `cancel-shutdown`). */
const POWER_READ = /^(cancel|status|abort|info|show|list|get|query|schedule|scheduled)$/;
/**
 * A reset to the defaults of a device or a tool (`factory-reset`, `racresetcfg`, `reset-config`,
 * `restore-defaults`): every setting, account and key it held.
 */
const FACTORY_RESET =
  /^(factory-?reset|factoryreset|[a-z]*resetcfg|reset-?(cfg|config|configuration|to-?defaults?|defaults?)|restore-?defaults?|load-?defaults?)$/;
const POWER_STATE = /^(off|reset|cycle|down|soft)$/;
const CONTROLLER = /^(bmc|mc|ilo|idrac|chassis|host|machine|node|server|system)$/;
const CHANGING = /^(add|del|delete|change|replace|set|flush|link|remove|down)$/;
const NETWORK_ATTRIBUTE = /^(ipaddr|ip6addr|netmask|gateway|defgw|nameserver|dns|mtu|ipsrc|vlan)$/;
/** An interface name after `dev` (`eth0`, `enp3s0`, `wlan0`, `br-1`, `lo`). */
const INTERFACE =
  /^(eth|en|wl|wlan|lo|br|bond|veth|docker|tun|tap|virbr|ib|vlan|ww|team|macvlan|cali|flannel|cni|wg|utun|tailscale|zt)[\w.-]*$|^any$/;

/** The sub-command words: leading words that are names, not files, hosts or values. */
function subcommands(args: Word[]): string[] {
  const found: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    if (arg.dynamic || arg.value.startsWith("-")) continue;
    // (`2fa`, `3des`: a word that starts with a digit is still a word, a number is not)
    if (/^([A-Za-z]|\d[A-Za-z])[\w-]*$/.test(arg.value)) found.push(arg.value.toLowerCase());
    // `variable:get`, `backup:restore`: a first sub-command written noun:verb is two words
    else if (found.length === 0 && joinedSubcommand(arg.value))
      found.push(...joinedSubcommand(arg.value)!.map((word) => word.toLowerCase()));
    if (found.length >= 5) break;
  }
  return found;
}

/** Raises what the call's structure says; true when one of the families fired. */
export function judgeStructure(program: string, args: Word[], signals: Signals): boolean {
  const words = subcommands(args);
  const options = args.filter((arg) => arg.value.startsWith("-")).map((arg) => arg.value.split("=")[0]!);
  let fired = false;
  // secrets printed: a reading verb with a secret object beside it, or a store's export
  const read = words.findIndex((word) => READ_VERB.test(word));
  // … beside it, or anywhere in the sub-commands (`vault-secrets secrets open`, `secret version
  // access`), or in the name of what is read (`kv get secret/app`, `variable get -i prod/db/password`,
  // `access sm://p/db-password`): the parts of a path or name, split at / : _ - . =
  const secretNamed = (value: string) =>
    value
      .toLowerCase()
      .split(/[/:_.=@-]+/)
      .some((part) => SECRET_KIND.test(part));
  // (metadata, folders, names, versions listed are not the values)
  // an identity service's API key shown or listed: its id and metadata (the secret is shown once,
  // when it is made: `iam api-key get`, as `list-access-keys`)
  const iamKey =
    words.includes("iam") &&
    words.some((word) => /^api-?keys?$/.test(word)) &&
    !words.some((word) => /^(secret|secrets|password|passwords|credential|credentials)$/.test(word));
  const secretBeside =
    !iamKey &&
    read >= 0 &&
    read < 3 &&
    !words.some((word) =>
      /^(folders?|metadata|meta|info|describe|names|tags|versions|policy|policies|template|templates|status|config|settings)$/.test(
        word,
      ),
    ) &&
    ([words[read - 1], words[read + 1]].some((word) => word !== undefined && SECRET_KIND.test(word)) ||
      words.slice(0, read).some((word) => SECRET_KIND.test(word)) ||
      args.some(
        // (a path of names, `secret/app`, `sm://p/db-password`, or a prefix, `secrets/`)
        (arg) =>
          !arg.dynamic && /^([\w.-]*(:\/)?\/[\w.:/-]+|[\w.-]+\/)$/.test(arg.value) && secretNamed(arg.value),
      ) ||
      // an environment-style name of a credential (`get DATABASE_PASSWORD`, `STRIPE_SECRET_KEY`)
      args.some((arg) =>
        /^([A-Z][A-Z0-9]*_)*(PASSWORD|PASSWD|SECRET|SECRET_KEY|TOKEN|API_KEY|APIKEY|PRIVATE_KEY|CREDENTIALS?)$/.test(
          arg.value,
        ),
      ));
  // (a program named for a key or secret store, `elasticsearch-keystore`, `x-secrets`, is one)
  const store = SECRET_MANAGERS.has(program) || /keystore|keychain|secrets$/.test(program);
  const exports =
    store &&
    (words.some((word) => /^(export|decrypt|dump|download|backup)$/.test(word)) ||
      options.some((option) => /^(-d|--decrypt|--export)$/.test(option)));
  // a known store told to show or read an entry (`lpass show --password x`, `chamber read svc key`):
  // its entries are secrets; templates, status and configuration are not
  const storeShows =
    store &&
    read >= 0 &&
    (/^(show|read|cat|reveal|view)$/.test(words[read]!) ||
      options.some((option) => SECRET_KIND.test(option.replace(/^-+/, "")))) &&
    ![words[read - 1], words[read + 1]].some((word) =>
      /^(template|templates|status|config|version|folders?|policy|policies)$/.test(word ?? ""),
    ) &&
    // `vault read sys/health`: the server's own state, not an entry
    !args.some((arg) => /^sys\//.test(arg.value));
  // decryption prints what was encrypted to be kept secret (`age -d`, `rage --decrypt`, `x decrypt f`)
  const decrypts =
    words.includes("decrypt") ||
    options.includes("--decrypt") ||
    (DECRYPTERS.has(program) && options.some((option) => /^-[a-zA-Z]*d[a-zA-Z]*$/.test(option)));
  const list = words.findIndex((word) => LIST_VERB.test(word));
  // a known store lists names (`vault secrets list`: its engines); what it prints is in secrets.ts
  // (`baremetal list-secrets X`: the listing written as one word)
  const listsSecrets =
    !store &&
    ((list > 0 && SECRET_KIND.test(words[list - 1]!) && !listsCredentialMetadata(words)) ||
      words.some((word) => /^list-(secrets|passwords|credentials)$/.test(word)));
  // (`show-secret NAME --reveal`: the secret word inside a sub-command's name counts)
  const clear =
    (options.some((option) => CLEAR_OPTION.test(option)) &&
      words.some((word) => word.split(/[-_]+/).some((part) => SECRET_KIND.test(part)))) ||
    options.some((option) => SECRETS_INCLUDED.test(option));
  if (secretBeside || exports || listsSecrets || clear || storeShows || decrypts) {
    signals.score.raise(
      "high",
      listsSecrets && !secretBeside && !exports && !clear
        ? `${program} lists secrets: whether it prints their values is not known (no rule knows ${program})`
        : decrypts && !secretBeside
          ? `${program} decrypts what was encrypted to be kept secret, like reading a credential file`
          : `${program} prints secrets (${words.slice(0, 3).join(" ") || options.join(" ")}), like reading a credential file`,
      "sensitive_file_access",
    );
    fired = true;
  }
  // a credential printed or minted by a tool that holds it (rules/credential-output.ts)
  const output = fired ? null : credentialOutput(program, words, args);
  if (output) {
    signals.score.raise(
      "high",
      `${program} ${output}, like reading a credential file`,
      "sensitive_file_access",
    );
    fired = true;
  }
  // a credential changed or an account enabled (`ipmitool user set password 2`, `x user enable 2`,
  // `x account unlock root`): who may get in changes
  const change = words.findIndex((word) =>
    /^(set|change|reset|update|rotate|modify|cpw|enable|unlock|activate)$/.test(word),
  );
  const credential =
    change >= 0 &&
    (/^(enable|unlock|activate)$/.test(words[change]!)
      ? [words[change - 1], words[change + 1]].some(
          (word) => word !== undefined && /^(user|users|account|accounts|login|root|admin)$/.test(word),
        )
      : [words[change - 1], words[change + 1]].some((word) => word !== undefined && SECRET_KIND.test(word)));
  if (credential) {
    signals.score.raise(
      "high",
      `${program} ${words.slice(0, 4).join(" ")} changes a credential or who may log in`,
      "system_modification",
    );
    fired = true;
  }
  // emptied: `trash-empty`, `gio trash --empty`, `x mailbox empty`: what it holds is gone
  // (the word itself as a sub-command, not a value: `Set-Content -Value "Empty"`)
  const leading = args.filter((arg) => !arg.value.startsWith("-")).slice(0, 2);
  const empties =
    /(^|[-_])empty$/.test(program) ||
    leading.some((arg) => arg.value === "empty" && !/^-/.test(args[args.indexOf(arg) - 1]?.value ?? "")) ||
    options.includes("--empty");
  if (empties) {
    signals.score.raise(
      "high",
      `${program} empties what it holds (${words.slice(0, 3).join(" ")})`.replace(" ()", ""),
      "destructive_command",
    );
    fired = true;
  }
  // deleted by query: a search with a deleting option removes every match
  if (words.some((word) => SEARCH_VERB.test(word)) && options.some((option) => DELETE_OPTION.test(option))) {
    signals.score.raise(
      "high",
      `${program} ${words.find((word) => SEARCH_VERB.test(word))} with ${options.find((option) => DELETE_OPTION.test(option))} deletes whatever the query matches`,
      "destructive_command",
    );
    fired = true;
  }
  // a machine powered off or reset
  const power = words.indexOf("power");
  const reset = words.indexOf("reset");
  const powerParts = words.flatMap((word) => word.split(/[-_]+/));
  // (`trunk daemon shutdown`: the tool's own background daemon stops, not a machine)
  const ownDaemon = words.includes("daemon");
  if (
    (!ownDaemon &&
      (words.some((word) => POWER_WORD.test(word)) || powerParts.some((part) => POWER_PART.test(part))) &&
      !powerParts.some((part) => POWER_READ.test(part))) ||
    (power >= 0 && (POWER_STATE.test(words[power + 1] ?? "") || options.some((o) => /^--?off$/.test(o)))) ||
    // `StopInstances --StopType HARD`, `server stop --force`: machines stopped without their shutdown
    (args.some(
      (arg) =>
        /^stop[-_]?(instances?|servers?|vms?|machines?|hosts?|droplets?)$/i.test(arg.value) ||
        (words.includes("stop") && /^(instances?|servers?|vms?|machines?|hosts?|droplets?)$/.test(arg.value)),
    ) &&
      args.some((arg) => /^(--?force|--hard|hard|--stop-type=hard)$/i.test(arg.value))) ||
    (reset > 0 && CONTROLLER.test(words[reset - 1]!))
  ) {
    signals.score.raise(
      "high",
      `${program} powers off or resets a machine: it stops serving`,
      "system_modification",
    );
    fired = true;
  }
  // what the tool would refuse, allowed: `--allow-unsafe`, `--allow-destructive`, `--accept-data-loss`
  // (`--allow-unsafe` alone is also pip-compile's "pin setuptools": unsafe only beside an applying
  // verb; data loss, destructive changes and drops are so by their own words)
  const applies = words.some((word) =>
    /^(push|apply|migrate|deploy|sync|up|upgrade|execute|run|alter|import|restore|commit)$/.test(word),
  );
  const unsafe = options.find(
    (option) =>
      /^--(allow|accept|force)-(destructive|data-loss|drop)[\w-]*$/.test(option) ||
      (applies && /^--(allow|accept|force)-(unsafe|dangerous)[\w-]*$/.test(option)) ||
      // `theme push --live --allow-live`: what is live overwritten, past the tool's refusal
      (applies && /^--(allow|force)-(live|prod|production)$/.test(option)),
  );
  // every migration undone: `migrate apply --down all`, `migrate down --all`, `migrations rollback all`
  const migrations = words.some((word) => /^(migrate|migration|migrations|db)$/.test(word));
  const given = args.map((arg) => arg.value.toLowerCase());
  // (`db:rollback --all`: the verb inside a `noun:verb` word; `migrate:fresh`, `migrate:reset`,
  // `migrate refresh`: every table dropped or every migration rolled back, then run again)
  const undoAll =
    (migrations &&
      [...given, ...words].some((value) => /^(--?down|down|rollback|--rollback|revert)$/.test(value)) &&
      given.some((value) => /^(all|--all|--down=all)$/.test(value))) ||
    (words.some((word) => /^(migrate|migration|migrations)$/.test(word)) &&
      words.some((word) => /^(fresh|reset|refresh)$/.test(word)));
  if (unsafe || undoAll) {
    signals.score.raise(
      "high",
      unsafe
        ? `${program} ${unsafe} lets through the changes the tool refuses (data lost)`
        : `${program} ${words.slice(0, 3).join(" ")} undoes every migration: the schema and its data dropped`,
      "destructive_command",
    );
    fired = true;
  }
  // a container or sandbox given the host (`x run --privileged img`; `--privileged=false` is off),
  // an account made with an administrator's role (`x user create ops --role admin`)
  const privileged =
    args.some((arg) => /^--privileged(=true)?$/.test(arg.value)) &&
    words.some((word) => /^(run|create|exec|start|up)$/.test(word));
  const admin =
    words.some((word) => /^(create|add|invite|new)$/.test(word)) &&
    words.some((word) => /^(user|users|account|accounts|member|members|login)$/.test(word)) &&
    args.some(
      (arg, i) =>
        /^--?(role|roles|group|groups)(=.*)?$/.test(arg.value) &&
        /(^|=)(admin|administrator|administrators|owner|root|superuser|cluster-admin|sudo|wheel)$/i.test(
          arg.value.includes("=") ? arg.value : (args[i + 1]?.value ?? ""),
        ),
    );
  if (privileged || admin) {
    signals.score.raise(
      "high",
      privileged
        ? `${program} ${words.slice(0, 2).join(" ")} --privileged gives what it runs the host's privileges`
        : `${program} ${words.slice(0, 3).join(" ")} makes an account with an administrator's role`,
      "privilege_escalation",
    );
    fired = true;
  }
  // reset to the defaults: `racadm racresetcfg`, `x system factory-reset`, `x reset --factory`
  if (
    words.some((word) => FACTORY_RESET.test(word)) ||
    (words.includes("reset") && options.some((option) => /^--?(factory|defaults?|to-defaults)$/.test(option)))
  ) {
    signals.score.raise(
      "high",
      `${program} ${words.slice(0, 3).join(" ")} resets to the defaults: every setting, account and key it held`,
      "destructive_command",
    );
    fired = true;
  }
  // a network interface or a machine's network addresses changed
  const values = args.map((arg) => arg.value.toLowerCase());
  const dev = values.indexOf("dev");
  const set = values.indexOf("set");
  const setsAddress = set >= 0 && values.slice(set + 1).some((value) => NETWORK_ATTRIBUTE.test(value));
  // `wg-quick down wg0`, `iw dev wlan0 disconnect`, `rfkill block all`: a link taken down
  const downWord = words.findIndex((word) => /^(down|disconnect|block)$/.test(word));
  if (
    downWord >= 0 &&
    // an interface has a number (`wg0`, `wlan0`, `br-1`); `all` is every link
    [...words.slice(0, downWord), ...words.slice(downWord + 1)].some(
      (word) => (INTERFACE.test(word) && /\d/.test(word)) || word === "all",
    )
  ) {
    signals.score.raise(
      "high",
      `${program} ${words[downWord]} takes a network link down`,
      "system_modification",
    );
    fired = true;
  }
  // `iw dev wlan0 link` as the whole line shows the link's state (`link` after the interface,
  // nothing after it); `link` elsewhere, or any other changing word, changes the interface
  const statusOnly = dev >= 0 && values.length === dev + 3 && values[dev + 2] === "link";
  if (
    (dev >= 0 &&
      INTERFACE.test(values[dev + 1] ?? "") &&
      words.some((word) => CHANGING.test(word) && !(statusOnly && word === "link"))) ||
    setsAddress
  ) {
    signals.score.raise(
      "high",
      `${program} changes a network interface or address (${values.slice(0, 4).join(" ")}): the host's network`,
      "system_modification",
    );
    fired = true;
  }
  return fired;
}
