/**
 * What a write plants in git's configuration and in `.npmrc` (docs/risk.md, "What a write
 * plants"). git's keys are judged one by one: those whose value is a command git runs
 * (`core.fsmonitor` at every `git status`), a place its commands come from (`core.hooksPath`,
 * `include.path`), where a remote really is (`url.*.insteadOf`), or a defence against commands
 * git would run (`protocol.*.allow`, `safe.directory`) are high; every other key (`user.name`, `core.autocrlf`,
 * a remote's `url`, an alias of git's own verbs) runs nothing, and the file's path alone rates
 * it medium when its whole new text was read (docs/decisions/risk-planted-tools.md).
 */
import { everydayGitProgram } from "./git-programs.js";
import type { Planted } from "./planted-json.js";

type Found = Omit<Planted, "key">;

/** Each key of git configuration text that runs a command, says where commands come from, or lowers a defence. */
export function gitConfig(text: string): Planted[] {
  const planted: Planted[] = [];
  let section = "";
  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      section =
        header[2] === undefined ? header[1]!.toLowerCase() : `${header[1]!.toLowerCase()}.${header[2]}`;
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) continue;
    const name = entry[1]!.toLowerCase();
    const value = gitValue(entry[2] ?? "");
    const key = section ? `${section.toLowerCase()}.${name}` : name;
    const found = gitKey(key, name, value) ?? (section === "" ? sectionless(name, value) : null);
    if (found) planted.push({ key: `git ${key}`, ...found });
  }
  return planted;
}

