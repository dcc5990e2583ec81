// Fake secrets in the shapes of real ones (none is live). Built by concatenation so that this
// file does not itself look like a leaked credential to scanners.
import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

export const SECRETS = {
  github: `ghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`,
  gitlab: `glpat-${"abcdefghij1234567890"}`,
  aws: `AKIA${"Z7Q3XK4PLMNB2WER"}`,
  slack: `xoxb-${"123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"}`,
  stripe: `sk_live_${"4eC39HqLyjWDarjtT1zdp7dc"}`,
  openai: `sk-${"aB3dE5gH7jK9mN1pQ3sT"}T3BlbkFJ${"uV5wX7yZ9aB1cD3eF5gH"}`,
  anthropic: `sk-ant-api03-${"Zx9".repeat(31)}AA`,
  google: `AIza${"SyA-1234567890abcdefghijklmnopqrstu"}`,
  jwt: `eyJ${"hbGciOiJIUzI1NiJ9"}.eyJ${"zdWIiOiIxMjM0NTY3ODkwIn0"}.${"dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}`,
  urlPassword: "Tr41l-p4ss-w0rd",
  bearer: "opaque-bearer-7f3a9c1e5b",
  cookie: "sid=cookie-9d8e7f6a5b4c",
  envToken: "env-token-value-31415",
  jsonPassword: "json-pa55word-27182",
};

export const PEM_BODY = "MIIEowIBAAKCAQEAv7mU2Nf3l0xPq2wR8sT5yZ1aB3cD5eF7gH9iJ1kL3mN5oP7qR9s";
export const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`;

/**
 * The trail in `home` re-verified by the documented Python recipe (verify_redaction.py), which
 * also checks that the markers commit to the secret in `secretFile` (kept outside the home):
 * the recipe's `ok …` line.
 */
export async function verifyRedactionInPython(home: string, secretFile: string): Promise<string> {
  const [keyFile] = (await readdir(join(home, "keys"))).filter((name) => name.endsWith(".key"));
  const { stdout } = await promisify(execFile)("python3", [
    join(import.meta.dirname, "verify_redaction.py"),
    join(home, "trail"),
    join(home, "keys", keyFile!),
    secretFile,
  ]);
  return stdout;
}
