// The fast paths' CommonJS bundles (dist/hook.cjs, dist/hook-rare.cjs, dist/record.cjs): one
// definition for the build (scripts/build.mjs) and the structure test that reads what the hook's
// bundle holds (test/structure/hook-bundle.test.ts). docs/decisions/hook-call-speed.md says why
// the hook's code is two files and how the second one is checked.
import { createHash } from "node:crypto";
import { relative, resolve } from "node:path";

export const fastPathBundle = {
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // The bundle runs from a V8 code cache through vm.Script, where Node 20 cannot resolve a
  // dynamic import() (it throws): imports of packages become require() calls.
  supported: { "dynamic-import": false },
  external: [
    "zod",
    "yaml",
    "picomatch",
    "web-tree-sitter",
    "tree-sitter",
    "tree-sitter-bash",
    // secret redaction rule set: imported only when a recorded string may hold a token
    "@secretlint/core",
    "@secretlint/secretlint-rule-preset-recommend",
  ],
  // import.meta.url is needed only on rare paths (grammars, the secret rule set, zod), and
  // computing the file URL costs ~0.25 ms: a getter computes it on first use.
  define: { "import.meta.url": "__hookBundle.url", "import.meta.dirname": "__dirname" },
  banner: {
    js: 'const __hookBundle = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
  },
};

/**
 * Modules no common hook call runs (measured with V8's coverage of allow, deny and record calls,
 * docs/performance.md): they and whatever only they import go to dist/hook-rare.cjs.
 */
export const RARE_MODULES = [
  // the shell grammar's glue: only commands the exact tokenizer cannot read
  "src/risk/shell-grammar.ts",
  "src/risk/shell-walker.ts",
  "src/risk/heredoc.ts",
  // installing hooks, and their status: other commands (the hooks door exports them)
  "src/hooks/install.ts",
  "src/hooks/status.ts",
  "src/hooks/program.ts",
  // commit events: a shell command that ran git
  "src/commits/index.ts",
  // witness_before: only when the policy asks for it
  "src/hooks/witness-before.ts",
  // policy validation: only when policy.yaml changed since its cache was written
  "src/policy/load.ts",
  // the secret rule set's glue: only when a recorded string may hold a token
  "src/redact/rule-set.ts",
];

const RARE_CHUNK_TS = "src/cli/hook-runtime/rare-chunk.ts";
const MANIFEST = "trailseal:hook-rare-manifest";
const RARE_ENTRY = "trailseal:hook-rare-entry";

/** The export names of each rare module (a stub in dist/hook.cjs must offer every one). */
async function exportNames(build, root) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: RARE_MODULES,
    outdir: "out",
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const names = new Map();
  for (const output of Object.values(result.metafile.outputs))
    if (output.entryPoint) names.set(output.entryPoint, output.exports);
  return names;
}

/** Resolves a relative import to its source path (relative to `root`), or null. */
async function sourcePath(build, args, root) {
  if (args.pluginData === "trailseal-resolving" || !args.path.startsWith(".")) return null;
  const resolved = await build.resolve(args.path, {
    kind: args.kind,
    importer: args.importer,
    resolveDir: args.resolveDir,
    pluginData: "trailseal-resolving",
  });
  return resolved.errors.length > 0 || !resolved.path ? null : relative(root, resolved.path);
}

/** dist/hook.cjs: the rare modules as stubs that load dist/hook-rare.cjs on first use. */
function stubsPlugin(root, names, manifest) {
  return {
    name: "trailseal-rare-stubs",
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== "file") return undefined;
        const path = await sourcePath(build, args, root);
        return path !== null && RARE_MODULES.includes(path) ? { path, namespace: "hook-rare" } : undefined;
      });
      build.onResolve({ filter: /^trailseal:hook-rare-manifest$/ }, () => ({
        path: MANIFEST,
        namespace: "hook-rare",
      }));
      build.onLoad({ filter: /.*/, namespace: "hook-rare" }, (args) => {
        if (args.path === MANIFEST) {
          // Named imports (not require): a module required whole keeps every export, and the
          // errors door would bring the registry back. Getters keep the bindings live.
          const lines = [
            `export const digest = ${JSON.stringify(manifest.digest)};`,
            "export const shared = {",
          ];
          const imports = [];
          for (const [index, [path, used]] of [...manifest.shared].entries()) {
            const locals = used.map((name, at) => [name, `s${index}_${at}`]);
            imports.push(
              `import { ${locals.map(([name, local]) => `${name} as ${local}`).join(", ")} } from ${JSON.stringify(resolve(root, path))};`,
            );
            const getters = locals.map(([name, local]) => `get ${name}() { return ${local}; }`).join(", ");
            lines.push(`  ${JSON.stringify(path)}: () => ({ __esModule: true, ${getters} }),`);
          }
          lines.push("};");
          return { contents: [...imports, ...lines].join("\n"), loader: "js", resolveDir: root };
        }
        return {
          contents: [
            `const { rareModule } = require(${JSON.stringify(resolve(root, RARE_CHUNK_TS))});`,
            `const manifest = require(${JSON.stringify(MANIFEST)});`,
            'Object.defineProperty(exports, "__esModule", { value: true });',
            `for (const name of ${JSON.stringify(names.get(args.path))})`,
            `  Object.defineProperty(exports, name, { enumerable: true, get: () => rareModule(${JSON.stringify(args.path)}, manifest)[name] });`,
          ].join("\n"),
          loader: "js",
          resolveDir: root,
        };
      });
    },
  };
}

