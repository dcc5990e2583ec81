/**
 * Credentials printed or minted by a program no rule names, read from the words of the call
 * (docs/risk.md, "Credentials printed by any CLI"): a CLI that holds an access prints it on
 * request, and the request is spelled the same way whatever the CLI is called.
 *
 * - **A credential as the thing asked for** — an access's token after an identity word (`auth
 *   token`, `iam create-token`, `whoami --show-token`), or a word that is only ever a credential
 *   (`api-keys`, `kubeconfig`, `connection-string`, `dsn`, `access-token`) as the last sub-command,
 *   or followed by a reading verb or a name (`projects api-keys`, `kubeconfig get c`,
 *   `connection-string main`): what is printed is the credential.
 * - **A credential minted** — a creating verb beside a token, password or API key (`password
 *   create db main x`, `tokens create db`): a new credential is printed once, to whoever ran it.
 * - **A deployment's environment in clear** — `variables --kv`, `env --plain`, `env pull`: the
 *   environment holds the deployment's secrets, as `.env` does.
 * - **A credential runner's environment printed** — a secret store or credential helper running
 *   `env` or `printenv` (`aws-vault exec prod -- env`, `doppler run -- printenv`): what it put into
 *   the environment is printed.
 *
 * Where the words name the credential but the verb changes, removes, describes or locates it
 * (`kubeconfig merge`, `api-keys delete`, `token describe`, `kubeconfig path`), nothing is printed
 * here: the destroying verbs and the credential changes have their own families.
 */
import type { Word } from "../shell-model.js";

/** Two words that name one credential (`api key`, `connection string`). */
const PAIR =
  /^(service-keys?|api-keys?|access-keys?|access-tokens?|auth-tokens?|id-tokens?|bearer-tokens?|connection-strings?|connection-uris?|conn-strings?|connection-info|connection-details)$/;
/** Words that are only ever a credential. */
const CREDENTIAL =
  /^(service-key|api-keys?|apikeys?|access-tokens?|auth-tokens?|id-tokens?|bearer-tokens?|kubeconfig|kubeconfigs|connection-strings?|connection-uris?|conn-strings?|connection-info|connection-details|dsn)$/;
/** A token of one's own access: after an identity word (`auth token`, `whoami`, `iam`, `login`). */
// (`tunnel token T`: the token a tunnel's connector runs with)
const IDENTITY =
  /^(auth|whoami|login|iam|session|sessions|account|me|oauth|sso|identity|user|ca|profile|tunnel)$/;
const TOKEN = /^(token|tokens)$/;
/** Credentials that a creating verb prints once (`password create`, `tokens create`). */
const MINTABLE =
  /^(token|tokens|password|passwords|wallets?|accesstokens?|authtokens?|apitokens?|api-keys?|apikeys?|access-keys?|accesskeys?|access-tokens?|auth-tokens?)$/;
const MINT = /^(create|new|generate|issue|mint|regenerate|roll)$/;
/** Verbs after the credential that do something else than print it. */
const OTHER_VERB =
  /^(delete|del|rm|remove|revoke|set|update|rotate|reset|merge|write|use|import|add|switch|login|logout|save|unset|invalidate|expire|renew|refresh|validate|verify|check|lint|edit|rename|put|upload|push|sync|apply|enable|disable|attach|detach|inspect|describe|info|status|lookup|metadata|help|path|location|file|files|dir|clear|rm|unlink|link|uninstall)$/;
/** Options that print a deployment's environment in clear, as `KEY=value` lines. */
const ENV_CLEAR =
  /^--?(kv|plain|dotenv|shell|export|reveal|show-values?|decrypt)$|^--format=(env|dotenv|shell)$/;
const ENVIRONMENT = /^(env|envs|environment|environments|variables|vars|variable|config-vars)$/;
const ENV_OUT = /^(pull|export|dump|download|open|resolve|show|print)$/;
/** A secret store or a credential helper, by its name. */
const CREDENTIAL_RUNNER =
  /vault|secret|cred|1password|^op$|doppler|infisical|chamber|teller|envchain|sops|keyring/;
