/**
 * Public keys, certificates and signatures read from their encoded bytes, checked to the last
 * byte rather than guessed (docs/decisions/redaction-published-keys.md). Each structure is one a
 * private key never has, and a random string meets it about never:
 *
 * - **An OpenSSH public key blob on its own** (`AAAAB3NzaC1yc2EAAAAB…`, a test's key blob, a
 *   `known_hosts` line's key without its type word): the SSH wire form of a public key — its
 *   type, then exactly that type's public fields (RSA: e, n; Ed25519: the 32-byte key; ECDSA:
 *   the curve, the point; DSA: p, q, g, y) and nothing after. An agent's private key message
 *   begins the same way but carries more fields, so it is not matched. After a key type's word
 *   the blob is benign.ts's to judge (it must name that type).
 * - **A whole X.509 certificate in DER** (`MIIC0DCCAlag…`: a JWK's `x5c`, a Sigstore bundle's
 *   `rawBytes`, a PEM body joined): a SEQUENCE whose length is exactly the decoded bytes', whose
 *   first member, the tbsCertificate, begins with its explicitly tagged version (`[0]`). A line
 *   cut from a certificate (whose outer length runs past it) is still judged, as the everyday
 *   round decided for a lone line of base64.
 * - **A DSA or ECDSA signature in DER** (`MEUCIQD1uQ…`: a Sigstore signature, a signed entry
 *   timestamp): a SEQUENCE of exactly two positive INTEGERs of 16–66 bytes. A private key in
 *   DER begins with a one-byte version INTEGER.
 * - **A hashed `known_hosts` host** (`|1|<salt>|<hash>`, `ssh-keygen -H`): base64 of a 20-byte
 *   salt and of the HMAC-SHA1 of the host name under it.
 *
 * These only veto the token-by-look scan (benign.ts).
 */
import type { Range } from "./span.js";

/** The public fields after the type, by key type (`-cert-v01` certificates are not read here). */
const PUBLIC_FIELDS: Record<string, number> = {
  "ssh-rsa": 2,
  "ssh-ed25519": 1,
  "ssh-ed448": 1,
  "ssh-dss": 4,
  "ecdsa-sha2-nistp256": 2,
  "ecdsa-sha2-nistp384": 2,
  "ecdsa-sha2-nistp521": 2,
  "sk-ssh-ed25519@openssh.com": 2,
  "sk-ecdsa-sha2-nistp256@openssh.com": 3,
};

/** Whether base64 `blob` is exactly an SSH public key: its type, its public fields, nothing more. */
export function sshPublicBlob(blob: string): boolean {
  const bytes = Buffer.from(blob, "base64");
  let at = 0;
  const field = (): Buffer | null => {
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt32BE(at);
    if (at + 4 + length > bytes.length) return null;
    const out = bytes.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return out;
  };
  const type = field()?.toString("latin1");
  const fields = type === undefined ? undefined : PUBLIC_FIELDS[type];
  if (fields === undefined) return false;
  for (let index = 0; index < fields; index += 1) if (field() === null) return false;
  return at === bytes.length;
}

/** The tag, content start and length of the DER element at `at`, or null. */
export function derElement(bytes: Buffer, at: number): { tag: number; start: number; length: number } | null {
  if (at + 2 > bytes.length) return null;
  const first = bytes[at + 1]!;
  if (first < 0x80) return { tag: bytes[at]!, start: at + 2, length: first };
  const count = first & 0x7f;
  if (count === 0 || count > 3 || at + 2 + count > bytes.length) return null;
  let length = 0;
  for (let index = 0; index < count; index += 1) length = length * 256 + bytes[at + 2 + index]!;
  return { tag: bytes[at]!, start: at + 2 + count, length };
}

/** Whether base64 `run` is a whole DER certificate or a DSA/ECDSA signature (above). */
export function publicDer(run: string): boolean {
  const bytes = Buffer.from(run, "base64");
  const outer = derElement(bytes, 0);
  if (outer?.tag !== 0x30 || outer.start + outer.length !== bytes.length) return false;
  const first = derElement(bytes, outer.start);
  if (!first) return false;
  // A certificate: SEQUENCE { tbsCertificate SEQUENCE { [0] version, … }, … }.
  if (first.tag === 0x30) return bytes[first.start] === 0xa0 && bytes[first.start + 2] === 0x02;
  // A signature: SEQUENCE { INTEGER r, INTEGER s }, nothing else.
  if (first.tag !== 0x02 || first.length < 16 || first.length > 66) return false;
  const second = derElement(bytes, first.start + first.length);
  return (
    second !== null &&
    second.tag === 0x02 &&
    second.length >= 16 &&
    second.length <= 66 &&
    second.start + second.length === bytes.length
  );
}

// A base64 run standing alone that may be an SSH blob (`AAAA` and a length) or DER (`M` then a
// SEQUENCE's length byte).
const SSH_BLOB = /(?<![A-Za-z0-9+/=])AAAA[A-Za-z0-9+/]{20,}={0,3}(?![A-Za-z0-9+/=])/g;
const DER_RUN = /(?<![A-Za-z0-9+/=])M[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=])/g;
const TYPE_WORD_BEFORE = /(?:ssh-|ecdsa-|sk-)[\w@.-]+[ \t]+$/;
const HASHED_HOST = /(?<![\w|])\|1\|[A-Za-z0-9+/]{27}=\|[A-Za-z0-9+/]{27}=(?![A-Za-z0-9+/=])/g;

/** The spans of `text` that are such keys, certificates, signatures and hashed hosts. */
export function wireRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes("AAAA"))
    for (const m of text.matchAll(SSH_BLOB)) {
      // After a key type's word the blob must name that type (benign.ts's rule): a word that
      // says another type is a mismatch the everyday round keeps redacted.
      if (TYPE_WORD_BEFORE.test(text.slice(Math.max(0, m.index! - 48), m.index!))) continue;
      if (sshPublicBlob(m[0])) out.push([m.index!, m.index! + m[0].length]);
    }
  if (text.includes("M"))
    for (const m of text.matchAll(DER_RUN)) if (publicDer(m[0])) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("|1|"))
    for (const m of text.matchAll(HASHED_HOST)) out.push([m.index!, m.index! + m[0].length]);
  return out;
}
