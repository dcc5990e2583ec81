/**
 * Readers (cat, head, grep, rg, awk, jq, sed, …): their file operands are read, so a secret
 * among them is high; `sed -i`/`perl -i` edit them instead; a recursive search over a home
 * directory reaches every credential file. awk program text and sed's `e` run code.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { judgeInlineCode } from "./interpreters.js";

/** Programs whose first positional is a pattern or program text, not a file. */
const PATTERN_FIRST = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "ack",
  "awk",
  "gawk",
  "mawk",
  "sed",
  "jq",
  "yq",
  "zgrep",
]);
const GREP_OPTIONS = "-e -f -A -B -C -m -d -D --regexp --file --include --exclude --max-count";
/** Options that take the next word as their value, per reader. */
const READER_VALUE_OPTIONS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    "head tail": "-n -c -s --lines --bytes --sleep-interval --pid",
    "grep egrep fgrep zgrep ack": GREP_OPTIONS,
    "rg ag": `${GREP_OPTIONS} -g -t -T --glob --type --type-not`,
    "awk gawk mawk": "-F -v -f --field-separator --assign --file",
    sed: "-e -f -l --expression --file --line-length",
    "jq yq": "-f --from-file --arg --argjson --slurpfile --rawfile --indent",
    cut: "-d -f -c -b --delimiter --fields --characters --bytes",
    sort: "-k -t -o -S --key --field-separator --output --buffer-size",
    od: "-A -j -N -S -t -w --address-radix --skip-bytes --read-bytes --strings --format --width",
    xxd: "-c -g -l -o -s -n --cols --len --seek",
    hexdump: "-e -f -n -s",
    "nl diff": "-w -s -v -i -b -U -C",
  }).flatMap(([names, options]) => names.split(" ").map((name) => [name, options.split(" ")])),
);
const TWO_VALUES = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);

/** The file operands of a reader: not options, not their values, not the pattern. */
function readerFiles(program: string, args: Word[]): Word[] {
  const valueOptions = READER_VALUE_OPTIONS[program] ?? [];
  const found: Word[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (ended || !value.startsWith("-") || value === "-") found.push(args[i]!);
    else if (value === "--") ended = true;
    else if (TWO_VALUES.has(value)) i += 2;
    else if (valueOptions.includes(value)) i += 1;
  }
  return found;
}

/** perl's -i (in place) in a cluster; `-Mstrict`, `-Ilib`, `-V` carry a value, not -i. */
export const PERL_IN_PLACE = /^-[^-MmIdDxVe]*i/;

/** A home directory, or the parts of it where tools keep their credentials (`~/.config`, `~/.local/share`). */
const HOME_WIDE = /^(~|\/(home|Users)\/[^/]+|\/(home|Users|root))(\/\.config|\/\.local(\/share)?)?$/;

/** Readers: their file arguments are read (a secret among them is high); nothing else. */
export const reader: Rule = (invocation, context) => {
  const { signals } = context;
  const program = invocation.program;
  const explicitPattern = hasOption(invocation.args, ["-e", "-f", "--regexp", "--file", "--expression"]);
  let files = readerFiles(program, invocation.args);
  // `jq ${jq_flag} '.credHelpers[$url] = $helper' f`: a wholly run-time word before jq's filter
  // carries its options, the literal filter after it is still the filter, not a file
  if (
    /^(jq|yq)$/.test(program) &&
    files[0]?.dynamic &&
    /^\$\{?\w+\}?$/.test(files[0].value) &&
    files[1] &&
    !files[1].dynamic
  )
    files = files.slice(1);
  if (PATTERN_FIRST.has(program) && !explicitPattern) files = files.slice(1);
  const inPlace =
    // BSD and GNU sed take the backup suffix attached (`-i.bak`, `-i''`)
    (program === "sed" &&
      (hasOption(invocation.args, ["--in-place"], "i") ||
        invocation.args.some((word) => /^-[a-zA-Z]*i/.test(word.value)))) ||
    (program === "perl" && invocation.args.some((word) => PERL_IN_PLACE.test(word.value)));
  const recursive =
    /^(rg|ag|ack)$/.test(program) ||
    hasOption(invocation.args, ["--recursive", "--dereference-recursive"], "r") ||
    hasOption(invocation.args, [], "R");
  for (const file of files) {
    if (/^-?\d+$/.test(file.value)) continue;
    if (inPlace) signals.write(file, "edits");
    else signals.read(file);
    // `grep -r AKIA ~`, `rg password ~/.config`: every file under a home that holds credential stores
    if (recursive && !file.dynamic && HOME_WIDE.test(signals.path(file)))
      signals.score.raise(
        "high",
        `${program} searches every file under ${file.value}, credential files included`,
        "sensitive_file_access",
      );
  }
  if (/^(awk|gawk|mawk)$/.test(program) && !hasOption(invocation.args, ["-f", "--file"])) {
    const text = readerFiles(program, invocation.args)[0]?.value ?? "";
    judgeInlineCode(program, text, context);
  }
  // `awk -f /dev/stdin <<< 'program'`, `-f -`: the program is the text on stdin
  const programFile = invocation.args.find((_, i, all) => /^(-f|--file)$/.test(all[i - 1]?.value ?? ""));
  if (/^(awk|gawk|mawk)$/.test(program) && /^(-|\/dev\/stdin)$/.test(programFile?.value ?? ""))
    judgeInlineCode(program, invocation.command.stdinText ?? "", context);
};

export const READERS = (
  "cat tac head tail less more bat nl od hexdump xxd strings sort uniq cut paste diff cmp comm base64 column " +
  "grep egrep fgrep zgrep rg ag ack awk gawk mawk sed jq yq " +
  "zcat bzcat xzcat gunzip"
).split(" ");

/**
 * GNU sed runs commands: `e command` runs it, `e` alone and the `s///e` flag run the pattern
 * space (a line of the input) as a command. The rest of sed is a reader (or an editor with -i).
 */
export const sed: Rule = (invocation, context) => {
  const { args } = invocation;
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "-e" || value === "--expression") scripts.push(args[i + 1]?.value ?? "");
    else if (value.startsWith("--expression=")) scripts.push(value.slice("--expression=".length));
  }
  if (scripts.length === 0) {
    const first = positionals(args, ["-f", "-l", "--file", "--line-length"])[0];
    if (first) scripts.push(first.value);
  }
  for (const script of scripts) {
    for (const match of script.matchAll(/s([^\w\s\\])(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1([a-zA-Z0-9]*)/g)) {
      if (match[2]!.includes("e"))
        context.signals.score.raise("high", "sed's e flag runs each matching line as a command");
    }
    const address = String.raw`(?:\d+|\$|/(?:\\.|[^/])*/)`;
    const command = new RegExp(
      String.raw`(?:^|[;\n{])\s*(?:${address}(?:,${address})?)?\s*e(?:\s+([^\n;}]*))?\s*(?=$|[;\n}])`,
      "g",
    );
    for (const match of script.matchAll(command)) {
      if (match[1]?.trim()) context.nested({ value: match[1], dynamic: false, inner: [] }, "sed e runs");
      else context.signals.score.raise("high", "sed's e command runs input lines as commands");
    }
  }
  reader(invocation, context);
};
