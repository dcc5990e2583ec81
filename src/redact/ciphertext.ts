/**
 * Values that are public by their own declared format, whichever layer judged them (a name's
 * value, a token by look): ciphertext in the envelope of a tool made to commit it, and public
 * keys a tool prints with the prefix that says so (docs/decisions/redaction-ciphertext.md).
 *
 * - **Ciphertext in its envelope**, read without a key the repository does not hold:
 *   hiera-eyaml's `ENC[PKCS7,<base64>]` (checked: the base64 is DER of a PKCS#7 EnvelopedData,
 *   its OID 1.2.840.113549.1.7.3 in the first bytes) and `ENC[GPG,<base64>]` (checked: an
 *   OpenPGP message that begins with an encrypted session key packet), also folded over lines
 *   as a YAML block holds it; SOPS's `ENC[AES256_GCM,data:…,iv:…,tag:…,type:…]`; age's armour
 *   (`-----BEGIN AGE ENCRYPTED FILE-----`, whose body decodes to `age-encryption.org/v1`), as a
 *   SOPS file's recipients carry the data key; a SealedSecret's `encryptedData` values, or what
 *   `kubeseal --raw` prints, in a text that names `kubeseal` (checked:
 *   two bytes giving the RSA-OAEP session key's length, 256, 384 or 512, then that many bytes
 *   and an AES-GCM body with its 16-byte tag).
 * - **Tailscale's public keys**: `nodekey:`, `discokey:`, `mkey:` and `nlpub:` (`tlpub:` as the
 *   CLI shows a tailnet lock key) and the 32 bytes in hex, as `tailscale status --json`, `tailscale debug` and a control server print them.
 *   The private forms are `privkey:` (node and machine keys) and `nlpriv:` (a disco key's private
 *   half is never written out); the auth keys are `tskey-…`.
 *
 * What stays redacted beside them: an eyaml or sealed-secrets private key, a SOPS age secret
 * key (`AGE-SECRET-KEY-1…`), a PGP private key block, an Ansible Vault password, a plaintext
 * value under the same name.
 */
import type { Range } from "./span.js";

// hiera-eyaml: the encryptor's name, then base64 that may be folded over indented lines.
const EYAML = /ENC\[(PKCS7|GPG),[ \t\r\n]*([A-Za-z0-9+/]+(?:[ \t\r\n]+[A-Za-z0-9+/]+)*={0,2})[ \t\r\n]*\]/g;
// SOPS: each member is base64 (data may be empty for an empty string).
const SOPS = /ENC\[AES256_GCM,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]+,tag:[A-Za-z0-9+/=]+,type:[a-z]+\]/g;
// age's armour; a YAML block's indentation may stand before each line.
const AGE_ARMOUR =
  /-----BEGIN AGE ENCRYPTED FILE-----\s+(YWdlLWVuY3J5cHRpb24ub3JnL3Yx[\s\S]*?)-----END AGE ENCRYPTED FILE-----/g;
// A base64 run that may be a sealed value: two length bytes, 0x01 or 0x02 first.
const SEALED_RUN = /(?<![A-Za-z0-9+/=])A[gQ][A-Za-z0-9+/]{340,}={0,2}(?![A-Za-z0-9+/=])/g;
const TAILSCALE_PUBLIC =
  /(?<![A-Za-z0-9_-])(?:nodekey|discokey|mkey|nlpub|tlpub):[0-9a-f]{64}(?![0-9a-zA-Z])/g;

/** DER's OID of PKCS#7 EnvelopedData (1.2.840.113549.1.7.3), with its tag and length. */
const ENVELOPED_DATA = Buffer.from("06092a864886f70d010703", "hex");
/** OpenPGP packet tags that begin an encrypted message: a public-key or symmetric session key. */
const PGP_SESSION_KEY = new Set([0x84, 0x85, 0x86, 0x8c, 0x8d, 0x8e, 0xc1, 0xc3]);

function envelopeHolds(encryptor: string, base64: string): boolean {
  const head = Buffer.from(base64.replace(/\s+/g, "").slice(0, 64), "base64");
  if (encryptor === "GPG") return PGP_SESSION_KEY.has(head[0]!);
  return head[0] === 0x30 && head.subarray(0, 24).includes(ENVELOPED_DATA);
}

/** Whether `run` is a sealed-secrets value: session key length, that key, an AES-GCM body. */
function sealedValue(run: string): boolean {
  const bytes = Buffer.from(run, "base64");
  const keyLength = bytes.readUInt16BE(0);
  return (keyLength === 256 || keyLength === 384 || keyLength === 512) && bytes.length >= 2 + keyLength + 17;
}

/** The spans of `text` that are ciphertext in its envelope or Tailscale's public keys. */
export function ciphertextRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes("ENC[")) {
    for (const m of text.matchAll(EYAML))
      if (envelopeHolds(m[1]!, m[2]!)) out.push([m.index!, m.index! + m[0].length]);
    for (const m of text.matchAll(SOPS)) out.push([m.index!, m.index! + m[0].length]);
  }
  if (text.includes("AGE ENCRYPTED FILE"))
    for (const m of text.matchAll(AGE_ARMOUR)) out.push([m.index!, m.index! + m[0].length]);
  if ((text.includes("encryptedData") && text.includes("SealedSecret")) || text.includes("kubeseal"))
    for (const m of text.matchAll(SEALED_RUN))
      if (sealedValue(m[0])) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("key:") || text.includes("lpub:"))
    for (const m of text.matchAll(TAILSCALE_PUBLIC)) out.push([m.index!, m.index! + m[0].length]);
  return out;
}
