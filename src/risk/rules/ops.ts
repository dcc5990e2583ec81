/**
 * Operations tools: containers (privileged runs high), clusters and infrastructure
 * (delete/destroy high or critical), cloud and forge CLIs (remote APIs; deleting verbs high).
 * Backups and cloud storage copies have their own table (backups.ts).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import { fromList, type Rule } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";
import { syncDeletes, uploadsLocal } from "./backups.js";
import { credentialOutput } from "./credential-output.js";
import { judgeDestroyingVerb } from "./general.js";
import { judgeHttpData } from "./http-data.js";

const container: Rule = (invocation, context) => {
  const { args, program } = invocation;
  const { score } = context.signals;
  const sub =
    positionals(args, [
      "-H",
      "--host",
      "--context",
      "-c",
      "--config",
      "-f",
      "--file",
      "-p",
      "--project-name",
    ])[0]?.value ?? "";
  if (
    /^(ps|images|image|logs|inspect|version|info|stats|top|events|history|search|port|diff|ls|config)$/.test(
      sub,
    )
  )
    return void score.raise("none", "");
  if (sub === "exec") return execInside(invocation, context);
  // `docker compose exec SERVICE cmd…`, `docker compose run --rm SERVICE cmd…`
  const composed = positionals(args, ["-f", "--file", "-p", "--project-name", "--env-file", "--profile"]);
  if (sub === "compose" && /^(exec|run)$/.test(composed[1]?.value ?? ""))
    return execInside(invocation, context, composed[1]!.value);
  const text = args.map((word) => word.value).join(" ");
  // `docker cp app:/app/.env .`: a file copied out of a container is read
  if (sub === "cp")
    for (const word of positionals(args).slice(1, 2))
      if (/^[\w.-]+:/.test(word.value))
        context.signals.read(word.value.replace(/^[\w.-]+:/, ""), "copies out of a container");
  // `docker stack rm`: every service of a deployed stack
  if (/(^| )system reset( |$)/.test(text) || (sub === "stack" && /(^| )(rm|remove|down)( |$)/.test(text))) {
    return void score.raise(
      "high",
      `${program} ${sub} removes every container (and its data) it manages`,
      "destructive_command",
    );
  }
  // A host directory mounted into a container is readable there: secrets among them count.
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    const mount = /^(-v|--volume|--mount)$/.test(value)
      ? args[i + 1]?.value
      : /^--(volume|mount)=(.*)$/.exec(value)?.[2];
    const host = mount && (/(?:^|,)(?:source|src)=([^,]+)/.exec(mount)?.[1] ?? mount.split(":")[0]);
    if (host && /^(~|\.{0,2}\/|\$HOME)/.test(host)) context.signals.read(host, "mounts into a container");
  }
  if (
    /--privileged(?!=false)|--pid[= ]host|--cap-add[= ](ALL|SYS_ADMIN)|(-v|--volume|--mount)[= ]?\S*(^|[ =:])\/(:|,|$)|docker\.sock/.test(
      text,
    )
  ) {
    // Root on the host, as sudo is: the same level sudo has (docs/risk.md).
    score.raise(
      "critical",
      `${program} ${sub} gives a container control of the host`,
      "privilege_escalation",
    );
  }
  // `--device=/dev/sda:…`: the host's disk handed to the container, below any file system
  if (/--device[= ]\/dev\/(sd|nvme|vd|xvd|hd|md|mmcblk|dm-|mapper|disk|loop)/.test(text))
    score.raise("critical", `${program} ${sub} hands a host disk to the container`, "system_modification");
  // `docker context export NAME -`: the context's TLS key printed; `swarm leave --force` drops a manager
  if (sub === "context" && /(^| )export( |$)/.test(text))
    return void score.raise(
      "high",
      `${program} context export writes the context's keys and certificates`,
      "sensitive_file_access",
    );
  if (sub === "swarm" && /(^| )leave( |$)/.test(text) && /(^| )(-f|--force)( |$)/.test(text))
    return void score.raise(
      "high",
      `${program} swarm leave --force takes this node out of the swarm, its services with it`,
      "destructive_command",
    );
  // `docker secret rm`: a swarm secret has no other copy
  if (/(^| )secret (rm|remove)( |$)/.test(text))
    return void score.raise("high", `${program} secret rm deletes secrets`, "destructive_command");
  // `docker service rm NAME`: every task of a running service stops (as `rm -f` of its containers)
  if (/(^| )service (rm|remove)( |$)/.test(text))
    return void score.raise(
      "high",
      `${program} service rm stops and removes a running service`,
      "destructive_command",
    );
  if (/\bvolume (rm|prune)\b/.test(text) || (/\bprune\b/.test(text) && /(^| )--volumes\b/.test(text))) {
    return void score.raise(
      "high",
      `${program} ${sub} deletes volumes and the data in them`,
      "destructive_command",
    );
  }
  if (/\b(down)\b/.test(text) && /(^| )(-v|--volumes)\b/.test(text)) {
    return void score.raise(
      "high",
      `${program} down -v deletes volumes and the data in them`,
      "destructive_command",
    );
  }
  // `rm -f` stops running containers first; `rmi -f` removes images containers still use
  const force = args.some((word) => !word.dynamic && /^(-[a-zA-Z]*f[a-zA-Z]*|--force)$/.test(word.value));
  if (/(^| )(rm|rmi)( |$)/.test(text) && force) {
    return void score.raise(
      "high",
      `${program} ${sub} --force removes running containers or used images`,
      "destructive_command",
    );
  }
  // `rm`/`prune` as a sub-command word, not the `--rm` option of `docker run`
  if (/^(rm|rmi|prune|kill|down)$/.test(sub) || /(^| )(prune|rm)( |$)/.test(text)) {
    return void score.raise("medium", `${program} ${sub} removes containers or data`, "destructive_command");
  }
  if (sub === "push" || sub === "login")
    return void score.raise("medium", `${program} ${sub}`, "network_request");
  score.raise("medium", `${program} ${sub}`.trim());
};

/**
 * `docker exec CONTAINER cmd…`, `kubectl exec POD -- cmd…`: the command runs elsewhere but does
 * what it says; it is judged as a command (its paths are the container's).
 */
