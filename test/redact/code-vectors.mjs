// Measuring redaction on credentials in code (test/vectors/secret-tuning-code5.jsonl): each
// example is carried the ways an agent writes code — a file written whole, an edit's new text, a
// patch (Codex's apply_patch envelope, every line added) and the command line that runs it (the
// language's own `-c`/`-e`/`-r` argument, else a heredoc into a file) — and the recorded event
// is searched. A true positive counts as redacted when a marker is present and none of its
// `needles` (the secret with the context that makes it one, where the same bytes also stand for
// something else: a user named as its password) or else `secrets` remain; a false positive
// counts as left alone when no marker appears. Plain JavaScript taking the redaction function, as
// scanner-vectors.mjs is.
import { base, tallier } from "./scanner-vectors.mjs";

const EXTENSIONS = {
  js: "js",
  ts: "ts",
  python: "py",
  java: "java",
  kotlin: "kt",
  csharp: "cs",
  go: "go",
  ruby: "rb",
  php: "php",
  rust: "rs",
  swift: "swift",
  vb: "vb",
  c: "c",
  yaml: "yml",
};
/** The languages an interpreter runs from one argument, and how. */
const INLINE = { js: "node -e", ts: "npx tsx -e", python: "python3 -c", ruby: "ruby -e", php: "php -r" };

const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
const MARKER = /\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/;
const inJson = (text) => JSON.stringify(text).slice(1, -1);

export const CODE_CARRIERS = ["write", "edit", "patch", "inline"];

function body(carrier, vector) {
  const path = `src/example.${EXTENSIONS[vector.lang] ?? "txt"}`;
  const text = vector.text;
  if (carrier === "write")
    return {
      ...base,
      action: { tool: "Write", kind: "file_write", path: `/w/${path}` },
      input: { file_path: `/w/${path}`, content: text },
    };
  if (carrier === "edit")
    return {
      ...base,
      action: { tool: "Edit", kind: "file_edit", path: `/w/${path}` },
      input: { file_path: `/w/${path}`, old_string: "// TODO", new_string: text },
    };
  if (carrier === "patch") {
    const lines = text.split("\n").map((line) => `+${line}`);
    const patch = ["*** Begin Patch", `*** Add File: ${path}`, ...lines, "*** End Patch"].join("\n");
    return {
      ...base,
      agent: "codex",
      action: { tool: "apply_patch", kind: "file_write", path: `/w/${path}` },
      input: { command: patch },
    };
  }
  const runner = INLINE[vector.lang];
  const script = vector.lang === "php" ? text.replace(/^<\?php\s*/, "") : text;
  const command = runner ? `${runner} ${quote(script)}` : `cat > ${path} <<'EOF'\n${text}\nEOF`;
  return { ...base, action: { tool: "Bash", kind: "command", command }, input: { command } };
}

/** Tallies by `tp`, `fp`, `tp <carrier>`, `fp <carrier>`, `tp · <family>`, `fp · <family>`. */
export async function measureCode(vectors, redactEventBody) {
  const options = { key: async () => Buffer.alloc(32, 5) };
  const [tallies, count] = tallier();
  for (const vector of vectors) {
    for (const carrier of CODE_CARRIERS) {
      const out = JSON.stringify((await redactEventBody(body(carrier, vector), options)).body);
      let good;
      if (vector.kind === "tp") {
        const needles = vector.needles ?? vector.secrets;
        good = MARKER.test(out) && !needles.some((needle) => out.includes(inJson(needle)));
      } else good = !MARKER.test(out);
      const kinds = [...new Set([...out.matchAll(/\[redacted:([a-z0-9-]+):/g)].map((m) => m[1]))].join(",");
      count(
        [vector.kind, `${vector.kind} ${carrier}`, `${vector.kind} · ${vector.family}`],
        good,
        `${carrier} ${kinds} ${vector.source}: ${JSON.stringify(vector.text.slice(0, 140))}`,
      );
    }
  }
  return tallies;
}
