/**
 * Literal values after a secret's name and identifiers that look like tokens
 * (docs/decisions/redaction-literals.md): each family carried as a command, a written file and an
 * MCP argument; what is no credential comes out with no marker, and beside each family the
 * credentials of the same shape that must still go.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");
// A certificate's and a private key's armour around the same body (not a real key: the test
// reads the armour, as the rule does).
const BODY = Buffer.from("Tr4il-s3al literal test body, not a real key; ".repeat(24)).toString("base64");
const armour = (label: string) =>
  `-----BEGIN ${label}-----\n${BODY.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;
const CERTIFICATE = b64(armour("CERTIFICATE"));
const PRIVATE_KEY = b64(armour("PRIVATE KEY"));
const RSA_KEY = b64(armour("RSA PRIVATE KEY"));
const SHA512_HEX =
  "a4abd4448c49562d828115d13a1fccea927f52b4d5459297f8b43e42da89238bc13626e43dcb38ddb082488927ec904fb42057443983e88585179d50551afe62";
const RANDOM_B64 = "q7Zx9Tk2Lm4Vn8Rt6Ks3Wd9Hy5Fb1Jc0GeTq4Mn8Ra2Ud6Po3Li7Se5Nv9Xk1Yw+/a";

const REDACTED: [family: string, text: string, secret: string][] = [
  ["a database's password run together in the name", "PAPERLESS_DBPASS=paperless", "paperless"],
  ["the same in lower case", "dbpwd: Tr4ilS3al", "Tr4ilS3al"],
  // A literal password stays a password, however weak or documented (decision 1).
  [
    "the documentation's example password",
    "docker run -e MARIADB_ROOT_PASSWORD=my-secret-pw mariadb",
    "my-secret-pw",
  ],
  ["a weak password", 'password = "letmein"', "letmein"],
  ["a password beside a few x", 'password = "xxx123abc"', "xxx123abc"],
  ["a negation with more after it", 'password = "nopass2024!"', "nopass2024!"],
  ["an ARM expression that builds a literal", `"adminPassword": "[concat('P@ss', 'w0rd!')]"`, "w0rd!"],
  ["env: before a value that is no variable's name", "password = env:Tr4ilS3al", "Tr4ilS3al"],
  ["a bind parameter's sigil before another word", 'password = ":hunter2"', "hunter2"],
  ["a real password in Basic, encoded", `Authorization: Basic ${b64("admin:admin")}`, b64("admin:admin")],
  [
    "a user and a password in Basic, encoded",
    `Authorization: Basic ${b64("deploy:Tr4ilS3al!")}`,
    b64("deploy:Tr4ilS3al!"),
  ],
  [
    "a token as the user in Basic, encoded",
    `Authorization: Basic ${b64("ghp_Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz:x-oauth-basic")}`,
    b64("ghp_Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz:x-oauth-basic"),
  ],
  [
    "a docker config's auth, encoded",
    `{"auths": {"r.io": {"auth": "${b64("ci:Zq8xT2mVb7Kp4sRn")}"}}}`,
    b64("ci:Zq8xT2mVb7Kp4sRn"),
  ],
  ["a private key, encoded (kubeconfig)", `    client-key-data: ${PRIVATE_KEY}`, PRIVATE_KEY.slice(20, 80)],
  [
    "an RSA private key, encoded and wrapped",
    `tls.key: |\n  ${RSA_KEY.match(/.{1,76}/g)!.join("\n  ")}`,
    RSA_KEY.slice(100, 140),
  ],
  ["random bytes, encoded", `data: ${RANDOM_B64}`, RANDOM_B64],
  ["a Yarn-like checksum under a token's name", `token: 10c0/${SHA512_HEX}`, SHA512_HEX],
  [
    "at_hash of a wrong length",
    '"at_hash": "Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1a"',
    "Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1a",
  ],
  [
    "x5t of a SHA-256's length",
    '"x5t": "Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo4f9"',
    "Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo4f9",
  ],
  ["the same value as an access token", '"access_token": "77QmUPtjPfzWtF2AnpK9RQ"', "77QmUPtjPfzWtF2AnpK9RQ"],
  [
    "a member read's name with a literal after it",
    'password = config?.db?.password || "Tr4ilS3al!"',
    "Tr4ilS3al!",
  ],
  ["a word that is no Terraform reference", 'password = "variable.Tr4ilS3al"', "variable.Tr4ilS3al"],
  [
    "a random-looking value beside the word random",
    "APP_KEY=random_Zq8xT2mVb7Kp4sRn9LwY",
    "Zq8xT2mVb7Kp4sRn9LwY",
  ],
  ["a password whose name says rotation inside", "DB_PASSWORD_ROTATED=Tr4ilS3al!", "Tr4ilS3al!"],
  [
    "a fallback literal after an environment read",
    'const password = process.env.DB_PASSWORD ?? "Tr4ilS3al!";',
    "Tr4ilS3al!",
  ],
  ["Python's or", 'password = os.getenv("DB_PASSWORD") or "Tr4ilS3al!"', "Tr4ilS3al!"],
];

const LEFT: [family: string, text: string][] = [
  ["a name ending in bypass", "PROXY_BYPASS=localhost"],
  // Masks of one character, values saying there is none.
  ["a mask of x", 'password = "xxxx"'],
  ["a mask of #", "SMTP_PASSWORD=####"],
  ["a mask of dots", 'password: "\u2022\u2022\u2022\u2022\u2022\u2022"'],
  ["a value saying there is none", 'password = "nopassword"'],
  ["not a secret, said", "not_secret = notapassword"],
  ["Google's published .p12 password", 'p12_password = "notasecret"'],
  // References a tool resolves.
  ["an ARM template's parameter", `"adminPassword": "[parameters('adminPassword')]"`],
  [
    "an ARM template's resource read",
    `"value": "[reference(resourceId('Microsoft.KeyVault/vaults/secrets', 'kv', 'pw')).secretUriWithVersion]"`,
  ],
  ["an environment variable's name for a loader", "password = env:DB_PASSWORD"],
  ["Symfony's env()", "password: env(DATABASE_PASSWORD)"],
  ["TeamCity's parameter", 'password = "%env.DB_PASSWORD%"'],
  [
    "Google Secret Manager's resource name",
    'password = "projects/my-project/secrets/db-password/versions/latest"',
  ],
  ["Spring Cloud GCP's sm://", 'spring.datasource.password: "sm://db-password"'],
  ["bank-vaults' reference", "DB_PASSWORD: vault:secret/data/db#password"],
  ["Concourse's credential", "password: ((db_password))"],
  ["a bind parameter named for the field", 'password = ":password"'],
  // What base64 holds.
  ["Basic of placeholders", `Authorization: Basic ${b64("username:password")}`],
  ["Basic of angle placeholders", `curl -H 'Authorization: Basic ${b64("<user>:<password>")}' https://x`],
  ["a docker config's auth of placeholders", `{"auths": {"r.io": {"auth": "${b64("user:changeme")}"}}}`],
  ["a certificate, encoded (kubeconfig)", `    certificate-authority-data: ${CERTIFICATE}`],
  // Identifiers in their format.
  [
    "Yarn's lock-file checksum",
    `"lodash@npm:^4.17.21":\n  checksum: 10c0/${SHA512_HEX}\n  languageName: node`,
  ],
  [
    "an ID token's at_hash and c_hash",
    '{"at_hash": "77QmUPtjPfzWtF2AnpK9RQ", "c_hash": "LDktKdoQak3Pk0cnXxCltA"}',
  ],
  ["a JWK's SHA-1 thumbprint", '"x5t": "nOo3ZDrODXEK1jKWhXslHR_KXEg"'],
  ["a JWK's SHA-256 thumbprint", '"x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"'],
  ["GitHub's node id", '"node_id": "MDEwOlJlcG9zaXRvcnkxMjk2MjY5"'],
  [
    "prose, encoded",
    `"content": "${b64("# Notes\n\nThis file holds the release notes of the project, one line each.\n")}"`,
  ],
  // Infrastructure code: Terraform's references, Bicep's and TypeScript's types and optional reads.
  ["a Terraform variable", "  password = var.db_password"],
  ["a negated Terraform local", "  password_wo = !local.is_replica && var.manage ? null : var.password_wo"],
  ["a Terraform data source", '  password = data.vault_generic_secret.db.data["password"]'],
  ["a type in a declaration", "storageAccountAccessKey: string?"],
  ["a TypeScript field's type", "  password: string;"],
  ["Bicep's optional member read", "storageAccountAccessKey: securityAlertPolicy.?storageAccountAccessKey"],
  ["JavaScript's optional chaining", "const password = config?.db?.password;"],
  ["a rotation's schedule", 'master_user_password_rotation_schedule_expression = "rate(15 days)"'],
  // Descriptions and instructions with a length in them.
  ["a description of a random value", "APP_KEY=SomeRandomStringOf32CharsExactly"],
  ["the same, in words", "secret_key: random-secret-key"],
  ["an instruction with a length", "STATIC_CRON_TOKEN=PLEASE_REPLACE_WITH_32_CHAR_CODE"],
  // Fallbacks that are no value.
  ["a fallback that is an instruction", 'password = process.env.DB_PASSWORD || "changeme"'],
  ["a fallback saying it is unset", 'const password = process.env.DB_PASSWORD || "not-set"'],
  ["a fallback under a name that says nothing", 'timeout = process.env.TIMEOUT || "30s"'],
];

describe("literals and identifiers", () => {
  beforeAll(async () => {
    await loadShellParser();
  });
  redactsEach(REDACTED);
  leavesEach(LEFT);
});
