/**
 * The names that mark a secret file (docs/risk.md, "Secrets, through any program"): files and
 * directories holding credentials, key extensions, environment files and their templates, the
 * public files that are not secrets, certificates, and globs that can match a secret. paths.ts
 * applies them to normalised paths.
 */

export const SECRET_WORD = /(secret|password|passwd|token|credential)s?$|^creds?$/;
/** Files whose content is code or prose about a subject, not the secret itself. */
export const CODE_OR_DOC =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|java|kt|kts|rb|php|c|h|cc|cpp|hpp|cs|swift|scala|m|md|mdx|rst|adoc|html|css|scss|vue|svelte|sh|snap)$/i;
export const KEY_EXTENSIONS =
  /\.(key|pem|p12|pfx|jks|keystore|ppk|kdbx|asc|gpg|der|crt-key|keychain|keychain-db)$/i;
// (and BIND's DNSSEC private halves, `Kexample.com.+013+48112.private`)
// (`ssh_host_ed25519_key`: a machine's own ssh key, whoever holds it can pose as the host)
export const PRIVATE_KEY_NAME =
  /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$|^K[\w.-]+\.\+\d{3}\+\d{5}\.private$|^ssh_host_(rsa|dsa|ecdsa|ed25519)_key$/;
export const SECRET_FILES = new Set([
  // infrastructure state and configuration that carry passwords and keys in clear
  "terraform.tfstate",
  "terraform.tfstate.backup",
  "terraform.tfvars",
  "wp-config.php",
  // browsers' saved passwords and cookies
  "Login Data",
  "Cookies",
  "logins.json",
  "key4.db",
  "key3.db",
  "cookies.sqlite",
  // Safari's cookies on macOS
  "Cookies.binarycookies",
  ".netrc",
  // Terraform CLI's credentials blocks
  ".terraformrc",
  "terraform.rc",
  "_netrc",
  ".pgpass",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".htpasswd",
  ".my.cnf",
  "shadow",
  "gshadow",
  // the copies shadow's tools keep of the same hashes, and PAM's record of old ones
  "shadow-",
  "gshadow-",
  "opasswd",
  "master.key",
  "credentials",
  "credentials.json",
  "service-account.json",
  "keychain-db",
  ".vault-token",
  ".s3cfg",
  ".boto",
  // composer, Codex, opencode and other tools keep tokens in an auth.json
  "auth.json",
  "oauth_creds.json",
  ".credentials.json",
]);
/** Other agents' and tools' credential stores, by directory (any file in them). */
export const CREDENTIAL_STORES = ["github-copilot"];
/** Files under ~/.config that are credentials by name (`hub` holds a GitHub token). */
export const CONFIG_CREDENTIALS = new Set(["hub"]);
/** Directories of credentials (macOS `Keychains` hold every saved password and key of the user). */
export const SECRET_DIRS = new Set([
  ".ssh",
  ".aws",
  ".gnupg",
  ".kube",
  ".azure",
  ".password-store",
  "Keychains",
  // GNOME's and KDE's password stores (`~/.local/share/keyrings/login.keyring`, kwallet's `*.kwl`)
  "keyrings",
  "kwalletd",
]);
/**
 * Home directories of agents and tools that keep a credential file inside: the directory as a
 * whole (`cp -r ~/.claude /tmp`, `tar czf x ~/.codex`) carries it; other files in it are not secrets.
 */
export const CREDENTIAL_HOLDERS = new Set([
  ".claude",
  ".codex",
  ".gemini",
  ".docker",
  "opencode",
  "gh",
  "gcloud",
  "github-copilot",
]);
/** Environment templates hold variable names, not values: not secret (docs/risk.md). */
// (`.env.tpl`: 1Password's and others' templates hold references such as op://vault/item, not values)
export const ENV_TEMPLATE = /^\.env(\.[\w-]+)*\.(example|sample|template|tmpl|tpl|dist|defaults|schema)$/;

/**
 * Files anyone may read: public keys, known hosts, the account list. Naming a secret word
 * (`passwd`) or living in ~/.ssh does not make them secrets.
 */
export const PUBLIC_FILE = /\.pub$|^(known_hosts2?|authorized_keys2?|config)$/;
// (`/etc/passwd-` and `/etc/group-` are the copies shadow's tools keep, as public as the originals;
// `/etc/shadow-` stays a secret)
export const PUBLIC_SYSTEM_FILES = new Set([
  "/etc/passwd",
  "/etc/group",
  "/etc/hosts",
  "/etc/shells",
  "/etc/passwd-",
  "/etc/group-",
]);

/**
 * A certificate or a public key, by name (`fullchain.pem`, `ca-bundle.pem`, `public.pem`): public,
 * sent to every TLS client. A name that also says key or private (`cert-key.pem`) stays a secret.
 */
