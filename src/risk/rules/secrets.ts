/**
 * Programs that hand out secrets without a secret file on their command line: gpg exporting
 * private keys, the macOS keychain printing a password. Their other uses add nothing here.
 */
import { hasOption, optionValue } from "../command/argv.js";
import { patternTable } from "../command/patterns.js";
import type { RuleContext, RuleTable } from "../command/rule.js";
import { isSystemPath } from "../paths.js";
import { SIGNED_CHECKSUMS_NAME } from "../secret-names.js";
import type { Invocation } from "../wrappers.js";
import { judgeDestroyingVerb } from "./general.js";

export const SECRET_RULES: RuleTable = {
  gpg: (invocation, { signals }) => {
    // `gpg --dearmor -o /etc/apt/keyrings/x.gpg`: what gpg writes is a write there (a system
    // directory is critical, as for any writer)
    const output = optionValue(invocation.args, ["-o", "--output"]);
    if (output !== null && output !== "-" && isSystemPath(signals.path(output))) signals.write(output);
    if (hasOption(invocation.args, ["--export-secret-keys", "--export-secret-subkeys", "--export-ssh-key"])) {
      signals.score.raise("high", "gpg exports private keys", "sensitive_file_access");
    } else if (
      invocation.args.some((word) => /^(--decrypt|-[a-zA-Z]*d[a-zA-Z]*)$/.test(word.value)) &&
      !invocation.args.some((word) => /^--(verify|list-packets|import|recv-keys?)$/.test(word.value))
    ) {
      if (decryptsSignature(invocation)) {
        signals.score.raise("medium", "gpg reads a clear-signed checksum list to check its signature");
        return;
      }
      // what was encrypted is printed (or written) in clear: a read of the secret it kept
      signals.score.raise(
        "high",
        "gpg decrypts what was encrypted to be kept secret",
        "sensitive_file_access",
      );
    } else if (invocation.args.some((word) => /^--delete-/.test(word.value))) {
      // gpg's commands are options: `--delete-secret-keys` destroys a private key (the general
      // model reads the verb and its object; a public key alone is a routine key)
      judgeDestroyingVerb(invocation.program, invocation.args, signals);
    } else {
      signals.score.raise("medium", "runs gpg");
    }
  },
  // gpgconf stops, reloads or starts the user's own GnuPG daemons (gpg-agent, dirmngr, `all` of
  // them): they start again on the next use and keep no data; its lists and checks read
  gpgconf: (invocation, { signals }) => {
    if (
      invocation.args.some((word) =>
        /^--(kill|reload|launch|change-options|apply-defaults)$/.test(word.value),
      )
    )
      signals.score.raise("medium", "gpgconf restarts or configures the user's own GnuPG daemons");
    else signals.score.raise("none", "");
  },
  security: (invocation, { signals }) => {
    const sub = invocation.args[0]?.value ?? "";
    if (/^(find|dump)-/.test(sub) || sub === "export") {
      // `dump-keychain` prints each item's attributes; `-d` adds the secret data, `-r` the raw data
      // (`dump-trust-settings -d` lists the admin domain's trust settings: no secret)
      const prints =
        (sub === "dump-keychain" && hasOption(invocation.args, [], "d")) ||
        (sub === "dump-keychain" && hasOption(invocation.args, [], "r")) ||
        sub === "export" ||
        hasOption(invocation.args, [], "w") ||
        hasOption(invocation.args, [], "g");
      signals.score.raise(
        prints ? "high" : "low",
        `security ${sub} ${prints ? "prints keychain secrets" : "searches the keychain"}`,
        ...(prints ? (["sensitive_file_access"] as const) : []),
      );
    } else if (sub === "authorizationdb" && invocation.args[1]?.value === "read") {
      signals.score.raise("none", "");
    } else if (sub === "authorizationdb") {
      // `authorizationdb write system.preferences allow`: who may do what without a password
      signals.score.raise(
        "high",
        `security authorizationdb ${invocation.args[1]?.value ?? ""} changes what needs an administrator's password`.replace(
          "  ",
          " ",
        ),
        "privilege_escalation",
      );
    } else if (/-partition-list$/.test(sub)) {
      // `set-generic-password-partition-list -S apple-tool:`: other programs read the items without a prompt
      signals.score.raise(
        "high",
        `security ${sub} lets other programs read keychain items without asking`,
        "sensitive_file_access",
      );
    } else if (
      /^(add-trusted-cert|remove-trusted-cert|add-trust-settings|trust-settings-import)$/.test(sub)
    ) {
      // a trusted root can impersonate any site; the system keychain or admin domain is the machine's
      const machine = invocation.args.some(
        (word) => word.value === "-d" || /^\/Library\/Keychains\//.test(word.value),
      );
      signals.score.raise(
        machine ? "critical" : "high",
        `security ${sub} changes which certificates ${machine ? "the machine" : "the user"} trusts`,
        machine ? "system_modification" : "privilege_escalation",
      );
    } else if (/^delete-/.test(sub)) {
      signals.score.raise(
        "high",
        `security ${sub} deletes keychain items (no other copy)`,
        "destructive_command",
      );
    } else {
      signals.score.raise("medium", `security ${sub}`.trim());
    }
  },
};
SECRET_RULES.gpg2 = SECRET_RULES.gpg!;

