/**
 * find: its expression is read as find reads it (each test takes its own arguments, so
 * `find . -name -delete` names a file), `-delete` and `-exec rm` delete what matches, and
 * `-exec`/`-ok` run commands with `{}` standing for the matched paths. Deleting with no test
 * narrowing the match deletes the whole tree under each root.
 */
import type { Rule } from "../command/rule.js";
import { type DeleteScope, deleteScope, UNKNOWN_DIRECTORY } from "../deletes.js";
import { isSystemPath } from "../paths.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";

/** Tests and actions that take one argument (two for -fprintf). */
const ONE_ARGUMENT = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -user -group " +
    "-uid -gid -perm -size -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -used -links -inum " +
    "-samefile -fstype -maxdepth -mindepth -printf -fprint -fprint0 -fls -regextype -context -D -O -files0-from"
  ).split(" "),
);
/** Tests that narrow what matches (`-type` alone does not: every file has a type). */
const NARROWING =
  /^-(i?name|i?path|i?wholename|i?regex|i?lname|newer\w*|[amc](time|min)|size|empty|user|group|uid|gid|perm|inum|samefile|links|used)$/;
// `truncate -s 0 {}` empties what it is given: as good as deleting it
const DELETERS = new Set(["rm", "unlink", "shred", "rmdir", "srm", "wipe", "truncate"]);

export interface FindExpression {
  roots: Word[];
  deletes: boolean;
  narrowed: boolean;
  /** A literal `-name` pattern, when there is one: what `{}` stands for. */
  name: string | null;
  /** The commands of -exec/-execdir/-ok/-okdir, `{}` kept. */
  execs: Word[][];
}

export function parseFind(args: Word[]): FindExpression {
  const roots: Word[] = [];
  let index = 0;
  while (index < args.length && /^-[HLP]$/.test(args[index]!.value)) index += 1;
  for (; index < args.length; index += 1) {
    if (/^[-(!,]/.test(args[index]!.value) && args[index]!.value !== "-") break;
    roots.push(args[index]!);
  }
  const found: FindExpression = { roots, deletes: false, narrowed: false, name: null, execs: [] };
  let depth = 0;
  for (; index < args.length; index += 1) {
    const value = args[index]!.value;
    if (value === "(") depth += 1;
    if (value === ")") depth -= 1;
    // `A -o ACTION`: the tests of A do not narrow what the action after -o gets
    // (nor does its -name say what the action gets: `-name x -prune -o -print` prints the rest)
    if ((value === "-o" || value === "-or") && depth === 0) {
      found.narrowed = false;
      found.name = null;
    }
    if (value === "-delete") found.deletes = true;
    // `-not -path './x/*'`, `! -name y`: a negated test excludes a little, it narrows nothing
    const negated = /^(-not|!)$/.test(args[index - 1]?.value ?? "");
    // `-name '*'`, `-regex '.*'`: a test every path passes narrows nothing either
    const everything = /^(\*|\.\*|\.\+|\.\*\$|\^\.\*\$?)$/.test(args[index + 1]?.value ?? "");
    if (NARROWING.test(value) && !negated && !everything) found.narrowed = true;
    if ((value === "-name" || value === "-iname") && found.name === null) {
      const pattern = args[index + 1]?.value ?? "";
      // `*.key` stands for some `x.key`: enough to judge what the matched files are
      if (!/[?[]/.test(pattern) && pattern.replace(/\*/g, "") !== "")
        found.name = pattern.replace(/(.)\*+$/, "$1").replace(/\*/g, "x"); // `.env*` is .env, `*.key` x.key
    }
    if (/^-(exec|execdir|ok|okdir)$/.test(value)) {
      const words: Word[] = [];
      for (
        index += 1;
        index < args.length && args[index]!.value !== ";" && args[index]!.value !== "+";
        index += 1
      ) {
        words.push(args[index]!);
      }
      if (words.length > 0) found.execs.push(words);
      continue;
    }
    if (ONE_ARGUMENT.has(value)) index += value === "-fprintf" ? 2 : 1;
  }
  return found;
}

/**
 * What `{}` (or one name find prints) stands for under `root`: the root itself when nothing
 * narrows the match, else `root/{}` (some path under root), ending in the `-name` when known.
 */
export function matchedPath(expression: FindExpression, root: string): string {
  if (expression.name) return `${root.replace(/\/$/, "")}/{}/${expression.name}`;
  return expression.narrowed ? `${root.replace(/\/$/, "")}/{}` : root;
}

export const find: Rule = (invocation, context) => {
  const { signals } = context;
  const expression = parseFind(invocation.args);
  const roots = expression.roots.length > 0 ? expression.roots : [{ value: ".", dynamic: false, inner: [] }];
  const execDeletes = expression.execs.some(
    (words) =>
      DELETERS.has(words[0]?.value.split("/").at(-1) ?? "") &&
      words.slice(1).some((word) => word.value === "{}"),
  );
  if (expression.deletes || execDeletes) {
    for (const root of roots) {
      if (root.dynamic) {
        signals.runTime(`find deletes under ${root.value}, known only at run time`, "destructive_command");
        continue;
      }
      const path = signals.path(root.value);
      const scope = deleteScope(path, signals);
      judgeFindDelete(scope, path, expression.narrowed, signals);
    }
  }
  for (const words of expression.execs) {
    const root = roots[0]!;
    const text = words
      .map((word) =>
        word.value === "{}" ? shellQuote(matchedPath(expression, root.value)) : shellQuote(word.value),
      )
      .join(" ");
    context.nested(
      { value: text, dynamic: words.some((word) => word.dynamic) || root.dynamic, inner: [] },
      "find -exec",
    );
  }
};

function judgeFindDelete(
  scope: DeleteScope,
  path: string,
  narrowed: boolean,
  signals: Parameters<Rule>[1]["signals"],
): void {
  const { score } = signals;
  if (path === "/") {
    score.raise(
      "critical",
      "find deletes files across the whole file system",
      "destructive_command",
      "broad_file_deletion",
      "system_modification",
    );
  } else if (isSystemPath(path)) {
    score.raise(
      "critical",
      `find -delete under the system path ${path}`,
      "system_modification",
      "destructive_command",
    );
  } else if (scope.outside && path.startsWith(UNKNOWN_DIRECTORY)) {
    signals.runTime(`find deletes ${scope.outside}`, "destructive_command", "broad_file_deletion");
  } else if (scope.outside) {
    score.raise("high", `find deletes ${scope.outside}`, "destructive_command", "broad_file_deletion");
  } else if (scope.broad && (!narrowed || !(scope.project || scope.temp))) {
    score.raise(
      "high",
      `find deletes ${narrowed ? "files matched anywhere" : "everything"} under ${scope.broad}`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else {
    score.raise("medium", "find -delete removes the files it matches", "destructive_command");
  }
}