function execInside(invocation: Parameters<Rule>[0], context: Parameters<Rule>[1], verb = "exec"): void {
  const { args, program } = invocation;
  const dashes = args.findIndex((word) => word.value === "--");
  let words: Word[];
  if (program === "kubectl" || dashes >= 0) {
    words = dashes >= 0 ? args.slice(dashes + 1) : [];
  } else {
    const sub = args.findIndex((word) => word.value === verb);
    const rest = args.slice(sub + 1);
    const operands = positionals(rest, [
      "-e",
      "--env",
      "-u",
      "--user",
      "-w",
      "--workdir",
      "--env-file",
      "--detach-keys",
    ]);
    words = operands.length > 1 ? rest.slice(rest.indexOf(operands[1]!)) : [];
  }
  context.signals.score.raise("medium", `${program} exec runs a command in a container`);
  if (words.length === 0) return;
  context.nested(
    {
      value: words.map((word) => shellQuote(word.value)).join(" "),
      dynamic: words.some((word) => word.dynamic),
      inner: [],
    },
    `${program} exec runs`,
  );
}

const orchestration: Rule = (invocation, context) => {
  const { program, args } = invocation;
  const { score } = context.signals;
  // `kubectl run x --overrides='{"spec":{"hostPID":true,…"privileged":true…}}'`: a pod given the host,
  // as `docker run --privileged` is
  if (
    args.some((word) =>
      /"privileged"\s*:\s*true|"host(PID|Network|IPC)"\s*:\s*true|"hostPath"\s*:/.test(word.value),
    )
  )
    score.raise(
      "critical",
      `${program} gives a pod the host (privileged, host namespaces or paths)`,
      "privilege_escalation",
    );
  if (
    program === "kubectl" &&
    positionals(args, ["-n", "--namespace", "--context", "-c", "--container"])[0]?.value === "exec"
  ) {
    return execInside(invocation, context);
  }
  const words = positionals(args, [
    "-n",
    "--namespace",
    "--context",
    "-f",
    "--filename",
    "-o",
    "--output",
    "-l",
    "--selector",
    "--kubeconfig",
    "-var",
    "-var-file",
    "-chdir",
  ]);
  const sub = words[0]?.value ?? "";
  if (
    /^(get|describe|logs|top|explain|version|api-resources|config|plan|validate|show|output|status|list|history|template|lint|diff|fmt|graph|providers|preview|whoami|ls)$/.test(
      sub,
    )
  ) {
    return void score.raise(sub === "plan" || sub === "preview" ? "low" : "none", "");
  }
  // `helm repo remove NAME`: a chart source leaves the local list (the charts stay where they are)
  if (program === "helm" && sub === "repo")
    return void score.raise(
      "medium",
      `helm repo ${words[1]?.value ?? ""} changes the local list of chart sources`.trim(),
    );
  // `terraform state rm`, `pulumi state delete`: the resources are no longer managed (nor destroyed with the rest)
  if (
    /^(terraform|tofu|pulumi)$/.test(program) &&
    sub === "state" &&
    /^(rm|delete|replace-provider)$/.test(words[1]?.value ?? "")
  )
    return void score.raise(
      "high",
      `${program} state ${words[1]!.value} drops resources from the state`,
      "destructive_command",
    );
  // `kubectl delete pod NAME`, `kubectl delete job NAME`: one routine object (rules/general.ts)
  if (
    program === "kubectl" &&
    sub === "delete" &&
    /^(pods?|po|jobs?|events?|replicasets?|rs)(\/|$)/.test(words[1]?.value ?? "")
  ) {
    judgeDestroyingVerb(program, args, context.signals);
    return;
  }
  if (
    /^(destroy|uninstall|delete|drain|down|remove)$/.test(sub) ||
    hasOption(args, ["-destroy", "--destroy"])
  ) {
    const all = hasOption(args, ["--all", "--all-namespaces", "-A"]) || /^(destroy|down)$/.test(sub);
    return void score.raise(
      all ? "critical" : "high",
      `${program} ${sub} deletes infrastructure`,
      "destructive_command",
    );
  }
  if (
    /^(apply|deploy|up|import|taint|state|replace|scale|rollout|patch|edit|create|install|upgrade|rollback|set|run|exec|cp|port-forward)$/.test(
      sub,
    )
  ) {
    return void score.raise(
      sub === "apply" && program !== "kubectl" ? "high" : "medium",
      `${program} ${sub} changes infrastructure`,
    );
  }
  // `pulumi stack rm prod`, `helm repo remove`: by the verb and its object (rules/general.ts)
  if (judgeDestroyingVerb(program, args, context.signals)) return;
  score.raise("medium", `${program} ${sub}`.trim());
};

