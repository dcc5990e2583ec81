/**
 * What stands where a secret goes and is not one (docs/decisions/redaction-stand-ins.md): a
 * secret store's reference, ciphertext in its envelope, an escaped variable, a formatting
 * slot, code that computes the value, a placeholder that names its slot or says it is a
 * sample, a hand-masked token; and what is public by design (a
 * public key in DER, an XML key's public parts, a digest under its algorithm's name, a GitHub
 * App's client id). Each is carried as a command, a written file and an MCP argument and must
 * come out with no marker; beside each family, the credentials of the same shape that must
 * still go: a word is never a placeholder by itself, and a real password may be one.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

/** DER of a public key's header and a body, base64: SubjectPublicKeyInfo or a PKCS#1 modulus. */
function der(header: string, bytes: number): string {
  const body = Buffer.from("Tr4il-s3al stand-in test key, not a real one; ".repeat(8)).subarray(0, bytes);
  return Buffer.concat([Buffer.from(header, "hex"), body]).toString("base64");
}
// SEQUENCE { SEQUENCE { OID ecPublicKey, OID P-256 }, BIT STRING }: an EC public key.
const EC_PUBLIC = der("3059301306072a8648ce3d020106082a8648ce3d030107034200", 65);
// SEQUENCE { INTEGER 0, SEQUENCE { OID rsaEncryption, NULL }, OCTET STRING }: a PKCS#8 private key.
const PKCS8_PRIVATE = der("308204bd020100300d06092a864886f70d0101010500048204a7", 120);
// SEQUENCE { INTEGER 1, OCTET STRING (32) … }: a SEC1 EC private key.
const SEC1_PRIVATE = der("307702010104", 80);
// SEQUENCE { INTEGER (257 bytes): the modulus … }: a PKCS#1 RSA public key.
const RSA_PUBLIC = der("3082010a0282010100", 120);
const RANDOM = `Zx8Qp2Lm7Vn4Rt6Ks3Wd9Hy5Fb1Jc0Ge${"Tq4Mn8Ra2Ud6Po3Li7Se5Nv9Xk1Yw"}`;
const SHA512_B64 = Buffer.alloc(64, 0xa7).toString("base64");

