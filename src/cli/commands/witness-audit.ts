import { existsSync } from "node:fs";
import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import { auditLog, readTokenFor } from "../../witness/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface WitnessAuditOptions {
  target: string;
  home: string;
  knownHead?: string;
  json?: boolean;
  /** A C2SP witness policy whose quorum must have cosigned the head checkpoint. */
  witnessPolicy?: string;
}

export async function runWitnessAudit(options: WitnessAuditOptions, io: CliIO): Promise<number> {
  const tty = io.stderr.isTTY === true && !options.json;
  let lastDraw = 0;
  // A private log audited by URL is cloned with the token configured for publishing to it.
  const authToken = existsSync(options.target)
    ? undefined
    : readTokenFor(
        (await loadRelayConfig(homePaths(options.home).relayConfig)).witness.endpoints,
        options.target,
      );
  const report = await auditLog(options.target, {
    knownHead: options.knownHead,
    ...(authToken === undefined ? {} : { authToken }),
    onProgress: tty
      ? (done, total) => {
          const now = Date.now();
          if (done !== total && now - lastDraw < 100) return;
          lastDraw = now;
          io.stderr.write(`\rtrailseal: auditing commit ${done}/${total}${done === total ? "\n" : ""}`);
        }
      : undefined,
  });
  if (options.json) {
    printJson(io, report);
  } else if (report.ok) {
    println(
      io,
      `ok: ${report.origin} — ${report.commits} commits all signed, ${report.entries} entries append-only and valid, ` +
        `${report.checkpoints} checkpoints consistent (head ${report.head})`,
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
