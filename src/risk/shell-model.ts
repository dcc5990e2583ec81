/**
 * What the shell parsers produce: the simple commands a command line would run, with their
 * words (quotes removed), prefix assignments, redirections, stdin data (heredoc/herestring)
 * and position in a pipeline. Commands inside `$(…)`, backticks and `<(…)` are listed too:
 * they run.
 */

export interface Word {
  /** The value with quotes and escapes removed; run-time parts (`$HOME`, `$(…)`) kept as written. */
  value: string;
  /** True when part of the value is only known at run time (expansion or substitution). */
  dynamic: boolean;
  /** Commands run by substitutions inside this word, e.g. the `curl` of `"$(curl …)"`. */
  inner: ShellCommand[];
}

export interface Redirect {
  /** The operator as written: `>`, `>>`, `&>`, `>|`, `<`, `>&`, … */
  op: string;
  target: Word | null;
}

export interface ShellCommand {
  /** argv as written (program first); empty for a bare assignment or redirection. */
  words: Word[];
  assignments: string[];
  redirects: Redirect[];
  /** Heredoc or herestring data fed to the command's stdin. */
  stdinText: string | null;
  /** Pipeline this command belongs to, its index in it and the pipeline's length. */
  pipeline: number;
  position: number;
  pipelineLength: number;
  /** The function whose body holds this command (`f() { …; }`), when it is in one. */
  functionName?: string;
}

export interface ShellScript {
  commands: ShellCommand[];
  /** The parser could not read (part of) the input. */
  error: boolean;
  /** Set when the input was refused for its nesting depth (the reason says so). */
  tooDeep?: boolean;
}

export function staticWord(value: string): Word {
  return { value, dynamic: false, inner: [] };
}
