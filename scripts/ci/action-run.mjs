#!/usr/bin/env node
// The trailseal GitHub Action's step (action.yml runs exactly this, and test/action runs it the
// same way): initialise a home, record the actions, seal, publish to the witnesses, verify them,
// write the Markdown report to $GITHUB_STEP_SUMMARY, set the step outputs in $GITHUB_OUTPUT,
// and collect the HTML report and the seal's evidence in a directory for actions/upload-artifact.
// A failing trailseal command fails the step with its own exit code (1 failure, 2 usage or
// configuration, 3 quorum not met) and an `::error::` annotation carrying its message and code;
// the summary, outputs and artifact are still written, so a failed run can be inspected.
// Inputs come as INPUT_* variables (action.yml maps them; composite actions do not).
import { spawnSync } from "node:child_process";
import { createHash, createPrivateKey, createPublicKey, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { asksWitnesses, latestSealId, writeReports } from "./action-evidence.mjs";

const env = process.env;
const input = (name, fallback = "") =>
  (env[`INPUT_${name.toUpperCase().replace(/-/g, "_")}`] ?? "").trim() || fallback;
const runnerTemp = env.RUNNER_TEMP || env.TMPDIR || "/tmp";
const actionPath = env.GITHUB_ACTION_PATH || resolve(dirname(new URL(import.meta.url).pathname), "../..");

/** Workflow-command escaping (what @actions/core does): data, and property values. */
const escapeData = (text) => String(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
const annotate = (level, title, message) =>
  process.stdout.write(`::${level} title=${escapeProperty(title)}::${escapeData(message)}\n`);

function setOutput(name, value) {
  if (env.GITHUB_OUTPUT)
    appendFileSync(env.GITHUB_OUTPUT, `${name}=${String(value).replace(/[\r\n]+/g, " ")}\n`);
  else console.log(`${name}=${value}`);
}

function summary(markdown) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
  else process.stdout.write(markdown);
}

/**
 * npm's environment: the step's without the secrets. npm runs other packages' code (install
 * scripts, `npm ci` of the checkout's dependencies), which has no business with the seal key, the
 * witness token or the log key.
 */
function npmEnv() {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith("INPUT_") && name !== "TRAILSEAL_SEAL_KEY"),
  );
}

/**
 * The CLI to run. By default this action's own checkout, built: the action's ref (a tag or a
 * commit SHA the workflow pins) is then the only code that runs with the seal key. The npm name
 * "trailseal" is not held by this project, so installing it by default would run whatever its
 * registrant published. An exact npm version (only for a registry or name you trust) or a packed
 * tarball (`npm pack` of a fork) is installed into RUNNER_TEMP (kept when already there, e.g.
 * restored by actions/cache). No install runs install scripts: trailseal has none, and the one
 * dependency that does (the optional native shell parser) is replaced by the wasm grammar
 * trailseal ships.
 */
function resolveCli() {
  const wanted = input("trailseal-version", "source");
  if (wanted === "source") {
    const cli = join(actionPath, "dist", "cli.js");
    if (!existsSync(cli)) {
      for (const args of [
        ["ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        ["run", "build"],
      ]) {
        const built = spawnSync("npm", args, { cwd: actionPath, env: npmEnv(), stdio: ["ignore", 2, 2] });
        if (built.status !== 0)
          throw new StepFailure(1, "install", `npm ${args[0]} in the action checkout failed`);
      }
    }
    return cli;
  }
  const tarball = wanted.endsWith(".tgz");
  if (tarball ? !existsSync(wanted) : !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted)) {
    throw new StepFailure(
      2,
      "install",
      `trailseal-version must be an exact version (e.g. 0.1.0), "source" or an existing .tgz, not "${wanted}"`,
    );
  }
  const prefix = join(runnerTemp, `trailseal-cli-${tarball ? basename(wanted, ".tgz") : wanted}`);
  const cli = join(prefix, "node_modules", "trailseal", "dist", "cli.js");
  if (!existsSync(cli)) {
    const spec = tarball ? resolve(wanted) : `trailseal@${wanted}`;
    const args = [
      "install",
      "--prefix",
      prefix,
      "--omit=dev",
      "--ignore-scripts",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      spec,
    ];
    const installed = spawnSync("npm", args, { env: npmEnv(), stdio: ["ignore", 2, 2] });
    if (installed.status !== 0) throw new StepFailure(1, "install", `npm install ${spec} failed`);
  }
  return cli;
}

class StepFailure extends Error {
  constructor(exitCode, stage, message) {
    super(message);
    this.exitCode = exitCode;
    this.stage = stage;
  }
}

/** `trailseal: error: … (CODE)` and `trailseal: hint: …` from stderr, as one annotation text. */
function diagnosis(stderr) {
  const lines = stderr.split("\n");
  const error = lines
    .find((line) => line.startsWith("trailseal: error: "))
    ?.slice("trailseal: error: ".length);
  const hint = lines.find((line) => line.startsWith("trailseal: hint: "))?.slice("trailseal: hint: ".length);
  return [error ?? (lines.filter(Boolean).at(-1) || "no message"), hint ? `hint: ${hint}` : ""]
    .filter(Boolean)
    .join("\n");
}