const LEFT: [family: string, text: string][] = [
  ["1Password's secret reference", 'MYSQL_PASSWORD="op://vault/mysql/password"'],
  [
    "Key Vault's reference",
    '"DbPassword": "@Microsoft.KeyVault(SecretUri=https://v.vault.azure.net/secrets/db/)"',
  ],
  ["vals' reference", "password: ref+vault://secret/data/db#/password"],
  ["Spring's {cipher}", `spring.datasource.password={cipher}${RANDOM}`],
  ["Jasypt's ENC()", `db.password=ENC(${RANDOM})`],
  ["SOPS's envelope", `password: ENC[AES256_GCM,data:${RANDOM},iv:abc,tag:def,type:str]`],
  ["Vault's transit ciphertext", `api_token = "vault:v1:${RANDOM}"`],
  ["Compose's escaped variable", "mysqladmin ping --user=app --password=$$MYSQL_PASSWORD"],
  ["Compose's escaped braces", 'healthcheck: ["CMD", "pg_isready", "--password=$${POSTGRES_PASSWORD}"]'],
  ["a shell's escaped variable", 'echo mysql -u user "--password=\\$DB_PASSWORD"'],
  ["a format slot in a URL", 'connStr = fmt.Sprintf("postgres://%s:{1}@%s/db", user, host)'],
  ["jq's interpolation in a URL", "jq -r '\"postgresql://\\(.username):\\(.password)@\\(.host)/db\"'"],
  [
    "a shell pipeline's output",
    "PG_PASSWORD=`cat /dev/urandom | tr -dc 'a-zA-Z0-9' | fold -w 10 | head -n 1`",
  ],
  ["a PowerShell prompt", '$DbPassword = Read-Host "Database password" -AsSecureString'],
  ["an angle placeholder with a space", "- MYSQL_PASSWORD=<enter password>"],
  ["a slot's constant name", 'MYSQL_PASSWORD="CHANGE_THIS_STRONG_PASSWORD"'],
  ["a slot's constant name in code", 'apiKey := os.Getenv("CQ_API_KEY")'],
  ["an instruction sentence", "SECRET_KEY=generate_a_new_key"],
  ["an instruction sentence, longer", "AWS_SECRET_ACCESS_KEY=get_the_secret_of_above_key"],
  ["an instruction in marks", "system.secret-key: '!!changeme!!'"],
  ["an instruction in a URL", 'DATABASE_URL="mysql://app:!ChangeMe!@127.0.0.1:3306/app"'],
  ["a sample word", 'uri = "postgres://foouser:dummy_pw@mydb.com/db"'],
  ["a repeated-digit UUID", "splunk:\n  hec:\n    token: 11111111-2222-3333-4444-555555555555"],
  ["a token masked with x", `OPENAI_API_KEY = "sk-${"EUk0Tal8cIkmG4vJF904F57a9eE241A8Ae72666fA"}xxxxxxx"`],
  ["GitHub's x-oauth-basic", "machine github.com\nlogin octocat\npassword x-oauth-basic"],
  ["a variable before x-oauth-basic", "git clone https://$GITHUB_TOKEN:x-oauth-basic@github.com/o/r.git"],
  [
    "a relative path to the secret",
    'passwordFile := fs.String("password", "../../../tools/secrets/password.txt", "file")',
  ],
  [
    "code that names the armour",
    'val k = key.replace("-----BEGIN RSA PRIVATE KEY-----", "")\n.replace("-----END RSA PRIVATE KEY-----", "")',
  ],
  ["an EC public key in DER", `const ecPub = "${EC_PUBLIC}";`],
  ["an RSA public key in DER (PKCS#1)", `String publicKey = "${RSA_PUBLIC}";`],
  [
    "an XML key's modulus",
    "<RSAKeyValue><Modulus>r2Xv9vSGWkaepsOR...</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>",
  ],
  ["a digest under its algorithm's name", `"sha512": "${SHA512_B64}"`],
  ["a GitHub App's client id", 'assertThat(app.getClientId(), equalTo("Iv1.5fc06e059d06d826"));'],
  ["a JWT with its parts named", "<adminToken>eyJ2ZXIiOiIyIiwidHlwIjoiSldUIn0.body.signature</adminToken>"],
  ["an angle placeholder's end", "curl -u <user:password> https://test.com/endpoint"],
  ["what to put here", "xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere"],
  [
    "pseudo-code in braces",
    'curl -H "Authorization: basic {base64(email:password)}" https://x.example/api/token',
  ],
  ["a command's output in backticks", "-e SUMO_ACCESS_KEY=`etcdctl get /sumologic_secret`"],
  ["a name that says fake", 'fake-cloud-iam-key= "not_long_enough"'],
  ["a setting's dotted name under key", '<entry key="jetbrains.mps.v8_elimination" value="executed" />'],
  ["a name with its version under a key name", '"objectKey": "SalesResults-1.2"'],
  ["a Kubernetes pod's name", "kubectl logs nginx-deployment-66b6c48dd5-4jw2p -n default"],
  ["a replica set's name", "kubectl describe rs api-server-7d9f8b6c5d"],
  ["a build's hashed asset", "cat src/assets/logo-BQ3eR5tYw8Kd.svg dist/main.Zx8Qp2Lm7Vn4Rt6K.js"],
  ["Next.js's build id", "open http://localhost:3000/_next/static/0aB3cD4eF5gH6iJ7kL8mN/_buildManifest.js"],
  [
    "a key as a dashboard shows it",
    'api_key: "sk-...AbCd"\ntoken = "ghp_\u2026wxyz"\naws_access_key_id = ****************ABCD',
  ],
  ["Home Assistant's !secret", "api_password: !secret http_password"],
  ["mkdocs' !ENV", "password: !ENV [SMTP_PASSWORD, '']"],
  ["Ansible Vault's tag", "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  6231373832353462"],
  ["PyYAML's object tag", 'password: !!python/object/apply:os.getenv ["DB_PASSWORD"]'],
  ["an authentication scheme's word alone", 'auth_token = "Bearer " + token'],
  ["a code assignment that looks like a table row", "PASSWORD = sys.argv[2]"],
  ["a Rust call as the value", "let password = String::from_utf8(bytes)?;"],
  ["a missing value's marker", "export TOKEN=TODO\nexport PASSWORD=N/A"],
  ["jwt.io's placeholder", "export JWT_SECRET=your-256-bit-secret"],
  ["an instruction after the template's words", "SECRET_KEY=django-insecure-change-me"],
  [
    "serverless' variables in a URL",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell and YAML text, not a template
    'DATABASE_URL: "postgresql://${self:custom.db.username}:${self:custom.db.password}@${self:custom.db.host}/app"',
  ],
  ["Ruby's interpolation in a URL", 'assert_equal "postgres://test:test@#{@host}:#{@port}/test", url'],
  ["a pattern over URLs", 'Regex regex("(postgres://.*:)(.*)(@.*)");'],
  ["named slots in a URL", 'conn_str = "mongodb://<:username:>:<:sonarpassword:>@<:sonarhost:>/db"'],
  ["a Helm chart's existing Secret", 'existingSecret: "n8n-runner-token"\nexistingSecretKey: "auth-token"'],
  ["an instruction in camelCase", "RUNNERS_AUTH_TOKEN=changeRunnerAuthToken"],
  ["an order in a template's marks", "DJANGO_SECRET_KEY=!!!SET DJANGO_SECRET_KEY!!!"],
  ["the metasyntactic word", '"THIS_IS_AN_OBJECT_KEY": "foobar"'],
  [
    "Gerrit's Change-Id",
    'git commit -m "fix: parse flags" -m "Change-Id: Ie3f4b5a6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2"',
  ],
];

