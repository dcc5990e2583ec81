/**
 * Program names spelt to deceive (docs/risk.md, "Look-alike program names"): a zero-width or
 * other invisible character (`r\u200bm`), a full-width form (`ｒｍ`) or a letter of another
 * script that looks like a Latin one (Cyrillic `ѕh`) in the word that names the program. The
 * shell runs the program of exactly that name, which is not the one a reader sees: whatever it
 * is was put there for that purpose, and what it does is unknown. Everyday program names are
 * ASCII, so any other character in one is judged, not only a table of known look-alikes.
 */
import type { Signals } from "../signals.js";

/** Invisible characters: format controls (zero-width, joiners, bidirectional marks, BOM) and blanks other than space. */
const INVISIBLE = /[\p{Cf}\u00a0\u115f\u1160\u2000-\u200a\u202f\u205f\u3000\u3164\uffa0]/u;
const BLANK = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/gu;

/** What a reader sees: blanks as spaces, invisible characters dropped, compatibility forms (full-width) folded. */
export function visibleName(name: string): string {
  return name.replace(BLANK, " ").replace(new RegExp(INVISIBLE.source, "gu"), "").normalize("NFKC");
}

/** Raises a program word holding anything but ASCII; says what it shows and which characters it holds. */
export function judgeLookAlike(program: string, signals: Signals): boolean {
  // (a plain test first: the hook's common path names ASCII programs)
  if (!/[^\x00-\x7f]/.test(program)) return false;
  const odd = [...program]
    .filter((char) => char.charCodeAt(0) > 0x7f)
    .slice(0, 4)
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
  const shown = visibleName(program);
  const kind = INVISIBLE.test(program) ? "invisible" : shown !== program ? "full-width" : "non-ASCII";
  signals.score.raise(
    "high",
    `the program's name holds ${kind} characters (${odd.join(" ")})${
      shown !== program && /^[\x20-\x7e]+$/.test(shown) ? `, shown as ${shown}` : ""
    }: it is not the program it looks like, and what it runs is unknown`,
  );
  return true;
}
