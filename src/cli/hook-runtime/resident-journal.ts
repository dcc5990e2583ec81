/**
 * The resident server's journal of one call (docs/decisions/hook-resident.md): what lets the
 * client's fallback, after the server was killed mid-call, judge the call in-process without
 * losing or doubling its record.
 *
 * Before each append (under the trail lock, before its first byte) the server writes
 * `<id>.<n>`: the segment, the offset and the SHA-256 of the bytes it is about to append. Once
 * the call is answered, `<id>.answer` (written to a temporary name and renamed: it exists whole
 * or not at all), and only then are the intents removed: an answer is the call's whole outcome,
 * its appends done. The client reads the answer and removes it. A call that appends nothing
 * leaves no intent: judging it again changes nothing.
 *
 * The fallback reads it only once the server is gone (killed by the client if need be), so
 * nothing it reads can still change: an append is either all in the segment at its offset (its
 * bytes hash to the journal's) or not there at all (absent, or torn: the next append cuts a torn
 * line back).
 */
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { nodeCrypto } from "./node-crypto.js";

export interface JournalAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

interface Intent {
  segment: string;
  offset: number;
  length: number;
  sha256: string;
}

/** What happened to call `id` before its server went away. */
export type JournalOutcome =
  | { kind: "nothing-appended" }
  | { kind: "answered"; answer: JournalAnswer }
  | { kind: "appended-unanswered" };

/** Writes `<id>.answer` whole (a temporary name, renamed into place): an answer, a refusal, a failure, a status. */
export function writeAnswer(spool: string, id: string, value: unknown): void {
  const file = join(spool, `${id}.answer`);
  writeFileSync(`${file}.tmp`, JSON.stringify(value), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** The server's side: one journal per call. */
export class CallJournal {
  private intents = 0;

  constructor(
    /** The server's spool directory (./resident-protocol.ts). */
    private readonly spool: string,
    private readonly id: string,
  ) {}

  /** AppendOptions.beforeWrite: written before the append's first byte. */
  readonly beforeWrite = (write: { segment: string; offset: number; bytes: Buffer }): void => {
    const intent: Intent = {
      segment: write.segment,
      offset: write.offset,
      length: write.bytes.length,
      sha256: nodeCrypto().createHash("sha256").update(write.bytes).digest("hex"),
    };
    writeFileSync(join(this.spool, `${this.id}.${this.intents}`), JSON.stringify(intent), {
      mode: 0o600,
    });
    this.intents += 1;
  };

  /** The call's answer, then its intents removed (the answer now says everything). */
  answered(answer: JournalAnswer): void {
    writeAnswer(this.spool, this.id, answer);
    removeFiles(
      this.spool,
      Array.from({ length: this.intents }, (_, n) => `${this.id}.${n}`),
    );
  }

  /** The call could not be answered: the client falls back and reads the intents, kept. */
  failed(why: string): void {
    writeAnswer(this.spool, this.id, { failed: why });
  }
}

function removeFiles(dir: string, names: string[]): void {
  for (const name of names) {
    try {
      unlinkSync(join(dir, name));
    } catch {
      // absent
    }
  }
}

function appended(intent: Intent): boolean {
  let fd: number;
  try {
    fd = openSync(intent.segment, "r");
  } catch {
    return false;
  }
  try {
    const bytes = Buffer.alloc(intent.length);
    let read = 0;
    while (read < intent.length) {
      const n = readSync(fd, bytes, read, intent.length - read, intent.offset + read);
      if (n === 0) return false;
      read += n;
    }
    return nodeCrypto().createHash("sha256").update(bytes).digest("hex") === intent.sha256;
  } finally {
    closeSync(fd);
  }
}

function readIntent(file: string): Intent | null {
  try {
    const intent = JSON.parse(readFileSync(file, "utf8")) as Intent;
    const ok =
      typeof intent.segment === "string" &&
      Number.isSafeInteger(intent.offset) &&
      Number.isSafeInteger(intent.length) &&
      typeof intent.sha256 === "string";
    return ok ? intent : null;
  } catch {
    // absent, or torn by the kill: its append had not started
    return null;
  }
}

/**
 * The fallback's side: what call `id`'s server did before it went away, and the journal removed.
 * Call only when that server can no longer run.
 */
export function takeJournal(dir: string, id: string): JournalOutcome {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(`${id}.`));
  } catch {
    return { kind: "nothing-appended" };
  }
  let answer: JournalAnswer | null = null;
  try {
    answer = JSON.parse(readFileSync(join(dir, `${id}.answer`), "utf8")) as JournalAnswer;
  } catch {
    answer = null;
  }
  const whole =
    answer !== null &&
    typeof answer === "object" &&
    typeof answer.stdout === "string" &&
    typeof answer.stderr === "string" &&
    Number.isInteger(answer.exitCode);
  let count = 0;
  let any = false;
  // An answer is the call's whole outcome: written only after its appends were done.
  while (!whole) {
    const intent = names.includes(`${id}.${count}`) ? readIntent(join(dir, `${id}.${count}`)) : null;
    if (intent === null) break;
    if (appended(intent)) any = true;
    count += 1;
  }
  removeFiles(dir, names);
  if (whole) {
    const { stdout, stderr, exitCode } = answer!;
    return { kind: "answered", answer: { stdout, stderr, exitCode } };
  }
  return any ? { kind: "appended-unanswered" } : { kind: "nothing-appended" };
}
