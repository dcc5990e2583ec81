// The literal prefilter of the structural patterns (src/redact/detect.ts) skips a pattern only
// when the text cannot match it: with and without it, detection finds exactly the same spans.
import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../src/redact/families.js";
import { detectOwn, isSecretName, secretsInCommand } from "../../src/redact/index.js";
import { loadShellParser } from "../../src/risk/index.js";
import { PEM, SECRETS } from "./secrets.js";

const secrets = [...Object.values(SECRETS), PEM];

// One or more texts for every structural pattern, and ordinary ones that match none.
const VECTORS = [
  ...secrets.flatMap((s) => [
    `curl -H "Authorization: Bearer ${s}" https://api.example.com`,
    `curl -H 'proxy-authorization=${s}' x`,
    `export API_TOKEN=${s}`,
    `{"client_secret": "${s}"}`,
    `psql postgres://app:${s}@db.internal/app`,
    `tool ${s} --verbose`,
    `Set-Cookie: ${s}`,
    `curl -u admin:${s} https://x`,
    `curl --user admin:${s} https://x`,
    `deploy --api-key ${s}`,
    `mysql -uroot -p${s} db`,
    `sshpass -p ${s} ssh host`,
    `docker login -u me -p ${s} registry`,
    `gh secret set NAME --body ${s}`,
    `kubectl create secret generic x --from-literal=password=${s}`,
    `PGPASSWORD=${s} psql`,
    `cat <<EOF\n${s}\nEOF`,
    `mysql -uroot -p'${s}' app`,
    `sudo redis-cli -a "${s}" flushall`,
    `const password = process.env.DB_PASSWORD || "${s}"; token = os.getenv("T") or '${s}'`,
    `ssh-keygen -N '${s}' -f k && htpasswd -nbB admin ${s}`,
    `curl -uadmin:${s} x; curl --user=admin:${s} y`,
    `openssl enc -pass pass:${s} -in a`,
    `TOKEN=$'${s}' ./x; export PASSWORD=$"${s}"`,
    `git clone https://u:${s}@x@git.example.com/r`,
    `smbclient //h/s -U admin%${s}`,
    `https://a.blob.core.windows.net/c?sv=1&sig=${s} https://b/k?X-Amz-Signature=${s}`,
    `https://hooks.slack.com/services/TA/BB/${s} https://discord.com/api/webhooks/12/${s}`,
    `machine h\n  login me\n  password ${s}\n`,
    `db.internal:5432:app:app:${s}`,
    `<server><password>${s}</password></server>`,
    `env:\n  - name: DB_PASSWORD\n    value: ${s}`,
    `db:\n  host: x\n  password: ${s}`,
    `curl -H "Authorization: GenieKey ${s}" x`,
    `Secret ID    = ${s}\nsecret_id             ${s}`,
    `snyk auth ${s} && doctl auth init -t ${s} && consul members -token ${s}`,
    `echo ${s} | docker login -u ci --password-stdin`,
    `printf '%s\\n' 'mc alias set s3 https://x AK ${s}' >> notes.txt`,
    `kubectl create secret generic p --from-literal=live=${s} && vault kv put secret/p k=${s}`,
    `composer config -g http-basic.repo.test me ${s}`,
    `curl -u ${s}: https://x && bw unlock ${s} && npm config set //r/:_authToken ${s}`,
    `someclient login ${s} && echo ${s} | az devops login`,
    `curl 'https://x/a;jsessionid=${s}?PHPSESSID=${s}&CFTOKEN=${s}&pass=${s}'`,
    `https://app/cb?code=${s}&state=x https://app/cb?state=x&code=${s}`,
    `new Provider('https://mainnet.infura.io/v3/${s}') https://eth.g.alchemy.com/v2/${s}/`,
    `c = Client('AC${s}', '${s}'); f = DropboxOAuth2Flow('${s}', '${s}', '${s}')`,
    `{"pagerduty": {"integration": "${s}"}} datadog:\n  application: ${s}`,
    `curl https://logs-01.loggly.com/inputs/${s}/tag/x https://hc-ping.com/${s} && APP=Ov23li9x:${s}`,
  ]),
  // Every prefix family with a random body, and a value under a key that says nothing.
  ...FAMILIES.flatMap((family) =>
    family.prefixes.map(
      (prefix) =>
        `run --with ${prefix}Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo4f9a1c7e2b8d3a6f0c5e9b1d7a3f8c2e6b0d4a9fZq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo`,
    ),
  ),
  "ambee = 869c40fdd0698875e15f6f69437550d696094bef77c7b4ac50d333d503ff3d93",
  'clientToken: "Zq8xT2mVb7Kp4sRn9LwY"',
  "git status",
  "cd app && npm test 2>&1 | tail -n 20",
  'git log --oneline "$(git merge-base HEAD main)"..HEAD',
  "/home/dev/project/src/index.ts",
  "const apiKey = process.env.API_KEY;",
  "token = config.auth.token",
  "password: None",
  "AUTHORIZATION: Basic dXNlcjpwYXNzd29yZA==",
  // A private key's armour in base64, one line and wrapped (a kubeconfig, a Kubernetes secret).
  `client-key-data: ${Buffer.from(PEM).toString("base64")}`,
  `tls.key: |\n  ${Buffer.from(PEM).toString("base64").replace(/.{76}/g, "$&\n  ")}`,
  "COOKIE: a=b",
  // Everyday non-secrets (benign.ts): templates, paths, the secret's own name, digests.
  "password: <%= ENV['DB_PASSWORD'] %>",
  "MasterUserPassword: '{{resolve:secretsmanager:S:SecretString:password}}'",
  'adminTokenSecret: "admin-token"',
  "- DATABASE_PASSWORD=/run/secrets/db-password",
  "SECRET_KEY=changethis",
  '"integrity": "sha512-qRmjj8nj9qmLTQXXmaR1cck3UXSRMPrbsLJAasZpF+t3riI71BXed5ebIOYwQntykeZuhjsdweEc9BxH5Jc26w==",',
  // Published keys, names that disclaim a secret, an alphabet (published.ts, names.ts).
  'const NOT_A_SECRET = "Hopefully not a secret"; AWS_PLACEHOLDER_KEY=/foo',
  "Public key: age12539z2pa3unx74zg6tu2mfe0nln5pawmu7pslpgxtsdejc0wap3swherk3",
  "password = 'abcdefghijklmnopqrstuvwxyz'",
  "trusted-public-keys = cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY=",
  "building '/nix/store/c2zwwgz74nd7mhifcv35bk41vdkxcpad-hello-2.12.1.drv'... NarHash: sha256:wym6jnq6k0d1pjf27j3fkxl5q4jjp3imm851fcli9si3nwf4n01i",
  "hello/__init__.py,sha256=qwncNuIbASxIW2Z2puXaLPul4cw_EsINtoPcB5psK2Y,1024",
  "const jwk = { kty: 'EC', x: 'zm8oNFOmOIx_DCkS0W8xlMuFEz57phpz3WU2wlKGDCw', password: 'Tr4ilS3al' }",
  "|1|jEX/ENbikg422qIvShITMg45DEY=|K3Lkipzt95UuSa1w3rBuDAr53fI= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICwTGVPvI/tUXF+VaCCHPTDQsYL6GnqsrTVBYsuiT1Gg",
  "[Peer]\nPublicKey = sWq+KB+0Xq0lyt/zOf30QAdC54a1YQPiL6y9DL6RnYE=\n[Interface]\nPrivateKey = CKyNDi894cqdFc10sgnKpBeDwV/isFepkWDfpfvcF6Q=",
];

