// Mines the verb lexicon of src/risk/rules/verb-lexicon.ts (docs/risk.md, "A verb lexicon mined
// from completion specs"; docs/decisions/risk-verb-lexicon.md) from a checkout of
// withfig/autocomplete: every sub-command's name and one-line description, every option's name and
// description. The specs are read as literal data (no spec code runs): an object literal with a
// `name` and a `description`, and the `subcommands` and `options` arrays inside it.
//
// Each description is given a meaning by its first words (below); each word of a sub-command's
// name (split at - _ : . and camel case) then votes for that meaning once per program. A word
// keeps the meaning most programs give it when at least MIN programs give it and at least SHARE
// of the programs that use the word with any classified description agree; otherwise it is
// dropped as ambiguous (printed, with its votes). The programs of the tuning hold-out
// (test/vectors/risk-tuning-unnamed6.origin.md) are never read.
//
//   node scripts/mine-verb-lexicon.mjs <autocomplete checkout> test/vectors/risk-tuning-unnamed6.origin.md [--write]
//
// Without --write it prints the table and what was dropped; with it, it rewrites
// src/risk/rules/verb-lexicon.ts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const [checkout, heldFile] = process.argv.slice(2);
if (!checkout || !heldFile)
  throw new Error("usage: mine-verb-lexicon.mjs <checkout> <held-out list> [--write]");
// the held-out list: the programs between the origin note's markers, or one per line in a file
const heldText = readFileSync(heldFile, "utf8");
const marked = /<!-- held-out programs -->([\s\S]*?)<!-- end held-out programs -->/.exec(heldText);
const held = new Set(
  (marked
    ? marked[1].replace(/`/g, " ").split(/\s+/)
    : heldText.split("\n").map((line) => line.replace(/#.*/, ""))
  )
    .map((name) => name.trim())
    .filter(Boolean),
);
const MIN = 3;
const MIN_RARE = 2;
const SHARE = 0.6;

/** Tokens of TypeScript source, enough to read object and array literals. */
function tokens(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) i += 1;
    else if (c === "/" && src[i + 1] === "/") while (i < src.length && src[i] !== "\n") i += 1;
    else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      let text = "";
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\") j += 1;
        text += src[j] ?? "";
        j += 1;
      }
      out.push({ kind: "string", value: text, template: c === "`" });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i;
      while (j < src.length && /[\w$]/.test(src[j])) j += 1;
      out.push({ kind: "word", value: src.slice(i, j) });
      i = j;
    } else {
      out.push({ kind: "mark", value: c });
      i += 1;
    }
  }
  return out;
}

/** The top-level object literals of a file, with their literal members (anything else skipped). */
function literals(list) {
  let i = 0;
  const is = (value) => list[i]?.kind === "mark" && list[i].value === value;
  const skip = () => {
    let depth = 0;
    while (i < list.length) {
      const t = list[i];
      if (t.kind === "mark" && "{[(".includes(t.value)) depth += 1;
      else if (t.kind === "mark" && "}])".includes(t.value)) {
        if (depth === 0) return;
        depth -= 1;
      } else if (t.kind === "mark" && t.value === "," && depth === 0) return;
      i += 1;
    }
  };
  const value = () => {
    if (is("{")) return object();
    if (is("[")) return array();
    const t = list[i];
    const next = list[i + 1];
    if (t?.kind === "string" && next?.kind === "mark" && ",}]".includes(next.value)) {
      i += 1;
      return t.template && t.value.includes("${") ? undefined : t.value;
    }
    skip();
    return undefined;
  };
  const object = () => {
    i += 1;
    const out = {};
    while (i < list.length && !is("}")) {
      if (is(",")) {
        i += 1;
        continue;
      }
      const t = list[i];
      if ((t.kind === "word" || t.kind === "string") && list[i + 1]?.value === ":") {
        i += 2;
        out[t.value] = value();
      } else skip();
      if (is(",")) i += 1;
      else if (!is("}")) i += 1;
    }
    i += 1;
    return out;
  };
  const array = () => {
    i += 1;
    const out = [];
    while (i < list.length && !is("]")) {
      if (is(",")) {
        i += 1;
        continue;
      }
      const item = value();
      if (item !== undefined) out.push(item);
      if (is(",")) i += 1;
      else if (!is("]")) i += 1;
    }
    i += 1;
    return out;
  };
  const tops = [];
  while (i < list.length) {
    if (is("{")) tops.push(object());
    else if (is("[")) array();
    else i += 1;
  }
  return tops;
}

