/**
 * The environment's variables (tokens and keys among them): `env`, `printenv`, `set`, `export
 * -p` print every one; piped to a program that sends its input away, they leave the machine. So
 * does the clipboard (`pbpaste | curl -d @- …`): passwords are copied through it.
 */
import { positionals, upstream } from "../command/argv.js";
import type { RuleContext } from "../command/rule.js";
import { type Invocation, resolveInvocation } from "../wrappers.js";

/** `env`, `printenv`, `set`, `export -p`: every variable, tokens and keys included. */
export function dumpsEnvironment(invocation: Invocation): boolean {
  const { program, args } = invocation;
  if (program === "env" || program === "printenv") return positionals(args).length === 0;
  if (program === "set") return args.length === 0;
  return (
    (program === "export" || program === "declare") &&
    args.every((arg) => /^-[px]+$/.test(arg.value)) &&
    args.length > 0
  );
}

/** `pbpaste`, `xclip -o`, `xsel`, `wl-paste`: the clipboard, where passwords are copied through. */
function printsClipboard(invocation: Invocation): boolean {
  const { program, args } = invocation;
  const values = args.map((arg) => arg.value);
  if (program === "pbpaste" || program === "wl-paste") return true;
  if (program === "xclip") return values.some((value) => /^-o(ut)?$/.test(value));
  // xsel prints the selection unless told to set or change it
  if (program === "xsel")
    return !values.some((value) =>
      /^(-[a-z]*[iacdkx]|--(input|append|clear|delete|keep|exchange))$/.test(value),
    );
  return false;
}

/** Programs that send their input over the network. */
const SENDERS = new Set([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "http",
  "https",
  "xh",
  "ssh",
  "telnet",
]);

/** The environment piped to a program that sends it away (`printenv | curl -d @- …`). */
export function sendsEnvironment(invocation: Invocation, context: RuleContext): void {
  if (!SENDERS.has(invocation.program)) return;
  const feeders = upstream(context.script.commands, invocation.command).map(resolveInvocation);
  if (feeders.some(dumpsEnvironment)) {
    context.signals.score.raise(
      "high",
      `sends the environment's variables (tokens and keys among them) with ${invocation.program}`,
      "sensitive_file_access",
      "network_request",
    );
  }
  if (feeders.some(printsClipboard)) {
    context.signals.score.raise(
      "high",
      `sends the clipboard (passwords are copied through it) with ${invocation.program}`,
      "sensitive_file_access",
      "network_request",
    );
  }
}
