/**
 * Policy decisions (docs/policy.md): deny patterns per simple command (after wrapper
 * stripping: a pattern may match the command as written or any stripped stage), file-path
 * and host deny lists, then max_risk (above it: deny) and the ask threshold (at or above
 * it: ask, for agents that can ask). `rules.commands.allow` is the exception list: a command
 * it matches is not denied by a command pattern, and when every simple command of an action
 * is allowed the level checks are skipped too (unreadable input is never exempt).
 */
import { homedir } from "node:os";
import type picomatch from "picomatch";
import type { Decision, RiskLevel } from "../chain/index.js";
import type { RiskAnalysis } from "../risk/index.js";
import { riskRank } from "../risk/index.js";
import { firstCanonicalMatch, firstCommandMatch } from "./command-glob.js";
import type { Policy } from "./types.js";

export interface PolicyDecision {
  decision: Exclude<Decision, "logged" | "pass">;
  reasons: string[];
  /**
   * The policy rule that decided, when one did (`rules.commands.allow`, `rules.files.deny`, …).
   * An `allow` without a rule means the policy has no objection, not that it approves: hooks
   * must not turn that into an approval on the user's behalf.
   */
  rule?: string;
}

export interface EvaluateOptions {
  /** False for agents that cannot ask: an `ask` becomes allow (the action is within max_risk). */
  canAsk?: boolean;
  home?: string;
}

type Picomatch = typeof picomatch;

/** picomatch loads only for a policy that has file or host patterns (not on the default hook path). */
async function loadPicomatch(): Promise<Picomatch> {
  return (await import("picomatch")).default;
}

function firstMatch(
  glob: Picomatch,
  patterns: string[],
  candidates: string[],
  options: picomatch.PicomatchOptions,
): string | null {
  for (const pattern of patterns) {
    const isMatch = glob(pattern, options);
    if (candidates.some((candidate) => isMatch(candidate))) return pattern;
  }
  return null;
}

export async function evaluatePolicy(
  policy: Policy,
  analysis: RiskAnalysis,
  options: EvaluateOptions = {},
): Promise<PolicyDecision> {
  const { commands, files, network } = policy.rules;
  let allExempt = analysis.commands.length > 0 && !analysis.unparsable;
  for (const [index, forms] of analysis.commands.entries()) {
    const allowed = commands.allow.length > 0 ? firstCommandMatch(commands.allow, forms) : null;
    if (!allowed) allExempt = false;
    if (allowed || commands.deny.length === 0) continue;
    // Deny globs also see the canonical form (`git push -f` as `git push --force`); allow globs
    // only the text: a spelling may be denied, never allowed, through canonicalisation.
    const canonical = analysis.canonical?.[index];
    const denied =
      firstCommandMatch(commands.deny, forms) ??
      (canonical ? firstCanonicalMatch(commands.deny, canonical) : null);
    if (denied)
      return {
        decision: "deny",
        reasons: [`command "${forms[0]}" matches rules.commands.deny "${denied}"`],
        rule: "rules.commands.deny",
      };
  }
  if (files.deny.length > 0 && analysis.paths.length > 0) {
    const home = options.home ?? homedir();
    const expand = (text: string) => text.replace(/^~(?=\/|$)/, home);
    const candidates = analysis.paths.flatMap((path) => [path, expand(path)]);
    const glob = await loadPicomatch();
    const denied = firstMatch(glob, files.deny.map(expand), candidates, { dot: true, basename: false });
    const deniedName =
      denied ??
      firstMatch(
        glob,
        files.deny.filter((p) => !p.includes("/")),
        candidates,
        { dot: true, basename: true },
      );
    if (deniedName)
      return {
        decision: "deny",
        reasons: [`path matches rules.files.deny "${deniedName}"`],
        rule: "rules.files.deny",
      };
  }
  if (network.deny_hosts.length > 0 && analysis.hosts.length > 0) {
    const denied = firstMatch(await loadPicomatch(), network.deny_hosts, analysis.hosts, {
      nocase: true,
      dot: true,
    });
    if (denied)
      return {
        decision: "deny",
        reasons: [`host matches rules.network.deny_hosts "${denied}"`],
        rule: "rules.network.deny_hosts",
      };
  }
  if (allExempt)
    return {
      decision: "allow",
      reasons: ["every command matches rules.commands.allow"],
      rule: "rules.commands.allow",
    };
  const level: RiskLevel = analysis.level;
  if (riskRank(level) > riskRank(policy.max_risk)) {
    return { decision: "deny", reasons: [`risk ${level} is above max_risk ${policy.max_risk}`] };
  }
  if (policy.ask !== null && riskRank(level) >= riskRank(policy.ask)) {
    if (options.canAsk === false)
      return { decision: "allow", reasons: [`risk ${level} (agent cannot ask; within max_risk)`] };
    return { decision: "ask", reasons: [`risk ${level} is at or above the ask threshold ${policy.ask}`] };
  }
  return { decision: "allow", reasons: [] };
}
