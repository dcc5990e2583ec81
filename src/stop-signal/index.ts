/**
 * Waiting for the process to be told to stop. Long-running commands (witness serve, dashboard,
 * relay in the foreground) all stop the same way: on the first SIGTERM or SIGINT they finish
 * the work in flight and close. The listeners are removed once one fires, so a second signal
 * gets Node's default behaviour (an impatient operator's second Ctrl-C still kills the process).
 */

export type StopSignal = "SIGTERM" | "SIGINT";

/** Resolves with the first SIGTERM or SIGINT the process receives. */
export function waitForStopSignal(): Promise<StopSignal> {
  return new Promise((resolve) => {
    const onTerm = () => stop("SIGTERM");
    const onInt = () => stop("SIGINT");
    const stop = (signal: StopSignal) => {
      process.off("SIGTERM", onTerm);
      process.off("SIGINT", onInt);
      resolve(signal);
    };
    process.on("SIGTERM", onTerm);
    process.on("SIGINT", onInt);
  });
}
