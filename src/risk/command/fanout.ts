/**
 * Commands completed by their input: `xargs cmd` and GNU `parallel cmd ::: inputs` run `cmd`
 * with words that arrive at run time. When the input is literal (`echo / | xargs rm -rf`,
 * `parallel rm -rf {} ::: /`) or names what `find`/`ls` list, each command is judged as the
 * script it becomes; otherwise the input is an expansion (`$XARGS_INPUT`), judged as unknown.
 */
import type { ShellCommand, ShellScript, Word } from "../shell-model.js";
import { type Invocation, shellQuote } from "../wrappers.js";
import { stdinWords } from "./feed.js";

/** At most this many inputs are expanded one by one; more are judged together. */
const MAX_INPUTS = 8;
const UNKNOWN = "$XARGS_INPUT";

/** A word for the script text; the unknown input stays an expansion (double quotes). */
function quoteWord(value: string): string {
  if (!value.includes(UNKNOWN)) return shellQuote(value);
  const escapeDouble = (part: string) => part.replace(/(["\\$`])/g, "\\$1");
  return `"${value.split(UNKNOWN).map(escapeDouble).join(UNKNOWN)}"`;
}

/**
 * The script one run amounts to. xargs runs an argv (each word quoted back); parallel hands its
 * command words, joined, to a shell (`parallel 'rm -rf {}' ::: /`) and quotes only the input.
 */
function scriptFor(words: Word[], replace: string | null, inputs: string[], shellText: boolean): Word {
  const input = inputs[0] ?? "";
  const put = (value: string) =>
    shellText ? value.split(replace!).join(quoteWord(input)) : quoteWord(value.split(replace!).join(input));
  const values = replace
    ? words.map((word) => put(word.value))
    : [...words.map((word) => (shellText ? word.value : quoteWord(word.value))), ...inputs.map(quoteWord)];
  const dynamic = values.some((value) => value.includes(UNKNOWN)) || inputs.includes(UNKNOWN);
  return { value: values.join(" "), dynamic, inner: [] };
}

/** The scripts an xargs call amounts to, or null when it is not an xargs call. */
export function xargsScripts(invocation: Invocation, script: ShellScript): Word[] | null {
  const call = invocation.xargs;
  if (!call || call.words.length === 0) return null;
  const inputs = call.argFile
    ? null
    : stdinWords(script.commands, invocation.command, call.replace !== null || call.delimited);
  return expand(call.words, call.replace, inputs, false);
}

function expand(words: Word[], replace: string | null, inputs: string[] | null, shellText: boolean): Word[] {
  if (inputs === null || inputs.length === 0) return [scriptFor(words, replace, [UNKNOWN], shellText)];
  if (!replace) return [scriptFor(words, null, inputs.slice(0, MAX_INPUTS * 4), shellText)];
  return inputs.slice(0, MAX_INPUTS).map((input) => scriptFor(words, replace, [input], shellText));
}

const PARALLEL_VALUE_OPTIONS = new Set(
  "-j --jobs -n --max-args -N -I -S --sshlogin --delay --timeout --joblog --results --tmpdir -d --delimiter --colsep -C -P --max-procs -E --eof --workdir --wd --tag-string --memfree --load --halt --retries --env --sshloginfile --basefile --return --arg-sep --termseq --delimiter".split(
    " ",
  ),
);

/** `parallel [options] cmd … ::: a b`: the scripts it runs (`{}` or appended input). */
export function parallelScripts(args: Word[], command: ShellCommand, script: ShellScript): Word[] {
  // `--dry-run` prints the commands it would run, and runs none
  if (args.some((word) => word.value === "--dry-run" || word.value === "--dryrun")) return [];
  let index = 0;
  let replace = "{}";
  while (index < args.length && args[index]!.value.startsWith("-") && !/^:::/.test(args[index]!.value)) {
    const value = args[index]!.value;
    if (value === "-I") replace = args[index + 1]?.value ?? replace;
    index += PARALLEL_VALUE_OPTIONS.has(value) ? 2 : 1;
  }
  const separator = args.findIndex((word, i) => i >= index && /^::::?\+?$/.test(word.value));
  const words = args.slice(index, separator < 0 ? args.length : separator);
  let inputs: string[] | null;
  if (separator < 0) inputs = stdinWords(script.commands, command, true);
  else if (args[separator]!.value.startsWith("::::")) inputs = null;
  else {
    const sources = args.slice(separator + 1).filter((word) => !/^::::?\+?$/.test(word.value));
    inputs = sources.some((word) => word.dynamic) ? null : sources.map((word) => word.value);
  }
  if (words.length === 0) {
    // `parallel ::: 'cmd1' 'cmd2'`: each input is a command line
    return (inputs ?? [UNKNOWN]).map((input) => ({ value: input, dynamic: input === UNKNOWN, inner: [] }));
  }
  const uses = words.some((word) => word.value.includes(replace));
  return expand(words, uses ? replace : null, inputs, true);
}
