/**
 * C2SP tlog-policy (c2sp.org/tlog-policy): which logs are trusted, which witnesses exist, and
 * the quorum rule over them. Lines: `log <vkey> [<url>]`, `witness <name> <vkey> [<url>]`,
 * `group <name> all|any|<k> <member>...`, `quorum <name>`; `#` comments and blank lines are
 * ignored; whitespace is ASCII space and tab only. Names are opaque octet strings: a file that is
 * valid UTF-8 is decoded as UTF-8, any other as latin1, both one-to-one, so two names are equal
 * exactly when their octets are.
 *
 * `formatWitnessPolicy(parseWitnessPolicy(t))` is the canonical form of t (single spaces, no
 * comments); parsing the canonical form gives the same policy back.
 */
import { type Checkpoint, parseCheckpoint } from "./checkpoint.js";
import {
  type CosignatureCheckOptions,
  type CosignatureStatus,
  checkCosignatures,
  splitCosignedNote,
} from "./cosignature.js";
import { type CosignerVerifier, parseCosignerVkey } from "./cosigner-keys.js";
import { tlogError } from "./errors.js";
import { parseNote, parseVerifierKey, type VerifierKey, verifyNote } from "./note.js";

export interface PolicyLog {
  vkey: string;
  key: VerifierKey;
  url?: string;
}

export interface PolicyWitness {
  name: string;
  vkey: string;
  key: CosignerVerifier;
  url?: string;
}

export interface PolicyGroup {
  name: string;
  /** As written: "all", "any" or a decimal k. */
  threshold: string;
  /** The number of members that must witness (k). */
  k: number;
  members: string[];
}

export type PolicyStatement =
  | { kind: "log"; log: PolicyLog }
  | { kind: "witness"; witness: PolicyWitness }
  | { kind: "group"; group: PolicyGroup }
  | { kind: "quorum"; name: string };

export interface WitnessPolicy {
  logs: PolicyLog[];
  witnesses: PolicyWitness[];
  groups: PolicyGroup[];
  /** A witness or group name, or "none". */
  quorum: string;
  /** Every statement in file order (what formatWitnessPolicy writes). */
  statements: PolicyStatement[];
}

/** Limits above the spec's recommended minimum (32 each), so a hostile file stays cheap. */
export const POLICY_LIMITS = { logs: 256, witnesses: 256, groups: 256, bytes: 1 << 20 } as const;

const NONE = "none";

function fail(line: number, why: string) {
  return tlogError("TLOG_POLICY_MALFORMED", `witness policy line ${line}: ${why}`, {
    details: { line },
    hint: "see c2sp.org/tlog-policy: log <vkey> [<url>], witness <name> <vkey> [<url>], group <name> all|any|<k> <names>, quorum <name>",
  });
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString("latin1");
  }
}

