import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cosignerFromSeed, formatCosignerVkey } from "../../src/tlog/cosigner-keys.js";
import { noteSignerFromSeed, verifierKey } from "../../src/tlog/index.js";
import {
  formatWitnessPolicy,
  isQuorumMet,
  parseWitnessPolicy,
  policyLogFor,
} from "../../src/tlog/witness-policy.js";
import { codeOf } from "./helpers.js";

const seed = (n: number) => new Uint8Array(32).fill(n);
const logSigner = noteSignerFromSeed("example.com/log", seed(1));
const LOG = verifierKey(logSigner.name, logSigner.publicKey);
const W = (i: number) => formatCosignerVkey(cosignerFromSeed(`w${i}.example`, seed(10 + i)));

/** The spec's example policy (c2sp.org/tlog-policy, "Example policy"), with real keys filled in. */
const SPEC_EXAMPLE = `log ${LOG}

witness X1 ${W(1)}
witness X2 ${W(2)}
witness X3 ${W(3)}
group X-witnesses 2 X1 X2 X3

witness Y1 ${W(4)}
witness Y2 ${W(5)}
witness Y3 ${W(6)}
group Y-witnesses any Y1 Y2 Y3

group X-and-Y all X-witnesses Y-witnesses
quorum X-and-Y
`;

describe("C2SP tlog-policy", () => {
  it("parses the spec's example and evaluates its quorum", () => {
    const policy = parseWitnessPolicy(SPEC_EXAMPLE);
    expect(policy.witnesses.map((w) => w.name)).toEqual(["X1", "X2", "X3", "Y1", "Y2", "Y3"]);
    expect(policy.groups.map((g) => [g.name, g.k])).toEqual([
      ["X-witnesses", 2],
      ["Y-witnesses", 1],
      ["X-and-Y", 2],
    ]);
    expect(policyLogFor(policy, "example.com/log")?.vkey).toBe(LOG);
    expect(isQuorumMet(policy, new Set(["X1", "X2", "Y3"]))).toBe(true);
    expect(isQuorumMet(policy, new Set(["X1", "Y1", "Y2", "Y3"]))).toBe(false);
    expect(isQuorumMet(policy, new Set(["X1", "X2", "X3"]))).toBe(false);
  });

  it("allows comments, tabs, surrounding whitespace, URLs, and quorum none", () => {
    const policy = parseWitnessPolicy(
      `  # a comment\n\tlog\t${LOG}  https://log.example/\nwitness w1 ${W(1)} https://w1.example/p\n \nquorum none\n`,
    );
    expect(policy.logs[0]!.url).toBe("https://log.example/");
    expect(policy.witnesses[0]!.url).toBe("https://w1.example/p");
    expect(isQuorumMet(policy, new Set())).toBe(true);
    expect(formatWitnessPolicy(policy)).toBe(
      `log ${LOG} https://log.example/\nwitness w1 ${W(1)} https://w1.example/p\nquorum none\n`,
    );
  });

  it.each([
    ["no quorum", `log ${LOG}\n`],
    ["two quorums", `witness a ${W(1)}\nquorum a\nquorum a\n`],
    ["undefined quorum", `quorum a\nwitness a ${W(1)}\n`],
    ["forward reference", `group g any a\nwitness a ${W(1)}\nquorum g\n`],
    ["member twice", `witness a ${W(1)}\ngroup g any a a\nquorum g\n`],
    ["none as member", `witness a ${W(1)}\ngroup g any a none\nquorum g\n`],
    ["k too big", `witness a ${W(1)}\ngroup g 2 a\nquorum g\n`],
    ["k zero", `witness a ${W(1)}\ngroup g 0 a\nquorum g\n`],
    ["k leading zero", `witness a ${W(1)}\ngroup g 01 a\nquorum g\n`],
    ["no members", `witness a ${W(1)}\ngroup g any\nquorum g\n`],
    ["duplicate name", `witness a ${W(1)}\nwitness a ${W(2)}\nquorum a\n`],
    ["defining none", `witness none ${W(1)}\nquorum none\n`],
    ["duplicate witness key", `witness a ${W(1)}\nwitness b ${W(1)}\nquorum a\n`],
    ["duplicate log key", `log ${LOG}\nlog ${LOG}\nquorum none\n`],
    ["bad witness key", `witness a ${LOG.slice(0, -2)}\nquorum a\n`],
    ["a log key of the wrong type", `log ${W(1)}\nquorum none\n`],
    ["unknown keyword", `witnesses a ${W(1)}\nquorum a\n`],
    ["control character", `witness a ${W(1)}\r\nquorum a\n`],
    ["too many fields", `witness a ${W(1)} https://x extra\nquorum a\n`],
  ])("rejects %s with TLOG_POLICY_MALFORMED", (_name, text) => {
    expect(codeOf(() => parseWitnessPolicy(text))).toBe("TLOG_POLICY_MALFORMED");
  });

  it("a list of logs without a quorum line is accepted only when asked (witness log lists)", () => {
    expect(codeOf(() => parseWitnessPolicy(`log ${LOG}\n`))).toBe("TLOG_POLICY_MALFORMED");
    const list = parseWitnessPolicy(`log ${LOG}\n`, { requireQuorum: false });
    expect(list.quorum).toBe("none");
    expect(list.logs).toHaveLength(1);
  });

  it("names are opaque octets: K and the Kelvin sign differ", () => {
    const policy = parseWitnessPolicy(
      `witness K ${W(1)}\nwitness \u212a ${W(2)}\ngroup g all K \u212a\nquorum g\n`,
    );
    expect(isQuorumMet(policy, new Set(["K"]))).toBe(false);
    expect(isQuorumMet(policy, new Set(["K", "\u212a"]))).toBe(true);
  });

  it("parse-then-format reproduces canonical text, and garbage never escapes uncoded (property)", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/).filter((n) => n !== "none");
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.nat(),
        (names, withUrl, pick) => {
          const lines = [`log ${LOG}${withUrl ? " https://log.example" : ""}`];
          for (const [i, n] of names.entries())
            lines.push(`witness ${n} ${W(i)}${withUrl ? ` https://${i}.example` : ""}`);
          const k = (pick % names.length) + 1;
          lines.push(`group grp-${names.length} ${k} ${names.join(" ")}`, `quorum grp-${names.length}`);
          const text = `${lines.join("\n")}\n`;
          const policy = parseWitnessPolicy(text);
          expect(formatWitnessPolicy(policy)).toBe(text);
          expect(formatWitnessPolicy(parseWitnessPolicy(formatWitnessPolicy(policy)))).toBe(text);
          expect(isQuorumMet(policy, new Set(names.slice(0, k)))).toBe(true);
          expect(isQuorumMet(policy, new Set(names.slice(0, k - 1)))).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(["no error", "TLOG_POLICY_MALFORMED"]).toContain(codeOf(() => parseWitnessPolicy(text)));
      }),
      { numRuns: 300 },
    );
  });
});