// Pieces the patterns are built from, in both cases, plus characters whose case mapping is
// not ASCII (Kelvin sign, long s, dotted capital I), to compose texts near every boundary.
const FRAGMENTS = [
  ...secrets,
  ...[
    "LS0tLS1CRUdJTi",
    "-----BEGIN",
    "PRIVATE KEY",
    "-----END",
    "AKIA",
    "ASIA",
    "AIza",
    "sk_live_",
    "rk_test_",
    "whsec_",
  ],
  ...["eyJ", ".", "://", "@", ":", "=", " ", "\n", "'", '"', "-u", "--user", "--", "-p", "--password"],
  ...["authorization", "Authorization", "AUTHORIZATION", "bearer ", "cookie", "Cookie", "set-cookie"],
  ...["mysql", "mariadb", "sshpass", "docker", "login", "gh", "secret", "set", "--body", "-b"],
  ...["token", "TOKEN", "password", "api_key", "x", "1234567890abcdefghij", "\u212A", "\u017F", "\u0130"],
  ...[
    "mysql",
    "redis-cli",
    "ssh-keygen",
    "-N",
    "-a",
    "-P",
    "7z",
    "zip",
    "pass:",
    "env:",
    "$'",
    '$"',
    "sig=",
    "&",
  ],
  ...["X-Amz-Signature=", "hooks.slack.com/services/", "discord.com/api/webhooks/1/", "machine", "login"],
  ...["db:5432:a:b:", "<password>", "</password>", "name: ", "value: ", "\n  ", "smbclient", "-U", "%", "?"],
  ...[
    "xoxb-",
    "xoxe.",
    "-us12",
    "A3-",
    "sk-ant-api03-",
    "v1.0-",
    "s-s4t2ud-",
    "==",
    ":=",
    "=>",
    "`",
    '@"',
    "_authToken",
  ],
  ...["pass_", "_pw", "apikey", "BUNDLE_", "__COM", "Token", "ApiKey", "_reset_url", "db_pass_secure"],
  ...["{{", "}}", "<%=", "%>", "{%", "%}", "!Ref ", "/run/secrets/", "admin-token", "changethis", "sha512-"],
  // The prefix families (families.ts), their bodies (random, hex, words) and a key before one.
  ...FAMILIES.flatMap((family) => family.prefixes),
  ...["Zq8xT2mVb7Kp4sRn9LwY3cHd6FgJ1aQe5uNz0tBo", "4f9a1c7e2b8d3a6f0c5e9b1d7a3f8c2e6b0d4a9f", "Q~", "8"],
  ...["ReadTheDocsConfigurationVersion", "clientToken", "ambee = ", "instance=", "_id: "],
  ...[
    "/hooks/",
    "hooks.zapier.com/hooks/catch/1/",
    "maker.ifttt.com/key/",
    "Private-Lines: 2\n",
    "PWD=",
    ";",
  ],
  ...["GenieKey ", "Secret ID", "secret_id", "  ", " = ", "\t", "snyk", "auth ", "doctl", "-t ", "-token "],
  ...["consul", "| ", "echo ", "--password-stdin", "chpasswd", "mc alias set ", "--from-literal=", "kv put "],
  ...["http-basic.", "github-oauth.", "config ", "printf '%s' '", "' >> notes.txt", "curl -u ", ":X "],
  ...["bw unlock ", "npm config set ", "//r/:_authToken ", "kubectl ", "secret ", "login ", "az devops "],
  ...[
    "-----BEGIN OpenVPN Static key V1-----",
    "-----END OpenVPN Static key V1-----",
    "xg7b9w3kfjr8mp5qyt2nudh6ea",
  ],
  ...["NOT_A_", "not", "PLACEHOLDER", "Public ", "public key: ", "abcdefghijklmnopqrstuvwxyz", "-1:", "RW"],
  // A URL's session ids, passwords and OAuth codes, a vendor's RPC URL, a client's positional pair.
  ...[
    "jsessionid=",
    "PHPSESSID=",
    "cftoken=",
    "sid=",
    "zenid=",
    "pass=",
    "passwd=",
    "code=",
    "state=",
    "?",
    "&",
  ],
  ...["https://mainnet.infura.io/v3/", "https://api.example/v1/", "/v2/", "Client(", "OAuth2Flow(", "', '"],
  ...['{"pagerduty": {', '"integration": "', "}}", "datadog:\n  application: ", "'\\''"],
  ...["/nix/store/", "Sig: ", "References: ", "sha256:", "sha256=", "kty: ", "x5c: ['"],
  ...["https://logs-01.loggly.com/inputs/", "https://hc-ping.com/", "/webhook/", "Ov23li9x:", "FlickrAPI("],
  // Credentials by their place (code-args.ts): a call's user and password, a char array, a
  // format call's slot, a chain; a vendor's tag and bars, a service account under its vendor.
  ...["login(", "auth(", ".connect(", "PlainAuth(", "signIn(", '"admin", ', "user, ", '"s3cr3t"', ")"],
  ...["char[] password = {", "'a', ", "'b'", "}", "charArrayOf(", "String.Format(", "Password={0};", "%s"],
  ...[".format(", " % (", "{1}@", "://{0}:", "fmt.Sprintf(", " = safe = ", " == safe == ", '["password"]'],
  ...["MLY|", "|1234567890|", "service: ", '"service": "', "SecretKeySpec(", '.getBytes("UTF-8")'],
  // A declared parameter's default (config.ts), a key's decoded bytes (code-values.ts).
  ...[
    "Parameters:\n  DBPassword:\n",
    "    NoEcho: true\n",
    "    Default: ",
    '"Default": "',
    'variable "db_password" {',
  ],
  ...[
    '  default = "',
    "sensitive = true\n",
    "HECToken: ",
    "key = Convert.FromBase64String(",
    "bytes.fromhex(",
    ", _ := hex.DecodeString(",
  ],
  // Servers' statements and settings (statements.ts), connections by place, prompts answered.
  ...[
    "IDENTIFIED BY '",
    "IDENTIFIED WITH sha256_password BY ",
    " REPLACE ",
    "SET PASSWORD FOR 'u' = '",
    "PASSWORD '",
  ],
  ...[
    "EXEC sp_addlogin 'u', '",
    "\nrequirepass ",
    "sentinel auth-pass m ",
    "ACL SETUSER alice on >",
    "useradd u -p ",
  ],
  ...[
    'expect "*assword:" { send "',
    '\\r" }',
    ".sendline('",
    ':password "',
    "[admins]\n",
    "[users]\n",
    "admin = ",
  ],
  ...[
    "Sql.newInstance('jdbc:h2:mem', ",
    'DBI->connect("dbi:Pg:db", ',
    "env:connect(",
    "changeUserPassword(",
    "| saslpasswd2",
  ],
  // Daemons' credential files and settings (statements.ts).
  ...[
    'password "',
    "\npassword ",
    "\nPass ",
    "{PLAIN}",
    "{SSHA}",
    "[smtp.acme.io]:587    ",
    "*.acme.io:u:",
    ': PSK "',
    ': EAP "',
  ],
  ...[
    "# client server secret IP\n",
    "https://dav.acme.io/x u ",
    "psk=",
    'Authorization "Basic ',
    'kSecValueData: "',
  ],
  ...[
    "security add-generic-password -w ",
    'setProperty("db.password", "',
    '", "\\"',
    "{{ 'x' | password_hash",
    "AuthPass=",
  ],
];