const PRINTS_ENVIRONMENT = /^(env|printenv|export|set|declare)$/;

/**
 * The sub-command words split at - and _, a credential's two words joined (`api-key`), each with
 * the index of the word it came from.
 */
function parts(words: string[]): { part: string; word: number }[] {
  const split = words.flatMap((word, index) =>
    word
      .split(/[-_]+/)
      .filter(Boolean)
      .map((part) => ({ part, word: index })),
  );
  const joined: { part: string; word: number }[] = [];
  for (let i = 0; i < split.length; i += 1) {
    const pair = `${split[i]!.part}-${split[i + 1]?.part ?? ""}`;
    if (PAIR.test(pair)) {
      joined.push({ part: pair, word: split[i]!.word });
      i += 1;
    } else joined.push(split[i]!);
  }
  return joined;
}
/**
 * A listing of credentials (`iam api-key list`, `credentials list --instance-id X`, `apiKeys
 * list`, `tokens list`): ids, names and dates, since cloud APIs return a credential's secret once,
 * when it is made. Not an ACL system's tokens (`acl token list` prints their secret ids), nor
 * secrets or passwords (a store's listing may print them).
 */
export function listsCredentialMetadata(words: string[]): boolean {
  const list = words.findIndex((word) => /^(list|ls)$/.test(word));
  if (list < 1 || words.includes("acl") || words.includes("acls")) return false;
  return /^(credentials?|creds|api-?keys?|access-?keys?|([a-z]+-)?tokens?|keys)$/.test(words[list - 1]!);
}
/** A reading verb whose operand is a stored item's name (`kv get CONFIG api-key`: a key so named). */
const ITEM_READ = /^(get|read|cat|fetch|value|values|lookup)$/;

/**
 * What the call prints or mints of a credential (`words`: the call's sub-command words, lower
 * case), or null.
 */