/** Parses a policy file (bytes, or text that is treated as UTF-8). Throws TLOG_POLICY_MALFORMED. */
export function parseWitnessPolicy(
  input: string | Uint8Array,
  options: {
    /**
     * False for a plain list of logs (what a witness trusts): a file without a quorum line is
     * then read as `quorum none`. The spec requires exactly one, so the default is true.
     */
    requireQuorum?: boolean;
  } = {},
): WitnessPolicy {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : Buffer.from(input);
  if (bytes.length > POLICY_LIMITS.bytes) throw fail(0, "file is too large");
  const text = decode(bytes);
  const bad = text.search(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  if (bad >= 0) throw fail(text.slice(0, bad).split("\n").length, "control character");

  const policy: WitnessPolicy = { logs: [], witnesses: [], groups: [], quorum: "", statements: [] };
  const names = new Map<string, "witness" | "group">();
  const keys = new Set<string>();
  let quorumSeen = false;
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((raw, i) => {
    const n = i + 1;
    const trimmed = raw.replace(/^[ \t]+|[ \t]+$/g, "");
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const [keyword, ...args] = trimmed.split(/[ \t]+/) as [string, ...string[]];
    const defineName = (name: string, kind: "witness" | "group") => {
      if (name === NONE) throw fail(n, `"${NONE}" is predefined`);
      if (names.has(name)) throw fail(n, `"${name}" is already defined`);
      names.set(name, kind);
    };
    const uniqueKey = (publicKey: Uint8Array, what: string) => {
      const id = Buffer.from(publicKey).toString("hex");
      if (keys.has(`${what}:${id}`)) throw fail(n, `duplicate ${what} key`);
      keys.add(`${what}:${id}`);
    };
    switch (keyword) {
      case "log": {
        if (args.length < 1 || args.length > 2) throw fail(n, "expected log <vkey> [<url>]");
        let key: VerifierKey;
        try {
          key = parseVerifierKey(args[0]!);
        } catch (cause) {
          throw Object.assign(fail(n, "invalid log vkey"), { cause });
        }
        uniqueKey(key.publicKey, "log");
        if (policy.logs.length >= POLICY_LIMITS.logs) throw fail(n, "too many logs");
        const log: PolicyLog = { vkey: args[0]!, key, ...(args[1] ? { url: args[1] } : {}) };
        policy.logs.push(log);
        policy.statements.push({ kind: "log", log });
        return;
      }
      case "witness": {
        if (args.length < 2 || args.length > 3) throw fail(n, "expected witness <name> <vkey> [<url>]");
        let key: CosignerVerifier;
        try {
          key = parseCosignerVkey(args[1]!);
        } catch (cause) {
          throw Object.assign(fail(n, "invalid witness vkey"), { cause });
        }
        defineName(args[0]!, "witness");
        uniqueKey(key.publicKey, "witness");
        if (policy.witnesses.length >= POLICY_LIMITS.witnesses) throw fail(n, "too many witnesses");
        const witness: PolicyWitness = {
          name: args[0]!,
          vkey: args[1]!,
          key,
          ...(args[2] ? { url: args[2] } : {}),
        };
        policy.witnesses.push(witness);
        policy.statements.push({ kind: "witness", witness });
        return;
      }
      case "group": {
        if (args.length < 3) throw fail(n, "expected group <name> all|any|<k> <name>...");
        const [name, threshold, ...members] = args as [string, string, ...string[]];
        const seen = new Set<string>();
        for (const member of members) {
          if (member === NONE) throw fail(n, `"${NONE}" cannot be a group member`);
          if (!names.has(member)) throw fail(n, `"${member}" is not defined on an earlier line`);
          if (seen.has(member)) throw fail(n, `"${member}" is listed twice`);
          seen.add(member);
        }
        let k: number;
        if (threshold === "all") k = members.length;
        else if (threshold === "any") k = 1;
        else if (/^[1-9][0-9]{0,5}$/.test(threshold)) k = Number(threshold);
        else throw fail(n, `threshold "${threshold}" is not all, any or a decimal number`);
        if (k < 1 || k > members.length)
          throw fail(n, `threshold ${k} is not between 1 and ${members.length}`);
        defineName(name, "group");
        if (policy.groups.length >= POLICY_LIMITS.groups) throw fail(n, "too many groups");
        const group: PolicyGroup = { name, threshold, k, members };
        policy.groups.push(group);
        policy.statements.push({ kind: "group", group });
        return;
      }
      case "quorum": {
        if (args.length !== 1) throw fail(n, "expected quorum <name>");
        if (quorumSeen) throw fail(n, "more than one quorum line");
        if (args[0] !== NONE && !names.has(args[0]!))
          throw fail(n, `"${args[0]}" is not defined on an earlier line`);
        quorumSeen = true;
        policy.quorum = args[0]!;
        policy.statements.push({ kind: "quorum", name: args[0]! });
        return;
      }
      default:
        throw fail(n, `unknown keyword "${keyword}"`);
    }
  });
  if (!quorumSeen) {
    if (options.requireQuorum !== false) throw fail(lines.length, "no quorum line");
    policy.quorum = NONE;
  }
  return policy;
}

/** The canonical text of a policy: one statement per line, single spaces, file order. */
export function formatWitnessPolicy(policy: WitnessPolicy): string {
  return policy.statements
    .map((s) => {
      switch (s.kind) {
        case "log":
          return ["log", s.log.vkey, ...(s.log.url ? [s.log.url] : [])].join(" ");
        case "witness":
          return ["witness", s.witness.name, s.witness.vkey, ...(s.witness.url ? [s.witness.url] : [])].join(
            " ",
          );
        case "group":
          return ["group", s.group.name, s.group.threshold, ...s.group.members].join(" ");
        default:
          return `quorum ${s.name}`;
      }
    })
    .map((line) => `${line}\n`)
    .join("");
}

/**
 * True when the witnesses named in `cosigned` satisfy the quorum (tlog-policy semantics: a
 * group witnesses when at least k of its members do; "none" is always satisfied).
 */
export function isQuorumMet(policy: WitnessPolicy, cosigned: ReadonlySet<string>): boolean {
  if (policy.quorum === NONE) return true;
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const memo = new Map<string, boolean>();
  const witnessed = (name: string): boolean => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const group = groups.get(name);
    const result = group
      ? group.members.filter((member) => witnessed(member)).length >= group.k
      : cosigned.has(name);
    memo.set(name, result);
    return result;
  };
  return witnessed(policy.quorum);
}

/** The policy's log entry whose vkey name is `origin` (the spec: the key name is the origin). */
export function policyLogFor(policy: WitnessPolicy, origin: string): PolicyLog | undefined {
  return policy.logs.find((log) => log.key.name === origin);
}

export interface CosignedCheckpointVerification {
  checkpoint: Checkpoint;
  text: string;
  log: PolicyLog;
  witnesses: { name: string; status: CosignatureStatus; timestamp?: number; reason?: string }[];
  quorumMet: boolean;
}

/**
 * Verifies a cosigned checkpoint against a policy: signed by one of the policy's logs (its
 * origin is the key name), then each witness's cosignature checked. Throws for a note no policy
 * log signs; reports the quorum (it does not throw below it: callers name the failed witnesses).
 */
export function verifyCosignedCheckpoint(
  note: string,
  policy: WitnessPolicy,
  options: CosignatureCheckOptions = {},
): CosignedCheckpointVerification {
  const { text } = parseNote(note);
  const origin = text.slice(0, text.indexOf("\n"));
  const candidates = policy.logs.filter((log) => log.key.name === origin);
  if (candidates.length === 0)
    throw tlogError("TLOG_COSIGNATURE_INVALID", `the policy lists no log "${origin}"`, {
      hint: "add the log's verifier key to the witness policy: log <vkey>",
    });
  let log: PolicyLog | undefined;
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      verifyNote(note, candidate.key);
      log = candidate;
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (!log) throw lastError;
  const checkpoint = parseCheckpoint(text);
  const { signatures } = splitCosignedNote(note);
  const checks = checkCosignatures(
    text,
    signatures,
    policy.witnesses.map((w) => w.key),
    options,
  );
  const witnesses = policy.witnesses.map((w, i) => {
    const check = checks[i]!;
    return {
      name: w.name,
      status: check.status,
      ...(check.cosignature ? { timestamp: check.cosignature.timestamp } : {}),
      ...(check.reason ? { reason: check.reason } : {}),
    };
  });
  const valid = new Set(witnesses.filter((w) => w.status === "valid").map((w) => w.name));
  return { checkpoint, text, log, witnesses, quorumMet: isQuorumMet(policy, valid) };
}
