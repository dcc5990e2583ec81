/**
 * Cloud and platform CLIs by shape (docs/risk.md, "Cloud and platform CLIs, by shape"): whatever
 * the provider, a call that hands out access, opens a resource to everyone or switches a
 * protection off is written the same way, in sub-command words and `--name[=value]` or
 * `name=value` settings. Read for every program, named or not (a program's own table still
 * judges the rest of the call):
 *
 * - **Protection switched off** — a setting whose name is a protection (deletion or purge
 *   protection, soft delete, public access prevention, backups, flow logs, audit logs,
 *   encryption, TLS, MFA, versioning, OS login, a lock, authorized networks, …) set off
 *   (`--no-deletion-protection`, `--deletion-protection=false`, `is-backup-schedule-disabled=true`,
 *   `--clear-soft-delete`, `enable-oslogin=FALSE`, `--logging=NONE`), or a weakening switched on
 *   (`--enable-legacy-authorization`, basic auth, anonymous access); a protection or an
 *   enforcement switched off by a sub-command (`secret unprotect`, `2fa disable`, `org-policies
 *   disable-enforce`, `server backup disable`); a project's billing unlinked. Only in a call that
 *   changes a resource (create, update, patch, set, …), never in one that runs a tool.
 * - **Open to everyone** — a canned ACL or privacy made public (`acl=public-read`, `defacl set
 *   public-read`, `--predefined-acl=publicRead`, `privacy=public`, `is-public=true`), an inbound
 *   default policy of accept, unauthenticated callers allowed (`--allow-unauthenticated`), public
 *   access enabled by a sub-command (`public-read-access enable`), a public port forwarded to a
 *   private address (`public-port=2222 private-ip=10.0.0.5`).
 * - **Access handed out** — a key minted for an identity (`iam service-accounts keys create`,
 *   `service-account key create`; not a public key uploaded), a data key generated in plaintext,
 *   a password or token set or reset (`users set-password`, `reset-admin-token`), a token
 *   generated with a configuration (`generate-token=true`), a storage client's configuration
 *   printed (`config get type=s3cmd`), a member added with a role or to an administrators' group,
 *   an account created as an administrator (`is-admin=true`), a policy of full access or an
 *   owner's role created or attached, every privilege set, SSH keys added to a project's metadata.
 *
 * Listing, describing and showing forms only look. Per-program exceptions are in EXCEPTIONS.
 */
import type { RuleContext } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";
import { accessShape, looseAccess } from "./cloud-access.js";
import { kebab, OFF, ON, settingsOf, writtenOptions, YES } from "./cloud-settings.js";
import { joinedSubcommand } from "./general-verb.js";
import { inertCall } from "./inert.js";

/** The name of a protection: set off, what it guarded is exposed or can be lost. */
const PROTECTION =
  /^(deletion-protection|delete-protection|termination-protection|(delete|deletion|termination)-protected|protection|purge-protection|soft-delete[\w-]*|public-access-prevention|block-public-[\w-]+|flow-logs?|flowlogs?|audit-?log(s|ging)?|auditing|audit-trail|([\w-]+-)?logging|backups?|automated-backups?|backup-schedule|point-in-time-recovery|pitr|encryption|encrypted|ssl|tls|mfa|2fa|two-factor[\w-]*|mfa-delete|versioning|object-lock|retention-lock|oslogin|os-login|secure-boot|shielded-secure-boot|integrity-monitoring|vulnerability-scanning|binary-authorization|network-policy|master-authorized-networks|authorized-networks|private-nodes|private-endpoint|locked|lock|deletion-lock|waf|ddos-protection|https-only|os-updates?|security-updates?|cloudtrail)$/;
/** A weakening: switched on, checks are looser than the default. */
const WEAKENING =
  /^(legacy-authorization|legacy-abac|legacy-auth|basic-auth|anonymous-auth|anonymous-access|unauthenticated-access|allow-unauthenticated)$/;
/** Sub-command verbs that change a resource's settings (the shapes above apply only there). */
const CHANGING =
  /^(create|update|patch|set|modify|edit|configure|config|put|apply|enable|disable|change|add|deploy|upgrade|new|attach|bind|replace|import|assign|grant|mod|passwd|set-[\w-]+|add-[\w-]+|update-[\w-]+|[\w]+-(mod|add))$/;
