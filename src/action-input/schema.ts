/**
 * The zod schemas of the accepted action JSON (docs/actions.md): the one definition of what
 * `record` and `classify` accept. zod costs ~30 ms to load, so it is required only when a
 * schema is first needed (./common.ts answers the plain actions without it), synchronously.
 */
import { createRequire } from "node:module";
import type * as Zod from "zod";

/**
 * The largest action `record` and `classify` accept: what the agent hooks record (a multi-megabyte
 * heredoc through Bash is an ordinary call) must be recordable by hand too; the recorder keeps its
 * long members as digests (src/record).
 */
export const MAX_ACTION_BYTES = 8 << 20;

function build({ z }: typeof Zod) {
  const claudeCode = z
    .object({
      tool_name: z.string().min(1).max(512),
      tool_input: z.record(z.string(), z.unknown()).default({}),
      cwd: z.string().max(4096).optional(),
      session_id: z.string().max(512).optional(),
      hook_event_name: z.string().max(128).optional(),
      tool_response: z.unknown().optional(),
      transcript_path: z.string().optional(),
    })
    .loose();
  const common = {
    agent: z.string().min(1).max(200).optional(),
    session: z.string().max(512).optional(),
    cwd: z.string().max(4096).optional(),
  };
  const generic = z.discriminatedUnion("kind", [
    z
      .object({ kind: z.literal("command"), command: z.string().min(1).max(MAX_ACTION_BYTES), ...common })
      .strict(),
    z
      .object({
        kind: z.literal("file"),
        op: z.enum(["read", "write", "edit", "delete", "search"]),
        path: z.string().min(1).max(4096),
        ...common,
      })
      .strict(),
    z
      .object({
        kind: z.literal("network"),
        method: z
          .string()
          .regex(/^[A-Za-z]{1,16}$/)
          .default("GET"),
        url: z.string().min(1).max(8192),
        ...common,
      })
      .strict(),
    z
      .object({
        kind: z.literal("mcp"),
        server: z.string().min(1).max(200),
        tool: z.string().min(1).max(200),
        arguments: z.record(z.string(), z.unknown()).default({}),
        ...common,
      })
      .strict(),
    z.object({ kind: z.literal("other"), description: z.string().min(1).max(4096), ...common }).strict(),
  ]);
  return { claudeCode, generic };
}

export type ActionSchemas = ReturnType<typeof build>;
export type ClaudeCodePayload = Zod.infer<ActionSchemas["claudeCode"]>;
export type GenericAction = Zod.infer<ActionSchemas["generic"]>;

let schemas: ActionSchemas | null = null;

/** The schemas, built (and zod loaded) on first use. */
export function actionSchemas(): ActionSchemas {
  schemas ??= build(createRequire(import.meta.url)("zod") as typeof Zod);
  return schemas;
}
