/**
 * Archivers told to delete what they archive (docs/risk.md, "More wrappers"): `tar
 * --remove-files`, `zip -m`/`--move`, `7z a -sdel` leave nothing where the sources were, so the
 * sources are judged as `rm -r` of them (`tar --remove-files -cf /tmp/x.tar ~` empties the home
 * into one file), as `rsync --remove-source-files` is.
 */
import type { RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";

/** The words an archiver archives: operands, less the archive itself and option values. */
function sources(args: Word[], valueLetters: string, valueLong: RegExp, archiveFirst: boolean): Word[] {
  const found: Word[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (/^--/.test(value)) {
      if (valueLong.test(value) && !value.includes("=")) i += 1;
    } else if (/^-[A-Za-z]/.test(value) && value.length > 1) {
      // a cluster whose last letter takes a value takes the next word (`-cf x.tar`)
      if (valueLetters.includes(value.at(-1)!) && !/^-s/.test(value)) i += 1;
    } else found.push(args[i]!);
  }
  return archiveFirst ? found.slice(1) : found;
}

export function judgeMovedSources(program: string, args: Word[], context: RuleContext): void {
  const values = args.map((word) => word.value);
  let moved: Word[] = [];
  if (program === "tar" && values.includes("--remove-files"))
    moved = sources(
      args,
      "fCTXbHIKLNgV",
      /^--(file|directory|files-from|exclude-from|format|group|owner|mode|mtime)$/,
      false,
    );
  else if (program === "zip" && values.some((value) => /^(-[A-Za-z]*m[A-Za-z]*|--move)$/.test(value)))
    moved = sources(args, "bitxnPZ", /^--(temp-path|password|suffixes)$/, true);
  else if (/^7z[az]?$/.test(program) && values.includes("-sdel"))
    moved = sources(args, "", /^$/, true).slice(1); // `7z a ARCHIVE FILES…`: the command word, then the archive
  if (moved.length === 0) return;
  context.nested(
    {
      value: `rm -r -- ${moved.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" ")}`,
      dynamic: moved.some((word) => word.dynamic),
      inner: [],
    },
    `${program} deletes what it archives`,
  );
}
