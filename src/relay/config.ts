import { readFile } from "node:fs/promises";
import { z } from "zod";
import { configError, describeIssues, hasCode } from "../errors/index.js";
import { DEFAULT_RELAY_CONFIG as DEFAULTS } from "../home/index.js";
import { AGE_PATTERN } from "../time/index.js";
import { isGitWitnessUrl, toAnchorUrl, witnessIdentity } from "../witness/index.js";

/** `relay-config.json` (docs/relay.md). Unknown keys are refused so that typos do not pass silently. */
export const relayConfigSchema = z
  .object({
    auto_seal: z
      .object({
        enabled: z.boolean().default(true),
        interval_minutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .default(15),
        /** Seal even when no event arrived since the last seal (liveness proves coverage). */
        seal_when_idle: z.boolean().default(true),
        /**
         * With publishing on, the longest a recorded event stays unsealed while the relay runs:
         * the relay seals and publishes soon after new events, batching a burst into one seal
         * (docs/relay.md). 0 turns it off (the interval alone).
         */
        max_unsealed_seconds: z.number().min(0).max(3600).default(1),
      })
      .strict()
      .default({ enabled: true, interval_minutes: 15, seal_when_idle: true, max_unsealed_seconds: 1 }),
    witness: z
      .object({
        enabled: z.boolean().default(false),
        quorum: z.number().int().min(1).max(64).default(1),
        endpoints: z
          .array(
            z
              .object({
                url: z.string().min(1),
                name: z.string().min(1).max(200),
                auth_token: z.string().min(1).optional(),
              })
              .strict(),
          )
          .max(64)
          .default([]),
      })
      .strict()
      .default({ enabled: false, quorum: 1, endpoints: [] }),
    /**
     * How long records must be kept (docs/configuration.md, docs/decisions/retention.md): the
     * report says whether the trail keeps every record of that window. Absent: six months.
     */
    retention: z
      .object({
        min_age: z
          .string()
          .regex(AGE_PATTERN, {
            message: 'an age such as "6 months", "1 year" or "400 days"',
          })
          .optional(),
        /** The working window: `trailseal archive` moves older lines into archives (default 30 days). */
        window: z
          .string()
          .regex(AGE_PATTERN, {
            message: 'an age such as "30 days", "3 months" or "1 year"',
          })
          .optional(),
      })
      .strict()
      .optional(),
    /** Streaming the trail's events to the organisation's collector (docs/relay.md). */
    export: z
      .object({
        otlp: z
          .object({
            /** The OTLP/HTTP logs endpoint, as `export --otlp-endpoint`. */
            endpoint: z.string().url(),
            protocol: z.enum(["http/protobuf", "http/json"]).default("http/protobuf"),
            /** Request headers (e.g. authorization); never logged or shown by `relay status`. */
            headers: z.record(z.string().min(1), z.string()).default({}),
            /** The export cursor the stream moves (shared with `export --cursor`). */
            cursor: z
              .string()
              .regex(/^[A-Za-z0-9._-]{1,64}$/)
              .default("relay-otlp"),
            /** Pause between two sends while the collector answers (fractions allowed). */
            interval_seconds: z.number().min(0.1).max(3600).default(2),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type RelayConfig = z.infer<typeof relayConfigSchema>;

export const DEFAULT_RELAY_CONFIG: RelayConfig = DEFAULTS;

/** Parses relay-config text; an error names the file and the bad path. */
export function parseRelayConfig(text: string, source = "relay-config.json"): RelayConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    // Not the parser's message, nor the cause: V8 quotes the text around the error, and this
    // file holds auth tokens (an unquoted token would be printed). The position is enough.
    const position = /at position (\d+)/.exec((cause as Error).message)?.[1];
    throw configError("CONFIG_INVALID_JSON", `${source} is not valid JSON${whereIn(text, position)}`, {
      hint: "check quotes and commas; see docs/configuration.md for the relay-config.json keys",
    });
  }
  const parsed = relayConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw configError("CONFIG_INVALID", `${source}: ${describeIssues(parsed.error.issues)}`, {
      hint: "see docs/configuration.md for the relay-config.json keys",
    });
  }
  const config = parsed.data;
  assertEndpoints(config, source);
  if (config.witness.enabled && config.witness.quorum > config.witness.endpoints.length) {
    throw configError(
      "CONFIG_INVALID",
      `${source}: witness.quorum is ${config.witness.quorum} but only ${config.witness.endpoints.length} endpoints are configured`,
    );
  }
  return config;
}

/**
 * Endpoint mistakes that would otherwise only show in relay.log, one seal at a time: a URL that
 * is neither http(s) nor a git witness (`javascript:…`), credentials inside a URL (they would
 * be logged and shown by status; auth_token is the place), and the same witness twice (under
 * any spelling: it would count twice toward the quorum).
 */
function assertEndpoints(config: RelayConfig, source: string): void {
  const seen = new Map<string, string>();
  const names = new Set<string>();
  config.witness.endpoints.forEach((endpoint, index) => {
    const where = `${source}: witness.endpoints.${index}`;
    if (hasCredentials(endpoint.url))
      throw configError("CONFIG_INVALID", `${where}.url holds credentials`, {
        hint: "put the token in auth_token; a URL is logged and shown by `relay status`",
      });
    if (!isGitWitnessUrl(endpoint.url)) {
      try {
        toAnchorUrl(endpoint.url);
      } catch (cause) {
        throw configError("CONFIG_INVALID", `${where}.url is not an http(s) or git witness URL`, { cause });
      }
    }
    const identity = witnessIdentity(endpoint.url);
    const earlier = seen.get(identity);
    if (earlier !== undefined)
      throw configError("CONFIG_INVALID", `${where} is the same witness as ${earlier}`, {
        hint: "a witness listed twice would count twice toward the quorum",
      });
    seen.set(identity, `witness.endpoints.${index}`);
    if (names.has(endpoint.name))
      throw configError("CONFIG_INVALID", `${where}.name "${endpoint.name}" is used twice`);
    names.add(endpoint.name);
  });
}

/** A password, or a user name in an http(s) URL (ssh's `git@host` names an account, not a secret). */
function hasCredentials(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  if (parsed.password !== "") return true;
  return parsed.username !== "" && /^(git\+)?https?:$/i.test(parsed.protocol);
}

/** " (line L, column C)" for a character offset, or "" when the parser gave none. */
function whereIn(text: string, position: string | undefined): string {
  if (position === undefined) return "";
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  return ` (line ${line}, column ${before.length - before.lastIndexOf("\n")})`;
}

export async function loadRelayConfig(path: string): Promise<RelayConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (hasCode(error, "ENOENT")) return DEFAULT_RELAY_CONFIG;
    throw error;
  }
  return parseRelayConfig(text, path);
}

/**
 * A relay that would publish nothing although witnesses are listed: `witness.enabled` left out
 * (it defaults to false) or set false with endpoints configured. The relay would seal locally,
 * print "started" and leave every seal unwitnessed — the cut it exists to prevent stays open.
 * Refused at start (docs/decisions/relay-refuses-silent-witnessing.md).
 */
export function assertPublishingConsistent(config: RelayConfig, source = "relay-config.json"): void {
  const { enabled, endpoints } = config.witness;
  if (enabled || endpoints.length === 0) return;
  throw configError(
    "RELAY_WITNESS_DISABLED",
    `${source} lists ${endpoints.length} witness endpoint${endpoints.length === 1 ? "" : "s"} but witness.enabled is not true: the relay would publish no seal`,
    {
      hint: 'set "witness": {"enabled": true, …} to publish, or remove the endpoints to run a relay that only seals locally',
    },
  );
}
