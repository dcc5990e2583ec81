/**
 * Windows paths in a command line, kept as paths. An agent on Windows writes `type
 * C:\Users\dev\.ssh\id_rsa` or `%tmp%\mimikatz\x64\mimikatz.exe`; read as POSIX shell, the
 * unquoted backslashes are escapes and vanish (`C:Usersdev.sshid_rsa`), so a secret stopped
 * being one and a program lost its name. Before the line is parsed, each word that is a Windows
 * path has its backslashes written as `/`, which every rule already reads as a separator (and
 * paths.ts maps `C:/…`, `~/…`, `%USERPROFILE%/…` and `$env:USERPROFILE/…` as it maps the
 * backslash forms). Only lines that name a Windows path root are touched, and only words that
 * are paths: a POSIX line's escapes (`sed 's/a\.b/x/'`, `echo a\ b`) stay as bash reads them.
 */

/**
 * A word that starts at a Windows path root: a drive, `%VAR%`, `$env:VAR`, `~`, a UNC share or a
 * computer named alone (`psexec \\host cmd`: bash would read `\host`), a hive.
 */
const ROOT =
  /(?:^|[\s"'=(,;|&<>{])(?:\\\\\?\\|[A-Za-z]:\\|%[\w()]+%\\|\$env:\w+\\|~\\|\\\\[\w.$-]+\\|\\\\[A-Za-z][\w.$-]+(?=$|[\s"'])|\.{1,2}\\[\w.*%$-]|HK(?:LM|CU|CR|U|CC):?\\|HKEY_[A-Z_]+\\)|\\\.\.\\|\\[\w.-]+\.(?:exe|dll|ps1|bat|cmd|vbs|js|hta|msi|sct|inf|cpl|chm)\b/i;
/** A path word: a root as above, or relative segments joined by backslashes (`src\index.ts`). */
const PATH_WORD =
  /^(?:[\w-]+=)?(?:\\\\\?\\|[A-Za-z]:\\|%[\w()]+%\\|\$env:\w+\\|~\\|\\\\[\w.$-]|\.{1,2}\\|HK(?:LM|CU|CR|U|CC):?\\|HKEY_[A-Z_]+\\|[\w.$%()*?{}:-]+\\[\w.$%()*?{} -])/i;
/** PowerShell's names for the home, at the start of a word. */
const HOME_VARIABLE = /(^|[\s"'=(,;|&])\$env:(USERPROFILE|HOME)(?![\w:])/gi;
/** The Windows directory's names, at the start of a word. */
const WINDOWS_DIRECTORY = /(^|[\s"'=(,;|&])(%(?:systemroot|windir)%|\$env:(?:systemroot|windir))(?![\w:])/gi;
/** Quoted strings (kept whole) and unquoted words. */
const WORDS = /"((?:[^"\\]|\\.)*)"|'([^']*)'|[^\s"';|&<>()]+/g;

/** cmd.exe's `for /l %i in (1,1,9) do CMD`: CMD runs (once per value). */
const CMD_FOR = /^\s*@?for\s+\/[lfrd](?:\s+"[^"]*")?\s+(%%?\w)\s+in\s*\([^)]*\)\s*do\s+(.+)$/is;
/**
 * cmd.exe's one-line `if`: `if [/i] [not] exist X|defined V|errorlevel N|A==B|A equ B CMD` runs
 * CMD (bash cannot read it at all; the condition is not known, so CMD is judged as if it runs).
 */
const CMD_IF =
  /^\s*@?if\s+(?:\/i\s+)?(?:not\s+)?(?:exist\s+(?:"[^"]*"|\S+)|defined\s+\S+|errorlevel\s+\d+|cmdextversion\s+\d+|(?:"[^"]*"|[^\s=]+)\s*==\s*(?:"[^"]*"|\S+)|\S+\s+(?:equ|neq|lss|leq|gtr|geq)\s+\S+)\s+(?!\()(.+)$/is;
/** PowerShell's `$PROFILE` (the current user's profile script, run at every start). */
const PROFILE = /(^|[\s>"'=(,;|&])\$profile\b(?![.:\w])/gi;
/** `$PROFILE.AllUsersAllHosts` (every user's, under the Windows directory) and `.CurrentUser…` (the user's). */
const PROFILE_MEMBER = /(^|[\s>"'=(,;|&])\$profile\.(allusers|currentuser)(allhosts|currenthost)\b/gi;
/** A line cmd.exe would read: a Windows path root, or a Windows program first. */
const CMD_LINE = /^\s*("?[^"\s]*\.exe"?|wmic|icacls|cacls|dsquery|dsget|adfind|netsh|reg|sc|net)(\s|$)/i;
/** A parenthesised argument (`-f (objectcategory=group)`, `where (caption like "x")`, `U:(d,wdac)`). */
const ARGUMENT_PARENS = /"(?:[^"\\]|\\.)*"|'[^']*'|(?<=[\w"'/=:-]\s+|[:=]|[\w,]\))\((?:[^()"']|"[^"]*")*\)/g;

/**
 * cmd.exe syntax the POSIX grammar cannot read, made readable without hiding what runs: a `for`
 * loop is its body (the loop variable a placeholder), and in a line cmd.exe would read,
 * parentheses given as an argument are text (as cmd.exe passes them), quoted. Not after `if`,
 * `else`, `do` or `in`, where cmd.exe's parentheses group commands.
 */
function cmdSyntax(line: string): string {
  const branch = CMD_IF.exec(line);
  if (branch) return cmdSyntax(branch[1]!);
  const loop = CMD_FOR.exec(line);
  // `@` only silences cmd.exe's echo of the command it prefixes
  if (loop)
    return loop[2]!
      .split(loop[1]!)
      .join("x")
      .replace(/(^|[\s&|(])@(?=[\w("%])/g, "$1");
  if (!line.includes("(") || (!CMD_LINE.test(line) && !ROOT.test(line)) || /^\s*@?if\s/i.test(line))
    return line;
  // quoted strings are matched to be kept as they are: parentheses inside them are text already
  return line.replace(ARGUMENT_PARENS, (group, offset: number) =>
    !group.startsWith("(") || /\b(if|else|do|in|not|exist|defined)\s*$/i.test(line.slice(0, offset))
      ? group
      : `'${group.replace(/'/g, "'\\''")}'`,
  );
}

/** `-Filter { … }` with a PowerShell comparison inside. */
const FILTER_BLOCK = /(-filter\s*)\{([^{}]*\s-(?:eq|ne|like|notlike|match|and|or|gt|lt|ge|le)\s[^{}]*)\}/gi;
const filterText = (_: string, option: string, body: string) => `${option}'${body.replace(/'/g, "'\\''")}'`;

/** `"\\UpdateTasks\\"`, `"C:\\Temp\\"`: a double-quoted path whose last character is a backslash. */
const QUOTED_DIRECTORY = /"(?:[A-Za-z]:\\|(?:[A-Za-z]:)?\\(?:[\w .$()-]+\\)+)"(?=\s|$|[|;)])/g;

/** True when the line starts with cmd.exe's or bash's `if` (a string test, no pattern). */
function startsIf(line: string): boolean {
  const head = line.trimStart().slice(0, 4).toLowerCase();
  return head.startsWith("if ") || head.startsWith("@if ");
}

/** The line with the backslashes of its Windows path words written as `/`; other lines unchanged. */
export function windowsPaths(line: string): string {
  // `$env:USERPROFILE` is the home, not a bash expansion known only at run time
  if (line.includes("$env:")) line = line.replace(HOME_VARIABLE, "$1~");
  // Windows' own directory, however it is named
  if (/%(systemroot|windir)%|\$env:(systemroot|windir)/i.test(line))
    line = line.replace(WINDOWS_DIRECTORY, "$1C:\\Windows");
  // literal checks first: every command line passes here, and a pattern costs its compile
  if (line.includes("$") && /\$profile/i.test(line))
    line = line
      .replace(PROFILE, "$1~/Documents/WindowsPowerShell/profile.ps1")
      .replace(PROFILE_MEMBER, (_, lead: string, who: string) =>
        /^allusers$/i.test(who)
          ? `${lead}C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\profile.ps1`
          : `${lead}~/Documents/WindowsPowerShell/profile.ps1`,
      );
  // an AD cmdlet's `-Filter { A -eq B }` is a filter string PowerShell hands to the directory, not
  // a block it runs; with a space inside it is no bash brace expansion either
  if (line.includes("ilter") && line.includes("{")) line = line.replace(FILTER_BLOCK, filterText);
  if (line.includes("%") || line.includes("(") || startsIf(line)) line = cmdSyntax(line);
  // a quoted Windows path ending in a backslash (`-TaskPath "\\Tasks\\"`): to PowerShell and cmd.exe
  // the backslash is a separator, to bash it would escape the closing quote
  if (line.includes('\\"')) line = line.replace(QUOTED_DIRECTORY, (path: string) => path.replace(/\\/g, "/"));
  // a line ending in a lone backslash after an option or a path (`compact /s:\\`): the root of a
  // drive, not a line continuation (there is no next line to join)
  if (line.endsWith("\\") && !line.endsWith("\\\\") && /[:\s]\\$/.test(line) && /(^|\s)\/\w/.test(line))
    line = `${line.slice(0, -1)}/`;
  // Win32's long-path prefix (`del "\\?\c:\temp\x "`, `\\?\UNC\server\share`) only turns off
  // name checks: the path is the drive's or the share's (`\\?\GLOBALROOT\…` names a device: kept)
  if (line.includes("\\\\?\\"))
    line = line.replace(/\\\\\?\\(?=[A-Za-z]:\\)/g, "").replace(/\\\\\?\\UNC\\/gi, "\\\\");
  if (!line.includes("\\") || !ROOT.test(line)) return line;
  return line.replace(WORDS, (word: string, double?: string, single?: string) => {
    const body = double ?? single ?? word;
    if (!body.includes("\\") || !PATH_WORD.test(body)) return word;
    if (double !== undefined) return `"${body.replace(/\\(?!["$`])/g, "/")}"`;
    if (single !== undefined) return `'${body.replace(/\\/g, "/")}'`;
    return word.replace(/\\/g, "/");
  });
}

/**
 * Windows credential stores, by path (normalised, `/`-separated): the registry hives holding
 * password hashes and their key (`…/system32/config/SAM`, `SYSTEM`, `SECURITY`, and copies
 * named so: `sam.hiv`, `system.save`), the directory database (`ntds.dit`), DPAPI's credential
 * and vault folders, and browsers' saved logins and cookies.
 */
export function windowsSecretReason(path: string): string | null {
  if (/(^|\/)(system32|sysnative|syswow64)\/config\/(sam|system|security)$/i.test(path))
    return "a registry hive holding password hashes or their key";
  if (/(^|\/)(sam|system|security|ntds)\.(hiv|hive|save|sav|bak|dmp)$|\w*ntds\.dit(\.\w+)?$/i.test(path))
    return "a copy of a credential hive or the directory database";
  // a shadow copy's root, linked or copied whole: the volume as it was, its hives and ntds.dit included
  if (/globalroot\/device\/harddiskvolumeshadowcopy\d+\/?$/i.test(path))
    return "a shadow copy of a whole volume (its SAM, SYSTEM and ntds.dit readable)";
  if (/(^|\/)microsoft\/(credentials|vault|protect)(\/|$)/i.test(path))
    return "Windows' saved credentials (DPAPI)";
  if (/(^|\/)(login data|web data|cookies|local state|logins\.json|key[34]\.db|signons\.sqlite)$/i.test(path))
    return "a browser's saved logins or cookies";
  return null;
}

/**
 * Windows folders whose files run by themselves: the Startup folders of the Start menu (at every
 * log-on) and Office's start-up folders (`XLSTART`, Word's `STARTUP`: at every start of the
 * program). Writing there is as writing `.bashrc`.
 */
export function windowsStartupReason(path: string): string | null {
  if (/(^|\/)start menu\/programs\/startup(\/|$)/i.test(path))
    return "the Startup folder (runs at every log-on)";
  if (/(^|\/)microsoft\/(excel\/xlstart|word\/startup|addins)(\/|$)/i.test(path))
    return "an Office start-up folder (runs when the program starts)";
  if (/(^|\/)(windows)?powershell\/([\w.]*_)?profile\.ps1$/i.test(path))
    return "PowerShell's profile (runs at every start)";
  // `file.txt:payload.exe`: an alternate data stream, code or data hidden inside another file
  if (
    /\.[a-z0-9]{1,5}:(?!zone\.identifier$)[\w.-]*[a-z][\w.-]*$/i.test(path) &&
    !/^[a-z][\w+.-]*:\/\//i.test(path)
  )
    return "an alternate data stream (hidden inside another file)";
  return null;
}