export function credentialOutput(program: string, lowered: string[], args: Word[]): string | null {
  // one scan first: most calls name no credential, environment or runner at all
  const text = `${program} ${args.map((arg) => arg.value).join(" ")}`.toLowerCase();
  if (!/tok|key|kube|conn|dsn|pass|env|var|who|exec|run|wallet/.test(text)) return null;
  // (`CreateAccessKey`: the words of a sub-command written in camel case)
  const words = lowered.map((word, i) => {
    const original = args.find((arg) => arg.value.toLowerCase() === word)?.value ?? word;
    return i < 4 ? original.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase() : word;
  });
  const found = parts(words);
  const split = found.map((entry) => entry.part);
  const options = args.filter((arg) => arg.value.startsWith("-")).map((arg) => arg.value);
  // `kibana-encryption-keys generate`: a program named for keys or tokens told to make them
  const own = program.split(/[-_.]+/);
  if (
    own.some((part) => /^(keys|tokens|secrets|passwords|credentials)$/.test(part)) &&
    split.some((word) => MINT.test(word))
  )
    return `mints credentials and prints them (${program} ${words.join(" ")})`;
  for (let i = 0; i < split.length && i < 6; i += 1) {
    const word = split[i]!;
    const before = split[i - 1];
    const after = split[i + 1];
    if (MINTABLE.test(word) && [before, after].some((near) => near !== undefined && MINT.test(near)))
      return `mints a credential and prints it (${words.join(" ")})`;
    const held = CREDENTIAL.test(word) || (TOKEN.test(word) && before !== undefined && IDENTITY.test(before));
    if (!held) continue;
    if (before !== undefined && OTHER_VERB.test(before)) continue;
    // `aws configure set aws_session_token "$T"`: a store verb earlier in the call writes the
    // credential into the tool's settings; nothing is printed (a `get` still reads it out)
    if (split.slice(0, i).some((earlier) => /^(set|put|store|save|import|add)$/.test(earlier))) continue;
    if (/^(list|ls)$/.test(after ?? "") && listsCredentialMetadata(lowered)) continue;
    // an identity service's key listing lists ids and names (`iam api-keys`, as `list-access-keys`)
    if (split.includes("iam") && !TOKEN.test(word)) continue;
    // a name after a reading verb and a store's name is an item of that store, read by name (`kv
    // get CONFIG api-key`); right after the verb it is what is read (`kind get kubeconfig`)
    if (words.slice(0, Math.max(0, found[i]!.word - 1)).some((word) => ITEM_READ.test(word))) continue;
    if (after === undefined || !OTHER_VERB.test(after)) return `prints a credential (${words.join(" ")})`;
  }
  // `whoami -t`, `whoami --show-token`, `auth status --show-token`
  if (
    options.some((option) => /^--?(show|print)-?token$/.test(option)) ||
    (split.includes("whoami") && options.some((option) => /^(-t|--token)$/.test(option)))
  )
    return `prints a credential (${[...words, ...options].join(" ")})`;
  // `eb printenv prod-env`: a deployment's environment printed by a sub-command named for it
  if (split.includes("printenv") || split.some((word, i) => word === "print" && split[i + 1] === "env"))
    return `prints a deployment's environment (${words.join(" ")}): it holds the deployment's secrets`;
  const env = split.findIndex((word) => ENVIRONMENT.test(word));
  if (
    env >= 0 &&
    (options.some((option) => ENV_CLEAR.test(option)) ||
      [split[env - 1], split[env + 1]].some((near) => near !== undefined && ENV_OUT.test(near)))
  )
    return `prints or pulls a deployment's environment in clear (${words.join(" ")}): it holds the deployment's secrets`;
  // `glab variable get DB_PASSWORD`, `x env get API_TOKEN`: a variable read by a name that says it
  // is a secret prints it
  // (`config get DB_PASSWORD`, `option get api_secret`: a setting's store read the same way)
  const variable = words.findIndex(
    (word) => ENVIRONMENT.test(word) || /^(config|configs|settings|options?|params?|parameters?)$/.test(word),
  );
  if (
    variable >= 0 &&
    /^(get|read|show|value|cat)$/.test(words[variable + 1] ?? "") &&
    /(^|[_-])(password|passwd|secret|token|api[_-]?key|private[_-]?key|credentials?)($|[_-])/i.test(
      words[variable + 2] ?? "",
    )
  )
    return `prints a secret variable (${words.slice(0, 3).join(" ")})`;
  // `cf env checkout-api`: an application's environment as the whole request (the services bound
  // to it, with their credentials); `env list`, `env use 3.11`, `env create x` name another act
  if (
    words.length === 2 &&
    words[0] === "env" &&
    !/^(list|ls|info|use|create|new|remove|rm|delete|activate|deactivate|update|select|switch|help|add|set|unset|edit)$/.test(
      words[1]!,
    )
  )
    return `prints an application's environment (${words.join(" ")}): it holds the credentials bound to it`;
  // `scalingo --app prod-api env`: the same, the application given by an option before `env`
  const appOption = args.findIndex((arg) => /^(--app|-a|--application|--service)$/.test(arg.value));
  if (
    appOption >= 0 &&
    words.at(-1) === "env" &&
    words.length === 2 &&
    words[0] === args[appOption + 1]?.value.toLowerCase()
  )
    return `prints an application's environment (${args[appOption + 1]!.value} env): it holds the credentials bound to it`;
  // `aws-vault exec prod -- env`, `envchain aws env`: the credentials it put into the
  // environment, printed (the command comes after a profile or namespace, not first)
  if (CREDENTIAL_RUNNER.test(program)) {
    const dash = args.findIndex((arg) => arg.value === "--");
    const at = dash >= 0 ? dash + 1 : args.length - 1;
    const command = args[at]?.value ?? "";
    if (at > 0 && PRINTS_ENVIRONMENT.test(command))
      return `runs ${command} with the credentials it holds in the environment: they are printed`;
  }
  return null;
}