/** dist/hook-rare.cjs: the rare modules, importing what dist/hook.cjs holds from it (`__trailsealShared`). */
function sharedPlugin(root, common, external = false) {
  return {
    name: "trailseal-rare-shared",
    setup(build) {
      build.onResolve({ filter: /^trailseal:hook-rare-entry$/ }, () => ({
        path: RARE_ENTRY,
        namespace: "hook-rare-entry",
      }));
      build.onLoad({ filter: /.*/, namespace: "hook-rare-entry" }, () => ({
        contents: `module.exports = {\n${RARE_MODULES.map((path) => `  ${JSON.stringify(path)}: () => require(${JSON.stringify(`./${path}`)}),`).join("\n")}\n};\n`,
        loader: "js",
        resolveDir: root,
      }));
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== "file") return undefined;
        const path = await sourcePath(build, args, root);
        if (path === null || !common.has(path) || RARE_MODULES.includes(path)) return undefined;
        return external
          ? { path: `hook-shared:${path}`, external: true }
          : { path, namespace: "hook-shared" };
      });
      build.onLoad({ filter: /.*/, namespace: "hook-shared" }, (args) => ({
        contents: `module.exports = __trailsealShared(${JSON.stringify(args.path)});`,
        loader: "js",
      }));
    },
  };
}

/**
 * Which names the rare modules import from each module of dist/hook.cjs: the rare bundle built as
 * an ES module with those modules external, read from its import statements (esbuild writes
 * them in one form: `import { a, b as c } from "…";`).
 */
async function sharedNames(build, root, common) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: RARE_MODULES,
    outdir: "out",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    logLevel: "silent",
    plugins: [sharedPlugin(root, common, true)],
  });
  const names = new Map();
  for (const file of result.outputFiles) {
    for (const statement of file.text.matchAll(/^import\s+([^;]*?)\s+from\s+"hook-shared:([^"]+)";/gm)) {
      const [, clause, path] = statement;
      const named = /^\{([^}]*)\}$/.exec(clause.trim());
      if (!named)
        throw new Error(
          `hook-rare: only named imports of a shared module are supported (${path}: ${clause})`,
        );
      const used = names.get(path) ?? new Set();
      for (const part of named[1]
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean))
        used.add(part.split(/\s+as\s+/)[0]);
      names.set(path, used);
    }
  }
  return new Map(
    [...names].sort(([a], [b]) => a.localeCompare(b)).map(([path, used]) => [path, [...used].sort()]),
  );
}

/**
 * An ASCII-only bundle decodes to a one-byte string: half the memory, and compiling it with the
 * code cache took ~1.2 ms less per call than the two-byte string a few "…" in comments made
 * (docs/decisions/hook-code-cache.md). esbuild escapes non-ASCII in strings and regexes but keeps
 * comments as they are: their characters become "?" (one UTF-16 unit each, so the source map's
 * columns hold). Non-ASCII anywhere but a comment line fails the build rather than change code.
 */
function asciiOnly(text, name) {
  if (/\bimport\(/.test(text))
    throw new Error(`${name} must not contain import(): it cannot run from the code cache`);
  for (const line of text.split("\n")) {
    const at = line.search(/[^\x00-\x7f]/);
    if (at < 0) continue;
    const trimmed = line.trimStart();
    const comment = line.indexOf("//");
    if (!trimmed.startsWith("*") && !trimmed.startsWith("/*") && (comment < 0 || comment > at))
      throw new Error(`${name}: non-ASCII outside a comment: ${line.trim().slice(0, 80)}`);
  }
  return text.replace(/[^\x00-\x7f]/g, "?");
}

/**
 * Builds the three bundles in memory: { "hook.cjs": { text, map, inputs }, "hook-rare.cjs": …,
 * "record.cjs": … }, `inputs` being each bundle's inputs with their bytes in it. `build` is
 * esbuild's; `root` the checkout. The hook's bundle is built twice: first to learn which modules
 * it holds (the second file imports those from it), then with the second file's SHA-256.
 */
export async function buildFastPathBundles(build, root) {
  const names = await exportNames(build, root);
  const bundle = async (entry, name, plugins) => {
    const result = await build({
      ...fastPathBundle,
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: `out/${name}`,
      sourcemap: "linked",
      write: false,
      metafile: true,
      logLevel: "warning",
      plugins,
    });
    const text = result.outputFiles.find((file) => file.path.endsWith(name)).text;
    const map = result.outputFiles.find((file) => file.path.endsWith(`${name}.map`)).text;
    const [output] = Object.values(result.metafile.outputs).filter((out) => out.entryPoint !== undefined);
    return { text: asciiOnly(text, name), map, inputs: output.inputs };
  };
  const hookEntry = "src/cli/hook-runtime/entry.ts";
  const first = await bundle(hookEntry, "hook.cjs", [
    stubsPlugin(root, names, { digest: "", shared: new Map() }),
  ]);
  const common = new Set(Object.keys(first.inputs).filter((key) => key.startsWith("src/")));
  const shared = await sharedNames(build, root, common);
  const rare = await bundle(RARE_ENTRY, "hook-rare.cjs", [sharedPlugin(root, common)]);
  const digest = createHash("sha256").update(rare.text).digest("hex");
  const hook = await bundle(hookEntry, "hook.cjs", [stubsPlugin(root, names, { digest, shared })]);
  const record = await bundle("src/cli/hook-runtime/record-entry.ts", "record.cjs", []);
  return { "hook.cjs": hook, "hook-rare.cjs": rare, "record.cjs": record };
}
