/**
 * Everyday non-secrets an agent's actions carry (docs/decisions/redaction-everyday.md): digests
 * in their format, inlined media, references and templates in every syntax, placeholders, flags
 * and prompts without a value, where a secret is kept, the secret's own name. Each is carried as
 * a command, a written file and an MCP argument and must come out with no marker; beside each
 * family, the credentials of the same shape that must still go (the rules only ever leave alone
 * what cannot be a credential).
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

// Made-up values in the shapes of the real ones (base64 of a SHA-512, a PNG header, …).
const SHA512 = `sha512-${"qRmjj8nj9qmLTQXXmaR1cck3UXSRMPrbsLJAasZpF+t3riI71BXed5ebIOYwQntykeZuhjsdweEc9BxH5Jc26w"}==`;
const H1 = `h1:${"qMCsGGgs+MAzDFyp9LpAe1Lqy/fY/qCovCm0qnXZOBM"}=`;
const PNG = `iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+${"AAAAJ0lEQVQIW2O8e/fufwYGBgZBQUEQxcCIIfDu3Tuw"}ivfv30NUoAsAALHpFMMLqZlPAAAAAElFTkSuQmCC`;
const WOFF2 = `d09GMgABAAAAAAmQAA0AAAAAFJwAAAk7AAEAAAAAAAAAAAAAAAAAAAAA${"AAAAAAAAP0ZGVE0cGh4GYACCShEICp5gmgcLPAABNgIkA3QEIAWDXweEMBsYEVGUbk6"}`;
/** An OpenSSH ed25519 public key blob (type, then 32 bytes), base64. */
const SSH_BLOB = (() => {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.from("Tr4il-s3al everyday test key 32b");
  const out = Buffer.alloc(8 + type.length + 32);
  out.writeUInt32BE(type.length, 0);
  type.copy(out, 4);
  out.writeUInt32BE(32, 4 + type.length);
  key.copy(out, 8 + type.length, 0, 32);
  return out.toString("base64");
})();
const BODY = [
  "MIIDejCCAmKgAwIBAgIUfSn63ldeo1prOaxXV8I0Id6HTEwDQYJKoZIhvcNAQEL",
  "BQAwYTELMAkGA1UEBhMCSU4xDzANBgNVBAgMBktlcmFsYTEOMAwGA1UEBwwFS29j",
  "aGkxGDAWBgNVBAoMD2NoYXJ0bXVzZXVtLmNvbTEXMBUGA1UEAwwOY2hhcnRtdXNl",
].join("\n");
/** A PNG's first bytes (signature, IHDR) and some pixels, base64. */
const PNG_BLOB = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d4948445200000100000000c80806000000", "hex"),
  Buffer.from("Tr4il-s3al everyday pixels, not a key; ".repeat(3)),
]).toString("base64");
const SOURCE_MAP = Buffer.from(
  '{"version":3,"sources":["../src/index.ts"],"names":[],"mappings":"AAAA,SAAS"}',
).toString("base64");
const TOKEN_JSON = Buffer.from('{"token":"Zx8Qp2Lm7Vn4Rt6Ks3Wd9Hy5Fb1Jc0GeTq4Mn8Ra2Ud6"}').toString("base64");
const RANDOM = `Zx8Qp2Lm7Vn4Rt6Ks3Wd9Hy5Fb1Jc0Ge${"Tq4Mn8Ra2Ud6Po3Li7Se5Nv9Xk1Yw"}`;