const READING = /^(list|ls|describe|get|show|view|read|search|status|info|inspect|export|lookup)$/;
/** A switched-off protection named by a sub-command word. */
const PROTECTION_WORD =
  /^(version|2fa|mfa|two-factor|otp|backup|backups|os-update|os-updates|security-updates|auto-updates?|versioning|soft-delete|deletion-protection|purge-protection|protection)$/;
const SWITCH_OFF = /^(disable|disabled|off|deactivate|suspend|turn-off)$/;
const PUBLIC_VALUE =
  /^(public|public-read|public-read-write|publicread|publicreadwrite|public_read|public_read_write|anonymous|everyone|allusers)$/i;
const ACCESS_SETTING =
  /(^|-)(acl|privacy|visibility|access|access-level|access-type|predefined-acl|canned-acl)$/;
/** An identity a key belongs to (its private key is printed or written once, to the caller). */
const IDENTITY =
  /^(iam|services?|projects?|service-accounts?|serviceaccounts?|sa|users?|dbusers?|accounts?|applications?|apps?|clients?|robots?|principals?)$/;
/** A role that administers or owns what it is given on (`GROUP_OWNER`, `atlasAdmin`, `readWriteAnyDatabase`). */
const PRIVILEGED_ROLE = /admin|owner|superuser|^root$|any-?database/i;
/** A setting that makes a resource reachable from the internet, set on. */
const PUBLIC_SETTING =
  /^(public-network-access|public-access|publicly-accessible|public-endpoint|public-ip-access|anonymous-access|allow-[\w-]*public[\w-]*|[\w-]*-public-access)$/;
/** A setting naming where traffic may come from. */
const SOURCE_SETTING =
  /^(source-address-prefix(es)?|source-ranges?|source-ips?|remote-ip(-prefix)?|sources?|cidrs?|cidr-blocks?|ip-range|allowed-ips?|ingress-cidrs?)$/;
/** A field of a resource's output that holds a credential (`{service_uri}`, `.data.password`). */
const CREDENTIAL_FIELD =
  /(^|[^a-z])(password|passwd|secret(_?(key|value|string))?|(access_|auth_|api_)?token|api_?key|private_?key|service_uri|connection_(string|uri)|dsn)([^a-z]|$)/i;
/** A sub-command word that adds or creates (`create`, `admin-create-user`, `add-member`). */
const ADDS = /(^|-)(add|create|invite|set|bind|assign)(-|$)/;
/** A role given as an operand (`add-user BUCKET USER readOnly`). */
const ROLE_WORD =
  /^(admin|administrator|owner|read-?only|read-?write|write|read|manage|editor|viewer|contributor)$/i;
/** Principals that are everyone (`users`, `account users`, `allUsers`, `*`). */
const EVERYONE = /^(users|all-?users|everyone|public|anyone|\*|authenticated-?users|account users)$/i;
/** What a cancelled contract deletes (not a job, a run, an operation or a shutdown). */
const CANCELLED =
  /^(instances?|servers?|vps|storage|storages|databases?|clusters?|buckets?|volumes?|machines?|hosts?|services?)$/;
// (`idm_admins`: a prefixed administrators' group)
const PRIVILEGED_GROUP = /(^|[=\s_-])(admins?|administrators?|owners?|root|superusers?|wheel|sudoers?)(@|$)/i;
const FULL_ACCESS =
  /(full-?access|^administrator(access)?$|^(organization|account|project|billing)-?(manager|owner|admin)$|^owner$|^admin$|^superuser$|^roles\/owner$)/i;

/** Per-program exceptions: shapes one CLI spells its own way. */
const EXCEPTIONS: Record<string, (lead: string[], values: string[]) => string | null> = {
  // a database given a public address (Cloud SQL's `--assign-ip`)
  gcloud: (lead, values) =>
    lead[0] === "sql" && values.includes("--assign-ip") ? "gives a database a public address" : null,
  // `metal env` prints the API token as environment variables
  metal: (lead) => (lead[0] === "env" ? "prints its API token (env)" : null),
};

