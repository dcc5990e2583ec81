/**
 * The fast paths' arguments (./fast-path.ts): parsed in the package's bin before anything is
 * loaded, since a hook call may be answered by the resident server (./resident-client.ts).
 */
export { resolveHookHome } from "../hook-home.js";

export type FastPath =
  | { command: "hook"; agent: string; home: string | undefined }
  | { command: "record"; json: boolean; home: string | undefined };

/** `--home <dir>` / `--home=<dir>` and the given flags, each at most once; null for anything else. */
function parseOptions(args: string[], flags: string[]): Map<string, string | true> | null {
  const seen = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    let name: string;
    let value: string | true = true;
    if (arg === "--home") {
      if (i + 1 >= args.length) return null;
      name = "home";
      value = args[++i]!;
    } else if (arg.startsWith("--home=")) {
      name = "home";
      value = arg.slice(7);
    } else if (flags.includes(arg)) {
      name = arg;
    } else {
      return null;
    }
    if (seen.has(name)) return null;
    seen.set(name, value);
  }
  return seen;
}

/** The fast path `argv` (process.argv) asks for, or null when the full command line must run. */
export function parseFastPath(argv: string[]): FastPath | null {
  // Which names are agents the bundle knows (src/agents): this entry stays free of their specs.
  // `hook install` and anything not shaped like a name go to the full command line.
  if (argv[2] === "hook" && /^[a-z][a-z0-9-]*$/.test(argv[3] ?? "") && argv[3] !== "install") {
    const options = parseOptions(argv.slice(4), []);
    if (options === null) return null;
    return { command: "hook", agent: argv[3]!, home: options.get("home") as string | undefined };
  }
  if (argv[2] === "record") {
    const options = parseOptions(argv.slice(3), ["--json"]);
    if (options === null) return null;
    return {
      command: "record",
      json: options.has("--json"),
      home: options.get("home") as string | undefined,
    };
  }
  return null;
}
