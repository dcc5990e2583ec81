/**
 * Commit objects written and read byte for byte. The SSH signature (sshsig.ts) covers the commit
 * exactly as stock git computes it: the object without its `gpgsig` header. We never trust a
 * library's idea of that payload (isomorphic-git's is wrong for SSH signatures): `parseCommit`
 * strips the header from the raw bytes itself.
 */
import type { KeyObject } from "node:crypto";
import { TrailsealError } from "../../errors/index.js";
import { signSshSig, verifySshSig } from "./sshsig.js";

export interface CommitIdentity {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  time: number;
}

export interface CommitFields {
  tree: string;
  parents: string[];
  author: CommitIdentity;
  committer: CommitIdentity;
  message: string;
}

export interface ParsedCommit {
  tree: string;
  parents: string[];
  committerTime: number;
  message: string;
  /** The armored signature from `gpgsig`, or null when unsigned. */
  signature: string | null;
  /** The exact bytes the signature covers (the object without `gpgsig`). */
  payload: Buffer;
}

function identityLine(who: CommitIdentity): string {
  return `${who.name} <${who.email}> ${who.time} +0000`;
}

export function commitPayload(fields: CommitFields): string {
  const lines = [`tree ${fields.tree}`];
  for (const parent of fields.parents) lines.push(`parent ${parent}`);
  lines.push(`author ${identityLine(fields.author)}`, `committer ${identityLine(fields.committer)}`);
  const message = fields.message.endsWith("\n") ? fields.message : `${fields.message}\n`;
  return `${lines.join("\n")}\n\n${message}`;
}

/** The signed commit object: payload with a `gpgsig` header after the committer line. */
export function signCommit(fields: CommitFields, privateKey: KeyObject): Buffer {
  const payload = commitPayload(fields);
  const armored = signSshSig(Buffer.from(payload), privateKey, "git").trimEnd();
  const header = `gpgsig ${armored.split("\n").join("\n ")}\n`;
  const split = payload.indexOf("\n\n");
  return Buffer.from(`${payload.slice(0, split + 1)}${header}${payload.slice(split + 1)}`);
}

/** Parses a raw commit object (attacker-controlled until its signature is checked). */
export function parseCommit(raw: Buffer): ParsedCommit {
  const text = raw.toString("utf8");
  const split = text.indexOf("\n\n");
  if (split < 0) throw new TrailsealError("GITLOG_OBJECT_CORRUPT", "malformed commit object");
  const headerLines = text.slice(0, split).split("\n");
  const kept: string[] = [];
  const sigLines: string[] = [];
  let inSig = false;
  let tree = "";
  const parents: string[] = [];
  let committerTime = 0;
  let sawSig = false;
  for (const line of headerLines) {
    if (inSig && line.startsWith(" ")) {
      sigLines.push(line.slice(1));
      continue;
    }
    inSig = false;
    if (line.startsWith("gpgsig ")) {
      if (sawSig) throw new TrailsealError("GITLOG_OBJECT_CORRUPT", "commit has two gpgsig headers");
      sawSig = true;
      inSig = true;
      sigLines.push(line.slice("gpgsig ".length));
      continue;
    }
    kept.push(line);
    if (line.startsWith("tree ")) tree = line.slice(5);
    else if (line.startsWith("parent ")) parents.push(line.slice(7));
    else if (line.startsWith("committer ")) {
      const match = / (\d+) [+-]\d{4}$/.exec(line);
      committerTime = match ? Number(match[1]) : 0;
    }
  }
  if (!/^[0-9a-f]{40}$/.test(tree))
    throw new TrailsealError("GITLOG_OBJECT_CORRUPT", "commit without a tree");
  const message = text.slice(split + 2);
  return {
    tree,
    parents,
    committerTime,
    message,
    signature: sawSig ? `${sigLines.join("\n")}\n` : null,
    payload: Buffer.from(`${kept.join("\n")}\n\n${message}`),
  };
}

/** True when the commit carries an SSH signature (namespace git) by one of `trusted`. */
export function isCommitSignedBy(commit: ParsedCommit, trusted: readonly Uint8Array[]): boolean {
  return commit.signature !== null && verifySshSig(commit.payload, commit.signature, trusted, "git");
}
