/**
 * How the built rule set file (dist/redact-rules.cjs) is loaded: a plain `require` unless the
 * process's entry chose otherwise. The hook's fast path hands in a loader that uses the file's V8
 * code cache (src/cli/hook-runtime/code-cache.ts; docs/decisions/hook-call-speed.md): compiling
 * the rule set is most of what a call with a token to redact costs. Kept apart from ./rule-set.ts,
 * which dist/hook.cjs holds only as a stub: setting the loader must not load the second file.
 */
type Loader = (path: string) => unknown;

let chosen: Loader | null = null;

/** Loads the built rule set with `load` from now on in this process. */
export function loadRuleSetWith(load: Loader): void {
  chosen = load;
}

/** The loader chosen for this process, or null for a plain `require`. */
export function ruleSetLoader(): Loader | null {
  return chosen;
}
