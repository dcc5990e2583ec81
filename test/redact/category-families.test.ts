/**
 * The families closed after counting the scanners' examples by category
 * (docs/decisions/redaction-categories.md): what a demanding user expects left alone (code
 * identifiers, a separator inside a string literal, interpolations, references inside one more
 * layer of quotes, ARNs, escaped markup), and what must go whole (a random key one odd
 * character from valid, on both sides of that character). Each carried as a command, a written
 * file and an MCP argument.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { carried, MARKER } from "./carriers.js";

const KEPT: [string, string][] = [
  ["a camelCase identifier is not a token", "\tdoc.Security.KeySize = PdfEncryptionKeySize.Key128Bit;"],
  [
    "a method name with an acronym",
    "// TODO: ServerAddressByClientCIDRs: s.getServerAddressByClientCIDRs(req.Request),",
  ],
  ["a script's camelCase name with joining words", "pwsh -File scripts/addPoshVcpkgToPowershellProfile.ps1"],
  ["a long generated constant name", "    _kHMSymptomhf_generatedByHomeAppForDebuggingPurposesKey,"],
  [
    "a separator inside a string, then code",
    'sb.append("MasterUserPassword: " + getMasterUserPassword() + ",");',
  ],
  [
    "labels in a minified bundle",
    'usernameLabel:"Username or email:",passwordLabel:"Password:",remember:"Me"',
  ],
  ["string concatenation in PHP", "echo 'password = '.$p['config']['daemon_password'].\"\\n\";"],
  ["string concatenation in JavaScript", "const query = 'user=' + user + '&password=' + secret;"],
  ["Ruby interpolation", 'text << "Password=#{password}, "'],
  [
    "a reference inside one more layer of quotes",
    "- echo 'export DATABASE_PASSWORD=\"'$PRECOMPILE_PASSWORD'\"' >> .env",
  ],
  ["an ARN", 'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"'],
  ["escaped markup around a placeholder", '"password": "&lt;YOURPASSWORD&gt;"'],
  ["the words of a setting", "WITH (PAD_INDEX = OFF, IGNORE_DUP_KEY = OFF, ALLOW_ROW_LOCKS = ON)"],
  ["a bare constant's name", "project_key = PROJECT_NAME_ALIAS"],
  ["a user name given as a login", "ssh -o User=deploy login=deploy-bot-prod ci.example.org"],
  [
    "a dotted resource name with digits",
    "terraform state show module.vpc.aws_subnet.private2a1b3c4d5e6f7g8h",
  ],
  ["a Nix store path", "ls /nix/store/0c3f4l5kx5a0f2q8wd1y3r6b0c7z9xjq-hello-2.12"],
  [
    "versions and build directories",
    "cd build/linux-x86_64-gnu-release2024 && docker run python3.11-slim-bookworm20240101",
  ],
];

const REDACTED: [string, string, string[]][] = [
  [
    "a random key with one odd character: both sides",
    "pandadoc = 'gL1LKFp8p0q7ORUybiyo?qIuGUsGjx4adxMRcHPh'",
    ["gL1LKFp8p0q7ORUybiyo", "qIuGUsGjx4adxMRcHPh"],
  ],
  [
    "an apostrophe in a comment opens no string",
    "# don't forget: password = 'Quiet-Lamp-77'",
    ["Quiet-Lamp-77"],
  ],
  [
    "a literal inside a string of the other quote",
    "query = \"user=admin&password='Quiet-Lamp-77'\"",
    ["Quiet-Lamp-77"],
  ],
  ["a JSON member", '{"password": "Quiet-Lamp-77"}', ["Quiet-Lamp-77"]],
  [
    "a token passed as a login",
    "mvn sonar:sonar -Dsonar.login=5524bf449ca45fcace54698371466398321f3a82",
    ["5524bf449ca45fcace54698371466398321f3a82"],
  ],
  [
    "a Teams webhook on the older outlook.office.com host",
    "curl -d @msg.json https://outlook.office.com/webhook/555aa7fc-ea71-4fb7-ae9e-755caa4404ed@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/9e3f0c4a7b2d4e8f9a1c3b5d7e9f0a2c/51dab674-ad95-4f0a-8964-8bdefc25b6d9",
    ["9e3f0c4a7b2d4e8f9a1c3b5d7e9f0a2c"],
  ],
  ["a quoted value shaped like a constant", 'db_password = "QUIET_LAMP_HUNTER"', ["QUIET_LAMP_HUNTER"]],
  [
    "a lower-case base36 key beside a vendor word",
    "siteleaf token - 'lklep3linr2itd42nkncw9b8s9g1yrgb'",
    ["lklep3linr2itd42nkncw9b8s9g1yrgb"],
  ],
  [
    "an upper-case key as a bare argument",
    "nuget push pkg.nupkg OY2DGB333J35KJJYBCF99YZXO7HJYLOERA4ANXN4IVCVLE -Source https://api.nuget.org/v3/index.json",
    ["OY2DGB333J35KJJYBCF99YZXO7HJYLOERA4ANXN4IVCVLE"],
  ],
];

beforeAll(() => loadShellParser());

describe("the scanners' categories, by family", () => {
  it.each(KEPT)("left alone: %s", async (_name, text) => {
    for (const out of await carried(text)) expect(out, text).not.toContain("[redacted:");
  });

  it.each(REDACTED)("redacted: %s", async (_name, text, secrets) => {
    for (const out of await carried(text)) {
      expect(out).toMatch(MARKER);
      for (const secret of secrets) expect(out, text).not.toContain(secret);
    }
  });
});