/**
 * The command a cloud CLI runs on a machine: `gcloud compute ssh VM --command 'cmd'`, `aws ssm
 * send-command --parameters commands='cmd'`, `az vm run-command invoke --scripts 'cmd'`.
 */
function remoteCommand(invocation: Parameters<Rule>[0], context: Parameters<Rule>[1]): void {
  const { args } = invocation;
  const parameters = optionValue(args, ["--parameters"]);
  const text =
    optionValue(args, ["--command", "--scripts"]) ??
    (parameters ? (/commands=\[?\s*["']?([^"'\]]+)/.exec(parameters)?.[1] ?? null) : null);
  if (text)
    context.nested({ value: text, dynamic: false, inner: [] }, `${invocation.program} runs on a machine`);
}

/** aws, gcloud, az, gh, …: remote APIs; deleting verbs are high. */
const cloud: Rule = (invocation, context) => {
  const { score } = context.signals;
  remoteCommand(invocation, context);
  // `--dryrun`/`--dry-run` (aws, gsutil -n is rsync's): reports what would change, changes nothing
  if (invocation.args.some((word) => /^--dry-?run$/.test(word.value))) {
    return void score.raise("low", `${invocation.program} dry run`, "network_request");
  }
  const words = positionals(invocation.args, [
    "--profile",
    "--region",
    "--project",
    "--output",
    "-o",
    "-R",
    "--repo",
    "-X",
    "--method",
    "--query",
  ]).map((word) => word.value);
  const verbs = words.slice(0, 3).join(" ");
  const method = (
    invocation.args.find((_, i, all) => all[i - 1]?.value === "-X" || all[i - 1]?.value === "--method")
      ?.value ?? ""
  ).toUpperCase();
  if (
    syncDeletes(
      invocation.args.map((word) => word.value),
      verbs,
    )
  ) {
    return void score.raise(
      "high",
      `${invocation.program} ${verbs} deletes destination files missing from the source`,
      "destructive_command",
      "network_request",
    );
  }
  // `gh api -X DELETE …`: data deleted through an HTTP API (rules/http-data.ts)
  if (method)
    judgeHttpData(
      invocation.program,
      method,
      words.filter((word) => word.includes("/")),
      [],
      context.signals,
    );
  // `aws s3 cp --recursive ~/ s3://x`, `gsutil cp -r ~/.ssh gs://x`: local files sent to storage
  if (
    /\b(s3|storage|gsutil) (cp|sync|mv|rsync)\b|^(cp|rsync|mv) /.test(
      `${invocation.program === "gsutil" ? "gsutil " : ""}${verbs}`,
    )
  )
    uploadsLocal(positionals(invocation.args), context.signals);
  // `aws kms decrypt`: prints what was encrypted to be kept secret, like reading a credential file
  if (words.slice(0, 3).includes("decrypt"))
    return void score.raise(
      "high",
      `${invocation.program} ${verbs} prints decrypted secrets`,
      "sensitive_file_access",
      "network_request",
    );
  // `glab variable export`, `glab auth status --show-token`: a credential printed by the CLI that
  // holds it, spelled as any CLI spells it (rules/credential-output.ts)
  const output = credentialOutput(
    invocation.program,
    words.map((word) => word.toLowerCase()),
    invocation.args,
  );
  if (output)
    return void score.raise(
      "high",
      `${invocation.program} ${output}`,
      "sensitive_file_access",
      "network_request",
    );
  // `aws sqs delete-queue`, `gh issue delete`: by the verb and what it applies to (rules/general.ts);
  // `heroku pg:reset`, `firebase firestore:delete`: a resource's data reset or deleted
  if (method !== "DELETE" && judgeDestroyingVerb(invocation.program, invocation.args, context.signals)) {
    context.signals.score.flag("network_request");
    return;
  }
  if (/\w:reset\b/.test(verbs) || method === "DELETE") {
    return void score.raise(
      "high",
      `${invocation.program} ${verbs} deletes remote resources`,
      "destructive_command",
      "network_request",
    );
  }
  if (
    /\b(list|ls|describe|get|view|show|status|whoami|help|version|diff|log|search|checks|browse)\b/.test(
      verbs,
    ) ||
    verbs === "" ||
    (words[0] === "auth" && words[1] === "status")
  ) {
    return void score.raise(
      "low",
      `${invocation.program} ${verbs} reads from a remote API`,
      "network_request",
    );
  }
  score.raise("medium", `${invocation.program} ${verbs} changes remote resources`, "network_request");
};

export const OPS_RULES: Record<string, Rule> = {
  ...fromList("docker podman nerdctl docker-compose", container),
  ...fromList("kubectl helm terraform tofu pulumi cdk serverless sam", orchestration),
  ...fromList("aws gcloud gsutil az gh glab doctl fly flyctl vercel netlify heroku firebase", cloud),
};
