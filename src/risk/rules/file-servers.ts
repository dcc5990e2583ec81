/**
 * File servers by their root (docs/risk.md, "Files served to the network"): whatever the program
 * (`php -S … -t DIR`, `http-server DIR`, busybox's `httpd -h DIR`, `serve DIR`, `live-server`,
 * `darkhttpd`, `caddy file-server --root DIR`, `ruby -run -e httpd DIR`), serving the root, a home
 * or a credential directory hands every key and credential in it to whoever connects: high, as
 * `python -m http.server -d ~` already was. A project directory served stays as it was.
 */
import { optionValue, positionals } from "../command/argv.js";
import { sensitiveReason } from "../paths.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";

/** A root, a home or a credential directory. */
const BROAD_ROOT =
  /^(\/|~\/?|\$HOME\/?|\$\{HOME\}\/?|\/home\/[^/]+\/?|\/Users\/[^/]+\/?|\/root\/?|[A-Za-z]:[\\/]?)$/;

/** The directory a file server serves, or null when the program is not one. */
function servedRoot(program: string, args: Word[]): Word | null {
  const values = args.map((word) => word.value);
  switch (program) {
    case "php":
      if (!values.includes("-S")) return null;
      return args[values.indexOf("-t") + 1] ?? null;
    case "httpd": // busybox httpd -h DIR
      return args[values.indexOf("-h") + 1] ?? null;
    case "http-server":
    case "serve":
    case "live-server":
    case "darkhttpd":
    case "static-server":
      return (
        positionals(args, ["-p", "--port", "-a", "--address", "-l", "--listen", "-c", "--config"])[0] ?? null
      );
    case "caddy":
      return values[0] === "file-server"
        ? ({ value: optionValue(args, ["--root", "-r"]) ?? "", dynamic: false, inner: [] } as Word)
        : null;
    case "ruby":
      // `ruby -run -e httpd DIR -p 8000` (un.rb's httpd)
      return values.includes("-run") && values.includes("httpd")
        ? (positionals(args, ["-e", "-p", "--port", "-b", "--bind-address"])[0] ?? null)
        : null;
    default:
      return null;
  }
}

export function judgeFileServer(program: string, args: Word[], signals: Signals): void {
  const root = servedRoot(program, args);
  if (!root || root.value === "") return;
  const path = signals.path(root);
  const secret = sensitiveReason(path);
  if (BROAD_ROOT.test(root.value) || secret)
    signals.score.raise(
      "high",
      `${program} serves ${root.value} to the network: ${secret ?? "every secret under it"}`,
      "network_request",
      "sensitive_file_access",
    );
}
