/**
 * A program no rule names (docs/risk.md, "Rule families"): what its arguments reach, the
 * files it is given, PowerShell cmdlets by their verb, block devices written, SQL handed to it,
 * the structure of the call (structure.ts) and destroying verbs (general.ts); medium otherwise,
 * since running an unknown program is never "none".
 */
import { secretFileReason } from "../paths.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { judgeSql, looksLikeSql } from "../sql.js";
import type { Invocation } from "../wrappers.js";
import { judgeDestroyingVerb } from "./general.js";
import { judgeHttpData } from "./http-data.js";
import { judgeLexicon } from "./lexicon.js";
import { judgeOperations } from "./operations.js";
import { isProbe, judgeProbe } from "./probes.js";
import { judgeStructure } from "./structure.js";
import { consoleCommands, judgeHostEffects } from "./unknown-host.js";
import { windowsCmdlet } from "./windows.js";
import { READING_CMDLET } from "./windows-cmdlets.js";
import { METADATA_READER } from "./windows-credentials.js";
import { registryReaderCredential } from "./windows-registry-secrets.js";

/** A URL of code: a script, an installer, a library (`https://x/i.sh`, `http://x/a.hta`). */
const CODE_URL =
  /^https?:\/\/[^\s?#]+\.(sh|bash|ps1|psm1|bat|cmd|vbs|js|hta|sct|msi|exe|dll|py|pl|rb|jar|scr|wsf|cpl|appx|msix|dmg|pkg)([?#]\S*)?$/i;

/** An encrypted password database (KeePass, Password Safe). */
const PASSWORD_DATABASE = /\.(kdbx|kdb|psafe3)$/i;
/** Sub-commands of a password database's client that print no entry's secret. */
const NAMES_ONLY =
  /^(ls|list|search|find|locate|rm|remove|add|edit|mkdir|rmdir|mv|move|db-info|info|analyze|merge|import|db-create|estimate)$/;

/** PowerShell's and cmd.exe's directory listers (`gci` and `dir` are Get-ChildItem's aliases). */
const LISTER = /^(get-childitem|gci|dir)$/;

/** Verbs of a sub-command after its noun (`credentials list`, `secrets create`). */
const SUBCOMMAND_VERB =
  /^(list|ls|create|delete|describe|get|show|add|update|rotate|remove|rm|set|reset|revoke|enable|disable)$/;

/**
 * The method a CLI's own HTTP sub-command is told to send (`x curl -XDELETE`, `x api --method
 * DELETE`, `x api -X PUT`), or null; only after a `curl`, `api`, `request` or `rest` sub-command.
 */
function httpMethod(args: Word[]): string | null {
  const at = args.findIndex((arg) => /^(curl|api|request|rest)$/.test(arg.value));
  if (at < 0 || at > 2) return null;
  for (let i = at + 1; i < args.length; i += 1) {
    const joined = /^(-X|--request=|--method=)([A-Za-z]+)$/.exec(args[i]!.value);
    if (joined) return joined[2]!;
    if (/^(-X|--request|--method)$/.test(args[i]!.value)) return args[i + 1]?.value ?? null;
  }
  return null;
}

/** The code, hosts and networks the arguments of a program no rule names reach. */
export function reachedByArguments(invocation: Invocation, program: string, signals: Signals): void {
  const { score } = signals;
  // `mshta http://x/a.hta`, `tool /i:https://x/setup.msi`: code fetched from a URL by a program no
  // rule knows — whether it only saves it or runs it is not known (downloaders have rules)
  const code = invocation.args.find(
    (arg) => !arg.dynamic && CODE_URL.test(arg.value.replace(/^[/-][\w-]*[:=]/, "")),
  );
  if (code)
    score.raise(
      "high",
      `${program} is handed code from ${code.value.slice(0, 80)}: whether it runs it is not known`,
      "network_request",
    );
  // `ping 10.0.0.1`, `dig -x 192.168.1.10`: an echo or a lookup, not a request to a service (rules/probes.ts)
  if (isProbe(program)) return void judgeProbe(program, invocation.args, signals);
  // `hydra … ssh://10.0.0.5`, `nmap 10.0.0.0/24`, `tool -H 10.1.2.3`: another scheme, an address or a
  // network given to a program no rule knows is reached (an internal network is high by the table)
  for (const [index, arg] of invocation.args.entries()) {
    if (arg.dynamic) continue;
    // `--cidr-block 10.0.0.0/16`, `--subnet-range 192.168.0.0/24`: a range an option defines (a
    // network made or a rule written), not one the program reaches; `nmap 10.0.0.0/24` scans it
    if (
      /^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(arg.value) &&
      /^--?[\w-]*(cidr|range|block|subnet|network|prefix|source|destination|remote-ip|allowed)[\w-]*$/.test(
        invocation.args[index - 1]?.value ?? "",
      )
    )
      continue;
    const scheme = /^[a-z][\w+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/\s]+)/i.exec(arg.value);
    // (`root@10.0.0.5`: a login at that address)
    const address = /^(\d{1,3}(?:\.\d{1,3}){3})(\/\d{1,2}|:\d+)?$/.exec(arg.value.replace(/^[\w.-]+@/, ""));
    const host =
      scheme && !/^(https?|file|s3|gs|az|docker|git|data)$/i.test(arg.value.split(":")[0]!)
        ? scheme[1]
        : address?.[1];
    if (host) signals.network(`http://${host}/`, "CONNECT", "command");
  }
}

