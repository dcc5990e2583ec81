/**
 * Risk classification (SPEC §2.6–2.8): action → {level, flags, reasons}.
 * Minimal placeholder rules; the full classifier replaces this module's internals.
 */
import type { Action } from "../action/index.js";
import type { RiskFlag, RiskLevel } from "../chain/index.js";

export interface Classification {
  level: RiskLevel;
  flags: RiskFlag[];
  reasons: string[];
}

export async function classify(action: Action): Promise<Classification> {
  const target = action.target;
  if (target.kind === "file") {
    if (target.op === "read" || target.op === "search") return { level: "none", flags: [], reasons: [] };
    return { level: "low", flags: [], reasons: ["edits a file"] };
  }
  if (target.kind === "network") {
    return {
      level: target.method === "GET" ? "low" : "medium",
      flags: ["network_request"],
      reasons: ["network request"],
    };
  }
  if (target.kind === "command") return { level: "medium", flags: [], reasons: ["runs a command"] };
  return { level: "low", flags: [], reasons: [] };
}