/** What the call does of these shapes, or null. */
interface Shape {
  reason: string;
  /** Access handed out or opened (privilege_escalation), else a protection off or data destroyed. */
  grant: boolean;
  destroys?: boolean;
}

function cloudShape(program: string, values: string[]): Shape | null {
  const lead: string[] = [];
  for (const value of values) {
    if (value === "--") break;
    if (/^[A-Za-z][\w-]*$/.test(value) || /^2fa$/.test(value)) lead.push(kebab(value));
    // `user:add`, `api:core:keys:create`: a first sub-command written noun:verb is its words
    else if (lead.length === 0 && joinedSubcommand(value)) lead.push(...joinedSubcommand(value)!.map(kebab));
    else if (!value.startsWith("-") && !value.includes("=")) break;
    if (lead.length >= 5) break;
  }
  const exception = EXCEPTIONS[program]?.(lead, values);
  if (exception) return { reason: exception, grant: true };
  // a cloud or platform CLI names a service and a verb at least (`x bucket update`, `x cancel
  // instance`); a call with fewer sub-command words is no such call (and costs nothing more here)
  // (`cf set-org-role USER ORG ROLE`, `gam user u add delegate d`: rules/cloud-access.ts)
  const loose = looseAccess(lead, values);
  if (loose || lead.length < 2) return loose;
  const parts = lead.flatMap((word) => word.split(/[-_]+/));
  // `service get X --format '{service_uri}'`, `describe --format 'value(password)'`: the output
  // narrowed to a credential's field prints the credential
  const field = writtenOptions(values).find(
    (s) =>
      /^(format|query|output|o|jq|template|field|fields|select|columns?)$/.test(s.name) &&
      CREDENTIAL_FIELD.test(s.value),
  );
  if (field) return { reason: `prints a credential's field (${field.value.slice(0, 40)})`, grant: true };
  // `credentials describe ID`: a credentials resource is its user name and password
  if (
    lead.some((word) => /^(credentials|creds)$/.test(word)) &&
    lead.some((word) => /^(describe|show|get)$/.test(word))
  )
    return { reason: "prints a set of credentials", grant: true };
  if (lead.slice(0, 4).some((word) => READING.test(word)) && !lead.includes("config")) return null;
  const settings = settingsOf(values);
  const changing = parts.some((part) => CHANGING.test(part)) || lead.some((word) => CHANGING.test(word));
  if (changing) {
    const off = settings.find((s) => PROTECTION.test(s.name) && OFF.test(s.value));
    if (off) return { reason: `switches a protection off (${off.name})`, grant: false };
    const weak = settings.find((s) => WEAKENING.test(s.name) && ON.test(s.value));
    if (weak) return { reason: `weakens access checks (${weak.name})`, grant: true };
    const open = settings.find(
      (s) =>
        (ACCESS_SETTING.test(s.name) && PUBLIC_VALUE.test(s.value.replace(/['"]/g, ""))) ||
        (s.name === "public" && YES.test(s.value)) ||
        // `--public-network-access Enabled`, `--publicly-accessible`, `--allow-blob-public-access true`
        (PUBLIC_SETTING.test(s.name) && !/prevention|block/.test(s.name) && ON.test(s.value)) ||
        (/(inbound(-default)?-policy|default-action|default-policy)$/.test(s.name) &&
          /^(accept|allow)$/i.test(s.value)),
    );
    if (open) return { reason: `opens it to everyone (${open.name}=${open.value})`, grant: true };
    const written = writtenOptions(values);
    // a source of every address (`--source-address-prefixes Internet`, `--cidr any`), or a range
    // from the first address to the last (`--start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255`)
    const source = written.find(
      (s) => SOURCE_SETTING.test(s.name) && /^(internet|any|\*|0\.0\.0\.0\/0|::\/0)$/i.test(s.value),
    );
    if (
      source ||
      (written.some((s) => /^start-ip(-address)?$/.test(s.name) && s.value === "0.0.0.0") &&
        written.some((s) => /^end-ip(-address)?$/.test(s.name) && s.value === "255.255.255.255"))
    )
      return {
        reason: `opens it to every address (${source ? `${source.name} ${source.value}` : "0.0.0.0–255.255.255.255"})`,
        grant: true,
      };
    // a minimum TLS version lowered to 1.0 or 1.1
    const tls = written.find(
      (s) => /^min(imum)?-tls(-version)?$/.test(s.name) && /^(tls)?1[._]?[01]$|^tls1_[01]$/i.test(s.value),
    );
    if (tls) return { reason: `lowers the minimum TLS version (${tls.value})`, grant: false };
    if (
      settings.some((s) => s.name === "public-port") &&
      settings.some((s) => /^private-(ip|address)$/.test(s.name))
    )
      return { reason: "forwards a public port to a private address", grant: true };
    // other spellings of the same shapes (rules/cloud-access.ts)
    const access = accessShape(lead, values, written);
    if (access) return access;
  }
  // `gsutil defacl set public-read gs://b`: a canned ACL as an operand of an ACL sub-command
  if (lead.some((word) => /acl$/.test(word)) && values.some((value) => /^public-read(-write)?$/.test(value)))
    return { reason: "opens it to everyone (a public-read ACL)", grant: true };
  // `grafana public-read-access enable`, `delete-public-access-block`
  if (parts.includes("public") || parts.includes("anonymous")) {
    if (
      // (`share public localhost:8080`: a local service shared with the internet)
      parts.some((part) => /^(enable|allow|grant|on|share)$/.test(part)) &&
      !parts.some((p) => /^(disable|deny|block|off)$/.test(p))
    )
      return { reason: "enables public access", grant: true };
    if (
      parts.some((part) => /^(delete|remove|disable)$/.test(part)) &&
      parts.some((p) => /^(block|prevention)$/.test(p))
    )
      return { reason: "removes a block on public access", grant: true };
  }
  // a protection or an enforcement switched off by a sub-command
  if (
    lead.some((word) =>
      /^(unprotect|disable-enforce|disable-enforcement|disable-protection|remove-protection)$/.test(word),
    )
  )
    return { reason: `switches a protection off (${lead.join(" ")})`, grant: false };
  if (lead.some((word) => PROTECTION_WORD.test(word)) && lead.some((word) => SWITCH_OFF.test(word)))
    return { reason: `switches a protection off (${lead.join(" ")})`, grant: false };
  if (parts.includes("billing") && parts.some((part) => /^(unlink|disable|detach)$/.test(part)))
    return { reason: "unlinks billing: every paid resource of the project stops", grant: false };
  // access handed out
  const creates = parts.some((part) => /^(create|new|generate|regenerate|issue|mint)$/.test(part));
  if (
    creates &&
    parts.some((part) => /^(keys?|certs?|certificates?|secrets?|credentials?)$/.test(part)) &&
    // (an identity's, or an API's: `api:core:keys:create`)
    (lead.some((word) => IDENTITY.test(word)) ||
      parts.some((part) => IDENTITY.test(part) || part === "api")) &&
    !parts.some((part) => /^(ssh|pair|kms|gpg|pgp|public)$/.test(part)) &&
    !settings.some((s) => /^public-key/.test(s.name))
  )
    return { reason: "mints a key or secret for an identity and prints or writes it", grant: true };
  // an OAuth client made: its client secret is printed once
  if (creates && parts.some((part) => /^oauth2?$/.test(part)) && parts.includes("client"))
    return { reason: "makes an OAuth client and prints its secret", grant: true };
  // a user of a secret store made: its password is printed once, to the caller
  if (parts.some((part) => /^secrets?$/.test(part)) && parts.some((part) => /^users?$/.test(part)) && creates)
    return { reason: "makes a user of a secret store and prints its password", grant: true };
  if (lead.some((word) => /^generate-data-key(-pair)?$/.test(word)))
    return { reason: "generates a data key and prints it in plaintext", grant: true };
  // (`config set-credentials`: the CLI's own login stored, not an access changed)
  const credentialReset = lead.includes("config")
    ? undefined
    : lead.find(
        (word, i) =>
          // `kubeconfig reset`, `password regenerate`: the credential, then the verb
          (/^(kubeconfig|password|credentials?|token|api-key|secret)$/.test(word) &&
            /^(reset|regenerate)$/.test(lead[i + 1] ?? "")) ||
          /^(set|reset|regenerate|update|change)-([\w-]*-)?(password|passwd|passphrase|token|credentials?)$/.test(
            word,
          ) ||
          (/^(reset|regenerate)-/.test(word) && /(token|password|credentials?|secret|key)s?$/.test(word)),
      );
  if (credentialReset) return { reason: `sets or resets a credential (${credentialReset})`, grant: true };
  const minted = settings.find(
    (s) => /^(generate|create|show)-(token|password|secret|key)s?$/.test(s.name) && ON.test(s.value),
  );
  if (minted) return { reason: `mints or shows a credential (${minted.name})`, grant: true };
  if (
    lead.includes("config") &&
    settings.some(
      (s) => s.name === "type" && /^(s3cmd|rclone|mc|boto|aws|awscli|s3fs|restic|minio)$/i.test(s.value),
    )
  )
    return { reason: "prints a storage client's configuration with the profile's keys", grant: true };
  const member = parts.some((part) =>
    /^(member|members|membership|memberships|invite|invites|invitation|invitations)$/.test(part),
  );
  const adds = parts.some((part) => /^(add|create|invite|set|bind|assign)$/.test(part));
  // (`--role Admin` as written too: a role's value is no boolean)
  const roles = [...settings, ...writtenOptions(values)].filter((s) => /^roles?$/.test(s.name));
  if (member && adds && (roles.length > 0 || values.some((v) => PRIVILEGED_GROUP.test(v))))
    return { reason: "adds a member with a role or to an administrators' group", grant: true };
  // `add-user BUCKET USER admin`: a user given a role on a resource
  if (
    lead.some((word) => /^add-(users?|members?|principals?)$/.test(word)) &&
    (roles.length > 0 || values.some((v) => ROLE_WORD.test(v)))
  )
    return { reason: "gives a user a role on a resource", grant: true };
  if (
    // (`roles create --role R --admin true`: a role made with an administrator's rights)
    parts.some((part) => /^(users?|accounts?|dbusers?|logins?|roles?)$/.test(part)) &&
    adds &&
    (settings.some((s) => /^(admin|superuser|root)$/.test(s.name) && ON.test(s.value)) ||
      // `dbusers create atlasAdmin --username u`: a built-in administrator's role, after the verb
      // (`admin-create-user` is the verb's own name)
      [...lead.slice(lead.findIndex((word) => ADDS.test(word)) + 1), ...roles.map((s) => s.value)].some((v) =>
        PRIVILEGED_ROLE.test(v),
      ))
  )
    return { reason: "creates an administrator account", grant: true };
  if ((adds || changing) && roles.some((s) => PRIVILEGED_ROLE.test(s.value)))
    return { reason: `gives an owner's or administrator's role (${roles[0]!.value})`, grant: true };
  if (
    parts.some((part) => /^(polic(y|ies)|permissions?|rules?|role|roles|bindings?)$/.test(part)) &&
    (creates || adds || parts.some((part) => /^(attach|put|update|assign)$/.test(part))) &&
    settings.some((s) => FULL_ACCESS.test(s.value) && /(permission|role|polic|access|set-names)/.test(s.name))
  )
    return { reason: "grants full or owner access", grant: true };
  if (
    parts.some((part) => /^(privileges?|permissions?|grants?)$/.test(part)) &&
    adds &&
    settings.some((s) => /^(permission|privileges?)$/.test(s.name) && /^all( privileges)?$/i.test(s.value))
  )
    return { reason: "grants every privilege", grant: true };
  if (parts.includes("metadata") && adds && values.some((value) => /ssh-?keys|sshkeys/i.test(value)))
    return { reason: "adds SSH keys that every machine of the project accepts", grant: true };
  // `secrets put-acl SCOPE users MANAGE`: an access list given to everyone
  if (
    (lead.some((word) => /^(put|set|add|update|create)-acls?$/.test(word)) ||
      (parts.some((part) => /^acls?$/.test(part)) && adds)) &&
    values.some((value) => EVERYONE.test(value))
  )
    return { reason: "gives everyone access", grant: true };
  // `grants update … '{"add":["ALL_PRIVILEGES"]}'`, `iam policy edit ID --allow '*'`
  if (
    (adds || changing) &&
    parts.some((part) => /^(grants?|permissions?|polic(y|ies)|acls?|privileges?)$/.test(part)) &&
    (values.some((value) => /ALL[_ ]PRIVILEGES/i.test(value)) ||
      writtenOptions(values).some(
        (s) =>
          /^(allow|allowed|actions?|permissions?|privileges?)$/.test(s.name) &&
          /^['"]?\*['"]?$/.test(s.value),
      ))
  )
    return { reason: "grants every privilege", grant: true };
  // an account, a project or an organization closed through its status (`accounts:update --status closed`)
  if (
    changing &&
    parts.some((part) => /^(accounts?|projects?|organi[sz]ations?|orgs?|tenants?)$/.test(part)) &&
    writtenOptions(values).some(
      (s) => /^(status|state)$/.test(s.name) && /^(closed|deleted|terminated|cancell?ed)$/i.test(s.value),
    )
  )
    return {
      reason: "closes an account or a project: what it holds goes with it",
      grant: false,
      destroys: true,
    };
  // destruction by other verbs: a resource's contract cancelled, state rolled back, a restore over its source
  if (lead.includes("cancel") && parts.some((part) => CANCELLED.test(part)))
    return { reason: "cancels a resource: it is deleted with what it holds", grant: false, destroys: true };
  if (
    parts.some((part) => /^(rollback|revert)$/.test(part)) &&
    parts.some((part) => /^(snapshots?|backups?|checkpoints?)$/.test(part))
  )
    return {
      reason: "rolls a machine back to a snapshot: what changed since is gone",
      grant: false,
      destroys: true,
    };
  if (parts.some((part) => /^(restore|restores)$/.test(part))) {
    const given = writtenOptions(values);
    const target = given.find((s) => /^target-/.test(s.name) && !/project|region|account/.test(s.name));
    if (target && given.some((s) => !/^target-/.test(s.name) && s.value === target.value))
      return {
        reason: `restores over its own source (${target.value}): what it holds is replaced`,
        grant: false,
        destroys: true,
      };
  }
  return null;
}

/** OpenPGP and SSH key tools (their secrets are judged by rules/secrets.ts and the readers). */
const KEY_TOOLS = /^(gpg2?|gpgsm|gpgv2?|sq|ssh-keygen|ssh-add)$/;

/** Raises what these shapes do (high); true when one fired. */
export function judgeCloudShapes(invocation: Invocation, context: RuleContext): boolean {
  const values = invocation.args.map((word) => word.value);
  // one scan first: most commands name none of these (the hook's common path)
  const text = values.join(" ");
  if (
    (!Object.hasOwn(EXCEPTIONS, invocation.program) &&
      !/protect|public|anonym|unauth|acl|privacy|no-|=|disable|key|pass|token|cred|admin|owner|member|privilege|metadata|billing|2fa|mfa|env|legacy|clear-|secret|access|cancel|rollback|revert|restore|invit|cert|oauth|role|grant|allow|user|polic|reset|regenerate|format|query|uri|:|status|false|off|none|disabled|source|cidr|tls|start-ip|default-action|target-all|share-|suspend|delegat|collaborat|recover|superuser|passwd|pwpolicy|cat=/i.test(
        text,
      )) ||
    // help, version and dry runs change nothing (rules/inert.ts)
    inertCall(invocation.args, invocation.program) !== null ||
    // key tools' showing options (`gpg --show-keys k.asc`, `ssh-keygen -l`) print public keys and
    // fingerprints; what they export or decrypt is their own rule's (rules/secrets.ts)
    KEY_TOOLS.test(invocation.program)
  )
    return false;
  const shape = cloudShape(invocation.program, values);
  if (!shape) return false;
  const head = [invocation.program, ...values.slice(0, 3)].join(" ");
  if (shape.grant)
    context.signals.score.raise("high", `${head} ${shape.reason}`, "privilege_escalation", "network_request");
  else if (shape.destroys)
    context.signals.score.raise("high", `${head} ${shape.reason}`, "destructive_command");
  else context.signals.score.raise("high", `${head} ${shape.reason}`, "system_modification");
  return true;
}
