/**
 * How a built CommonJS file that ships beside the bundles (dist/redact-rules.cjs, the secret rule
 * set) is loaded: a plain `require` unless the process's entry chose otherwise. The hook's and
 * `record`'s fast paths hand in a loader that uses the file's V8 code cache
 * (src/cli/hook-runtime/code-cache.ts; docs/decisions/hook-call-speed.md): compiling the rule set
 * was most of what a call with a token to redact cost. A capability of its own so that the entry
 * can set it without loading what uses it (the redaction door, and the second file of the hook's
 * bundle where src/redact/rule-set.ts lives), and the users do not depend on the command line.
 */
type Loader = (path: string) => unknown;

let chosen: Loader | null = null;

/** Loads built files with `load` from now on in this process. */
export function loadBuiltFilesWith(load: Loader): void {
  chosen = load;
}

/** The loader chosen for this process, or null for a plain `require`. */
export function builtFileLoader(): Loader | null {
  return chosen;
}
