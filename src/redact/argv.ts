/**
 * Secrets in an argument vector: judged on the words as the program receives them (quotes and
 * escapes already removed by the shell parser, wrappers such as `sudo` stripped), so that
 * `-p'X'`, `-p"X"` and `-pX` are one case. The same judge reads structured tool arguments
 * (`{"args": ["--password", "X"]}`). Which flags mean a password depends on the program
 * (`-a` is redis-cli's password and grep's `--text`), hence the table.
 */
import { isOwnName } from "./benign.js";
import { credentialValue, isCredentialShaped, isSecretName, isSecretValue } from "./names.js";
import { isKeyShaped } from "./shape.js";

export interface ArgvSecret {
  value: string;
  kind: string;
}

interface ProgramRule {
  programs: readonly string[];
  /** The next word, or attached (`-aX`, `-flag=X`), is the secret. */
  flags?: readonly string[];
  /** Only attached (`mysql -pX`; `-p X` prompts and X is the database). */
  attached?: readonly string[];
  /** `user<sep>password` values (`curl -u admin:X`, `smbclient -U admin%X`). */
  userPass?: readonly string[];
  separator?: string;
  /** Only the flag word itself then the value: single-dash long options (`openssl -k`, not `-keyout`). */
  exact?: boolean;
  /** Only after this subcommand word (`docker login -p X`; `docker run -p` is a port). */
  after?: string;
  /** A word equal to one of these is followed by the secret (`nmcli … password X`). */
  keywords?: readonly string[];
  /** The last operand is the secret when a short-option cluster holds this letter (htpasswd -b). */
  lastOperandWith?: string;
  /**
   * The secret is an operand: the `index`-th word that is not a flag after `word` (the program
   * itself when `word` is absent): `rabbitmqctl add_user NAME X`, `wpa_passphrase SSID X`.
   */
  operand?: { word?: string; index: number };
  /** `user/password@db` operands (sqlplus, rman). */
  userSlashPass?: boolean;
  /** Flags whose next word is their own value, not an operand (`cargo login --registry NAME`). */
  skip?: readonly string[];
  /** Only when the words hold this one too (`aws ssm put-parameter --type SecureString`). */
  with?: string;
  /** Every `NAME=value` word (after `after`) holds a secret value, whatever the name (`vault kv put`). */
  assignments?: boolean;
  /** A flag's value is `NAME=value` and the value is the secret (`--from-literal=NAME=X`). */
  pairs?: readonly string[];
}

