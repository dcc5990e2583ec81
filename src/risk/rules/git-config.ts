/**
 * git runs commands from its configuration: aliases starting with `!` are shell text, others
 * are git sub-commands; `core.pager`, `core.editor`, `core.sshCommand`, `core.fsmonitor`,
 * `sequence.editor`, `diff.external`, textconv, filter and merge drivers, `credential.helper`
 * (`!…`), `gpg.program` are programs git starts. A value given with `-c key=value` runs in this
 * command; one stored with `git config key value` runs later, in any git command. Both are
 * judged as the command they are (`git config alias.wipe '!rm -rf .'` is a recursive delete of
 * the project). `git submodule foreach CMD` runs CMD in every submodule.
 * *Why:* indirection through configuration hides the command, not what it does.
 */
import type { RuleContext } from "../command/rule.js";
import { everydayGitProgram } from "../git-programs.js";
import { loweredGitDefence } from "../planted-git.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";

const COMMAND_KEYS =
  /^(core\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|diff\..+\.(textconv|command)|filter\..+\.(clean|smudge|process)|merge\..+\.driver|(merge|diff)tool\..+\.cmd|credential\.(.+\.)?helper|(gpg|gpg\.\w+)\.program|pager\..+|interactive\.difffilter|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack)|browser\..+\.cmd|man\..+\.cmd)$/i;

/**
 * `core.hooksPath DIR`: git runs the programs in DIR at each commit, checkout and push. In the
 * project (`.husky`, `.githooks`) they are the project's hooks (medium); anywhere else
 * (`/tmp/h`, `~/x`, `../x`) they are programs the line does not show (high).
 */
function hooksPath(key: string, value: string, context: RuleContext, label: string): boolean {
  if (!/^core\.hookspath$/i.test(key)) return false;
  const outside = /^(\/|~|\$)|(^|\/)\.\.(\/|$)/.test(value.trim());
  context.signals.score.raise(
    outside ? "high" : "medium",
    `${label}: git runs the hooks in ${value.slice(0, 60)}${outside ? ", outside the project: what they do is not in the line" : ""}`,
    "config_file_modification",
  );
  return true;
}

function script(value: string, words: Word[] = []): Word {
  return {
    value: [value, ...words.map((word) => shellQuote(word.value))].join(" "),
    dynamic: words.some((word) => word.dynamic),
    inner: [],
  };
}

/** A configured value as the command it runs (`!cmd` is shell text; an alias without `!` runs git). */
function judgeValue(
  key: string,
  value: string,
  context: RuleContext,
  label: string,
  rest: Word[] = [],
): void {
  if (hooksPath(key, value, context, label)) return;
  // `http.sslVerify false`, `protocol.ext.allow always`, `safe.directory *`: a defence lowered
  // for every later git command (as written in a file: planted-git.ts)
  const lowered = loweredGitDefence(key, value);
  if (lowered)
    return void context.signals.score.raise(
      "high",
      `${label.replace(/ stores a command git runs later$/, "")}: ${lowered}`,
      "config_file_modification",
    );
  const everyday = everydayGitProgram(key, value);
  if (everyday) {
    context.signals.score.raise("medium", `${label}: ${everyday}, a program git starts for that job`);
    return;
  }
  // any other credential helper is handed every password git asks for, as when written into
  // git's configuration (planted-git.ts): high whatever it runs
  if (/^credential(\..+)?\.helper$/i.test(key) && value.trim() !== "")
    context.signals.score.raise(
      "high",
      `${label}: a credential helper of no known family (git hands it every password)`,
      "sensitive_file_access",
    );
  if (/^alias\./i.test(key)) {
    context.nested(
      value.startsWith("!") ? script(value.slice(1), rest) : script(`git ${value}`, rest),
      label,
    );
  } else if (COMMAND_KEYS.test(key) && value.trim() !== "") {
    context.nested(script(value.replace(/^!/, "")), label);
  }
}

/**
 * Judges what git's configuration makes this command run: `-c key=value` before the sub-command
 * (an alias named by the sub-command runs with the remaining words), `git config [scope] key
 * value`, and `git submodule foreach`.
 */
export function gitConfiguredCommands(args: Word[], sub: string, rest: Word[], context: RuleContext): void {
  for (let i = 0; i < args.length && args[i]!.value !== sub; i += 1) {
    if (args[i]!.value !== "-c" || args[i + 1]?.dynamic) continue;
    const setting = args[i + 1]?.value ?? "";
    const equals = setting.indexOf("=");
    if (equals < 0) continue;
    const key = setting.slice(0, equals);
    const value = setting.slice(equals + 1);
    if (/^alias\./i.test(key) && key.slice("alias.".length) !== sub) continue;
    judgeValue(key, value, context, `git -c ${key} runs`, /^alias\./i.test(key) ? rest : []);
  }
  // `git clone 'ext::sh -c rm% -rf% ~' x`: the ext transport runs its argv (words split at
  // spaces; `% ` is a space inside a word, `%%` a percent sign, `%s`/`%S` the service)
  for (const word of args)
    if (!word.dynamic && /^ext::/i.test(word.value)) {
      const argv = word.value
        .slice(5)
        .split(/(?<!%) +/)
        .map((part) =>
          part.replace(/%(.)/g, (_, c: string) =>
            c === "S" ? "git-upload-pack" : c === "s" ? "upload-pack" : c,
          ),
        );
      context.nested(script(argv.map(shellQuote).join(" ")), "git's ext:: transport runs");
    }
  if (sub === "config") {
    const words = rest.filter((word) => !word.value.startsWith("-"));
    const [key, value] = words;
    const reads = rest.some((word) =>
      /^--(get|get-all|get-regexp|list|unset|unset-all|remove-section)$/.test(word.value),
    );
    const lists = rest.some((word) =>
      /^(--get[\w-]*|--list|-l|--show-origin|--show-scope|--name-only)$/.test(word.value),
    );
    // `git config --system k v`: git's configuration for every user of the machine (/etc/gitconfig)
    if (
      rest.some((word) => word.value === "--system") &&
      !lists &&
      (value ||
        rest.some((word) =>
          /^(--unset[\w-]*|--add|--replace-all|--edit|-e|--remove-section|--rename-section)$/.test(
            word.value,
          ),
        ))
    )
      context.signals.score.raise(
        "critical",
        "git config --system writes /etc/gitconfig, every user's git configuration",
        "system_modification",
      );
    if (key && value && !reads && !value.dynamic)
      judgeValue(key.value, value.value, context, `git config ${key.value} stores a command git runs later`);
  }
  if (sub === "submodule") {
    const words = rest.filter((word, index) => index > 0 || !word.value.startsWith("-"));
    const foreach = words.findIndex((word) => word.value === "foreach");
    if (foreach >= 0) {
      const command = words
        .slice(foreach + 1)
        .filter((word, index) => index > 0 || word.value !== "--recursive");
      if (command.length === 1) context.nested(command[0]!, "git submodule foreach runs");
      else if (command.length > 1)
        context.nested(script(shellQuote(command[0]!.value), command.slice(1)), "git submodule foreach runs");
    }
  }
}