/**
 * openssl: `-in`/`-inkey`/`-key` files are read (a private key among them is high); `-out` and
 * `-keyout` files are written: a key it generates is new, not a secret read out.
 */
SECRET_RULES.openssl = (invocation, { signals }) => {
  const { args } = invocation;
  // `req`, `x509`, `dgst -sign`, `ca`, `cms`/`smime`: a private key given with -key signs; its
  // content is not printed (`openssl rsa -in key -text` prints it, and is a read)
  const signs = /^(req|x509|dgst|ca|cms|smime|ts|ocsp)$/.test(args[0]?.value ?? "");
  for (let i = 0; i < args.length - 1; i += 1) {
    const option = args[i]!.value;
    const value = args[i + 1]!;
    if (value.dynamic) continue;
    if (signs && /^-(key|signkey|inkey|sign|CAkey)$/.test(option)) signals.path(value.value);
    else if (/^-(in|inkey|key|kfile|pass(in)?)$/.test(option) && !value.value.startsWith("pass:"))
      signals.read(value.value.replace(/^file:/, ""));
    else if (/^-(out|keyout)$/.test(option)) signals.path(value.value);
  }
  // openssl's options nearly all take a value: a word after an option is that option's value
  for (let i = 1; i < args.length; i += 1) {
    const word = args[i]!;
    const after = args[i - 1]!.value;
    const flag = /^-(noout|text|nodes|new|x509|batch|verify|check|pubout|help)$/.test(after);
    if (word.dynamic || word.value.startsWith("-") || (after.startsWith("-") && !flag)) continue;
    if (/^(~|\.{0,2})?\//.test(word.value)) signals.read(word);
  }
  signals.score.raise("medium", `runs openssl ${args[0]?.value ?? ""}`.trim());
};

/** ssh-add loads a key into the agent: used, not printed (`ssh-add -L` prints public keys). */
SECRET_RULES["ssh-add"] = (invocation, { signals }) => {
  for (const word of invocation.args)
    if (!word.value.startsWith("-") && !word.dynamic) signals.path(word.value);
  signals.score.raise("low", "ssh-add loads a key into the agent");
};

/** ssh-keygen makes and inspects keys; it prints public parts only. */
SECRET_RULES["ssh-keygen"] = (invocation, { signals }) => {
  const file = optionValue(invocation.args, ["-f"]);
  if (file) signals.path(file);
  // `-p` rewrites a private key under a new passphrase (`-N ''`: none): what guards the key changes
  if (invocation.args.some((word) => word.value === "-p"))
    return void signals.score.raise(
      "high",
      `ssh-keygen -p changes the passphrase of the private key ${file ?? "it is given"} (what protects it)`,
      "sensitive_file_access",
    );
  signals.score.raise("low", "ssh-keygen makes or inspects a key");
};

/**
 * Secret stores read out: the values, not the names (`kubectl get secret -o yaml`, `aws
 * secretsmanager get-secret-value`, `gcloud secrets versions access`, `vault kv get`, `op
 * read`, …). *Why:* a secret printed from a store leaks as a secret file read does.
 */
const secretStoreReads = patternTable([
  /^kubectl (.+ )?get (secret|secrets)( |\/).*(-o|--output)[ =]?(yaml|json|jsonpath|go-template|custom-columns)/,
  /^aws (.+ )?secretsmanager (get-secret-value|batch-get-secret-value)\b/,
  /^aws (.+ )?ssm get-parameters?(-by-path)? .*--with-decryption/,
  /^gcloud (.+ )?secrets versions access\b/,
  /^az keyvault secret (show|download)\b/,
  /^vault (kv get|read)\b/,
  // `op item get` shows concealed fields only with --reveal (or as JSON); a document is its content
  /^op read\b/,
  /^op item get\b.*(--reveal|--format[ =]json|--otp|--fields)/,
  /^op document get\b/,
  /^bw get (password|item|notes|totp)\b/,
  /^doppler secrets( get| download)?( |$)(?!.*--only-names)/,
  // `-raw NAME` prints one output in clear, a sensitive one too (`-json` is the project's wiring: decided harmless)
  /^(terraform|tofu) (.+ )?output( .*)? -raw \S*(password|secret|token|key|credential)/i,
  /^heroku config(:get)?( |$)/,
  /^(pass|gopass) (show|cat) /,
  // a vault file decrypted to the screen or in place (`--output` elsewhere is a write, judged as one)
  /^ansible-vault (view|decrypt)\b(?!.*--output)/,
  // tools printing the credential they hold
  /^gh auth token\b/,
  /^gcloud (.+ )?auth (application-default )?print-(access|identity)-token\b/,
  /^az account get-access-token\b/,
  /^aws (.+ )?configure get \S*(secret|token|key)/,
  /^(npm|pnpm|yarn) config get \S*(_auth|token|password)/i,
  /^git credential fill\b/,
  /^secret-tool lookup\b/,
  /^doctl auth token\b/,
  // the kubeconfig with its certificates and tokens, not redacted
  /^kubectl (.+ )?config view\b.*--raw\b/,
]);

/**
 * Credentials printed by any CLI, read from its sub-command words: a credential or password shown
 * (`az acr credential show`, `aws ecr get-login-password`), publishing profiles or connection
 * strings listed or shown (they embed a password). Listing credentials' metadata (`az ad sp
 * credential list`) and secrets' names (`gh secret list`) does not print them.
 */
function printsCredentials(invocation: Invocation): boolean {
  // one scan first: most commands name no credential, password, profile, connection string,
  // keys, a session token or an environment
  if (
    !invocation.args.some((word) =>
      /credential|passw|publishing|connection|keys?\b|token|env\b|env:|assume-role/i.test(word.value),
    )
  )
    return false;
  const words: string[] = [];
  for (const word of invocation.args) {
    if (word.dynamic || word.value === "--") break;
    if (word.value.startsWith("-")) continue;
    if (!/^[a-z][\w-]*$/.test(word.value)) break;
    words.push(...word.value.split(/[-_]/));
    if (words.length >= 8) break;
  }
  const has = (pattern: RegExp) => words.some((word) => pattern.test(word));
  // `get-random-password`, `generate-password`: a new value, not a stored one
  const shows = has(/^(show|get|print|reveal|export)$/) && !has(/^(random|generate|new|create)$/);
  const keys = words.join(" ");
  const line = invocation.args.map((word) => word.value);
  // a session's credentials minted and printed (`aws sts get-session-token`, `assume-role`,
  // `az account get-access-token`, `gcloud auth print-identity-token`, `aws configure export-credentials`)
  const mints =
    /\b(get (session|federation|access|identity|authorization|auth|bearer|registry) token|assume role( with \w+)?|print (access|identity) token|export credentials)\b/.test(
      keys,
    );
  // an application's environment pulled or printed in clear (`vercel env pull`, `netlify env:list
  // --plain`): a deployment's environment holds its secrets, as `.env` does
  const environment =
    line.some((value) => /^(env|envs|env:[\w:-]+)$/.test(value)) &&
    (line.some((value) => /^(pull|download|export|env:pull|env:export|env:get)$/.test(value)) ||
      line.some((value) => /^--(plain|reveal|show-values|decrypt|values)$/.test(value)));
  return (
    mints ||
    environment ||
    (shows && has(/^(credential|credentials|password|passwords|passwd)$/)) ||
    // `get-shared-keys`, `storage account keys list`: the keys of an account, not the names of keys
    ((shows || has(/^(list|ls)$/)) &&
      /\b(shared|account|admin|master|primary|secondary) keys?\b/.test(keys)) ||
    ((shows || has(/^(list|ls)$/)) &&
      (words.join(" ").includes("publishing profile") || words.join(" ").includes("connection string")))
  );
}

const CLEAR_OPTION = /^--(show-secrets?|show-secret-values|unmask(ed)?)(=true)?$/;

/** True (and raised high) when the command prints values from a secret store. */
export function readsSecretStore(invocation: Invocation, context: RuleContext): boolean {
  const text = [invocation.program, ...invocation.args.map((word) => word.value)].join(" ");
  // an option that prints secret values in clear, whatever the tool (`pulumi stack output --show-secrets`)
  const clear =
    invocation.args.some((word) => CLEAR_OPTION.test(word.value)) || printsCredentials(invocation);
  if (!clear && !secretStoreReads(text)) return false;
  const login = loginReading(invocation, context);
  if (login) {
    context.signals.score.raise(
      "medium",
      `${text.split(" ").slice(0, 3).join(" ")} hands a credential to ${login} on its standard input, not to the screen`,
    );
    return true;
  }
  context.signals.score.raise(
    "high",
    `${text.split(" ").slice(0, 3).join(" ")} prints secrets from a secret store`,
    "sensitive_file_access",
  );
  return true;
}

/**
 * `gpg --decrypt SHASUMS256.txt.asc`: a clear-signed checksum list is public; decrypting it prints
 * what anyone can read and checks the signature. Every file operand must be named so (docs/risk.md,
 * "Everyday CI steps and image builds").
 */
function decryptsSignature(invocation: Invocation): boolean {
  const values = invocation.args.map((word) => word.value);
  const operands = values.filter(
    (value, i) =>
      !value.startsWith("-") &&
      !/^(--output|-o|--recipient|-r|--local-user|-u|--homedir)$/.test(values[i - 1] ?? ""),
  );
  return (
    operands.length > 0 &&
    operands.every((value) => SIGNED_CHECKSUMS_NAME.test(value.split("/").at(-1) ?? ""))
  );
}

/**
 * `aws ecr get-login-password | docker login --password-stdin …`: the credential goes straight into
 * a registry login that reads it on its standard input and keeps it in its own store; nothing is
 * printed. The pipe must end there (two stages, the credential's output not also redirected).
 */
function loginReading(invocation: Invocation, context: RuleContext): string | null {
  const command = invocation.command;
  if (
    command.pipelineLength !== 2 ||
    command.position !== 0 ||
    command.redirects.some((r) => /^1?>/.test(r.op))
  )
    return null;
  const next = context.script.commands.find(
    (other) => other.pipeline === command.pipeline && other.position === 1,
  );
  const words = next?.words.map((word) => word.value) ?? [];
  const program = (words[0] ?? "").split("/").at(-1) ?? "";
  const stdin = words.some((word) => /^--(password-stdin|with-token|token-stdin)$/.test(word));
  if (!stdin || !words.includes("login")) return null;
  return /^(docker|podman|nerdctl|buildah|skopeo|helm|oras|crane|regctl|finch|gh|flux|cosign)$/.test(program)
    ? `${program} login`
    : null;
}