const MYSQL = ["mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow", "mysqlcheck", "mysqlpump"];
const LDAP = ["ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldapcompare", "ldapmodrdn"];
const MONGO = ["mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport", "mongostat"];
const REGISTRIES = ["docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "oras", "crane", "regctl"];

export const PROGRAM_RULES: readonly ProgramRule[] = [
  { programs: [...MYSQL, "mariadb", "mariadb-dump", "mariadb-admin", "mysqlsh"], attached: ["-p"] },
  { programs: ["redis-cli", "valkey-cli", "keydb-cli"], flags: ["-a", "--pass"] },
  { programs: ["sshpass"], flags: ["-p"] },
  { programs: ["ssh-keygen"], flags: ["-N", "-P"] },
  { programs: ["zip", "zipcloak", "unzip", "funzip"], flags: ["-P"] },
  { programs: ["7z", "7za", "7zr", "rar", "unrar"], attached: ["-p"] },
  { programs: LDAP, flags: ["-w"] },
  { programs: ["ldappasswd"], flags: ["-w", "-s", "-a"] },
  {
    programs: ["keytool", "jarsigner"],
    flags: [
      "-storepass",
      "-keypass",
      "-srcstorepass",
      "-deststorepass",
      "-srckeypass",
      "-destkeypass",
      "-new",
    ],
  },
  { programs: ["openssl"], exact: true, flags: ["-k", "-pass", "-passin", "-passout", "-password"] },
  { programs: ["smbclient", "rpcclient", "smbcacls", "smbget"], userPass: ["-U", "--user"], separator: "%" },
  { programs: ["curl"], userPass: ["-u", "--user", "-U", "--proxy-user"], separator: ":" },
  { programs: ["curl"], flags: ["--oauth2-bearer"] },
  { programs: ["http", "https", "xh"], userPass: ["-a", "--auth"], separator: ":" },
  { programs: ["lftp"], userPass: ["-u"], separator: "," },
  { programs: REGISTRIES, after: "login", flags: ["-p"] },
  { programs: ["az"], after: "login", flags: ["-p"] },
  { programs: ["gh"], after: "secret", flags: ["-b", "--body"] },
  { programs: ["sqlcmd", "bcp", "osql", "ipmitool"], flags: ["-P"] },
  { programs: MONGO, flags: ["-p"] },
  { programs: ["mosquitto_pub", "mosquitto_sub", "mosquitto_rr"], flags: ["-P"] },
  { programs: ["rdesktop", "twine"], flags: ["-p"] },
  { programs: ["psexec", "psexec64", "paexec"], flags: ["-p"] },
  { programs: ["xfreerdp", "wlfreerdp"], attached: ["/p:"] },
  { programs: ["pscp", "plink", "psftp"], exact: true, flags: ["-pw"] },
  { programs: ["influx"], exact: true, flags: ["-password"] },
  { programs: ["snmpwalk", "snmpget", "snmpset", "snmpbulkwalk", "snmptrap"], flags: ["-A", "-X"] },
  { programs: ["nmcli"], keywords: ["password", "wifi-sec.psk", "802-1x.password"] },
  { programs: ["htpasswd"], lastOperandWith: "b" },
  { programs: ["rabbitmqctl"], operand: { word: "add_user", index: 2 } },
  { programs: ["rabbitmqctl"], operand: { word: "change_password", index: 2 } },
  { programs: ["wpa_passphrase"], operand: { index: 2 } },
  { programs: ["net", "net.exe"], operand: { word: "user", index: 2 } },
  { programs: ["vault", "bao"], operand: { word: "login", index: 1 } },
  { programs: ["bw"], operand: { word: "unlock", index: 1 }, skip: ["--passwordenv", "--passwordfile"] },
  {
    programs: ["bw"],
    operand: { word: "login", index: 2 },
    skip: ["--method", "--code", "--passwordenv", "--passwordfile"],
  },
  // Credentials as the documented positional arguments or short flags of service CLIs.
  { programs: ["snyk"], operand: { word: "auth", index: 1 } },
  { programs: ["codecov", "codecovcli"], flags: ["-t"] },
  { programs: ["doctl"], after: "auth", flags: ["-t"] },
  { programs: ["consul", "nomad"], exact: true, flags: ["-token"] },
  { programs: ["consul"], operand: { word: "set-agent-token", index: 2 } },
  { programs: ["vsce", "ovsx"], flags: ["-p", "--pat"] },
  { programs: ["ngrok"], operand: { word: "authtoken", index: 1 } },
  { programs: ["ngrok"], operand: { word: "add-authtoken", index: 1 } },
  { programs: ["cargo"], operand: { word: "login", index: 1 }, skip: ["--registry", "-Z", "--config"] },
  { programs: ["nuget", "nuget.exe"], operand: { word: "setapikey", index: 1 } },
  { programs: ["nuget", "nuget.exe"], operand: { word: "setApiKey", index: 1 } },
  { programs: ["dotnet"], after: "nuget", flags: ["-k"] },
  { programs: ["mc"], operand: { word: "set", index: 4 } },
  { programs: ["mc"], operand: { word: "add", index: 4 } },
  {
    programs: ["ansible-vault"],
    operand: { word: "encrypt_string", index: 1 },
    skip: ["--name", "-n", "--vault-id", "--encrypt-vault-id", "--vault-password-file", "--output"],
  },
  { programs: ["grafana-cli", "grafana"], operand: { word: "reset-admin-password", index: 1 } },
  {
    programs: ["rclone"],
    after: "config",
    keywords: [
      "pass",
      "password",
      "secret_access_key",
      "client_secret",
      "token",
      "key",
      "account_key",
      "sas_url",
    ],
  },
  { programs: ["etcdctl"], userPass: ["--user"], separator: ":" },
  { programs: ["influx"], flags: ["-t"] },
  { programs: ["vercel"], flags: ["-t"] },
  { programs: ["aws"], after: "put-parameter", with: "SecureString", flags: ["--value"] },
  { programs: ["az"], after: "secret", flags: ["--value"] },
  { programs: ["kubectl", "oc"], after: "secret", pairs: ["--from-literal"] },
  { programs: ["vault", "bao"], after: "put", assignments: true },
  { programs: ["vault", "bao"], after: "patch", assignments: true },
  { programs: ["travis"], after: "encrypt", assignments: true },
  { programs: ["sqlplus", "rman", "expdp", "impdp", "sqlldr"], userSlashPass: true },
];

/**
 * The programs whose secret is an operand or follows a keyword (`htpasswd -b F U X`, `rabbitmqctl
 * add_user U X`, `sqlplus u/X@db`, `nmcli … password X`) or a subcommand (`doctl auth init -t X`):
 * no text pattern can tell such a word from any other, so a line of text naming one is judged as
 * a command line (command.ts).
 */
export const OPERAND_PROGRAMS: readonly string[] = [
  ...new Set(
    PROGRAM_RULES.filter(
      (rule) =>
        rule.operand ||
        rule.lastOperandWith ||
        rule.userSlashPass ||
        rule.keywords ||
        rule.assignments ||
        rule.pairs ||
        // A rule after a subcommand has no text pattern (patterns.ts): only the argv finds it.
        rule.after,
    ).flatMap((rule) => rule.programs),
  ),
];

/**
 * A long flag that names a secret (`--password`, `--db-password`, `--api-key`, `--token`,
 * `--client-secret`); `--password-file` and `--token-stdin` do not (the name must end with it).
 */
const SECRET_FLAG =
  /^--(?:[a-z0-9]+-)*(?:password|passwd|passphrase|pass|token|secret|api-?key|access-key|secret-key|private-key|client-secret|secret-string)$/i;

const KEY_FLAG = /^--(?:[a-z0-9]+-)*(?:key|auth|credentials?|license|bearer|signature)(?:=(.+))?$/i;

export function isSecretFlag(flag: string): boolean {
  return SECRET_FLAG.test(flag);
}

// Single-dash long flags of Go's flag package (consul, nomad, vault, boundary: `-token X`), which
// no common program uses for anything but the credential.
const GO_SECRET_FLAG = /^-(?:token|password|passwd|secret|api-?key|auth-token|access-token|client-secret)$/i;

/** openssl's password arguments: `pass:X` is the secret; `env:`, `file:`, `fd:`, `stdin` are not. */
function passArgument(value: string): string | null {
  if (/^(?:env|file|fd):|^stdin$/.test(value)) return null;
  return value.startsWith("pass:") ? value.slice(5) : value;
}

/** The user part of `user:` when it is shaped like a key (a user name is not), else null. */
export function keyAsUser(user: string): string | null {
  if (user.length < 16) return null;
  const body = user.replace(/^[a-z]{2,6}_(?:live|test)_|^[a-z]{2,6}_/, "");
  // 40 hex is a key here too (SonarQube's tokens): no user name is.
  return isKeyShaped(body) || isCredentialShaped(user) ? user : null;
}

function push(out: ArgvSecret[], value: string | null | undefined, kind = "password-flag"): void {
  if (value != null && isSecretValue(value)) out.push({ value, kind });
}

const CREDENTIAL_CONFIG_KEY =
  /^(http-basic|bearer|github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|pypi-token|forgejo-token|gitea-token)\.[^\s]+$/;

const ASSIGNMENT_WORD = /^([A-Za-z_][A-Za-z0-9_.-]*)=([\s\S]*)$/;

/**
 * The secrets of one argv (program first, wrappers stripped; `program`: its canonical name,
 * "" when unknown, as for structured arguments). `dynamic[i]` marks a word only known at run
 * time (`"$PASS"`), which is never a secret.
 */
export function secretsInArgv(
  program: string,
  words: readonly string[],
  dynamic?: readonly boolean[],
): ArgvSecret[] {
  const out: ArgvSecret[] = [];
  const rules = PROGRAM_RULES.filter((rule) => rule.programs.includes(program));
  const literal = (index: number) => index < words.length && !dynamic?.[index];
  const seen = new Set<string>();
  for (let index = program === "" ? 0 : 1; index < words.length; index += 1) {
    if (!literal(index)) continue;
    const word = words[index]!;
    const next = literal(index + 1) ? words[index + 1]! : null;
    seen.add(word);
    // NAME=value (export, env, make, vault …) and --name=value
    const assigned = ASSIGNMENT_WORD.exec(word.replace(/^--?/, ""));
    if (
      assigned &&
      (isSecretName(assigned[1]!) || (word.startsWith("--") && isSecretFlag(`--${assigned[1]}`)))
    ) {
      // `ADMIN_TOKEN_SECRET=admin-token`: the secret's own name (benign.ts), not the secret.
      if (!isOwnName(assigned[1]!, assigned[2]!)) push(out, assigned[2], "assignment");
      continue;
    }
    if ((isSecretFlag(word) || GO_SECRET_FLAG.test(word)) && next !== null && !next.startsWith("-")) {
      push(out, next);
      index += 1;
      continue;
    }
    // A flag that may take a key or a credential (`--key`, `--auth`, `--license`): its value is
    // one when it is shaped like a generated key (shape.ts), not a file (`--key server.pem`).
    const keyFlag = KEY_FLAG.exec(word);
    if (keyFlag) {
      const value = keyFlag[1] ?? next;
      if (value != null && (keyFlag[1] !== undefined || !value.startsWith("-")) && isKeyShaped(value)) {
        push(out, value, "token");
        if (keyFlag[1] === undefined) index += 1;
        continue;
      }
    }
    // `config set NAME VALUE` / `config NAME VALUE` (aws configure, npm/yarn/git config)
    if ((word === "config" || word === "configure") && program !== "") {
      let at = index + 1;
      while (literal(at) && (words[at] === "set" || words[at]!.startsWith("-"))) at += 1;
      const key = literal(at) ? words[at]! : "";
      if (literal(at + 1) && isSecretName(key.replace(/^.*[:/]/, ""))) push(out, words[at + 1], "assignment");
      // `config set NAME=X` (snyk, pnpm): the same, joined.
      const joined = /^([^=]+)=(.+)$/.exec(key);
      if (joined && isSecretName(joined[1]!.replace(/^.*[:/]/, ""))) push(out, joined[2], "assignment");
      // Composer's and Poetry's credential keys name the host, not the secret:
      // `http-basic.HOST USER X`, `github-oauth.github.com X`, `gitlab-token.HOST X`.
      const credential = CREDENTIAL_CONFIG_KEY.exec(key);
      if (credential) {
        const offset = credential[1] === "http-basic" || credential[1] === "bitbucket-oauth" ? 2 : 1;
        if (literal(at + offset)) push(out, words[at + offset], "assignment");
      }
    }
    for (const rule of rules) {
      if (rule.after && !seen.has(rule.after)) continue;
      if (rule.with && !words.includes(rule.with)) continue;
      if (rule.assignments && word !== rule.after) {
        const pair = ASSIGNMENT_WORD.exec(word);
        if (pair && pair[2]!.length >= 6 && credentialValue(pair[2]!)) push(out, pair[2], "assignment");
      }
      for (const flag of rule.pairs ?? []) {
        const value = word === flag ? next : word.startsWith(`${flag}=`) ? word.slice(flag.length + 1) : null;
        const pair = value === null ? null : ASSIGNMENT_WORD.exec(value);
        if (pair) push(out, pair[2], "assignment");
      }
      const read = program === "openssl" ? passArgument : (value: string) => value;
      for (const flag of rule.flags ?? []) {
        if (word === flag && next !== null && !next.startsWith("-")) push(out, read(next));
        else if (rule.exact || !word.startsWith(flag) || word.length === flag.length) continue;
        else if (word[flag.length] === "=") push(out, read(word.slice(flag.length + 1)));
        else if (flag.length === 2 && !word.startsWith("--")) push(out, read(word.slice(2)));
      }
      for (const flag of rule.attached ?? []) {
        if (word.startsWith(flag) && word.length > flag.length) push(out, word.slice(flag.length));
      }
      for (const flag of rule.userPass ?? []) {
        const value =
          word === flag
            ? next
            : word.startsWith(`${flag}=`)
              ? word.slice(flag.length + 1)
              : flag.length === 2 && word.startsWith(flag)
                ? word.slice(2)
                : null;
        const cut = value?.indexOf(rule.separator ?? ":") ?? -1;
        if (value && cut >= 0) {
          const password = value.slice(cut + 1);
          // `-u KEY:` (Stripe, SonarQube) or `-u KEY:X` (Freshdesk): the API key stands as the
          // user and the password is left empty or a placeholder character.
          if (password.length <= 1) push(out, keyAsUser(value.slice(0, cut)), "basic-auth");
          else push(out, password, "basic-auth");
        }
      }
      if (rule.keywords?.includes(word) && next !== null) push(out, next);
    }
  }
  for (const rule of rules) {
    if (rule.operand) {
      const from = rule.operand.word === undefined ? 0 : words.indexOf(rule.operand.word, 1);
      if (from >= 0) {
        const operands = words
          .map((word, index) => ({ word, index }))
          .filter(
            ({ word, index }) =>
              index > from &&
              !word.startsWith("-") &&
              !word.startsWith("/") &&
              !rule.skip?.includes(words[index - 1]!),
          );
        const hit = operands[rule.operand.index - 1];
        // `vault login -method=userpass username=x`: an assignment is not the token
        if (hit && literal(hit.index) && !hit.word.includes("=")) push(out, hit.word);
      }
    }
    if (rule.userSlashPass) {
      for (let index = 1; index < words.length; index += 1) {
        const match = /^[^/@\s-][^/@\s]*\/([^@\s]+)(?:@|$)/.exec(words[index]!);
        if (match && literal(index)) push(out, match[1]);
      }
    }
    if (!rule.lastOperandWith) continue;
    const cluster = words
      .slice(1)
      .some((word) => /^-[A-Za-z]+$/.test(word) && word.includes(rule.lastOperandWith!));
    // `htpasswd -b FILE USER X` or `-nb USER X`: two or three operands (a flag's value aside,
    // `-C 10`), so a line of prose naming the program (`htpasswd -b is not recommended: …`) is
    // no command.
    const operands = words.filter(
      (word, index) => index > 0 && !word.startsWith("-") && !/^-[Cr]$/.test(words[index - 1] ?? ""),
    );
    if (
      cluster &&
      operands.length >= 2 &&
      operands.length <= 3 &&
      !words.at(-1)!.startsWith("-") &&
      literal(words.length - 1)
    )
      push(out, words.at(-1));
  }
  return out;
}
