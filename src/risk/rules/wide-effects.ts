/**
 * Effects wider than the words of the command say (docs/risk.md, "Effects wider than the
 * command's words"), each a family, read on the whole argv text behind literal guards
 * (command/patterns.ts) or on the command's own words:
 *
 * - **A trust store gains a CA** (`trust anchor FILE`, `security add-trusted-cert`, `apt-key add`, `certutil
 *   -addstore Root`): every TLS connection of the host then accepts what that CA signs — high.
 * - **A container given the host's privileges** (`lxc config set C security.privileged true`,
 *   `lxc launch … -c security.privileged=true`): root in the container is root on the host — high.
 * - **A whole workload scaled to zero** (`kubectl scale --replicas 0 … --all` or a selector):
 *   every service of the scope stops — high; one named workload stays medium.
 * - **A tracer attached to PID 1** (`strace -p 1`, `gdb -p 1`, `ltrace -p 1`): it reads (or, a
 *   debugger, changes) the memory and calls of init, which runs as root and starts everything —
 *   high. Another pid is the operator's own process as far as the text says (medium).
 * - **A user's sessions ended** (`loginctl terminate-user U`, `kill-user`): every process of that
 *   user is killed, unsaved work included — high. Listing and showing stay as they are.
 * - **A list produced at run time handed to a removing verb of the same tool** (`docker network rm
 *   $(docker network ls -q)`, `podman rmi $(podman images -q)`): the tool's own listing is
 *   everything it has, so the removal is of everything — high. A filtered listing (`-f
 *   dangling=true`, `--filter`, a selector) chooses a part, and stays as the verb alone says.
 */
import { patternTable } from "../command/patterns.js";
import type { RuleContext } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";
import { destroyingVerb } from "./general-verb.js";

const caAdded = patternTable([
  /^trust anchor (?!.*(--remove|-r\b))/,
  /^security (.+ )?add-trusted-cert\b/,
  /^certutil (.+ )?-addstore (-f )?(-enterprise )?"?(root|ca|authroot|trustedpublisher)\b/i,
  /\bImport-Certificate (.+ )?Cert:\\\w+\\(Root|AuthRoot|CA)\b/i,
  // apt's keyring of package signers: every package a key signs then installs as trusted
  /^apt-key (.+ )?(add|adv)\b/,
]);
const privilegedContainer = patternTable([/^(lxc|incus) (.+ )?security\.privileged[= ](true|1|yes)\b/]);
const scaledToZero = patternTable([
  /^kubectl (.+ )?scale (?=(.+ )?--replicas[= ]0( |$))(?=(.+ )?(--all|-A|--all-namespaces|-l|--selector)( |=|$))/,
]);
const tracesInit = patternTable([
  /^(strace|ltrace|gdb|perf) (.+ )?(-p ?|--pid[= ]|--attach |trace -p ?)1( |$)/,
]);
const endsSessions = patternTable([/^loginctl (.+ )?(terminate|kill)-(user|session|seat)\b/]);

/**
 * `certmgr /add /c ca.cer /s root`, `tool import ca.crt --store AuthRoot`: any program given an
 * adding verb, a certificate file and the root store by name (not only the tools listed above).
 */
function addsToRootStore(values: string[]): boolean {
  // every command passes here: the store's name first, before anything is lower-cased
  if (!values.some((value) => /^['"]?(auth)?root['"]?$/i.test(value))) return false;
  const words = values.map((value) => value.toLowerCase().replace(/^['"]|['"]$/g, ""));
  return (
    words.some((word) => /^[-/]{0,2}(add|addstore|import)$/.test(word)) &&
    words.some((word) => /\.(cer|crt|pem|der|p7b)$/.test(word)) &&
    words.some((word) => /^(root|authroot)$/.test(word))
  );
}

/** Raises what these families do; the caller's other rules still judge the command. */
export function judgeWideEffects(invocation: Invocation, context: RuleContext): void {
  const { program, args } = invocation;
  const text = [program, ...args.map((word) => word.value)].join(" ");
  const score = context.signals.score;
  if (caAdded(text) || addsToRootStore(args.map((word) => word.value)))
    score.raise(
      "high",
      `${program} adds a certificate authority or a signing key to a trust store: everything it signs is then trusted`,
      "system_modification",
    );
  if (privilegedContainer(text))
    score.raise(
      "high",
      `${program} makes a container privileged: root in it is root on the host`,
      "privilege_escalation",
    );
  if (scaledToZero(text))
    score.raise(
      "high",
      "kubectl scale to zero replicas over everything in scope: every workload stops",
      "destructive_command",
    );
  if (tracesInit(text))
    score.raise(
      "high",
      `${program} attaches to PID 1 (init, root): reads or changes what starts every process`,
      "privilege_escalation",
    );
  if (endsSessions(text))
    score.raise(
      "high",
      `${program} ends a user's sessions: every process of theirs is killed`,
      "destructive_command",
    );
  const listed = removesOwnListing(invocation);
  if (listed)
    score.raise(
      "high",
      `${program} removes a list its own ${listed} prints at run time: everything it has`,
      "destructive_command",
    );
}

/**
 * The listing sub-command (`network ls`, `ps`, `images`) when a removing verb of the program is
 * handed that program's own unfiltered listing through a substitution, or null.
 */
function removesOwnListing({ program, args }: Invocation): string | null {
  if (!args.some((arg) => arg.dynamic && arg.inner.length > 0)) return null;
  const found = destroyingVerb(
    program,
    args.filter((arg) => !arg.dynamic),
  );
  // (`rmi`: docker's and podman's image removal, a verb joined with one letter of its object)
  if (!found?.removes && !args.some((arg) => arg.value === "rmi")) return null;
  for (const arg of args)
    for (const inner of arg.inner) {
      const words = inner.words.map((word) => word.value);
      if (words[0] !== program) continue;
      const listing = words.slice(1).find((word) => /^(ls|list|ps|images|get)$/.test(word));
      if (!listing) continue;
      // a filter or selector chooses part of the list (`-f dangling=true`, `--filter`, `-l app=x`)
      if (words.some((word) => /^(-f|--filter|-l|--selector|--field-selector)(=.*)?$/.test(word))) continue;
      return words.slice(1, words.indexOf(listing) + 1).join(" ");
    }
  return null;
}
