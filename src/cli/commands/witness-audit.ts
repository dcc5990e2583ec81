import { existsSync } from "node:fs";
import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import { escapeControl } from "../../terminal/index.js";
import { auditLog, readTokenFor } from "../../witness/index.js";
import { type CliIO, counted, printJson, println } from "../io.js";
import { progress } from "../progress.js";

export interface WitnessAuditOptions {
  target: string;
  home: string;
  knownHead?: string;
  json?: boolean;
  /** A C2SP witness policy whose quorum must have cosigned the head checkpoint. */
  witnessPolicy?: string;
}

/** A URL as shown on a terminal: credentials in it (https://user:token@host) are never echoed. */
function withoutCredentials(target: string): string {
  try {
    const url = new URL(target);
    if (url.username === "" && url.password === "") return target;
    url.username = "";
    url.password = "";
    return url.toString();
  } catch {
    return target;
  }
}

export async function runWitnessAudit(options: WitnessAuditOptions, io: CliIO): Promise<number> {
  // A private log audited by URL is cloned with the token configured for publishing to it.
  const authToken = existsSync(options.target)
    ? undefined
    : readTokenFor(
        (await loadRelayConfig(homePaths(options.home).relayConfig)).witness.endpoints,
        options.target,
      );
  // On a terminal: the clone of a log by URL, then the commits audited.
  const shown = progress(io, `witness audit ${escapeControl(withoutCredentials(options.target))}`);
  const report = await auditLog(options.target, {
    knownHead: options.knownHead,
    ...(authToken === undefined ? {} : { authToken }),
    onClone: (text) => shown.update(text),
    onProgress: (done, total) => shown.update(`commit ${done}/${total}`),
  }).finally(() => shown.done());
  if (options.json) {
    printJson(io, report);
  } else if (report.ok) {
    println(
      io,
      `ok: ${report.origin} — ${counted(report.commits, "commit")} all signed, ${counted(report.entries, "entry", "entries")} append-only and valid, ` +
        `${counted(report.checkpoints, "checkpoint")} consistent (head ${report.head})`,
    );
  } else {
    // The violation's own code (every GITLOG_AUDIT_ code ends with 1), through the CLI's catch.
    const failure = report.failure!;
    throw new TrailsealError(failure.code, `audit failed at commit ${failure.commit}: ${failure.message}`, {
      hint: `${report.commits} commits before it passed; inspect it with \`git show ${failure.commit}\``,
    });
  }
  await (await import("./witness-cosign.js")).checkAuditQuorum(options, report, io);
  return report.ok ? 0 : 1;
}