const STILL: [family: string, text: string, secret: string][] = [
  ["a dictionary word as a password", "mysql --host=localhost --user=root --password=hunter2", "hunter2"],
  ["a weak password in a URL", "DATABASE_URL=postgres://admin:letmein@localhost/test", "letmein"],
  ["a password beside a pipeline word", "PG_PASSWORD='a52b85d1 | c0ffee99'", "a52b85d1"],
  ["a random value without {cipher}", `spring.datasource.password=${RANDOM}`, RANDOM],
  ["a password that begins like a word", "DB_PASSWORD=getmein2024", "getmein2024"],
  ["a verb and a digit", "SECRET_KEY=generate_4_new_key", "generate_4_new_key"],
  ["a constant with digits", 'password = "DB_PASSWORD_2024"', "DB_PASSWORD_2024"],
  [
    "a token with five x",
    `OPENAI_API_KEY = "sk-${"EUk0Tal8cIkmG4vJF904F57a9eE241A8Ae72666fA"}xxxxxA"`,
    "EUk0Tal8cIk",
  ],
  ["a PKCS#8 private key in DER", `const key = "${PKCS8_PRIVATE}";`, PKCS8_PRIVATE.slice(0, 40)],
  ["a SEC1 private key in DER", `const key = "${SEC1_PRIVATE}";`, SEC1_PRIVATE.slice(0, 40)],
  ["an XML key's private exponent", `<RSAKeyValue><D>${RANDOM}</D></RSAKeyValue>`, RANDOM],
  ["a random value under a password name", `"password_sha512": "${RANDOM}"`, RANDOM],
  [
    "an elided private key",
    '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvAIBADANBgkqhkiG9w0BAQEFAASC...\\n-----END PRIVATE KEY-----\\n"',
    "MIIEvAIBADANBgkqhkiG9w0BAQEFAASC",
  ],
  ["a random value before a file extension that is data", `cp ${RANDOM}.json /tmp`, RANDOM],
  [
    "a random key beside a Kubernetes-like name",
    `kubectl create secret generic db --from-literal=password=${RANDOM}`,
    RANDOM,
  ],
  ["a camelCase word that is no order", "POSTGRES_PASSWORD=correctHorseBattery", "correctHorseBattery"],
  ["marks around a password", "DB_PASSWORD=!!Summer2024!!", "!!Summer2024!!"],
  [
    "a table row with a key",
    "Key                   Value\n---                   -----\nsecret_id             9a8b7c6d-5e4f-4a2b-9c0d-9e8f7a6b5c4d\n",
    "9a8b7c6d-5e4f",
  ],
  ["a scheme word and the token", 'auth = "Bearer Zx8Qp2Lm7Vn4Rt6Ks3Wd9"', "Zx8Qp2Lm7Vn4Rt6Ks3Wd9"],
  ["a tag-like word that is no YAML tag", "password: !secretive123", "!secretive123"],
  [
    "a shell default's password beside a variable",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell and YAML text, not a template
    "DATABASE_URL=postgresql://app:${DB_PASSWORD:-Y6BV6IgbI51aEBH0}@${DB_HOST}/db",
    "Y6BV6IgbI51aEBH0",
  ],
  [
    "a password holding braces and dollars",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell and YAML text, not a template
    "api_key = 'm{{h}o)p${e]nob(ody[finds>-_$#thisone}}'",
    "nob(ody[finds",
  ],
  ["seven characters kept after the dots", 'api_key: "sk-...AbCdEfG"', "AbCdEfG"],
  ["a real name with fake inside", 'db_fake_password = "Tr4il-s3al-pw"', "Tr4il-s3al-pw"],
  ["a command's output with a literal", "API_TOKEN=`echo Zx8Qp2Lm7Vn4Rt6Ks3Wd9`", "Zx8Qp2Lm7Vn4Rt6Ks3Wd9"],
  [
    "a JWT with base64 parts",
    "token: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "dozjgNryP4J3jVmNHl0w5N",
  ],
];

describe("stand-ins and what is public by design", () => {
  beforeAll(async () => {
    await loadShellParser();
  });

  leavesEach(LEFT);
  redactsEach(STILL);
});
