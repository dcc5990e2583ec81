/**
 * Windows' own transfer tools (docs/risk.md, "Windows: code run through another program,
 * downloads, credentials"): `certutil` and `bitsadmin`. Their concept is files moved and trusted,
 * not code run: a URL given to them is a download (a network request, medium) whose saved file is
 * remembered, so that running it later in the line is a download run (critical); `certutil` also
 * manages the certificate stores (a trusted root added: critical for the machine, high for the
 * user) and copies private keys out, and `bitsadmin /SetNotifyCmdLine` runs a command when its job
 * ends (judged as that command). Split from windows-exec.ts (the code-running hosts), which
 * registers this table within its own and imports `nestedCommand` from here, one way.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import { staticWord } from "../shell-model.js";
import { lower, REMOTE, values } from "./windows-words.js";

/** The command a launcher (or a transfer job) is given, judged as a command line. */
export function nestedCommand(words: string[], label: string, context: RuleContext): void {
  if (words.length === 0) return;
  const text = words
    .map((word) => (/[\s"'$`;&|<>()]/.test(word) ? `'${word.replace(/'/g, `'\\''`)}'` : word))
    .join(" ");
  context.nested(staticWord(text), label);
}

const BITS_READ =
  /^[-/](list|info|monitor|getstate|geterror|getbytes\w*|getfiles\w*|util|help|verbose|allusers|\?)$/i;

/** certutil: a download (medium, remembered), trusted roots added (critical machine, high user), hashes and dumps read. */
const certutil: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  const url = values(invocation.args).find((arg) => REMOTE.test(arg));
  if (url) {
    signals.network(url, "GET", "command");
    const out = positionals(invocation.args).find((word) => word.value !== url && !REMOTE.test(word.value));
    if (out) signals.download(out);
    return;
  }
  // the store is the first word after the verb that is not an option (`-addstore -f Root x.cer`)
  const verb = args.findIndex((arg) => /^[-/](addstore|delstore|importpfx)$/.test(arg));
  const store = verb < 0 ? "" : (args.slice(verb + 1).find((arg) => !/^[-/]/.test(arg)) ?? "");
  // `-dspublish CERT NTAuthCA|RootCA`: the directory's trust stores, trusted by every joined machine
  if (args.some((arg) => /^[-/]dspublish$/.test(arg)))
    return void signals.score.raise(
      "critical",
      "certutil -dspublish puts a certificate into the directory's trust stores",
      "system_modification",
    );
  if (args.some((arg) => /^[-/]addstore$/.test(arg)) && /^(root|authroot|ca|trustedpublisher)$/.test(store))
    return void signals.score.raise(
      args.some((arg) => /^[-/]user$/.test(arg)) ? "high" : "critical",
      `certutil trusts a new ${store} certificate (what it signs is trusted)`,
      "system_modification",
    );
  // the CA's private key or a certificate's with it copied out (`-backupKey`, `-exportPFX`)
  if (args.some((arg) => /^[-/](backupkey|backup|exportpfx)$/.test(arg)))
    return void signals.score.raise(
      "high",
      "certutil copies out a private key (the CA's, or a certificate's)",
      "sensitive_file_access",
    );
  // one certificate deleted from the user's own or the machine's personal store is routine
  if (
    args.some((arg) => /^[-/]delstore$/.test(arg)) &&
    !/^(root|authroot|ca|trustedpublisher|disallowed|trustedpeople)$/.test(store)
  )
    return void signals.score.raise(
      "medium",
      `certutil deletes a certificate from the ${store || "named"} store`,
    );
  if (args.some((arg) => /^[-/](delstore|deleterow|revoke|shutdown|setreg|delreg|restore\w*)$/.test(arg)))
    return void signals.score.raise("high", "certutil deletes or changes certificates or the CA");
  // a key container deleted: the private key has no other copy (a CA's signs nothing again)
  if (args.some((arg) => /^[-/]delkey$/.test(arg)))
    return void signals.score.raise("high", "certutil -delkey deletes a private key", "destructive_command");
  if (
    args.some((arg) =>
      /^[-/](addstore|importpfx|installcert|decode|decodehex|encode|encodehex|backup\w*)$/.test(arg),
    )
  ) {
    // the file it encodes or decodes is read (`certutil -encodehex …\config\SAM out`)
    const input = positionals(invocation.args)[0];
    if (input) signals.read(input);
    return void signals.score.raise("medium", "certutil writes a store or a file");
  }
  signals.score.raise("none", "");
};

/** bitsadmin: a transfer is a download (medium, remembered); a notify command runs later. */
const bitsadmin: Rule = (invocation, context) => {
  const args = values(invocation.args);
  const { signals } = context;
  const notify = args.findIndex((arg) => /^[-/]setnotifycmdline$/i.test(arg));
  if (notify >= 0) {
    signals.score.raise("high", "bitsadmin /SetNotifyCmdLine runs a command when the job ends");
    nestedCommand(
      args.slice(notify + 2).filter((arg) => arg.toUpperCase() !== "NULL"),
      "bitsadmin runs",
      context,
    );
    return;
  }
  const url = args.find((arg) => REMOTE.test(arg));
  if (url) {
    signals.network(url, "GET", "command");
    const out = args[args.indexOf(url) + 1];
    if (out) signals.download(out);
    return;
  }
  if (
    args.every((arg) => BITS_READ.test(arg) || !/^[-/]/.test(arg)) &&
    args.some((arg) => BITS_READ.test(arg))
  )
    return void signals.score.raise("none", "");
  signals.score.raise("medium", "bitsadmin manages transfer jobs");
};

export const WINDOWS_TRANSFER_RULES: RuleTable = {
  certutil,
  bitsadmin,
};
