/**
 * More of the cloud and platform shapes (rules/cloud-shapes.ts), as other CLIs spell them (the
 * fifth unnamed-families round, docs/risk.md "Cloud and platform CLIs, by shape"):
 *
 * - **Open to everyone** — a public-access setting given any level but none
 *   (`--public-access-type ObjectRead`), an access type for any caller (`--access-type
 *   AnyObjectRead`: a pre-authenticated link anyone holding it may use), an existing resource
 *   made public (`image set --public`; creating a public resource exposes nothing yet), a
 *   resource shared with every project or tenant (`--target-all-projects`), every address let in
 *   by a rule written as JSON (`'[{"source":"0.0.0.0/0"}]'`).
 * - **Access handed out** — a role given by a sub-command named for it (`set-org-role USER ORG
 *   ROLE`, `add-role-to-user`, `assign-role`), a user's password set by an option on a changing
 *   call (`user set --password X admin`; a new user's password is not a change of access).
 *
 * Only in a call that changes a resource; listing and showing forms return before this is read.
 */
import { type Setting, writtenOptions } from "./cloud-settings.js";

/** A public-access level that is none (`NoPublicAccess`, `off`, `private`). */
const NO_ACCESS = /^(no-?public-?access|none|off|false|no|0|private|disabled?|deny|block(ed)?)$/i;
/** Options that share a resource with every project, tenant or account. */
const SHARED_WITH_ALL = /^--(target-all[\w-]*|share-with-all[\w-]*|all-tenants|share-all|shared-with-all)$/;
/** A key of a JSON rule naming where traffic comes from, given every address. */
const EVERY_SOURCE =
  /["']?(source|sources|cidr[\w-]*|remote[\w-]*|ip-?range|source-?address[\w-]*|cidr-?ip|from)["']?\s*:\s*["']?(0\.0\.0\.0\/0|::\/0)["']?/i;
/**
 * A sub-command that gives a role to someone (`set-org-role`, `add-role-to-user`, `assign-role`,
 * `role-grant`); `add-role` alone defines a role of a project, given to no one yet.
 */
export const GIVES_ROLE =
  /^((set|assign|grant)-([\w-]+-)?roles?(-[\w-]+)?|add-([\w-]+-)?roles?-to-[\w-]+|roles?-(assign|grant))$/;
const SETS = /^(set|update|modify|edit|patch|reset|change|passwd|mod|[\w]+-mod)$/;
const ACCOUNT = /^(user|users|account|accounts|login|logins|admin|principal|principals)$/;

/**
 * Shapes read whatever the sub-command words' count: a role given by a sub-command named for it
 * (`set-org-role USER ORG ROLE`), a delegate added to an account (`user u add delegate m`: the
 * delegate reads and sends as the account), a collaborator added to an application.
 */
export function looseAccess(lead: string[], values: string[]): AccessShape | null {
  // `create admin alice@x ROLE`, `superuser upsert EMAIL PASS`: someone made an administrator
  const ADMIN = /^(admins?|administrators?|superusers?)$/;
  const MAKE = /^(create|add|new|upsert)$/;
  if (
    lead.some(
      (word, i) =>
        (MAKE.test(word) && ADMIN.test(lead[i + 1] ?? "")) ||
        (ADMIN.test(word) && MAKE.test(lead[i + 1] ?? "")),
    )
  )
    return { reason: "makes someone an administrator", grant: true };
  const role = lead.find((word) => GIVES_ROLE.test(word));
  if (role) return { reason: `gives someone a role (${role})`, grant: true };
  const written = writtenOptions(values);
  // `pwpolicy-mod --minlength=1 --maxfail=0`: a password policy lowered (short passwords, no lockout)
  if (
    lead.some((word) => /^(pwpolicy|password-?policy|pwpolicy-mod)$/.test(word)) &&
    written.some(
      (s) =>
        (/^min-?length$/.test(s.name) && Number(s.value) <= 4) ||
        (/^(maxfail|max-?fail(ures)?|lockout(-threshold)?)$/.test(s.name) && s.value === "0"),
    )
  )
    return { reason: "lowers a password policy (short passwords or no lockout)", grant: false };
  // `hbacrule-add r --usercat=all --hostcat=all`, `--users=all`: a rule or grant for everyone
  const everyone = written.find(
    (s) =>
      /^(user|users|principal|principals|member|members|usercat|user-?category|host|hostcat|host-?category)$/.test(
        s.name,
      ) && /^(all|\*|everyone|any)$/i.test(s.value),
  );
  if (everyone && lead.some((word) => /(^|-)(rule|policy|grant|sudorule|hbacrule)(s)?(-|$)|rule-/.test(word)))
    return { reason: `grants it to everyone (${everyone.name}=${everyone.value})`, grant: true };
  // `recover-account admin`: an account's password reset and printed, for a recovery (`passwd` alone
  // is also a database's name: `getent passwd alice`)
  const reset = lead.findIndex((word) => /^(recover-account|recover-password|reset-account)$/.test(word));
  if (reset >= 0 && lead.length > reset + 1)
    return { reason: `sets or resets an account's password (${lead[reset]})`, grant: true };
  if (
    values.some(
      (value, i) => /^(add|create|grant)$/.test(value) && /^delegates?$/.test(values[i + 1] ?? ""),
    ) ||
    lead.some((word) => /^(add|create|grant)-delegates?$/.test(word)) ||
    // `collaborators-add APP USER`, `add-collaborator`: someone given access to an application
    lead.some((word) => /^(collaborators?-(add|invite)|(add|invite)-collaborators?)$/.test(word)) ||
    values.some((value, i) => /^(add|invite)$/.test(value) && /^collaborators?$/.test(values[i + 1] ?? ""))
  )
    return { reason: "adds a delegate who acts as the account", grant: true };
  return null;
}

export interface AccessShape {
  reason: string;
  /** Access handed out or opened (privilege_escalation). */
  grant: boolean;
}

/**
 * The call's shape of these, or null (`lead`: its sub-command words in kebab case, `written`: its
 * options with their values as written).
 */
export function accessShape(lead: string[], values: string[], written: Setting[]): AccessShape | null {
  const open = written.find(
    (s) =>
      (/^public-access(-type|-level)?$/.test(s.name) && !NO_ACCESS.test(s.value.replace(/['"]/g, ""))) ||
      (/(^|-)access-type$/.test(s.name) && /^['"]?any/i.test(s.value)),
  );
  if (open) return { reason: `opens it to everyone (${open.name} ${open.value.slice(0, 30)})`, grant: true };
  if (
    values.includes("--public") &&
    lead.some((word) => /^(set|update|edit|modify|patch)$/.test(word)) &&
    !values.includes("--private")
  )
    return { reason: "makes an existing resource public", grant: true };
  const shared = values.find((value) => SHARED_WITH_ALL.test(value));
  if (shared) return { reason: `shares it with every project or tenant (${shared})`, grant: true };
  if (values.some((value) => /^[[{]/.test(value) && EVERY_SOURCE.test(value)))
    return { reason: "lets every address in (a rule's source 0.0.0.0/0)", grant: true };
  // `--statements '["Allow group ci to manage all-resources in tenancy"]'`, `"Action": "*"`: a
  // policy whose statement is every action on every resource
  if (
    lead.some((word) => /^polic(y|ies)$/.test(word)) &&
    values.some((value) => /\bmanage\s+all-resources\b|"Action"\s*:\s*\[?\s*"\*"/i.test(value))
  )
    return { reason: "grants every action on every resource", grant: true };
  // `dataset visibility set production public`: a visibility or privacy set public as an operand
  if (
    lead.some((word) => /^(visibility|privacy|acl)$/.test(word)) &&
    lead.some((word) => /^(set|update|change)$/.test(word)) &&
    lead.some((word) => /^public(-read)?$/.test(word))
  )
    return { reason: "makes it public", grant: true };
  // `cors add "*" --credentials`: every website may call the API in its users' names
  if (
    lead.includes("cors") &&
    lead.some((word) => /^(add|set|create|update)$/.test(word)) &&
    values.includes("*")
  )
    return { reason: "lets every website call it (a CORS origin of *)", grant: true };
  // `org assign permset --name Admin_Access --on-behalf-of bob`: an administrator's permissions given
  if (
    lead.some((word) => /^(assign|grant|attach|add)$/.test(word)) &&
    lead.some((word) => /^(permsets?|permission-?sets?|roles?|polic(y|ies)|permissions?)$/.test(word)) &&
    written.some((s) => /admin|owner|superuser|^root$|full-?access/i.test(s.value))
  )
    return { reason: "gives an administrator's permissions", grant: true };
  if (
    lead.some((word) => SETS.test(word)) &&
    lead.flatMap((word) => word.split("-")).some((part) => ACCOUNT.test(part)) &&
    // (`--user_pass=X`: a password option named by its last word)
    (written.some((s) => /(^|[-_])(password|passwd|passphrase|pass)$/.test(s.name)) ||
      // `user-mod bob --password`: the new password asked for at the prompt
      values.some((value) => /^--(new-)?(password|passwd)$/.test(value)) ||
      // `gam update user u password 'x'`: the setting written as a bare keyword
      values.some((value, i) => /^(password|passwd)$/i.test(value) && /^[^-]/.test(values[i + 1] ?? "-")))
  )
    return { reason: "sets a user's password", grant: true };
  return null;
}