/** Sub-command verbs that make a key, a key pair or a certificate, or sign with one. */
const MAKES_KEYS = /^(create|generate|gen|genkey|new|init|keygen|keypair|issue|certificate|renew|sign)$/;

/** What a program no rule names does, read from its arguments (after the checks every program gets). */
export function judgeUnknownProgram(
  invocation: Invocation,
  program: string,
  first: Word,
  signals: Signals,
): void {
  const { score } = signals;
  // A program without a rule still reads the files it is given (`tar czf x.tgz ~/.ssh`,
  // `openssl enc -in .env`): words written as file-system paths, and words naming a secret
  // file; `vault read secret/app` names no file.
  // a password database is encrypted: opened by its client to list, search, add or remove
  // entries, it prints no secret (`keepassxc-cli ls db.kdbx`); `show`, `export`, `clip` do
  const lead = invocation.args.find((arg) => !arg.value.startsWith("-"))?.value ?? "";
  const namesOnly = NAMES_ONLY.test(lead);
  // `Get-Acl …\config\SAM`, `Test-Path ~/.ssh/id_rsa`: permissions and existence, not the content
  // `Get-ChildItem ~\.ssh`, `gci -Recurse -Include *.kdbx`, `dir`: a listing alone prints names,
  // as `ls ~/.ssh` does (none); piped on (`| Get-Content`) the files found are read
  const listsNames = LISTER.test(program) && invocation.command.pipelineLength < 2;
  const metadataOnly = METADATA_READER.test(program) || listsNames;
  // DNSSEC's tools are handed keys' public halves (`delv -a trust.key`, `dnssec-dsfromkey K….key`)
  const dnssec = /^(delv|dnssec-[\w-]+|ldns-[\w-]+)$/.test(program);

  // `step certificate create web web.crt web.key`, `x ca certificate TOKEN name c.crt c.key`: a
  // call that makes a key pair or a certificate names the files it writes, and the key it signs
  // with is used, not printed (docs/risk.md, "Secrets, through any program"); a key in the project
  // named so is not read out (one in a home or elsewhere still is)
  const makesKeys = invocation.args
    .filter((arg) => !arg.dynamic && !arg.value.startsWith("-"))
    .slice(0, 3)
    .some((arg) => MAKES_KEYS.test(arg.value));
  const args = metadataOnly ? [] : invocation.args;
  for (const [index, arg] of args.entries()) {
    // `x mariadb credentials list`: a bare word before a sub-command's verb names a kind, not a file
    const next = args[index + 1]?.value ?? "";
    if (/^[a-z][a-z-]*$/.test(arg.value) && SUBCOMMAND_VERB.test(next)) continue;
    // `$env:APPDATA/…` is PowerShell's environment, not a bash expansion (windows-paths.ts)
    if (arg.dynamic && !/^\$env:\w+\//i.test(arg.value)) continue;
    const value = arg.value.replace(/^--?[\w-]+=/, "");
    if (namesOnly && PASSWORD_DATABASE.test(value)) continue;
    if (dnssec && /\.key$/.test(value)) continue;
    if (
      makesKeys &&
      /^[\w-][\w./-]*$/.test(value) &&
      !value.includes("..") &&
      /key|certificate/.test(secretFileReason(value) ?? "")
    ) {
      score.raise("low", `${program} makes or signs with the key file ${value} in the project`);
      continue;
    }
    if (/^(~|\.{1,2}|[A-Za-z]:|%\w+%|\$env:\w+)?\//i.test(value) || secretFileReason(value))
      signals.read(value, "passes");
  }
  // `influx -execute 'DROP DATABASE x'`, `clickhouse-client -q 'TRUNCATE t'`, `Get-X -Query "exec
  // xp_cmdshell …"`: SQL given as an argument (a cmdlet's reading verb does not make it read)
  for (const arg of invocation.args)
    if (!arg.dynamic && looksLikeSql(arg.value)) judgeSql(arg.value, program, score);
  // `Get-ItemProperty HKLM:\…\Winlogon`: a key of credentials printed (rules/windows-registry-secrets.ts)
  const registry = registryReaderCredential(
    program,
    invocation.args.map((word) => word.value),
  );
  if (registry) score.raise("high", registry, "sensitive_file_access");
  // (`gci` is read as Get-ChildItem is, `dir` as `ls`: a listing alone changes nothing)
  if (listsNames) return void score.raise("none", "");
  // `New-LocalUser`, `Stop-Service`: PowerShell cmdlets no table names, read by their verb. A
  // reading verb clears a cmdlet only when it is written as one (`Get-ChildItem`): an all-lowercase
  // `search-tool delete index prod` or `get-secrets` is as likely a Unix program, judged as any other
  if (
    !(READING_CMDLET.test(program) && first.value === first.value.toLowerCase()) &&
    windowsCmdlet(
      program,
      invocation.args.map((word) => word.value),
      signals,
      first.value,
    )
  )
    return;
  // a block device, a server stopped, everything at once, a link released, dropping code
  // (rules/unknown-host.ts), also in the commands of the tool's own console (`kadmin -q "…"`)
  judgeHostEffects(program, invocation.args, signals);
  for (const words of consoleCommands(invocation.args)) {
    judgeHostEffects(program, words, signals);
    judgeStructure(program, words, signals);
    judgeOperations(program, words, signals);
    judgeDestroyingVerb(program, words, signals);
  }
  // any other tool: what the structure of the call says (rules/structure.ts), then a destroying
  // verb and what it applies to (rules/general.ts)
  judgeStructure(program, invocation.args, signals);
  // what a cluster, a replicated database or a service manager is told to do to itself
  // (rules/operations.ts)
  judgeOperations(program, invocation.args, signals);
  // `jf rt curl -XDELETE /api/repositories/x`, `cf curl -X DELETE /v3/apps/x`: a CLI's own HTTP
  // client, judged as curl is (rules/http-data.ts)
  const method = httpMethod(invocation.args);
  if (method) {
    const paths = invocation.args.filter((arg) => !arg.dynamic && /^(\/|https?:\/\/)\S/.test(arg.value));
    judgeHttpData(
      program,
      method,
      paths.map((arg) => arg.value),
      [],
      signals,
    );
    if (method.toUpperCase() === "DELETE") return;
  }
  // what the verb lexicon mined from completion specs says of its words (rules/lexicon.ts)
  if (judgeLexicon(program, invocation.args, signals)) return;
  if (judgeDestroyingVerb(program, invocation.args, signals)) return;
  score.raise(
    "medium",
    first.value.includes("/")
      ? `runs the local program ${first.value}`
      : `runs ${program}, which has no specific rule`,
  );
}
