import { readFile } from "node:fs/promises";
import { z } from "zod";
import { writeFileAtomic } from "../durable/index.js";
import { HMAC_REF, SHA256_REF } from "../encoding/index.js";
import { hasCode } from "../errors/index.js";
import type { RelayConfig } from "./config.js";
import type { RelayRuntimeState } from "./model.js";

/**
 * `<home>/relay-state.json`: what the running daemon last did, written atomically (temp file,
 * fsync, rename) after every change. `relay status` reads it; a restarted relay resumes the
 * pending retries from it, so a seal below quorum survives a restart.
 */

const sealSummarySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  chain_tip: z.string(),
  event_count: z.number().int().nonnegative(),
});

const storedSealSchema = z.object({
  chain_tip: z.string().regex(SHA256_REF),
  event_count: z.number().int().nonnegative(),
  timestamp: z.string(),
  signature: z.string().regex(HMAC_REF),
  key_id: z.string().min(1),
});

const rejectedSchema = z.array(z.object({ url: z.string(), code: z.string() }));

const pendingSchema = z.object({
  seal_id: z.string().min(1),
  seal: storedSealSchema,
  rejected: rejectedSchema.optional(),
  confirmed: z.array(z.string()),
  attempts: z.number().int().nonnegative(),
  first_attempt_at: z.string(),
  last_attempt_at: z.string(),
  last_error: z.string().nullable(),
});

const quorumSchema = z.object({
  seal_id: z.string(),
  at: z.string(),
  confirmations: z.number().int().nonnegative(),
  quorum: z.number().int().nonnegative(),
  met: z.boolean(),
  outcomes: z.array(
    z.object({ name: z.string(), url: z.string(), ok: z.boolean(), error_code: z.string().optional() }),
  ),
});

/** The event stream to the collector (export.otlp), when configured. */
const eventStreamSchema = z.object({
  endpoint: z.string(),
  events_sent: z.number().int().nonnegative(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  next_seq: z.number().int().nonnegative().nullable(),
});

export type EventStreamState = z.infer<typeof eventStreamSchema>;

export const relayStateSchema = z.object({
  version: z.literal(1),
  pid: z.number().int().positive(),
  started_at: z.string(),
  updated_at: z.string(),
  stopped_at: z.string().nullable(),
  interval_ms: z.number().positive(),
  /** The configuration in force, auth tokens redacted. */
  config: z.unknown(),
  seals_created: z.number().int().nonnegative(),
  event_stream: eventStreamSchema.nullable().optional(),
  seals_skipped_idle: z.number().int().nonnegative(),
  last_seal: sealSummarySchema.nullable(),
  last_quorum: quorumSchema.nullable(),
  pending: z.array(pendingSchema),
  set_aside: z
    .array(
      z.object({
        seal_id: z.string().min(1),
        seal: storedSealSchema,
        confirmed: z.array(z.string()),
        rejected: rejectedSchema,
        set_aside_at: z.string(),
      }),
    )
    .default([]),
  retry_failures: z.number().int().nonnegative(),
  next_seal_at: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  last_error: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
});

export type RelayStateFile = z.infer<typeof relayStateSchema>;

/** The config as status may show it: tokens are credentials and never leave the config file. */
export function redactConfig(config: RelayConfig): RelayConfig {
  const otlp = config.export?.otlp;
  return {
    ...config,
    ...(otlp
      ? {
          export: {
            ...config.export,
            otlp: {
              ...otlp,
              headers: Object.fromEntries(Object.keys(otlp.headers).map((name) => [name, "<redacted>"])),
            },
          },
        }
      : {}),
    witness: {
      ...config.witness,
      endpoints: config.witness.endpoints.map(({ auth_token, ...endpoint }) =>
        auth_token === undefined ? endpoint : { ...endpoint, auth_token: "<redacted>" },
      ),
    },
  };
}

export type ReadStateResult =
  | { kind: "missing" }
  | { kind: "invalid"; message: string }
  | { kind: "ok"; state: RelayStateFile };

export async function readRelayState(path: string): Promise<ReadStateResult> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (hasCode(error, "ENOENT")) return { kind: "missing" };
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { kind: "invalid", message: `not JSON: ${(error as Error).message}` };
  }
  const parsed = relayStateSchema.safeParse(raw);
  if (!parsed.success) return { kind: "invalid", message: parsed.error.issues[0]?.message ?? "invalid" };
  return { kind: "ok", state: parsed.data };
}

/**
 * Replaces the state file atomically: readers see the old or the new file, never a torn one.
 * The directory is fsync'd after the rename, or a crash could bring back an older file whose
 * pending list lacks a seal still below quorum (it would never be retried).
 */
export async function writeRelayState(path: string, state: RelayStateFile): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export function toStateFile(
  runtime: RelayRuntimeState,
  meta: {
    pid: number;
    startedAt: string;
    intervalMs: number;
    config: RelayConfig;
    now: string;
    eventStream?: EventStreamState | null;
  },
  stoppedAt: string | null = null,
): RelayStateFile {
  return {
    version: 1,
    event_stream: meta.eventStream ?? null,
    pid: meta.pid,
    started_at: meta.startedAt,
    updated_at: meta.now,
    stopped_at: stoppedAt,
    interval_ms: meta.intervalMs,
    config: redactConfig(meta.config),
    ...runtime,
  };
}