const names = (entry) =>
  typeof entry.name === "string"
    ? [entry.name]
    : Array.isArray(entry.name)
      ? entry.name.filter((name) => typeof name === "string")
      : [];

/**
 * The spec files: a work tree's src/, or (a bare clone, as a mirror is) HEAD's tree read with git.
 * A file whose object is missing is skipped and named.
 */
function specFiles(root) {
  if (existsSync(join(root, "src"))) {
    const files = (dir) =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
      });
    return files(join(root, "src")).map((path) => ({
      path: relative(join(root, "src"), path),
      text: () => readFileSync(path, "utf8"),
    }));
  }
  const git = (...args) =>
    execFileSync("git", ["-C", root, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  return git("ls-tree", "-r", "--name-only", "HEAD", "src")
    .split("\n")
    .filter((path) => path.endsWith(".ts"))
    .map((path) => ({
      path: path.slice("src/".length),
      text: () => {
        try {
          return git("show", `HEAD:${path}`);
        } catch {
          console.error(`skipped ${path}: its object is missing`);
          return "";
        }
      },
    }));
}

const text = (value) => (typeof value === "string" ? value : "");

/** Every sub-command and option of the specs not held out: program, kind, names, description. */
function entries(root) {
  const out = [];
  for (const file of specFiles(root)) {
    const program = file.path.split("/")[0].replace(/\.ts$/, "");
    if (held.has(program)) continue;
    const seen = new Set();
    const walk = (node, path) => {
      if (!node || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      for (const sub of Array.isArray(node.subcommands) ? node.subcommands : []) {
        if (!sub || typeof sub !== "object") continue;
        const own = names(sub);
        // (`help <command>` repeats every description: counted once, under the command)
        if (own.length > 0 && path[0] !== "help")
          out.push({ program, kind: "sub", names: own, description: text(sub.description) });
        walk(sub, [...path, own[0] ?? "?"]);
      }
      for (const option of Array.isArray(node.options) ? node.options : []) {
        if (option && typeof option === "object" && names(option).length > 0)
          out.push({ program, kind: "option", names: names(option), description: text(option.description) });
      }
    };
    for (const top of literals(tokens(file.text()))) walk(top, []);
  }
  return out;
}

const SECRET =
  /\b(secrets?|passwords?|passphrases?|tokens?|credentials?|api[- ]?keys?|private keys?|secret keys?|access keys?|connection (string|uri|url)s?|kubeconfig|jwts?|client secrets?)\b/;
const PRINTING =
  /^(print|prints|show|shows|display|displays|get|gets|output|outputs|reveal|reveals|return|returns|retrieve|retrieves|view|views|read|reads|fetch|fetches|dump|dumps|export|exports|decrypt|decrypts)$/;
const REMOVING =
  /^(delete|deletes|remove|removes|destroy|destroys|purge|purges|drop|drops|wipe|wipes|erase|erases|truncate|truncates|uninstall|uninstalls|terminate|terminates|nuke|nukes|deprovision|deprovisions|decommission|decommissions|permanently|empty|empties|clear|clears|reset|resets|revoke|revokes|teardown|tear|tears|obliterate|obliterates|clean|cleans|cleanup|prune|prunes|unregister|unregisters|deregister|deregisters|unlink|unlinks|detach|detaches|discard|discards|kill|kills|cancel|cancels|expire|expires|forget|forgets|unset|unsets|undeploy|undeploys)$/;
const LIGHT =
  /^(clean|cleans|cleanup|clear|clears|cancel|cancels|kill|kills|detach|detaches|unlink|unlinks)$/;
const READING =
  /^(list|lists|show|shows|display|displays|describe|describes|get|gets|print|prints|view|views|inspect|inspects|check|checks|status|search|searches|find|finds|info|output|outputs|return|returns|query|queries|read|reads|retrieve|retrieves|fetch|fetches|lookup|look|browse|tail|tails|watch|watches|count|counts|diff|compare|validate|validates|verify|verifies|lint|test|tests|open|opens)$/;

/** A sub-command's meaning, from the first words of its description. */
function subMeaning(description) {
  const text = description
    .trim()
    .replace(/^\[[^\]]*\]\s*/, "")
    .toLowerCase();
  const first = text.split(/[\s,.:;(]+/)[0];
  if (!first) return null;
  if (
    PRINTING.test(first) &&
    SECRET.test(text) &&
    !/\b(list of|names|metadata|information about|details|status|location|path|expir|whether)\b/.test(
      text.slice(0, 60),
    )
  )
    return "prints";
  if (/^(grant|grants|share|shares|invite|invites|give|gives|authorize|authorizes)$/.test(first))
    return "grants";
  if (
    /^(add|adds|assign|assigns|attach|attaches)$/.test(first) &&
    /\b(collaborators?|members?|roles?|permissions?|access|admins?|owners?)\b/.test(text)
  )
    return "grants";
  if (/^make$/.test(first) && /\bpublic\b/.test(text)) return "grants";
  if (/^(publish|publishes|release|releases)$/.test(first)) return "releases";
  if (
    /^(disable|disables|unprotect|unprotects|unlock|unlocks|bypass|bypasses|deactivate|deactivates)$/.test(
      first,
    ) &&
    /\b(protect\w*|security|auth\w*|verification|ssl|tls|firewall|mfa|2fa|two-factor|encryption|signatures?|signing|audit\w*|locks?|checks?|polic(y|ies)|guards?)\b/.test(
      text,
    )
  )
    return "lowers";
  if (REMOVING.test(first)) {
    // a cache, a build's output, temporary or generated files, logs: rebuilt by using the tool
    // (routine by the level table), whatever the verb
    if (
      /\b(cache[sd]?|caching|artifacts?|build (output|files|directory|folder)|temporary|temp|tmp|generated|logs?|outdated|unused|stale|expired|dist|node_modules)\b/.test(
        text,
      )
    )
      return "routine";
    const whole = /\b(all|every|entire|everything|permanently|whole|irreversibl\w*|completely)\b/.test(text);
    if (LIGHT.test(first) && !whole && !/\b(database|data)\b/.test(text)) return "routine";
    return whole ? "empties" : "destroys";
  }
  if (/^(stop|stops|shut|shuts|shutdown|halt|halts|poweroff|power|suspend|suspends|hibernate)$/.test(first))
    return "stops";
  if (READING.test(first)) return "reads";
  return "other";
}

/** An option's meaning, from its description. */
function optionMeaning(description) {
  const text = description.toLowerCase();
  if (
    /\b(skip|skips|skipping|bypass|without|no|don'?t|do not|disable|suppress)\b.{0,25}\b(confirm\w*|prompts?|prompting|questions?|asking|interactive|approval)\b/.test(
      text,
    ) ||
    /^(automatic yes|assume yes|answer yes|yes to all|auto-?(confirm|approve))/.test(text)
  )
    return "confirms";
  if (/\b(permanently|irreversibl\w*|hard[- ]delete|cannot be (undone|recovered))\b/.test(text))
    return "permanent";
  return "other";
}

const split = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .split(/[-_:.\s]+/)
    .filter((part) => /^[a-z]{2,}$/.test(part));

function tally(list, meaningOf, keys) {
  const votes = new Map();
  for (const entry of list) {
    const meaning = entry.description ? meaningOf(entry.description) : null;
    if (!meaning) continue;
    for (const key of new Set(entry.names.flatMap(keys))) {
      if (!votes.has(key)) votes.set(key, new Map());
      const by = votes.get(key);
      if (!by.has(meaning)) by.set(meaning, new Set());
      by.get(meaning).add(entry.program);
    }
  }
  return votes;
}

/** Each key's meaning where programs agree; the rest dropped as ambiguous. */
function assign(votes, rare) {
  const table = {};
  const dropped = {};
  for (const [key, by] of votes) {
    const counts = [...by].map(([meaning, programs]) => [meaning, programs.size]);
    // emptying and destroying are one meaning for agreement (which of the two: the larger)
    const destroys = counts
      .filter(([m]) => m === "destroys" || m === "empties")
      .reduce((a, [, n]) => a + n, 0);
    const total = counts.reduce((a, [, n]) => a + n, 0);
    counts.sort((a, b) => b[1] - a[1]);
    let [meaning, n] = counts[0];
    if ((meaning === "destroys" || meaning === "empties") && destroys > n) n = destroys;
    if (meaning === "other" || meaning === "reads" || meaning === "routine") {
      if (meaning !== "reads" || n < MIN || n / total < SHARE) continue;
    }
    if (n < (rare.has(meaning) ? MIN_RARE : MIN)) continue;
    const into = n / total >= SHARE ? table : dropped;
    if (!into[meaning]) into[meaning] = [];
    into[meaning].push(into === table ? key : `${key} (${counts.map(([m, c]) => `${m} ${c}`).join(", ")})`);
  }
  for (const list of [...Object.values(table), ...Object.values(dropped)]) list.sort();
  return { table, dropped };
}

const list = entries(resolve(checkout));
const subs = assign(
  tally(
    list.filter((entry) => entry.kind === "sub"),
    subMeaning,
    split,
  ),
  new Set(["prints", "grants", "releases", "lowers"]),
);
const options = assign(
  tally(
    list.filter((entry) => entry.kind === "option"),
    optionMeaning,
    (name) => (/^--?[a-z][a-z0-9-]*$/.test(name) ? [name.toLowerCase()] : []),
  ),
  new Set(["confirms", "permanent"]),
);
const commit = execFileSync("git", ["-C", checkout, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const programs = new Set(list.map((entry) => entry.program)).size;
const summary = {
  commit,
  programs,
  held: held.size,
  entries: list.length,
  sub: subs.table,
  option: options.table,
  dropped: { sub: subs.dropped, option: options.dropped },
};
if (!process.argv.includes("--write")) {
  console.log(JSON.stringify(summary, null, 1));
} else {
  const line = (words) => JSON.stringify((words ?? []).join(" "));
  const out = resolve(import.meta.dirname, "..", "src", "risk", "rules", "verb-lexicon.ts");
  writeFileSync(
    out,
    `/**
 * The verb lexicon, mined (scripts/mine-verb-lexicon.mjs; docs/decisions/risk-verb-lexicon.md) from
 * the completion specs of withfig/autocomplete at ${commit.slice(0, 12)}: ${programs} programs'
 * sub-command and option descriptions, the ${held.size} programs of the tuning hold-out
 * (test/vectors/risk-tuning-unnamed6.origin.md) never read.
 * A word of a sub-command's name has the meaning most programs' descriptions give it (at least
 * ${MIN} programs, ${MIN_RARE} for the rarer meanings, and ${SHARE * 100}% of the programs using the word agree).
 * Data only, generated: rules/lexicon.ts reads it, for programs no rule names.
 */
export const LEXICON = {
  /** Sub-command words that remove what they name. */
  destroys: ${line(subs.table.destroys)},
  /** Sub-command words that remove everything in their object. */
  empties: ${line(subs.table.empties)},
  /** Sub-command words that print a credential. */
  prints: ${line(subs.table.prints)},
  /** Sub-command words that give someone access. */
  grants: ${line(subs.table.grants)},
  /** Sub-command words that release an artifact to others. */
  releases: ${line(subs.table.releases)},
  /** Sub-command words that switch a protection off. */
  lowers: ${line(subs.table.lowers)},
  /** Sub-command words that stop a service or a machine. */
  stops: ${line(subs.table.stops)},
  /** Sub-command words that only read. */
  reads: ${line(subs.table.reads)},
  /** Options that skip the question before acting. */
  confirms: ${line(options.table.confirms)},
  /** Options that make a removal permanent. */
  permanent: ${line(options.table.permanent)},
} as const;
`,
  );
  // (the repository's own formatter, so the generated file is as biome would write it)
  execFileSync("npx", ["biome", "format", "--write", out], {
    cwd: resolve(import.meta.dirname, ".."),
    stdio: "ignore",
  });
  console.log(`wrote ${relative(process.cwd(), out)}`);
}
