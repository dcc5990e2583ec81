/**
 * A message that quotes a cut value (a risk reason quoting the first 40–100 characters of an
 * argument or an address) can end inside a secret, keeping its first characters — one is already
 * too many: no message may repeat any part of a redacted secret. The redactor knows what stood
 * just before each secret where it found it (the command's `-a `, a URL's `deploy:`); a message
 * holding that same context followed by the start of the secret, and then something else, holds
 * a cut copy, whatever its length. Without the context a lone first letter says nothing and is
 * left (`…: High`).
 */

/** Characters of context kept before a secret; fewer than the least do not identify a place. */
const CONTEXT = 12;
const LEAST_CONTEXT = 3;
/** Contexts kept for one secret (a secret repeated in many places needs only a few). */
const MOST_CONTEXTS = 8;

export class CutContexts {
  private readonly contexts = new Map<string, { marker: string; before: Set<string> }>();

  get size(): number {
    return this.contexts.size;
  }

  /** Records that `secret` (replaced by `marker`) stood at `start` of `text`. */
  record(secret: string, marker: string, text: string, start: number): void {
    const before = text.slice(Math.max(0, start - CONTEXT), start);
    if (before.length < LEAST_CONTEXT) return;
    let entry = this.contexts.get(secret);
    if (!entry) {
      entry = { marker, before: new Set() };
      this.contexts.set(secret, entry);
    }
    if (entry.before.size < MOST_CONTEXTS) entry.before.add(before);
  }

  /** Records every place `secret` stands in `text`. */
  recordAll(secret: string, marker: string, text: string): void {
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length))
      this.record(secret, marker, text, at);
  }

  /**
   * `text` with every cut start of a recorded secret (1 or more of its first characters, right
   * after a context it was found behind, then anything but its next character) replaced by its
   * marker; `count` is told how many.
   */
  replace(text: string, count: (n: number) => void): string {
    for (const [secret, { marker, before }] of this.contexts) {
      for (const context of before) {
        let from = 0;
        for (let at = text.indexOf(context, from); at !== -1; at = text.indexOf(context, from)) {
          const start = at + context.length;
          let length = 0;
          while (length < secret.length && text[start + length] === secret[length]) length += 1;
          from = start;
          // 0: not this secret here; the whole secret: replaced already by the known values.
          if (length === 0 || length === secret.length) continue;
          text = text.slice(0, start) + marker + text.slice(start + length);
          count(1);
          from = start + marker.length;
        }
      }
    }
    return text;
  }
}
