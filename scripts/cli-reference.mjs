// Writes docs/cli.md from the built CLI's own --help, so the reference cannot drift from the code.
// Usage: npm run build && node scripts/cli-reference.mjs [--check]   (--check: exit 1 if stale)
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const CLI = new URL("../dist/cli.js", import.meta.url).pathname;
const OUT = new URL("../docs/cli.md", import.meta.url).pathname;

function help(path) {
  const result = spawnSync(process.execPath, [CLI, ...path, "--help"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`trailseal ${path.join(" ")} --help failed: ${result.stderr}`);
  return result.stdout.trimEnd();
}

/** Subcommand names listed under "Commands:" in a help text. */
function subcommands(text) {
  const section = text.split("\nCommands:\n")[1];
  if (!section) return [];
  return section
    .split("\n")
    .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
    .filter((name) => name && name !== "help");
}

function walk(path, out) {
  const text = help(path);
  out.push({ path, text });
  for (const name of subcommands(text)) walk([...path, name], out);
  return out;
}

/** The error code registry (src/errors/codes.ts and its per-prefix lists), bundled on the fly so this script needs no build of its own. */
async function errorCodes() {
  const entry = new URL("../src/errors/codes.ts", import.meta.url).pathname;
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const source = out.outputFiles[0].text;
  const { ERROR_CODES } = await import(
    `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
  );
  return ERROR_CODES;
}

const codes = Object.entries(await errorCodes());
const prefixes = [...new Set(codes.map(([code]) => code.split("_")[0]))];
const codeTable = [
  "| code | exit | meaning |",
  "|---|---|---|",
  ...codes.map(
    ([code, entry]) => `| \`${code}\` | ${entry.exit} | ${entry.meaning.replaceAll("|", "\\|")} |`,
  ),
].join("\n");

const sections = walk([], [])
  .map(
    ({ path, text }) =>
      `## \`trailseal${path.length ? ` ${path.join(" ")}` : ""}\`\n\n\`\`\`text\n${text}\n\`\`\``,
  )
  .join("\n\n");

const doc = `# CLI reference

Generated from the CLI's own \`--help\` by \`node scripts/cli-reference.mjs\` (a test fails when
this file is stale). Every command takes \`--home DIR\` (else \`$TRAILSEAL_HOME\`, else
\`~/.trailseal\`).

## Conventions

- Results go to stdout: human text on a terminal, JSON with \`--json\` (stable field names).
  Diagnostics and progress go to stderr. Progress (\`verify\` and \`report\` of a long trail,
  \`export\`, \`witness audit\`'s clone and commits) is shown only on a terminal, not with
  \`--quiet\`, and erased when done.
- Colour: on a terminal, risk levels, decisions and action outcomes are coloured (\`log\`,
  \`summary\`, \`stats\`, \`record\`, \`classify\`, \`policy test\`, \`hook status\`): red for
  critical, deny and denied; yellow for ask and asked-then-*; magenta for failed; bold yellow
  for unknown. \`NO_COLOR\` (any value) turns it off; \`FORCE_COLOR\` (anything but \`0\` or
  \`false\`) turns it on into a pipe. Only the colour codes differ: columns stay aligned.
- Errors are one line, then an optional hint, on stderr:

  \`\`\`text
  trailseal: error: input is not JSON (ACTION_INVALID_JSON)
  trailseal: hint: send one JSON object (a Claude Code hook payload or a generic action, docs/actions.md) or JSONL
  \`\`\`

  The code in parentheses is stable and listed under [Error codes](#error-codes) (prefixed by
  capability: ${prefixes.map((prefix) => `\`${prefix}_\``).join(", ")}); the text may improve.
  \`TRAILSEAL_DEBUG=1\` adds the underlying cause's stack.
- A command ends with at most one error, and its exit code is its code's. One that checks
  several things (\`verify\`) first prints each problem it found as a finding, a line on stderr
  without the prefix (\`trail broken at seq 3 (hash_mismatch): …\`, \`seal seal-2 does not hold
  (SEAL_TIP_MISMATCH): …\`), then the one error naming the first and the others.
- A reader that closes the pipe early (\`trailseal log | head\`) ends the command quietly.

## Exit codes

| code | meaning |
|---|---|
| 0 | success |
| 1 | failure, including a verification that found a problem (broken chain, seal mismatch, witness mismatch, audit failure) |
| 2 | usage or configuration error: bad flag, bad input on stdin, invalid \`policy.yaml\` / \`relay-config.json\`, missing key |
| 3 | witness quorum not met (\`witness publish\`, \`witness verify\`); the seal and the receipts obtained are kept |

The agent hooks are the exception: \`trailseal hook …\` always exits 0 with the agent's JSON
answer on stdout (an internal failure is answered with *deny*, never by crashing open); see
docs/hooks.md.

## Error codes

Generated from the registry in \`src/errors/codes.ts\`. The exit column is the exit status when the
error ends a command.

${codeTable}

${sections}
`;

if (process.argv.includes("--check")) {
  const current = readFileSync(OUT, "utf8");
  if (current !== doc) {
    console.error("docs/cli.md is stale: run `npm run build && node scripts/cli-reference.mjs`");
    process.exit(1);
  }
} else {
  writeFileSync(OUT, doc);
  console.log(`wrote ${OUT}`);
}
