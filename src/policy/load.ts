/**
 * Parsing and validating policy.yaml: YAML (with line numbers) then zod. Errors name the
 * line and the key path (`policy.yaml:4:3: rules.commands.deny.0: expected string`).
 * Loaded lazily: yaml and zod cost tens of milliseconds at start-up, and the hook uses the
 * validated cache (cache.ts) unless policy.yaml changed.
 */
import { isMap, isPair, isScalar, LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { RISK_LEVELS } from "../chain/index.js";
import { configError } from "../errors/index.js";
import { commandGlobProblem } from "./command-glob.js";
import type { Policy } from "./types.js";

const patterns = z.array(z.string().min(1).max(4096)).max(10_000);
/** Command globs are checked here, once, rather than failing each hook call that evaluates them. */
const commandGlobs = z
  .array(
    z
      .string()
      .min(1)
      .max(4096)
      .superRefine((pattern, context) => {
        const problem = commandGlobProblem(pattern);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
  )
  .max(10_000);

export const policySchema = z
  .object({
    max_risk: z.enum(RISK_LEVELS).default("high"),
    ask: z.enum(RISK_LEVELS).nullable().default(null),
    rules: z
      .object({
        commands: z
          .object({ deny: commandGlobs.nullable().default([]), allow: commandGlobs.nullable().default([]) })
          .strict()
          .nullable()
          .default({ deny: [], allow: [] }),
        files: z
          .object({ deny: patterns.nullable().default([]) })
          .strict()
          .nullable()
          .default({ deny: [] }),
        network: z
          .object({ deny_hosts: patterns.nullable().default([]) })
          .strict()
          .nullable()
          .default({ deny_hosts: [] }),
      })
      .strict()
      .nullable()
      .default({ commands: { deny: [], allow: [] }, files: { deny: [] }, network: { deny_hosts: [] } }),
    cannot_ask: z.enum(["deny", "allow"]).optional(),
    witness_before: z.enum(RISK_LEVELS).optional(),
    // Below the agents' own hook timeouts (Claude Code's default is 60 s).
    witness_before_timeout_seconds: z.number().min(0.1).max(50).optional(),
    redact: z
      .object({
        enabled: z.boolean().default(true),
        patterns: patterns
          .refine((list) => list.every(isRegex), "not a valid regular expression")
          .default([]),
      })
      .strict()
      .optional(),
  })
  .strict();

function isRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Parses policy YAML; `source` names the file in errors. Throws POLICY_INVALID (exit 2). */
export function parsePolicy(text: string, source = "policy.yaml"): Policy {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lineCounter.linePos(syntax.pos[0]);
    throw configError(
      "POLICY_INVALID",
      `${source}:${pos.line}:${pos.col}: ${syntax.message.split("\n")[0]}`,
      {
        hint: "fix the YAML syntax; docs/policy.md shows a complete policy",
        details: { line: pos.line, col: pos.col },
      },
    );
  }
  const raw = doc.toJS() ?? {};
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = [...issue.path];
    if (issue.code === "unrecognized_keys" && issue.keys[0]) path.push(issue.keys[0]);
    const offset = locate(doc, path);
    const pos = offset === null ? null : lineCounter.linePos(offset);
    const where = pos ? `${source}:${pos.line}:${pos.col}` : source;
    const key = path.length > 0 ? path.map(String).join(".") : "(root)";
    throw configError("POLICY_INVALID", `${where}: ${key}: ${issue.message}`, {
      hint: `valid levels are ${RISK_LEVELS.join(", ")}; docs/policy.md lists every key`,
      details: { path: key, line: pos?.line ?? null },
    });
  }
  const data = parsed.data;
  const rules = data.rules ?? { commands: null, files: null, network: null };
  return {
    max_risk: data.max_risk,
    ask: data.ask,
    rules: {
      commands: { deny: rules.commands?.deny ?? [], allow: rules.commands?.allow ?? [] },
      files: { deny: rules.files?.deny ?? [] },
      network: { deny_hosts: rules.network?.deny_hosts ?? [] },
    },
    ...(data.cannot_ask ? { cannot_ask: data.cannot_ask } : {}),
    ...(data.witness_before ? { witness_before: data.witness_before } : {}),
    ...(data.witness_before_timeout_seconds !== undefined
      ? { witness_before_timeout_seconds: data.witness_before_timeout_seconds }
      : {}),
    ...(data.redact ? { redact: data.redact } : {}),
  };
}

/** Offset of the node at `path` (or of its nearest existing parent; for a key, the key itself). */
function locate(doc: ReturnType<typeof parseDocument>, path: PropertyKey[]): number | null {
  let node: unknown = doc.contents;
  let offset: number | null = (doc.contents as { range?: [number] } | null)?.range?.[0] ?? null;
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === step);
      if (!pair) break;
      offset = (pair.key as { range?: [number] }).range?.[0] ?? offset;
      node = pair.value;
      const valueOffset = (node as { range?: [number] } | null)?.range?.[0];
      if (valueOffset !== undefined && step !== path.at(-1)) offset = valueOffset;
    } else if (node && typeof node === "object" && "items" in node && typeof step === "number") {
      node = (node as { items: unknown[] }).items[step];
      offset = (node as { range?: [number] } | undefined)?.range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return offset;
}
