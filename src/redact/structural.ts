/**
 * Structural patterns of the text layer for keys that say what they are (declared.ts), run on
 * every string, the long ones kept only as digests too (redact.ts): a base64 PEM block whose
 * armour says private key, a PASERK of a secret type, a Solana keypair file's 64 bytes, a wallet's recovery phrase, and
 * the
 * password of an Oracle-style connect descriptor (`user/password@//host:port/service`). Each names the lower-case literals
 * one of which every match holds (docs/decisions/redaction-prefilter.md).
 */
import { ARMOUR_BASE64, armouredBase64 } from "./declared.js";
import type { Pattern } from "./span.js";

export const STRUCTURAL_PATTERNS: Pattern[] = [
  {
    kind: "private-key",
    needs: ["ls0tls1crudjti"],
    regex: ARMOUR_BASE64,
    group: 0,
    accept: (run) => armouredBase64(run) === "secret",
  },
  {
    kind: "paserk",
    needs: ["k1.", "k2.", "k3.", "k4."],
    regex:
      /(?<![\w.-])k[1-4]\.(?:local|secret|seal|local-wrap\.pie|secret-wrap\.pie|local-pw|secret-pw)\.[A-Za-z0-9_-]{20,}/g,
    group: 0,
  },
  // A keypair file as solana-keygen writes it (`~/.config/solana/id.json`): a JSON array of
  // exactly 64 byte values, the secret seed and its public key. Under a secret's name a shorter
  // byte list is code-values.ts's.
  {
    kind: "private-key",
    needs: ["["],
    regex:
      /(?<![\d,][ \t]*)\[\s*(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\s*,\s*){63}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\s*\]/g,
    group: 0,
  },
  // A wallet's recovery phrase (BIP-39: 12, 15, 18, 21 or 24 words) given to a name or a flag
  // that says mnemonic, seed phrase or recovery phrase: the words are the private keys.
  {
    kind: "private-key",
    needs: ["mnemonic", "phrase"],
    regex:
      /(?:mnemonic|seed[ _-]?phrase|recovery[ _-]?phrase|secret[ _-]?phrase)\w*["']?(?:[ \t]*[:=][ \t]*|[ \t]+)(?:'\\''|["'`])?((?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})(?![a-z])/gi,
    group: 1,
    accept: (words) => [12, 15, 18, 21, 24].includes(words.trim().split(/\s+/).length),
  },
  // EZConnect and JDBC thin (`scott/X@//db:1521/ORCL`, `jdbc:oracle:thin:scott/X@db:1521:ORCL`): a
  // user, `/`, the password, `@`, then `//` or a host and a port: `owner/repo@v4` and
  // `@scope/pkg@1.2.3` name no port.
  {
    kind: "url-credentials",
    needs: ["@"],
    regex:
      /(?<![\w$#./-])[A-Za-z_][\w$#]{0,29}\/([^\s/@"'`;&|]{1,128})@(?=\/\/[A-Za-z0-9.-]+|[A-Za-z0-9.-]+:[0-9]{2,5}\b)/g,
    group: 1,
  },
];