const LEFT: [family: string, text: string][] = [
  ["an npm lock file's integrity", `"integrity": "${SHA512}",`],
  ["a yarn lock file's integrity", `  integrity ${SHA512}`],
  ["a script tag's integrity", `<script src="/a.js" integrity="${SHA512}" crossorigin>`],
  ["a go.sum line", `github.com/spf13/pflag v1.0.9 ${H1}`],
  ["a go.sum line for go.mod", `gopkg.in/yaml.v3 v3.0.1/go.mod ${H1}`],
  ["a PNG in CSS", `.icon{background:url(data:image/png;base64,${PNG}) no-repeat}`],
  [
    "a WOFF2 font in CSS",
    `@font-face{font-family:x;src:url(data:font/woff2;base64,${WOFF2}) format("woff2")}`,
  ],
  ["a Terraform lock file's hash", `    "${H1}",`],
  ["a Terraform zip hash", `    "zh:${"5f3c9a1e7b2d4f6a8c0e".repeat(3)}0a1b",`],
  ["an SSH fingerprint", `256 SHA256:${H1.slice(3, 46)} github.com (ED25519)`],
  ["a Content-MD5 header", "Content-MD5: Q2hlY2sgSW50ZWdyaXR5IQ=="],
  ["an S3 checksum header", `x-amz-checksum-sha256: ${H1.slice(3)}`],
  ["a ULID as a request id", "x-request-id: 01HZX3KJ4N5P6Q7R8S9T0V1W2X"],
  ["a notebook's image output", `      "image/png": "${PNG_BLOB}\\n",`],
  ["an inlined source map", `//# sourceMappingURL=data:application/json;charset=utf-8;base64,${SOURCE_MAP}`],
  ["an S3 request id", `x-amz-id-2: ${RANDOM}=`],
  ["a CloudFront request id", `x-amz-cf-id: ${RANDOM.slice(0, 54)}==`],
  ["a certificate", `-----BEGIN CERTIFICATE-----\n${BODY}\n-----END CERTIFICATE-----\n`],
  ["a public key", `-----BEGIN PUBLIC KEY-----\n${BODY}\n-----END PUBLIC KEY-----`],
  ["a PGP signature", `-----BEGIN PGP SIGNATURE-----\n\n${BODY}\n=vHcU\n-----END PGP SIGNATURE-----`],
  ["an SSH public key", `ssh-ed25519 ${SSH_BLOB} dev@laptop`],
  ["a known_hosts line", `github.com ssh-ed25519 ${SSH_BLOB}`],
  [
    "a UUID behind a word",
    "docker run --gpus device=GPU-3a23c669-1f69-c64e-cf85-44e9b07e7a2a ubuntu nvidia-smi",
  ],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell or YAML text, not a template
  ["a shell reference", "password: ${DB_PASSWORD}"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell or YAML text, not a template
  ["a GitHub Actions expression", "password: ${{ secrets.DB_PASSWORD }}"],
  ["a Helm value", 'password: "{{ .Values.auth.password | b64enc }}"'],
  ["an Ansible lookup", `password: '{{ lookup("env", "DB_PASSWORD") }}'`],
  ["Python's environment", 'api_key = os.environ["OPENAI_API_KEY"]'],
  ["Node's environment", "const token = process.env.GITHUB_TOKEN;"],
  ["Java's environment", 'String password = System.getenv("DB_PASSWORD");'],
  ["Laravel's env()", "'password' => env('DB_PASSWORD'),"],
  ["an ERB template", "password: <%= ENV['DB_PASSWORD'] %>"],
  ["Rails credentials", "password: <%= Rails.application.credentials.db_password %>"],
  ["a Windows variable", "DB_PASSWORD=%DB_PASSWORD%"],
  ["PowerShell's environment", "$env:API_TOKEN = $env:VAULT_TOKEN"],
  ["a CloudFormation reference", "MasterUserPassword: !Ref DBPassword"],
  [
    "a CloudFormation dynamic reference",
    "MasterUserPassword: '{{resolve:secretsmanager:MyRDSSecret:SecretString:password}}'",
  ],
  ["Python %-formatting", 'password = "%(db_password)s"'],
  ["Go templates with [[ ]]", 'token: "[[ .Token ]]"'],
  ["a Terraform variable", "password = var.db_password"],
  ["a settings member", "password=settings.FIRST_SUPERUSER_PASSWORD,"],
  ["a config member, quoted", 'password: "config.db.password"'],
  ["a quoted flag reference", '--password "$DB_PASSWORD"'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell or YAML text, not a template
  ["a default expansion without a value", "--password=${DB_PASSWORD:-}"],
  ["an empty assignment", 'DB_PASSWORD=""'],
  ["YAML null", "password: ~"],
  ["a documentation placeholder", "api_key: your-api-key-here"],
  ["angle brackets", "token: <TOKEN>"],
  ["masked", 'password: "********"'],
  ["a redacted marker word", 'password: "[redacted]"'],
  ["a mask a tool printed", "password: **REDACTED**"],
  ["Rails' filtered parameter", '"password"=>"[FILTERED]"'],
  ["a mask in capitals", "password: REDACTED"],
  ["the name itself as the value", 'GITHUB_TOKEN: "GITHUB_TOKEN"'],
  ["an Azure DevOps slot", 'password: "#{DB_PASSWORD}#"'],
  ["a replace-tokens slot", 'password: "__DB_PASSWORD__"'],
  ["an Octopus slot", 'password: "@@DB_PASSWORD@@"'],
  ["a Maven filtered property", "db.password=@db.password@"],
  ["a token's type with the rest elided", 'api_key: "sk-..."'],
  ["a token's type with an ellipsis", "token: ghp_\u2026"],
  ["an instruction to change it", "SECRET_KEY=changethis"],
  ["an instruction, spelled apart", "secret_key: change-this-in-production"],
  ["the JDK's documented default", "keystore.password=changeit"],
  ["AWS's documented example key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["a prompt", "Password for 'https://github.com':"],
  ["a read prompt", 'read -s -p "Password: " PASSWORD'],
  ["a flag that prompts", "psql --password -h db"],
  ["a password from stdin", "docker login --username foo --password-stdin"],
  ["a flag's declaration", 'f.StringVar(&o.password, "password", "", "registry password")'],
  ["a Docker secret's path", "- DATABASE_PASSWORD=/run/secrets/db-password"],
  ["a key file's path", "api_key: ~/.config/service/api.key"],
  ["the secret's own name", 'adminTokenSecret: "admin-token"'],
  ["the secret's own name as a selector", 'this.addPassword = "#add-password";'],
  ["an elision", 'curl -H "Authorization: Basic ..." https://accounts.example.com/api/token'],
  ["the secret's own name as an id", 'hostedGrafanaIdSecretKey: "hosted-grafana-id"'],
  ["in a command, the secret's own name", "export ADMIN_TOKEN_SECRET=admin-token && ./run"],
];

const STILL: [family: string, text: string, secret: string][] = [
  ["an integrity-shaped value under a secret name", `password: ${SHA512}`, SHA512],
  ["a random key in a data URI that is no media", `data:text/plain;base64,${RANDOM}`, RANDOM],
  ["a random key in an image data URI without an image", `url(data:image/png;base64,${RANDOM})`, RANDOM],
  ["an h1-labelled value under a token name", `token: ${H1}`, H1.slice(3)],
  ["a word under a password name", "password: hunter2", "hunter2"],
  ["a dotted passphrase, quoted", 'password = "blue.sky.secret"', "blue.sky.secret"],
  ["a truncated token with a dot", 'token := "hvb.shorttoken"', "hvb.shorttoken"],
  ["a zh-labelled value that is no hex digest", `"zh:${RANDOM}"`, RANDOM],
  [
    "a token in a JSON data URI",
    `//# sourceMappingURL=data:application/json;base64,${TOKEN_JSON}`,
    TOKEN_JSON.slice(0, 40),
  ],
  ["a random key after a PNG's name but without its bytes", `"image/png": "${RANDOM}"`, RANDOM],
  ["a mask word bare, as a password", "password: hidden", "hidden"],
  ["a token's start before the ellipsis", 'api_key: "sk-abc123..."', "sk-abc123"],
  ["a password between slot delimiters", 'password: "__hunter2__"', "hunter2"],
  ["more than the name", 'GITHUB_TOKEN: "GITHUB_TOKEN_x9Kq"', "GITHUB_TOKEN_x9Kq"],
  ["a fingerprint-shaped value under a token name", `api_token: SHA256:${H1.slice(3, 46)}`, H1.slice(3, 46)],
  [
    "a ULID-shaped value under a password name",
    "password: 01HZX3KJ4N5P6Q7R8S9T0V1W2X",
    "01HZX3KJ4N5P6Q7R8S9T0V1W2X",
  ],
  ["a base32 key whose time would be after 2100", "9ZX3KJ4N5P6Q7R8S9T0V1W2XYZ", "9ZX3KJ4N5P6Q7R8S9T0V1W2XYZ"],
  ["a digest-length value under no checksum header", `x-api-key: ${H1.slice(3)}`, H1.slice(3)],
  [
    "a private key's armour",
    `-----BEGIN PRIVATE KEY-----\n${BODY}\n-----END PRIVATE KEY-----`,
    BODY.slice(0, 40),
  ],
  [
    "an encrypted message's armour",
    `-----BEGIN PGP MESSAGE-----\n\n${BODY}\n-----END PGP MESSAGE-----`,
    BODY.slice(0, 40),
  ],
  ["a lone line of base64 without its armour", BODY.split("\n")[0]!, BODY.slice(0, 40)],
  [
    "a token pasted inside a certificate's armour",
    `-----BEGIN CERTIFICATE-----\nghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}\n-----END CERTIFICATE-----`,
    "ghp_a1B2",
  ],
  ["an SSH key type before a blob of another type", `ssh-rsa ${SSH_BLOB}`, SSH_BLOB],
  ["a word under a password name, quoted", 'GF_SECURITY_ADMIN_PASSWORD="grafana"', "grafana"],
  ["an instruction with more after it", "SECRET_KEY=changethis2024!", "changethis2024!"],
  ["a random path-like password", "password: /Zx9/kq7/Wm2", "/Zx9/kq7/Wm2"],
  ["a value that is not the name's own", 'adminTokenSecret: "k9-tango-delta"', "k9-tango-delta"],
  ["a single word given to a secret key name", 'clusterSecretKey: "cluster"', "cluster"],
  [
    "a GitHub token under a prefixed name",
    `GITHUB_TOKEN=ghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`,
    "ghp_",
  ],
];

describe("everyday non-secrets", () => {
  beforeAll(async () => {
    await loadShellParser();
  });

  leavesEach(LEFT);
  redactsEach(STILL);
});
