/**
 * The programs git is documented to start from its configuration for everyday work, by family
 * (docs/risk.md, "Commands stored in configuration"): editors (`core.editor code --wait`), diff
 * and merge tools (`mergetool.meld.cmd`), git-lfs's filters
 * and drivers (what `git lfs install` writes), the credential helpers git ships or documents
 * (`cache`, `store`, `manager`, `osxkeychain`, `libsecret`, `wincred`) and the platform CLIs'
 * own helpers (`!gh auth git-credential`, `!aws codecommit credential-helper $@`, `!gcloud auth
 * git-helper …`), signing programs (`gpg.program gpg2`). Such a value runs what the user
 * installed to do that job: a setting like any other (medium). A value from an unknown place —
 * a path in a temporary directory, a home, the project or `..` (a file the line may have
 * written), a program not of these families, shell text with `;`, `|`, `&`, `$(` or a backquote
 * — stays judged as the command it runs, and high when written into git's configuration.
 * *Why:* a credential helper is handed every password and a filter runs at every checkout, so
 * who they are matters, not that a setting names a program.
 */

const EDITORS = new Set(
  (
    "vi vim nvim gvim mvim view nano pico emacs emacsclient xemacs code code-insiders codium vscodium cursor windsurf " +
    "subl sublime_text atom mate gedit kate kwrite notepad notepad++ micro hx helix zed idea idea64 pycharm webstorm " +
    "goland clion rider phpstorm rubymine fleet xed joe ne ed jed kak textedit bbedit"
  ).split(" "),
);
const DIFF_TOOLS = new Set(
  (
    "meld kdiff3 vimdiff nvimdiff gvimdiff opendiff bcompare bcomp p4merge tortoisemerge tortoisegitmerge winmerge " +
    "winmergeu smerge ksdiff kaleidoscope diffmerge araxis ecmerge tkdiff xxdiff diffuse deltawalker difft difftastic " +
    "delta diff-so-fancy diff-highlight diff git-lfs git"
  ).split(" "),
);
/** Helpers git ships or documents, by the name after `git-credential-`. */
const HELPERS = new Set(
  "cache store manager manager-core osxkeychain libsecret wincred gnome-keyring netrc oauth gcm".split(" "),
);
/** A platform CLI's own credential helper: the program and the words that start it. */
const CLI_HELPERS =
  /^(gh (auth )?git-credential|glab auth git-credential|aws codecommit credential-helper|gcloud auth git-helper|git-credential-manager(-core)?( get)?|git lfs)(\s|$)/;
const SIGNERS = new Set("gpg gpg2 gpgsm ssh-keygen smimesign gitsign sq".split(" "));
/** Where installed programs live: a path elsewhere is a place the line may have written. */
const INSTALLED =
  /^(\/(usr\/(local\/)?(bin|sbin|lib|libexec|share)|bin|sbin|opt\/homebrew\/(bin|opt)|snap\/bin|Applications)\/|(\/mnt\/[a-z]\/|[a-z]:[\\/])(program files( \(x86\))?|users\/[^/\\]+\/appdata\/local\/programs)[\\/])/i;

/** The value's program and the rest (`'C:/Program Files/x.exe' -n`, `/mnt/c/Program\\ Files/x.exe`). */
function split(value: string): { program: string; rest: string } | null {
  const text = value.trim();
  if (/[;|&`]|\$\(/.test(text)) return null;
  const quoted = /^(["'])(.*?)\1(?:\s+(.*))?$/s.exec(text);
  if (quoted) return { program: quoted[2]!, rest: quoted[3] ?? "" };
  const words = /^((?:\\.|[^\s])+)(?:\s+(.*))?$/s.exec(text);
  return words ? { program: words[1]!.replace(/\\(.)/g, "$1"), rest: words[2] ?? "" } : null;
}

/** The program's name when it is a bare name or lives where installed programs do; null from elsewhere. */
function installedName(program: string): string | null {
  if (!/[\\/]/.test(program)) return program.toLowerCase().replace(/\.exe$/, "");
  if (!INSTALLED.test(program)) return null;
  return program
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/\.exe$/, "");
}

/**
 * Why `key` set to `value` runs an everyday program of its family (a reason), or null when the
 * value is judged as the command it runs. `key` is git's key (any case).
 */
export function everydayGitProgram(key: string, value: string): string | null {
  const lower = key.toLowerCase();
  const last = lower.split(".").at(-1)!;
  if (/^credential(\..+)?\.helper$/.test(lower)) {
    if (value.startsWith("!")) {
      const command = value
        .slice(1)
        .trim()
        .replace(/^\S*[\\/]/, "");
      return CLI_HELPERS.test(command) && !/[;|&`]|\$\(/.test(command)
        ? `a platform CLI's own credential helper (${command.split(/\s+/).slice(0, 3).join(" ")})`
        : null;
    }
    const parts = split(value);
    if (!parts) return null;
    const name = installedName(parts.program);
    if (name === null) return null;
    const helper = name.replace(/^git-credential-/, "");
    return HELPERS.has(helper) ? `a credential helper git ships or documents (${helper})` : null;
  }
  const parts = split(value);
  if (!parts) return null;
  const name = installedName(parts.program);
  if (name === null) return null;
  if (/^(core\.editor|sequence\.editor)$/.test(lower))
    return EDITORS.has(name) ? `an editor (${name})` : null;
  // (pagers are left to the command they run: `less` runs commands of its own)
  if (lower === "diff.external" || /^(difftool|mergetool)\..+\.cmd$/.test(lower))
    return EDITORS.has(name) || DIFF_TOOLS.has(name) ? `a diff or merge tool (${name})` : null;
  // git-lfs's filters and drivers (`git-lfs clean -- %f`, `git lfs merge-driver …`)
  if (/^(filter|merge|diff)\./.test(lower) && /^(clean|smudge|process|driver|textconv)$/.test(last))
    return name === "git-lfs" || (name === "git" && /^lfs\s/.test(parts.rest))
      ? "git-lfs's own filter or driver"
      : null;
  if (/^gpg(\.[a-z0-9]+)?\.program$/.test(lower))
    return SIGNERS.has(name) ? `a signing program (${name})` : null;
  return null;
}