export const CERTIFICATE_NAME =
  /^(?!.*(key|priv))(.*[._-])?(certs?|certificates?|chain|fullchain|ca|cacert|ca-bundle|bundle|ca-certificates|pub|public|pubkey|dhparams?)([._-].*)?\.(pem|der)$/i;

/**
 * A public key exported as text or a keyring (`pub.asc`, `public-key.gpg`, `dev.pub.asc`): what
 * `gpg --export` writes, made to be handed out. A name that also says private or secret
 * (`secret.asc`, `private.gpg`) stays a secret.
 */
// (`Kexample.com.+013+48112.key`: BIND's DNSSEC key pair names its public half `.key`, the private `.private`)
export const PUBLIC_KEY_EXPORT =
  /^(?!.*(priv|secret|sec[._-]|seckey))(.*[._-])?(pub|public|pubkey|public[._-]?key)([._-].*)?\.(asc|gpg|pgp|pem|der)$|^K[\w.-]+\.\+\d{3}\+\d{5}\.key$/i;

/**
 * A detached or clear signature of a published file (`Python-3.13.tar.xz.asc`, `go.tgz.asc`,
 * `SHASUMS256.txt.asc`, `SHA256SUMS.sig`): what a release ships beside an archive, a package or a
 * checksum list so that anyone can verify it; public like the file it signs. The name says which
 * file: an archive, package or installer extension, or a checksum list, before `.asc`/`.sig`. A
 * name that also says key, private, secret, password, token or credential stays a secret. An
 * extension known only at run time (`"$FIREFOX_FILE_NAME.$FILE_EXT.asc"`) still names a signed
 * file: a key is not named by its extension's variable.
 */
export const SIGNATURE_NAME =
  /^(?!.*(key|priv|secret|passw|token|cred))(.*\.(tar|t?gz|tgz|xz|bz2|zst|zip|7z|deb|rpm|apk|iso|img|dmg|pkg|exe|msi|jar|whl|gem|crate|nupkg)|.*(sha\d*sums?|shasums?\d*|checksums?|md5sums?)(\.txt)?|.+\.\$\{?\w+\}?)\.(asc|sig)$/i;
/** A clear-signed checksum list (`SHASUMS256.txt.asc`, `SHA256SUMS.asc`): public text, signed. */
export const SIGNED_CHECKSUMS_NAME =
  /^(?!.*(key|priv|secret|passw|token|cred)).*(sha\d*sums?|shasums?\d*|checksums?|md5sums?)(\.txt)?\.(asc|sig)$/i;

/** Names a glob can stand for that are secrets (`.env*` matches `.env`, `id_*` matches `id_rsa`). */
const SECRET_NAME_SAMPLES = [
  ".env",
  ".env.local",
  ".env.production",
  "id_rsa",
  "id_ed25519",
  ".netrc",
  ".npmrc",
  ".pgpass",
  ".git-credentials",
  "credentials",
  "credentials.json",
  "master.key",
];

/**
 * A glob that can match a secret file: `cat .env*` reads `.env`. It must start with a written
 * character: `*` alone matches no dot-file and stands for any file at all.
 */
export function globSecretReason(name: string): string | null {
  if (/^[*?[]/.test(name)) return null;
  let pattern: RegExp;
  try {
    pattern = new RegExp(
      `^${name
        .replace(/[.+^${}()|\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, ".")}$`,
    );
  } catch {
    // `mypy[faster-cache,reports]`: a bracket expression whose range runs backwards (`r-c`) matches
    // no character, so the word can name no file (a package's extras, not a glob)
    return null;
  }
  const sample = SECRET_NAME_SAMPLES.find((candidate) => pattern.test(candidate));
  return sample ? `a glob (${name}) matching the secret file ${sample}` : null;
}

/**
 * Files whose content is secret to read but which the user edits by hand: direnv's `.envrc`
 * exports variables, tokens among them (read: high); appending an export to it is ordinary.
 */
export function readOnlySecretReason(path: string): string | null {
  return /(^|\/)\.envrc$/.test(path) ? "direnv's .envrc (its exported variables hold tokens)" : null;
}

/**
 * Credential files of deploy and package tools, by their place in a home: rclone's remotes,
 * wrangler, Netlify and Fly logins, yarn's and Gradle's registry tokens, Maven's master password.
 */
export const HOME_CREDENTIAL_FILES = new Set([
  ".config/rclone/rclone.conf",
  ".wrangler/config/default.toml",
  ".netlify/config.json",
  ".fly/config.yml",
  ".yarnrc.yml",
  ".gradle/gradle.properties",
  ".m2/settings-security.xml",
  ".m2/settings.xml",
  ".config/heroku/credentials",
]);