function gitValue(raw: string): string {
  const unquoted = raw.replace(/\s[#;].*$/, "").trim();
  return unquoted.startsWith('"') && unquoted.endsWith('"') && unquoted.length > 1
    ? unquoted.slice(1, -1).replace(/\\(["\\])/g, "$1")
    : unquoted;
}

const runs = (why: string, command: string): Found => ({ command, least: "high", why });

/** The host a remote URL or scp-like spec names (`git@github.com:x`, `https://github.com/`), lower case. */
function hostOf(remote: string): string | null {
  const url = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?([^/:]+)/i.exec(remote);
  const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)/.exec(remote);
  return (url?.[1] ?? scp?.[1] ?? null)?.toLowerCase() ?? null;
}

function sameHost(a: string, b: string): boolean {
  const host = hostOf(a);
  return host !== null && host === hostOf(b);
}

function gitKey(key: string, name: string, value: string): Found | null {
  const last = key.split(".").at(-1)!;
  // (`helper =` empties the list of helpers: it runs nothing)
  if (/^credential/.test(key) && name === "helper" && value.trim() === "") return null;
  // an editor, a diff or merge tool, git-lfs's filters, a credential helper git ships or a
  // platform CLI's own, a signing program: a setting like any other (git-programs.ts)
  const everyday = everydayGitProgram(key, value);
  if (everyday) return { command: null, least: "medium", why: `${everyday}: git starts it for that job` };
  if (name === "fsmonitor" && !/^(true|false|yes|no|on|off|1|0)?$/i.test(value))
    return runs("git runs it at every status", value);
  if (/^(sshcommand|pager|editor|askpass|gitproxy)$/.test(name) || /^pager\./.test(key))
    return runs("a command git runs by itself", value);
  if (
    /^(sequence\.editor|diff\.external|gpg\.program|gpg\.[a-z0-9]+\.program|interactive\.difffilter|uploadpack\.packobjectshook|sendemail\.sendmailcmd|core\.sshcommand)$/.test(
      key,
    ) ||
    (/^remote\./.test(key) && /^(uploadpack|receivepack)$/.test(last))
  )
    return runs("a command git runs by itself", value);
  if (
    /^(textconv|clean|smudge|process|driver|cmd|command)$/.test(last) &&
    /^(diff|filter|merge|difftool|mergetool|browser|man)\./.test(key)
  )
    return runs("a command git runs on diffs, checkouts or merges", value);
  if (/^alias\./.test(key) && value.startsWith("!"))
    return runs("an alias that runs a shell command", value.slice(1));
  if (/^credential/.test(key) && name === "helper")
    return value.startsWith("!")
      ? runs("a credential helper that runs a shell command", value.slice(1))
      : runs("a credential helper: git hands it every password", `git-credential-${value}`);
  // (the project's own hooks, `.husky/_`, `.githooks`: medium by the path, as `git config
  // core.hooksPath .husky` is; elsewhere programs no line shows)
  if (name === "hookspath" && /^(\/|~|\$)|(^|\/)\.\.(\/|$)|^[a-z]:[\\/]/i.test(value.trim()))
    return {
      command: null,
      least: "high",
      why: `git runs the hooks under ${value.slice(0, 80)}, outside the project`,
    };
  // (`[url "git@github.com:"] insteadOf = https://github.com/`: the same host by another
  // transport, an everyday setting; another host is where the code really comes from)
  if ((name === "insteadof" || name === "pushinsteadof") && !sameHost(key.slice(4, -name.length - 1), value))
    return { command: null, least: "high", why: "rewrites where a remote really is" };
  if (name === "path" && /^include/.test(key))
    return {
      command: null,
      least: "high",
      why: "reads git's configuration from another file: what it sets is unknown",
    };
  if (name === "templatedir" || (key === "core.worktree" && value))
    return { command: null, least: "high", why: "changes which hooks and files git uses" };
  return defence(key, value);
}

/** Why setting `key` to `value` lowers a defence against commands git would run, or null (`git config` judges the same keys). */
export function loweredGitDefence(key: string, value: string): string | null {
  const lower = key.toLowerCase();
  return defence(lower, value)?.why ?? null;
}

/**
 * A defence against commands git would run, lowered: every transport allowed (`ext::` runs a
 * command), any owner's repository trusted (its hooks and settings run), paths that overwrite
 * `.git` allowed. (Certificates unchecked, `http.sslVerify false`, run nothing: medium by the
 * path, as `curl -k` and npm's `strict-ssl false` are.)
 */
function defence(key: string, value: string): Found | null {
  const off = /^(false|no|off|0)$/i.test(value);
  const why = (what: string): Found => ({ command: null, least: "high", why: what });
  if (/^protocol(\..+)?\.allow$/.test(key) && /^always$/i.test(value))
    return why("allows every transport, `ext::` too (which runs a command)");
  if (key === "safe.directory") return why("trusts repositories owned by others (their hooks and settings)");
  if (/^core\.protect(ntfs|hfs)$/.test(key) && off)
    return why("turns off git's protection against paths that overwrite .git");
  return null;
}

/**
 * An Edit's fragment without its section header (`\thelper = store`): the section is outside the
 * fragment, so a name that runs a command in any section is judged as if in that one.
 */
function sectionless(name: string, value: string): Found | null {
  if (
    /^(textconv|clean|smudge|process|driver|cmd|command|program|sendmailcmd|packobjectshook|uploadpack|receivepack|external|difffilter)$/.test(
      name,
    ) &&
    value
  )
    return runs("a command git runs in the section this fragment is in (not in the edit)", value);
  if (name === "helper" && value)
    return runs("a credential helper, in the section this fragment is in", value.replace(/^!/, ""));
  if (name === "path" && value)
    return {
      command: null,
      least: "high",
      why: "a path in the section this fragment is in: an include would read another file",
    };
  if (value.startsWith("!"))
    return runs("an alias that runs a shell command, in the section this fragment is in", value.slice(1));
  const section = { allow: "protocol", directory: "safe" }[name];
  return section ? defence(`${section}.${name}`, value) : null;
}

/** `.npmrc` keys whose value npm starts: the shell that runs scripts, node's options, git itself. */
export function npmrc(text: string): Planted[] {
  const planted: Planted[] = [];
  for (const line of text.split("\n")) {
    const entry = /^\s*([a-z-]+)\s*=\s*(.*?)\s*$/i.exec(line);
    if (!entry) continue;
    const key = entry[1]!.toLowerCase();
    const value = entry[2]!.replace(/^"(.*)"$/, "$1");
    if (/^(script-shell|shell|git|editor|browser|viewer|onload-script|init-module)$/.test(key))
      planted.push({ key: `.npmrc ${key}`, command: value, least: "high", why: "a program npm starts" });
    else if (key === "node-options")
      planted.push({
        key: `.npmrc ${key}`,
        command: `node ${value}`,
        least: "high",
        why: "options of every node npm starts",
      });
  }
  return planted;
}
