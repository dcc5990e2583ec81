/**
 * Secret redaction before hashing (docs/trail-format.md, "Redaction"). Secrets in a recorded
 * event body are replaced by `[redacted:<kind>:<commitment>]` before the event is chained, so
 * the trail, every view of it and every export hold only the marker, and the hash chain covers
 * the redacted text. Risk is judged on the unredacted action before this runs.
 * Invariants: the seal key is read only when a secret is found; the secretlint rule set is
 * imported only when the cheap prefilter hits; with no usable key the secret is still replaced
 * (under a throwaway key, so the marker cannot be confirmed) — redaction never fails open.
 */
import type { EventBody } from "../chain/index.js";
import { homePaths, loadSealKey } from "../home/index.js";
import { loadPolicy, type Policy } from "../policy/index.js";
import { digestText, type TextDigest } from "./marker.js";
import { BodyRedactor, redactEventBody } from "./redact.js";
import { unparsedStrings } from "./unparsed.js";

export { type ArgvSecret, secretsInArgv } from "./argv.js";
export { type CheckResult, checkEventValue } from "./check.js";
export { secretsInCommand } from "./command.js";
export { detectOwn, isSecretName, type Span } from "./detect.js";
export {
  COMMITMENT_DOMAIN,
  computeCommitment,
  digestText,
  formatMarker,
  type Marker,
  parseMarkers,
  type TextDigest,
} from "./marker.js";
export { DIGEST_ABOVE, findSecrets, type RedactOptions, redactEventBody } from "./redact.js";

export interface RedactionSettings {
  enabled: boolean;
  patterns: RegExp[];
}

/**
 * `redact` of the home's policy (`loaded`: that policy, already loaded by the caller, so a hook
 * call reads it once); redaction on with no extra patterns when it cannot be read.
 */
export async function loadRedactionSettings(home: string, loaded?: Policy): Promise<RedactionSettings> {
  let policy: Policy | null = loaded ?? null;
  if (!policy) {
    try {
      policy = await loadPolicy(homePaths(home).policy, {
        cacheKey: () => loadSealKey(home).then((k) => k.key),
      });
    } catch {
      // an unusable policy is reported by the policy check; redaction stays on
    }
  }
  const redact = policy?.redact;
  const patterns: RegExp[] = [];
  for (const source of redact?.patterns ?? []) {
    try {
      patterns.push(new RegExp(source, "g"));
    } catch {
      // validated when the policy is parsed; an invalid one here is skipped
    }
  }
  return { enabled: redact?.enabled ?? true, patterns };
}

export interface Redaction {
  bodies: EventBody[];
  /**
   * A message built from the unredacted actions (a hook's answer, an error) with the secrets
   * these bodies held replaced by the same markers, and scanned for others.
   */
  scrub(text: string): Promise<string>;
}

/** The redactor for `home`'s settings; null when the policy turns redaction off. */
async function redactorFor(home: string, policy?: Policy) {
  const settings = await loadRedactionSettings(home, policy);
  if (!settings.enabled) return { redactor: null, options: null };
  let key: Promise<Uint8Array> | null = null;
  const options = {
    key: () => (key ??= loadSealKey(home).then((sealKey) => sealKey.key)),
    patterns: settings.patterns,
  };
  return { redactor: new BodyRedactor(options), options };
}

/**
 * What a redaction judges before the bodies, when the text it will see was built from more than
 * they show: command lines judged on their parsed argv (`trailseal policy test` prints its
 * command), and the text of a payload that could not be parsed, whose JSON strings are each
 * judged as a command line (unparsed.ts).
 */
export interface RedactionSeed {
  commands?: readonly string[];
  unparsed?: string;
}

/**
 * Redacts event bodies for the trail of `home` (the one call the recording paths make);
 * `policy`: the home's policy when the caller has loaded it already.
 */
export async function redactRecorded(
  home: string,
  bodies: EventBody[],
  policy?: Policy,
  seed: RedactionSeed = {},
): Promise<Redaction> {
  const { redactor, options } = await redactorFor(home, policy);
  if (!redactor) return { bodies, scrub: async (text) => text };
  await seedRedactor(redactor, seed);
  const out: EventBody[] = [];
  for (const body of bodies) out.push((await redactEventBody(body, options, redactor)).body);
  return { bodies: out, scrub: (text) => redactor.scrub(text) };
}

/**
 * For messages about actions that are not recorded (`trailseal policy test`, `classify --batch`):
 * each call replaces in `texts` the secrets `seed` holds — found as the trail would find them
 * (command lines on their argv and their text, a JSON text's strings) — with the markers the
 * trail would hold, also where a message quotes only the start of one. The messages themselves
 * are not scanned: what they quote comes from the seed, and a reason such as "passwd: changes
 * users" is not an assignment. The home's redaction settings are read once; the key when a first
 * secret is found.
 */
export async function messageScrubber(
  home: string,
): Promise<(seed: RedactionSeed, texts: readonly string[]) => Promise<string[]>> {
  const { redactor, options } = await redactorFor(home);
  if (!redactor || !options) return async (_seed, texts) => [...texts];
  return async (seed, texts) => {
    // A redactor per message: what one line passed is not searched for in the next.
    const scrubber = new BodyRedactor(options);
    await seedRedactor(scrubber, seed);
    for (const command of seed.commands ?? []) await scrubber.string(command);
    if (seed.unparsed !== undefined) await scrubber.string(seed.unparsed);
    return texts.map((text) => scrubber.replaceKnown(text, true));
  };
}

/**
 * What a message about an action may quote: its command line (judged on its argv and its text),
 * else the JSON text the action came as (each string judged as a command line, and the text).
 */
export function seedOfAction(target: { kind: string; command?: unknown }, text: string): RedactionSeed {
  return target.kind === "command" && typeof target.command === "string"
    ? { commands: [target.command] }
    : { unparsed: text };
}

async function seedRedactor(redactor: BodyRedactor, seed: RedactionSeed): Promise<void> {
  for (const command of seed.commands ?? []) await redactor.command(command);
  if (seed.unparsed !== undefined)
    for (const { text, depth } of unparsedStrings(seed.unparsed)) await redactor.command(text, depth);
}

export async function redactBodies(home: string, bodies: EventBody[]): Promise<EventBody[]> {
  return (await redactRecorded(home, bodies)).bodies;
}

/**
 * `text` with the secrets found in it replaced (for messages when no body could be built), and
 * those `seed` shows: a message about a payload or a command quotes them as they were.
 */
export async function redactText(home: string, text: string, seed?: RedactionSeed): Promise<string> {
  return (await redactRecorded(home, [], undefined, seed)).scrub(text);
}

/** A text to be recorded only as a digest (a file's content), redacted first. */
export async function digestRedacted(home: string, text: string): Promise<TextDigest> {
  const { redactor } = await redactorFor(home);
  return digestText(redactor ? await redactor.string(text, true) : text);
}