function makeRunner(cli, home) {
  /** Runs one trailseal command; stderr is passed through to the log. */
  return (stage, args, { stdin, allow = [0] } = {}) => {
    const result = spawnSync(process.execPath, [cli, "--home", home, ...args], {
      input: stdin,
      encoding: "utf8",
      maxBuffer: 256 * 2 ** 20,
      env: { ...env, TRAILSEAL_HOME: undefined },
    });
    if (result.stderr) process.stderr.write(result.stderr);
    const code = result.status ?? 1;
    if (!allow.includes(code)) {
      throw new StepFailure(
        code,
        stage,
        `trailseal ${args[0] === "witness" ? `witness ${args[1]}` : args[0]} failed (exit ${code}): ${diagnosis(result.stderr ?? "")}`,
      );
    }
    return { code, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
  };
}

const splitList = (text) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Files the step writes secrets into (the witness token, the log key), with what they held
 * before: removed or restored when the step ends, so a home kept in an Actions cache (readable
 * by other workflows of the repository, pull requests included) never carries them.
 */
const secretFiles = new Map();

function rememberSecretFile(path) {
  if (!secretFiles.has(path)) secretFiles.set(path, existsSync(path) ? readFileSync(path) : null);
}

function forgetSecrets() {
  for (const [path, previous] of secretFiles) {
    if (previous === null) rmSync(path, { force: true });
    else writeFileSync(path, previous);
  }
}

/** With a witness token, the witnesses go into relay-config.json (where publish reads auth_token). */
function configureWitnesses(home, urls, quorum, token) {
  const path = join(home, "relay-config.json");
  rememberSecretFile(path);
  const config = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  config.witness = {
    ...(config.witness ?? {}),
    enabled: true,
    // relay-config.json refuses a quorum above its endpoint count; publish gets --quorum anyway.
    quorum: Math.min(quorum, urls.length),
    endpoints: urls.map((url, i) => ({
      url,
      name: `witness-${i + 1}`,
      ...(/^(git\+)?https?:/.test(url) ? { auth_token: token } : {}),
    })),
  };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Puts a git transparency log's private key (PKCS#8 PEM, from a secret) where `witness publish`
 * looks for it: <home>/log-keys/, named by the first 24 hex of SHA-256 of the raw Ed25519 public
 * key (the name witness/gitlog/layout.ts gives it; the action test publishes with it).
 */
function installLogKey(home, pem) {
  let publicKey;
  try {
    publicKey = createPublicKey(createPrivateKey(pem)).export({ format: "der", type: "spki" }).subarray(12);
  } catch {
    throw new StepFailure(2, "inputs", "the log-key input is not a PEM private key");
  }
  const dir = join(home, "log-keys");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${createHash("sha256").update(publicKey).digest("hex").slice(0, 24)}.pem`;
  rememberSecretFile(join(dir, name));
  writeFileSync(join(dir, name), pem.endsWith("\n") ? pem : `${pem}\n`, { mode: 0o600 });
}

/** Where the action keeps the key id it gave a home's trail (a home kept between runs reuses it). */
const KEY_ID_FILE = "action-key-id";

/**
 * The key id of this home's trail. Witnesses are asked for the newest seal of a key id, and a
 * trail that does not reach it is reported as cut: so each trail needs its own. A given key-id
 * is used as is; without one, a fresh home gets the key's derived id plus a per-run suffix
 * (runs of one workflow share the key but each starts a new trail), written into the home so
 * that a home kept between runs (a cache) continues under the same id. A kept home made before
 * this keeps the derived id.
 */
function trailKeyId(home, key, given) {
  if (given) return given;
  const saved = join(home, KEY_ID_FILE);
  if (existsSync(saved)) return readFileSync(saved, "utf8").trim();
  if (existsSync(join(home, "trail"))) return "";
  const derived = `ts-${createHash("sha256").update(`trailseal key id\n${key.trim()}`).digest("hex").slice(0, 16)}`;
  const id = `${derived}-${env.GITHUB_RUN_ID ?? "local"}-${randomBytes(4).toString("hex")}`;
  mkdirSync(home, { recursive: true });
  writeFileSync(saved, `${id}\n`);
  return id;
}

function main() {
  const state = {
    chainTip: "",
    eventCount: "",
    sealId: "",
    quorumMet: "false",
    anchorIds: [],
    publish: null,
  };
  const home = resolve(input("home", join(runnerTemp, "trailseal")));
  const artifactDir = join(
    runnerTemp,
    `trailseal-artifact-${env.GITHUB_RUN_ID ?? "local"}-${env.GITHUB_RUN_ATTEMPT ?? "1"}`,
  );
  mkdirSync(artifactDir, { recursive: true });
  setOutput("artifact-dir", artifactDir);
  const key = input("seal-key");
  if (key) process.stdout.write(`::add-mask::${key}\n`);
  env.TRAILSEAL_SEAL_KEY = key;
  env.TRAILSEAL_KEY_ID = trailKeyId(home, key, input("key-id"));
  const urls = splitList(input("witness-urls"));
  const quorum = Number.parseInt(input("quorum", "1"), 10);
  const format = input("report-format", "html");
  let failure = null;
  let trailseal = null;
  // Witnesses the report asks for cuts when relay-config.json does not list them (no token).
  let reportTargets = [];
  try {
    if (!key)
      throw new StepFailure(
        2,
        "inputs",
        "the seal-key input is empty: pass a secret such as secrets.TRAILSEAL_SEAL_KEY",
      );
    if (!["html", "md", "json"].includes(format))
      throw new StepFailure(2, "inputs", `report-format must be html, md or json, not "${format}"`);
    if (!(quorum >= 1))
      throw new StepFailure(2, "inputs", `quorum must be a positive integer, not "${input("quorum")}"`);
    const cli = resolveCli();
    trailseal = makeRunner(cli, home);
    process.stdout.write(`trailseal ${trailseal("version", ["--version"]).stdout.trim()} (${cli})\n`);
    trailseal("init", ["init", "--json"]);
    const logKey = input("log-key");
    if (logKey) {
      for (const line of logKey.split("\n"))
        if (line.trim() && !line.startsWith("-----")) process.stdout.write(`::add-mask::${line.trim()}\n`);
      installLogKey(home, logKey);
    }
    const actions = input("actions");
    if (actions) {
      if (!existsSync(actions))
        throw new StepFailure(2, "record", `the actions file ${actions} does not exist`);
      trailseal("record", ["record", "--json"], { stdin: readFileSync(actions) });
    }
    const seal = JSON.parse(trailseal("seal", ["seal", "--json"]).stdout);
    state.chainTip = seal.chain_tip;
    state.eventCount = String(seal.event_count);
    state.sealId = seal.seal_id ?? latestSealId(home);
    if (urls.length > 0) {
      const token = input("witness-token");
      if (token) {
        process.stdout.write(`::add-mask::${token}\n`);
        configureWitnesses(home, urls, quorum, token);
      }
      const targets = token ? [] : urls.flatMap((url) => ["--witness-url", url]);
      reportTargets = targets;
      const published = trailseal(
        "publish",
        ["witness", "publish", ...targets, "--quorum", String(quorum), "--json"],
        { allow: [0, 3] },
      );
      state.publish = JSON.parse(published.stdout);
      state.sealId = state.publish.seal_id;
      state.anchorIds = state.publish.outcomes.filter((o) => o.ok).map((o) => o.receipt.anchor_id);
      if (published.code === 3) {
        throw new StepFailure(
          3,
          "publish",
          `witness quorum not met: ${state.publish.confirmations} of ${quorum} required confirmations (${diagnosis(published.stderr)})`,
        );
      }
      // Also asks every witness for the newest seal of the key id: one the trail does not reach
      // (a cut or a rewrite, e.g. of a home restored from a cache) fails the step.
      const verified = trailseal("verify", [
        "witness",
        "verify",
        "--seal",
        state.sealId,
        "--quorum",
        String(quorum),
        ...(asksWitnesses(trailseal, ["witness", "verify"]) ? targets : []),
        "--json",
      ]);
      const checks = JSON.parse(verified.stdout);
      state.quorumMet = checks.met === false ? "false" : "true";
    } else {
      annotate("warning", "trailseal", "no witness-urls: the seal is kept in the home only, not witnessed");
    }
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    failure = error;
  }
  if (trailseal !== null) {
    // The summary and the artifact are written even after a failure: they show how far it got.
    try {
      const tools = { token: input("witness-token"), env, annotate, diagnosis, summary };
      writeReports(trailseal, state, { quorum, format, artifactDir, home, targets: reportTargets }, tools);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      failure ??= error;
    }
  }
  setOutput("chain-tip", state.chainTip);
  setOutput("event-count", state.eventCount);
  setOutput("seal-id", state.sealId);
  setOutput("quorum-met", state.quorumMet);
  setOutput("anchor-ids", state.anchorIds.join(","));
  if (failure) {
    annotate("error", `trailseal ${failure.stage}`, failure.message);
    process.exitCode = failure.exitCode || 1;
  }
}

if (input("verify-attestations")) {
  // A pull request's check: verify the commits' attestations (scripts/ci/action-attest.mjs).
  const { verifyAttestations } = await import("./action-attest.mjs");
  let code;
  try {
    const cli = resolveCli();
    const trailseal = makeRunner(cli, resolve(input("home", join(runnerTemp, "trailseal"))));
    process.stdout.write(`trailseal ${trailseal("version", ["--version"]).stdout.trim()} (${cli})\n`);
    code = verifyAttestations({ trailseal, input, annotate, summary, setOutput, env, runnerTemp });
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    annotate("error", `trailseal ${error.stage}`, error.message);
    code = error.exitCode || 1;
  }
  process.exitCode = code;
} else {
  try {
    main();
  } finally {
    forgetSecrets();
  }
}
