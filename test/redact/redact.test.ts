import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import {
  checkEventValue,
  computeCommitment,
  findSecrets,
  parseMarkers,
  redactEventBody,
} from "../../src/redact/index.js";
import { PEM, PEM_BODY, SECRETS } from "./secrets.js";

const KEY = Buffer.alloc(32, 7);
const options = { key: async () => KEY };

function body(command: string, input: unknown = { command }): EventBody {
  return {
    risk: { level: "low", flags: [] },
    agent: "claude-code",
    session: "s1",
    cwd: "/src",
    phase: "pre",
    action: { tool: "Bash", kind: "command", command },
    decision: "allow",
    reasons: [],
    input,
  };
}

async function redactText(text: string): Promise<string> {
  const out = await redactEventBody(body(text), options);
  return (out.body.action as unknown as { command: string }).command;
}

describe("detection", () => {
  it.each(
    Object.entries({
      github: SECRETS.github,
      gitlab: SECRETS.gitlab,
      aws: SECRETS.aws,
      slack: SECRETS.slack,
      stripe: SECRETS.stripe,
      openai: SECRETS.openai,
      anthropic: SECRETS.anthropic,
      google: SECRETS.google,
      jwt: SECRETS.jwt,
    }),
  )("replaces a %s token in a command", async (_name, secret) => {
    const out = await redactText(`tool --flag ${secret} && echo done`);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/^tool --flag \[redacted:[a-z0-9-]+:[0-9a-f]{16}\] && echo done$/);
  });

  it("replaces structural secrets and keeps what is around them", async () => {
    const command = [
      `curl -H "Authorization: Bearer ${SECRETS.bearer}" -H "Cookie: ${SECRETS.cookie}"`,
      `https://deploy:${SECRETS.urlPassword}@example.com/path`,
      `&& export GITHUB_TOKEN=${SECRETS.envToken}`,
      `&& psql postgres://admin:${SECRETS.urlPassword}@db.internal/app`,
    ].join(" ");
    const out = await redactText(command);
    for (const secret of [SECRETS.bearer, SECRETS.cookie, SECRETS.urlPassword, SECRETS.envToken]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("Authorization: Bearer [redacted:authorization:");
    expect(out).toContain("https://deploy:[redacted:url-credentials:");
    expect(out).toContain("@example.com/path");
    expect(out).toContain("export GITHUB_TOKEN=[redacted:assignment:");
    expect(out).toContain("@db.internal/app");
  });

  it("replaces a PEM private key block whole", async () => {
    const out = await redactText(`printf '%s' '${PEM}' > id_rsa`);
    expect(out).not.toContain(PEM_BODY);
    expect(out).toMatch(/\[redacted:private-key:[0-9a-f]{16}\]/);
  });

  it("replaces values of secret-named JSON members and leaves others", async () => {
    const input = {
      url: "https://api.example.com",
      headers: { Authorization: `token ${SECRETS.bearer}` },
      password: SECRETS.jsonPassword,
      key: "user:42",
      PWD: "/home/dev",
    };
    const out = (await redactEventBody(body("mcp", input), options)).body.input as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(SECRETS.bearer);
    expect(JSON.stringify(out)).not.toContain(SECRETS.jsonPassword);
    expect((out.headers as Record<string, string>).Authorization).toMatch(/^token \[redacted:authorization:/);
    expect(out.key).toBe("user:42");
    expect(out.PWD).toBe("/home/dev");
    expect(out.url).toBe("https://api.example.com");
  });

  it("leaves ordinary commands alone and references to secrets alone", async () => {
    for (const command of [
      "npm test",
      "git push origin main",
      "export GITHUB_TOKEN=$GH_TOKEN",
      "ls -la /home/dev/project/src",
      "git log --oneline -5 9616f09",
    ]) {
      expect(await redactText(command)).toBe(command);
    }
    expect(await findSecrets("cd /work && PWD=/tmp make")).toEqual([]);
  });

  it("applies the policy's extra patterns", async () => {
    const out = await redactEventBody(body("deploy --ticket INTERNAL-123456"), {
      ...options,
      patterns: [/INTERNAL-(\d+)/g],
    });
    expect((out.body.action as unknown as { command: string }).command).toMatch(
      /^deploy --ticket INTERNAL-\[redacted:policy:[0-9a-f]{16}\]$/,
    );
  });
});

describe("commitment", () => {
  it("is the first 16 hex of HMAC-SHA256(key, domain + secret), and check confirms it", async () => {
    const out = await redactEventBody(body(`export GITHUB_TOKEN=${SECRETS.envToken}`), options);
    const [marker] = parseMarkers((out.body.action as unknown as { command: string }).command);
    const expected = createHmac("sha256", KEY)
      .update(`trailseal-redact:v1:${SECRETS.envToken}`)
      .digest("hex")
      .slice(0, 16);
    expect(marker).toEqual({ kind: "assignment", commitment: expected });
    expect(computeCommitment(KEY, SECRETS.envToken)).toBe(expected);
    expect(checkEventValue(out.body, KEY, SECRETS.envToken).matched).toBe(true);
    expect(checkEventValue(out.body, KEY, "something-else").matched).toBe(false);
    expect(checkEventValue(out.body, Buffer.alloc(32, 8), SECRETS.envToken).matched).toBe(false);
  });

  it("never leaves the risk, phase and decision members changed", async () => {
    const original = body(`curl -u admin:${SECRETS.urlPassword} https://x`);
    const out = await redactEventBody(original, options);
    expect(out.body.risk).toEqual(original.risk);
    expect(out.body.decision).toBe(original.decision);
    expect(out.redactions).toBe(2); // action.command and input.command
  });
});

describe("prefilter", () => {
  it("does not load the rule set for hex ids, digests and UUIDs, and does for token-like runs", async () => {
    const { mightHoldToken } = await import("../../src/redact/detect.js");
    expect(mightHoldToken("git show 9616f09c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f60")).toBe(false);
    expect(mightHoldToken("curl /items/123e4567-e89b-12d3-a456-426614174000")).toBe(false);
    expect(mightHoldToken("npm test -- --shard 3/8")).toBe(false);
    expect(mightHoldToken(`echo ${SECRETS.github}`)).toBe(true);
    expect(mightHoldToken(`cat <<EOF\n${PEM}\nEOF`)).toBe(true);
  });
});

describe("assignments in code", () => {
  it("leaves references alone and still replaces literals", async () => {
    for (const text of [
      "const apiKey = process.env.API_KEY;",
      "token = config.auth.token",
      "password: None",
      "secret = getenv('X')",
    ]) {
      expect(await findSecrets(text)).toEqual([]);
    }
    expect((await findSecrets('const apiKey = "k3y-literal-value";'))[0]?.kind).toBe("assignment");
    expect((await findSecrets("DB_PASSWORD=s3cr3t make migrate"))[0]?.kind).toBe("assignment");
  });
});

describe("properties", () => {
  const { urlPassword: _u, bearer: _b, cookie: _c, envToken: _e, jsonPassword: _j, ...tokens } = SECRETS;
  const secrets = Object.values(SECRETS).filter((s) => s !== SECRETS.cookie);
  // Any secret in a context that says "secret"; a bare word only when it has a token format.
  const contexts = [
    (s: string) => `curl -H "Authorization: Bearer ${s}" https://api.example.com`,
    (s: string) => `export API_TOKEN=${s}`,
    (s: string) => `{"client_secret": "${s}"}`,
    (s: string) => `psql postgres://app:${s}@db.internal/app`,
  ];
  const bare = (s: string) => `tool ${s} --verbose`;

  it("never leaves the secret, and redacting twice changes nothing", async () => {
    const fc = (await import("fast-check")).default;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.constantFrom(...secrets), fc.constantFrom(...contexts)),
          fc.tuple(fc.constantFrom(...Object.values(tokens)), fc.constant(bare)),
        ),
        fc.string({ maxLength: 12 }),
        async ([secret, context], noise) => {
          const text = `${noise} ${context(secret)} ${noise}`;
          const input = { headers: { Authorization: `Bearer ${secret}`, Cookie: `sid=${secret}` }, text };
          const once = await redactEventBody(body(text, input), options);
          expect(JSON.stringify(once.body)).not.toContain(secret);
          const twice = await redactEventBody(once.body, options);
          expect(twice.body).toEqual(once.body);
          expect(twice.redactions).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("secrets passed as flag values", () => {
  it.each([
    ["mysql -u root -pS3cretPw db", "S3cretPw"],
    ["sshpass -p 'hunter2pass' ssh host", "hunter2pass"],
    ["vault login --token s.abcdef123456", "s.abcdef123456"],
    ["tool --api-key k-12345678 --verbose", "k-12345678"],
    ["docker login --password Pa55w0rd! registry", "Pa55w0rd!"],
  ])("%s", async (command, secret) => {
    const out = await redactText(command);
    expect(out).not.toContain(secret);
    expect(out).toContain("[redacted:");
  });

  it("leaves flags whose next word is another flag or a reference", async () => {
    for (const command of ["tool --token --verbose", "tool --password $DB_PASSWORD", "mysql -u root -p db"]) {
      expect(await redactText(command)).toBe(command);
    }
  });
});

describe("member names", () => {
  it("replaces a secret used as a JSON member name, and check finds it there", async () => {
    const input = { tokens: { [SECRETS.github]: "owner", [`API_TOKEN=${SECRETS.envToken}`]: 1 } };
    const out = await redactEventBody(body("mcp", input), options);
    const text = JSON.stringify(out.body);
    expect(text).not.toContain(SECRETS.github);
    expect(text).not.toContain(SECRETS.envToken);
    const names = Object.keys((out.body.input as { tokens: object }).tokens);
    expect(names[0]).toMatch(/^\[redacted:github:[0-9a-f]{16}\]$/);
    const check = checkEventValue(out.body, KEY, SECRETS.github);
    expect(check.matched).toBe(true);
    expect(check.markers.find((m) => m.matches)?.path).toBe("input.tokens (name)");
  });
});

describe("scrubbing a message built from the unredacted action", () => {
  it("replaces each redacted secret with its marker, also where the message cut it short", async () => {
    const { BodyRedactor } = await import("../../src/redact/redact.js");
    const redactor = new BodyRedactor(options);
    const command = `rm -rf / --password=${SECRETS.jsonPassword} && curl -u me:${SECRETS.urlPassword} x`;
    const out = await redactEventBody(body(command), options, redactor);
    const recorded = (out.body.action as unknown as { command: string }).command;
    const [first] = parseMarkers(recorded);
    const message = `command "${command}" matches rules.commands.deny; deletes ${command.slice(0, 28)}`;
    const scrubbed = await redactor.scrub(message);
    for (const secret of [SECRETS.jsonPassword, SECRETS.urlPassword, SECRETS.jsonPassword.slice(0, 6)]) {
      expect(scrubbed).not.toContain(secret);
    }
    expect(scrubbed).toContain(`[redacted:${first!.kind}:${first!.commitment}]`);
    // a secret the action did not carry is still found by scanning
    expect(await redactor.scrub(`echo ${SECRETS.github}`)).not.toContain(SECRETS.github);
  });
});

describe("strings that are only kept as digests", () => {
  it("are scanned with the structural patterns (guessable secrets), not the vendor rule set", async () => {
    const { DIGEST_ABOVE } = await import("../../src/redact/index.js");
    const filler = "x".repeat(DIGEST_ABOVE);
    const long = `${filler}\nDB_PASSWORD=${SECRETS.jsonPassword}\n${SECRETS.github}\n`;
    const out = (await redactEventBody(body("cat app.cfg", { content: long }), options)).body.input as {
      content: string;
    };
    expect(out.content).not.toContain(SECRETS.jsonPassword);
    expect(parseMarkers(out.content).map((m) => m.kind)).toEqual(["assignment"]);
    // the high-entropy token stays for the digest, which cannot be used to guess it
    expect(out.content).toContain(SECRETS.github);
    // the same token in a short string is replaced, and in a long command (stored verbatim)
    const short = (await redactEventBody(body(`echo ${SECRETS.github}`), options)).body;
    expect(JSON.stringify(short)).not.toContain(SECRETS.github);
    const heredoc = `cat > notes <<'EOF'\n${filler}\n${SECRETS.github}\nEOF`;
    const command = (await redactEventBody(body(heredoc, {}), options)).body;
    expect(JSON.stringify(command)).not.toContain(SECRETS.github);
  });
});

describe("a secret found in one member", () => {
  it("is replaced in every other member too, where nothing marks it as secret", async () => {
    const original: EventBody = {
      ...body("rm -rf /tmp/x --token hunter2pw-xyz"),
      reasons: ["recursive delete of hunter2pw-xyz", "recursively deletes /w/hunter2pw-xy…"],
      input: { command: "rm -rf /tmp/x --token hunter2pw-xyz", note: "hunter2pw-xyz" },
    };
    const out = await redactEventBody(original, options);
    expect(JSON.stringify(out.body)).not.toContain("hunter2pw");
    const [marker] = parseMarkers((out.body.action as unknown as { command: string }).command);
    expect(out.body.reasons[0]).toBe(`recursive delete of [redacted:${marker!.kind}:${marker!.commitment}]`);
    expect((out.body.input as { note: string }).note).toBe(
      `[redacted:${marker!.kind}:${marker!.commitment}]`,
    );
  });
});

describe("more places a secret is passed", () => {
  it.each([
    ["docker login -u me -p hunter2pwB registry.io", "hunter2pwB"],
    ["podman login --username me -p 'pw-podman-1' quay.io", "pw-podman-1"],
    ["PGPASSWORD=hunter2pwE psql -h db -c 'select 1'", "hunter2pwE"],
    ['gh secret set API_TOKEN --body "tokH-secret-abc"', "tokH-secret-abc"],
    ["kubectl create secret generic db --from-literal=password=pwI-secret", "pwI-secret"],
    ["helm registry login r.io -u me -p pwJ-helm", "pwJ-helm"],
  ])("%s", async (command, secret) => {
    const out = await redactText(command);
    expect(out).not.toContain(secret);
    expect(out).toContain("[redacted:");
  });

  it("leaves look-alikes alone", async () => {
    for (const command of [
      "docker run -p 8080:80 nginx",
      "kubectl create configmap app --from-literal=mode=fast",
      "gh secret list",
      "mkdir -p build && docker login",
    ]) {
      expect(await redactText(command)).toBe(command);
    }
  });
});
