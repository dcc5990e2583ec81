/**
 * rm: a recursive delete is judged by where it lands (deletes.ts: the project, outside it, home,
 * `.git`, the root, system directories); a target known only at run time by how much of it is
 * unknown; `root/{}` (what `find` matched, fed through xargs or -exec) by its root.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { deleteScope, HOME_CACHE, UNKNOWN_DIRECTORY } from "../deletes.js";
import { HOME, isSystemPath } from "../paths.js";
import type { Word } from "../shell-model.js";

/** A path value with `$HOME`/`${HOME}` read as `~`; null when it still depends on run time. */
function staticPath(word: Word): string | null {
  const value = word.value.replace(/^(\$HOME|\$\{HOME(:?[?-][^}]*)?\})(?=\/|$)/, HOME);
  if (/[$`]/.test(value)) return null;
  return value;
}

/**
 * A home directory as a whole (`~`, `$HOME`, `~user`, `/home/x`, `/Users/x`, all homes): every
 * key, credential, project and document of the user at once, rated like deleting `/`.
 */
const WHOLE_HOME = /^(~[^/]*|\/(home|Users)(\/[^/]+)?|\/mnt\/[a-z]\/Users(\/[^/]+)?)$/;

/** `dir/*`, `dir/.*`, `*`: everything in dir, judged like dir itself. */
const EVERYTHING = /(^|\/)\.?\*$/;

export const rm: Rule = (invocation, { signals }) => {
  const { args } = invocation;
  // (`--rec`, `--forc`: GNU rm takes any unambiguous prefix of its long options)
  const recursive = hasOption(args, ["--recursive"], "r", true) || hasOption(args, [], "R");
  const force = hasOption(args, ["--force"], "f", true);
  const { score } = signals;
  if (hasOption(args, ["--no-preserve-root"])) {
    score.raise("critical", "rm --no-preserve-root", "destructive_command", "broad_file_deletion");
  }
  for (const target of positionals(args)) {
    const value = staticPath(target);
    if (value === null) {
      // `$TMPDIR/../etc`: `..` climbs out of the run-time directory to somewhere unknown
      if (recursive && /\/\.\.(\/|$)/.test(target.value)) {
        score.raise(
          "high",
          `recursive delete of ${target.value}: climbs out of a directory known only at run time`,
          "destructive_command",
          "broad_file_deletion",
        );
        continue;
      }
      runTimeTarget(target, recursive, signals);
      continue;
    }
    const path = signals.path(value);
    const matched = /^(.*?)\/\{\}(\/|$)/.exec(path);
    if (matched) {
      matchedFiles(matched[1] || "/", path, recursive, signals);
      continue;
    }
    const everything = EVERYTHING.test(path);
    const base = everything ? path.replace(/\/?\.?\*$/, "") || "/" : path;
    if (path.startsWith("/") && /[*?[]/.test(path.split("/")[1] ?? "")) {
      score.raise(
        "critical",
        `delete of ${value}: a glob over the root directory`,
        "destructive_command",
        "broad_file_deletion",
      );
      continue;
    }
    // `rm -rf ~/Docu*`, `rm -rf ../other*`: a glob deletes what matches in its directory, judged
    // as a child of that directory (home subtree, outside the project, a Windows drive)
    const glob = base.search(/[*?[]/);
    if (recursive && glob > 0 && !isSystemPath(base)) {
      const probe = `${base.slice(0, glob).replace(/\/[^/]*$/, "") || "/"}/%glob%`;
      // `*/.git`, `.[!.]*`: a glob that reaches a `.git` deletes git history
      const last = base.split("/").at(-1)!;
      const git = base.split("/").includes(".git") || globMatches(last, ".git");
      const outside = git ? `git history (${base})` : deleteScope(probe, signals).outside;
      if (outside) {
        score.raise(
          "high",
          `recursive delete of ${outside.replace("%glob%", base.split("/").at(-1)!)}`,
          "destructive_command",
          "broad_file_deletion",
        );
        signals.write(value, "recursively deletes");
        continue;
      }
    }
    if ((recursive || everything) && !/[*?[]/.test(base)) {
      if (base === "/") {
        const how = `${recursive ? "recursive " : ""}${force ? "forced " : ""}delete of the root file system`;
        score.raise("critical", how, "destructive_command", "broad_file_deletion");
        continue;
      }
      if (!isSystemPath(base)) {
        const scope = deleteScope(base, signals);
        if (scope.broad && WHOLE_HOME.test(scope.broad)) {
          score.raise(
            "critical",
            `${recursive ? "recursive " : ""}delete of the home directory as a whole (${value}): like deleting /`,
            "destructive_command",
            "broad_file_deletion",
          );
          continue;
        }
        if (scope.broad) {
          score.raise(
            "high",
            `delete of a broad path (${value})`,
            "destructive_command",
            "broad_file_deletion",
          );
          continue;
        }
        // `rm ~/.config/*` empties a directory outside the project even without -r
        if (scope.outside && (recursive || everything)) {
          const reason = `recursive delete of ${scope.outside}`;
          // (under a directory a variable or a `cd "$X"` names: the script's own, in a script file)
          if (base.startsWith(UNKNOWN_DIRECTORY))
            signals.runTime(reason, "destructive_command", "broad_file_deletion");
          else score.raise("high", reason, "destructive_command", "broad_file_deletion");
          signals.write(value, "recursively deletes");
          continue;
        }
      }
    }
    if (recursive && HOME_CACHE.test(path)) {
      score.raise("medium", `recursive delete of ${value}: a cache, regenerable`, "destructive_command");
      continue;
    }
    if (isSystemPath(/[*?[]/.test(path) ? base : path)) {
      score.raise(
        "critical",
        `deletes the system path ${path}`,
        "system_modification",
        "destructive_command",
      );
    } else if (recursive) {
      score.raise("medium", `recursive delete of ${value}`, "destructive_command");
      signals.write(value, "recursively deletes"); // secrets and start-up files under it
    } else {
      signals.write(value, "deletes");
    }
  }
};

/** `root/{}`: files `find` matched under root (`find / -name x | xargs rm`). */
function matchedFiles(
  root: string,
  path: string,
  recursive: boolean,
  signals: Parameters<Rule>[1]["signals"],
): void {
  const { score } = signals;
  const scope = deleteScope(root, signals);
  if (path.endsWith("/.git")) {
    score.raise(
      "high",
      `deletes every .git found under ${root} (git history)`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else if (root === "/" || isSystemPath(root)) {
    score.raise(
      "critical",
      `deletes files found under ${root}`,
      "destructive_command",
      "system_modification",
    );
  } else if (scope.outside && root.startsWith(UNKNOWN_DIRECTORY)) {
    // (`cd "$TOOLS" && find . … | xargs rm -rf`: in a script file, the script's own variable)
    signals.runTime(
      `deletes files found under ${scope.outside}`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else if (scope.outside || (scope.broad && !scope.project && !scope.temp)) {
    score.raise(
      "high",
      `deletes files found under ${scope.outside ?? root}`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else {
    score.raise(recursive ? "medium" : "low", `deletes files found under ${root}`, "destructive_command");
  }
}

/**
 * A delete target known only at run time. Wholly unknown (`$d`, `"$d"/`, `$(…)`, `$1`) it may be
 * anything, `/` included: high. `"$DIR"/` and `$DIR/*` are the root when DIR is empty;
 * `${DIR:?}/*` fails instead, and `$BUILD/out` names a child: medium.
 */
function runTimeTarget(target: Word, recursive: boolean, signals: Parameters<Rule>[1]["signals"]): void {
  const { score } = signals;
  const text = target.value;
  if (/^\$\{\w+:\?[^}]*\}/.test(text)) {
    score.raise(
      recursive ? "medium" : "low",
      "deletes a path known only at run time (guarded by :?)",
      "destructive_command",
    );
    return;
  }
  // `rm $(command -v tool)`, `rm "$(which tool)"`: the program PATH finds, installed in a
  // system directory as a rule (a program of the system's or every user's removed)
  const installed = /^(?:\$\(|`)\s*(?:command -v|which|type -[pP]|whereis -b)\s+([\w.+-]+)\s*(?:\)|`)$/.exec(
    text,
  );
  if (installed) {
    score.raise(
      "high",
      `deletes the installed program ${installed[1]} (where PATH finds it: a system directory, as a rule)`,
      "destructive_command",
      "system_modification",
    );
    return;
  }
  const wholly = /^(\$\{?[A-Za-z_]\w*\}?|\$[0-9@*]|\$\{[^}]*\}|\$\(.*\)|`.*`)\/?\.?\*?$/s.test(text);
  if (wholly && recursive) {
    const reason = `recursive delete of ${text.slice(0, 60)}: the path is known only at run time (it may be / or home)`;
    // (`"$DIR"/*`, `$DIR/`: the root when DIR is empty, in a script file as well)
    if (/\/\.?\*?$/.test(text)) score.raise("high", reason, "destructive_command", "broad_file_deletion");
    else signals.runTime(reason, "destructive_command", "broad_file_deletion");
  } else if (wholly) {
    score.raise(
      "medium",
      `deletes ${text.slice(0, 60)}, a path known only at run time`,
      "destructive_command",
    );
  } else if (
    recursive &&
    HOME_CACHE.test(text.replace(/\$\{\w+\}|\$\w+/g, "x")) &&
    !/[$`]/.test(text.replace(/\$\{\w+\}|\$\w+/g, "x"))
  ) {
    // `/home/${USERNAME}/.cache/pip`: whose home is known at run time, that it is a cache is written
    score.raise(
      "medium",
      `recursive delete of ${text.slice(0, 60)}: a cache in a home, regenerable`,
      "destructive_command",
    );
  } else if (recursive && outsideByPrefix(text, signals)) {
    // `../$X`, `~/$X`, `/$X`: the written part already lands outside the project
    score.raise(
      "high",
      `recursive delete of ${text.slice(0, 60)}: a run-time name under ${outsideByPrefix(text, signals)}`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else {
    score.raise(recursive ? "medium" : "low", "deletes a path known only at run time", "destructive_command");
  }
}

/** Where the literal start of a partly run-time path lands, when that is outside the project. */
function outsideByPrefix(text: string, signals: Parameters<Rule>[1]["signals"]): string | null {
  // `~/backup$X` names a sibling under `~/` as much as `~/$X` does: the directory decides
  const written = text.split(/[$`]/)[0]!;
  const prefix = written.slice(0, written.lastIndexOf("/") + 1);
  if (!prefix) return null;
  const path = signals.path(`${prefix}x`);
  const scope = deleteScope(path, signals);
  if (scope.temp) return null;
  return scope.outside || scope.broad ? prefix : null;
}

/** True when the shell glob `pattern` (`*`, `?`, `[…]`, `[!…]`) matches `name`. */
function globMatches(pattern: string, name: string): boolean {
  if (!/[*?[]/.test(pattern)) return false;
  const source = pattern
    .replace(/[.+^${}()|\\]/g, "\\$&")
    .replace(/\[!/g, "[^")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  try {
    return new RegExp(`^${source}$`).test(name);
  } catch {
    return false;
  }
}
