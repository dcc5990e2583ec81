/**
 * Actions that cannot be taken back once others see them: releasing an artifact to a public or
 * shared registry (`twine upload`, `docker push`, `helm push`, `poetry publish`, …; npm and
 * cargo are in dev.ts), and granting access (`aws iam attach-user-policy`, `gcloud …
 * add-iam-policy-binding`, `az role assignment create`, `kubectl create clusterrolebinding`,
 * `gh repo edit --visibility public`). Read on the whole argv; `--dry-run` changes nothing.
 * *Why:* a release is copied as soon as it lands, and a grant is used as soon as it exists.
 */
import { patternTable } from "../command/patterns.js";
import type { RuleContext } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";
import { inertCall } from "./inert.js";

const releases = patternTable([
  /^twine upload\b/,
  /^(docker|podman|nerdctl) (.+ )?(image )?push\b/,
  /^helm push\b/,
  /^(poetry|uv|hatch|flit|pdm) publish\b/,
  /^dotnet nuget push\b/,
  /^(vsce|ovsx) publish\b/,
]);

const grants = patternTable([
  /^aws (.+ )?iam ((attach|put)-(user|role|group)-policy|create-access-key|add-user-to-group|create-login-profile)\b/,
  /^gcloud (.+ )?(add-iam-policy-binding|set-iam-policy)\b/,
  /^az role assignment create\b/,
  /^kubectl (.+ )?create (clusterrolebinding|rolebinding)\b/,
  /^gh repo edit .*--visibility[ =]public\b/,
  /^npm (.+ )?access (grant|add)\b/,
]);

/** Signing a tag pushes it; revoking trust withdraws what others verify (`docker trust sign/revoke`). */
const trust = patternTable([/^(docker|podman) (.+ )?trust (sign|revoke)\b/]);

/**
 * A grant by structure, whatever the CLI: a role given to a member or over a scope (`az ad sp
 * create-for-rbac --role Contributor --scopes …`, `mycloud iam bind --role admin --member …`);
 * listing and showing forms read.
 */
function grantsByStructure(text: string): boolean {
  // one scan first: most commands name no grant, role, token, credential or policy (the hook's common path)
  if (!/grant|role|token|credential|polic|scc/.test(text)) return false;
  // a `grant` sub-command (`mycli access grant read-write team pkg`): the first words, not option values
  const lead = text.split(" ").slice(1, 5);
  if (lead.some((word) => /^(grant|grant-access|grant-role|add-role-binding)$/.test(word))) return true;
  // a credential minted and printed (`argocd account generate-token`, `npm token create`, `vault token create`)
  const words = lead.filter((word) => /^[a-z][\w-]*$/.test(word)).flatMap((word) => word.split("-"));
  if (
    words.some((word) => /^(generate|create|new|issue|mint)$/.test(word)) &&
    words.some((word) => /^(token|tokens|apikey|credential|credentials)$/.test(word)) &&
    !words.some((word) => /^(list|show|get|describe|ls)$/.test(word))
  )
    return true;
  // a privileged role added to someone (`oc adm policy add-cluster-role-to-user cluster-admin bob`,
  // `x role assign admin --user u`, `oc adm policy add-scc-to-user privileged -z sa`)
  if (
    words.some((word) => /^(add|bind|assign|attach|grant)$/.test(word)) &&
    words.some((word) =>
      /^(role|roles|clusterrole|scc|policy|policies|permission|permissions|group)$/.test(word),
    ) &&
    /(^| )(cluster-admin|admin|administrator|administrators|owner|root|superuser|sudo|sudoers|wheel|system:masters|privileged|anyuid)( |$)/.test(
      text,
    )
  )
    return true;
  // an access policy set for a principal (`az keyvault set-policy --object-id X`)
  if (
    /(^| )(set-policy|add-policy|policy-set)( |$)/.test(text) &&
    /(^| )--(object-id|upn|spn|principal[\w-]*|member|assignee[\w-]*|user|group|service-account)[ =]\S/.test(
      text,
    )
  )
    return true;
  return (
    /(^| )--roles?[ =]\S/.test(text) &&
    /(^| )--(scopes?|assignee[\w-]*|members?|principal[\w-]*|user|group|service-account)[ =]\S/.test(text) &&
    !/(^| )(list|show|get|describe|ls)( |$)/.test(text)
  );
}

/**
 * Access opened to everyone, whatever the CLI: a firewall or security-group rule from every
 * address (`--cidr 0.0.0.0/0`, `--source-ranges 0.0.0.0/0`, `::/0`, a source prefix `*`), a
 * bucket or function made public (`allUsers`, `allAuthenticatedUsers`, `--acl public-read`,
 * `--public-access container`, `anonymous set public`, `--principal '*'`, an auth type NONE), a
 * service given a public load balancer, all traffic routed elsewhere (`sshuttle -r host 0/0`).
 * Reading forms (describe, list, get, show) only look.
 */