describe("structural pattern prefilter", () => {
  it("finds the same spans as running every pattern, on the redaction vectors", () => {
    for (const text of VECTORS) expect(detectOwn(text, [], true)).toEqual(detectOwn(text, [], false));
  });

  it("finds the same spans on texts composed of the patterns' pieces", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 })), { maxLength: 12 }),
        (parts) => {
          const text = parts.join("");
          expect(detectOwn(text, [], true)).toEqual(detectOwn(text, [], false));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("answers secret names as the full expression does", async () => {
    const names = [
      "password_super_secure",
      "db_pass_secure",
      "password_reset_url",
      "BUNDLE_GEMS__CONTRIBSYS__COM",
      "SOFTLAYERAPIKEY",
      "cloudant_pw",
      "accessToken",
      "password",
      "PGPASSWORD",
      "credentials",
      "AWS_CREDENTIALS",
      "client_secret",
      "apiKey",
      "api-key",
      "x-key",
      "key",
      "PWD",
      "NOT_A_SECRET",
      "notASecret",
      "AWS_PLACEHOLDER_KEY",
      "NOTE_PASSWORD",
    ];
    for (const name of [...names, "auth", "oauth", "author", "monkey", "command", "file_path", "\u212Aey"])
      expect(isSecretName(name, true)).toBe(isSecretName(name, false));
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom(...FRAGMENTS, ...names, "_", "-", "a"), fc.string({ maxLength: 4 })),
          {
            maxLength: 5,
          },
        ),
        (parts) => {
          const name = parts.join("");
          expect(isSecretName(name, true)).toBe(isSecretName(name, false));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("parses a command for its argv only when it holds a hint, and misses nothing by it", async () => {
    await loadShellParser();
    for (const text of VECTORS)
      expect(await secretsInCommand(text, true)).toEqual(await secretsInCommand(text, false));
    const fc = (await import("fast-check")).default;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constantFrom(...FRAGMENTS, " ", " -p", " --token ", "sudo ", "red'is'-cli -a ", "$''", "\\"),
            fc.string({ maxLength: 6 }),
          ),
          {
            maxLength: 10,
          },
        ),
        async (parts) => {
          const text = parts.join("");
          expect(await secretsInCommand(text, true)).toEqual(await secretsInCommand(text, false));
        },
      ),
      { numRuns: 300 },
    );
  });
});