function opensToEveryone(text: string): string | null {
  // one scan first: most commands name none of these
  if (
    !/0\/0|::\/0|anonymous|allUsers|allAuthenticatedUsers|AllUsers|AllAuthenticatedUsers|public|[ =]['"]?\*['"]?( |$)|NONE|LoadBalancer/.test(
      text,
    )
  )
    return null;
  if (/(^| )(\S+-)?(describe|list|get|show|ls)(-\S+)?( |$)/.test(text.split(" ").slice(0, 4).join(" ")))
    return null;
  const found =
    /(^| |[=:,])(0\.0\.0\.0\/0|::\/0|0\/0)( |,|$)/.exec(text)?.[2] ??
    /\b(allUsers|allAuthenticatedUsers)\b/i.exec(text)?.[1] ??
    /(^| )--acl[ =](public-read(-write)?)\b/.exec(text)?.[2] ??
    /(^| )--public-access[ =](blob|container)\b/.exec(text)?.[2] ??
    /(^| )anonymous set (public|download|upload)\b/.exec(text)?.[2] ??
    /(^| )--(principal|source-address-prefix(es)?|source-ranges?|remote-ip|source-ips?)[ =]['"]?\*['"]?( |$)/.exec(
      text,
    )?.[2] ??
    /(^| )--(\w+-)?auth-type[ =]NONE\b/.exec(text)?.[0]?.trim() ??
    /(^| )--type[ =]LoadBalancer\b/.exec(text)?.[0]?.trim();
  return found ?? null;
}

/**
 * A release by any tool: a `publish` sub-command (`changeset publish`, `lerna publish`, `expo
 * publish`; not a message published to a topic, nor `dotnet publish`, a build into a folder), and
 * a program named for releasing told to release (`goreleaser release`, `semantic-release`,
 * `release-it`; not a snapshot, a check or a build).
 */
function releasesByStructure(invocation: Invocation): boolean {
  // one look first: most commands have no `publish` or `upload` word and no program named for releasing
  if (
    !invocation.program.includes("release") &&
    !invocation.args.some((word) => word.value === "publish" || word.value === "upload")
  )
    return false;
  const values = invocation.args.map((word) => word.value);
  const lead = values.find((value) => !value.startsWith("-"));
  // an upload released to a channel, or of every package to a remote (`snapcraft upload
  // --release=stable x.snap`, `conan upload "*" -r=prod`)
  if (
    lead === "upload" &&
    (values.some((value) => /^--(release|publish|channel)(=.*)?$/.test(value)) ||
      (values.some((value) => /^["']?\*["']?$/.test(value)) &&
        values.some((value) => /^(-r|--remote)(=.*)?$/.test(value))))
  )
    return true;
  if (
    lead === "publish" &&
    invocation.program !== "dotnet" &&
    !values.some((value) =>
      /^(--topic|-t|--subject|--channel|--message|-m|--data|--payload|--queue)(=.*)?$/.test(value),
    )
  )
    return true;
  // (named for releasing: `goreleaser`, `semantic-release`, `release-it`; not a script named for
  // reading about releases, `list-released-versions-from-changelogs.mjs`, `check-release-notes`)
  return (
    /release(?!d)/.test(invocation.program) &&
    !/^(list|show|get|print|check|lint|validate|verify|find|extract|parse|read)[-_]/.test(
      invocation.program,
    ) &&
    (lead === undefined || lead === "release" || lead === "publish") &&
    !values.some((value) =>
      /^(--snapshot|--skip[= ]?publish|--skip-publish|--no-publish|--help|-h)$/.test(value),
    )
  );
}

/** True (and raised high) when the command releases an artifact or grants access. */
export function releasesOrGrants(invocation: Invocation, context: RuleContext): boolean {
  // `goreleaser --version`, `semantic-release --help`: a release tool asked about itself
  if (inertCall(invocation.args, invocation.program) !== null) return false;
  const text = [invocation.program, ...invocation.args.map((word) => word.value)].join(" ");
  const release = releases(text) || trust(text) || releasesByStructure(invocation);
  const everyone = release ? null : opensToEveryone(text);
  if (everyone && !/(^| )--dry-?run\b/.test(text)) {
    context.signals.score.raise(
      "high",
      `${text.split(" ").slice(0, 4).join(" ")} opens access to everyone (${everyone})`,
      "privilege_escalation",
      "network_request",
    );
    return true;
  }
  if ((!release && !grants(text) && !grantsByStructure(text)) || /(^| )--dry-?run\b/.test(text)) return false;
  const head = text.split(" ").slice(0, 4).join(" ");
  if (release) {
    context.signals.score.raise(
      "high",
      `${head} releases an artifact (others receive it at once)`,
      "network_request",
    );
    return true;
  }
  context.signals.score.raise("high", `${head} grants access`, "privilege_escalation", "network_request");
  return true;
}
