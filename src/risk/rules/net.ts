/**
 * Network commands by method and host (curl, wget, httpie, nc, socat), download piped into a
 * shell (critical) and data exfiltration of secrets (`curl -d @.env`). Remote login and transfer
 * over SSH (ssh, scp, rsync) are judged in rules/remote.ts; database clients (psql, mysql,
 * sqlite3, …) in rules/database.ts.
 */
import { hasOption, optionValue, positionals, upstream } from "../command/argv.js";
import type { Rule, RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { type Invocation, resolveInvocation } from "../wrappers.js";
import { judgeHttpData } from "./http-data.js";

export const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "http",
  "https",
  "xh",
  "aria2c",
  "fetch",
  "lwp-request",
  "get",
]);

const URLISH =
  /^([a-z][a-z0-9+.-]*:\/\/|[\w.-]+\.[a-z]{2,}(:\d+)?(\/|$)|\d{1,3}(\.\d{1,3}){3}(:\d+)?(\/|$)|\[[0-9a-f:]+\]|localhost(:\d+)?(\/|$))/i;

const CURL_VALUE_OPTIONS = (
  "-X -H -d -o -u -A -e -b -c -F -T -w -x -m -K -E -r -C -y -Y -z -U -Q -P " +
  "--request --header --data --data-raw --data-binary --data-urlencode --data-ascii --json --output --user " +
  "--user-agent --referer --cookie --cookie-jar --form --form-string --upload-file --write-out --proxy " +
  "--max-time --connect-timeout --retry --retry-delay --resolve --cacert --cert --key --config --range " +
  "--output-dir --oauth2-bearer --limit-rate --interface --dns-servers --connect-to --url-query"
).split(" ");
const WGET_VALUE_OPTIONS = (
  "-O -o -a -P -t -T -w -U -e -i -B -Q -l -A -R -D -I -X --output-document --output-file --directory-prefix " +
  "--tries --timeout --wait --user-agent --header --post-data --post-file --body-data --body-file --method --user --password"
).split(" ");

const curl: Rule = (invocation, { signals }) => {
  const args = invocation.args;
  let method = lastMethod(args);
  const dataOptions = [
    "-d",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-urlencode",
    "--data-ascii",
    "--json",
    "-F",
    "--form",
    "-T",
    "--upload-file",
  ];
  const sendsData = hasOption(args, dataOptions);
  if (!method)
    method = hasOption(args, ["-T", "--upload-file"])
      ? "PUT"
      : sendsData
        ? "POST"
        : hasOption(args, ["-I", "--head"])
          ? "HEAD"
          : "GET";
  // Files sent with -d @file / -F x=@file / -T file leave the machine.
  for (let i = 0; i < args.length; i += 1) {
    const option = args[i]!.value;
    if (!dataOptions.includes(option)) continue;
    const value = args[i + 1]?.value ?? "";
    const upload = option === "-T" || option === "--upload-file";
    const file = upload ? value : (/^@(.+)$/.exec(value) ?? /=[@<]([^;]+)/.exec(value))?.[1];
    if (file && file !== "-") signals.read(file, "uploads");
  }
  // `-o FILE`, `--output FILE`, and the value of a cluster ending in o (`-so FILE`, `-fsSLo FILE`)
  const clustered = args.findIndex((word) => /^-[a-zA-Z]+o$/.test(word.value));
  const output =
    optionValue(args, ["-o", "--output"]) ?? (clustered >= 0 ? (args[clustered + 1]?.value ?? null) : null);
  if (output && output !== "-" && output !== "/dev/null") signals.download(output);
  // Over a Unix socket the URL's host is only a label: the request stays on this machine.
  const unix = optionValue(args, ["--unix-socket", "--abstract-unix-socket"]);
  if (unix) {
    const daemon = /docker\.sock$|containerd\.sock$|podman\.sock$/.test(unix);
    if (daemon && method !== "GET" && method !== "HEAD") {
      signals.score.raise(
        "high",
        `${method} to ${unix}: controls the container daemon (root on this machine)`,
      );
    } else {
      signals.score.raise("low", `curl talks to the local Unix socket ${unix}`);
    }
    return;
  }
  const urls = [
    optionValue(args, ["--url"]),
    ...positionals(args, CURL_VALUE_OPTIONS).map((word) => word.value),
  ];
  if (hasOption(args, ["--remote-name", "--remote-name-all"], "O")) {
    for (const url of urls) {
      const name = url && remoteName(url);
      if (name) signals.download(name);
    }
  }
  const bodies = args.flatMap((word, i) =>
    dataOptions.includes(args[i - 1]?.value ?? "") && !/^@/.test(word.value) ? [word.value] : [],
  );
  requestAll(invocation, signals, urls, method, bodies);
};

/** curl uses the last `-X`/`--request` given (`-XPOST … -X DELETE` sends DELETE). */
function lastMethod(args: Word[]): string | null {
  let method: string | null = null;
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "-X" || value === "--request") method = args[i + 1]?.value ?? method;
    else if (/^-X./.test(value)) method = value.slice(2);
    else if (value.startsWith("--request=")) method = value.slice(10);
  }
  return method?.toUpperCase() ?? null;
}

const wget: Rule = (invocation, { signals }) => {
  const args = invocation.args;
  let method = optionValue(args, ["--method"])?.toUpperCase() ?? null;
  if (!method)
    method = hasOption(args, ["--post-data", "--post-file", "--body-data", "--body-file"]) ? "POST" : "GET";
  const postFile = optionValue(args, ["--post-file", "--body-file"]);
  if (postFile) signals.read(postFile, "uploads");
  // `-O FILE`, and a cluster ending in O (`-qO FILE`)
  const clustered = args.findIndex((word) => /^-[a-zA-Z]+O$/.test(word.value));
  const output =
    optionValue(args, ["-O", "--output-document"]) ??
    (clustered >= 0 ? (args[clustered + 1]?.value ?? null) : null);
  if (output && output !== "-" && output !== "/dev/null") signals.download(output);
  const prefix = optionValue(args, ["-P", "--directory-prefix"]);
  if (prefix) signals.write(prefix, "downloads into");
  const urls = positionals(args, WGET_VALUE_OPTIONS).map((word) => word.value);
  if (!output) {
    for (const url of urls) {
      const name = remoteName(url);
      if (name) signals.download(prefix ? `${prefix}/${name}` : name);
    }
  }
  const body = optionValue(args, ["--post-data", "--body-data"]);
  requestAll(invocation, signals, urls, method, body === null ? [] : [body]);
};

/** The file name `curl -O`/`wget` saves a URL under: the last segment of its path. */
function remoteName(url: string): string | null {
  if (!URLISH.test(url)) return null;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/[?#].*$/, "");
  const slash = path.indexOf("/");
  const name = slash < 0 ? "" : path.slice(path.lastIndexOf("/") + 1);
  return /^[\w.+-]+$/.test(name) && name !== "." && name !== ".." ? name : null;
}

/** httpie / xh: `http [METHOD] URL [items]`; request items with `=`/`:=`/`@` send data. */
const httpie: Rule = (invocation, { signals }) => {
  const words = positionals(invocation.args, [
    "-a",
    "--auth",
    "-o",
    "--output",
    "--session",
    "--verify",
    "--cert",
  ]);
  let method: string | null = null;
  let index = 0;
  if (words[0] && /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i.test(words[0].value)) {
    method = words[0].value.toUpperCase();
    index = 1;
  }
  const url = words[index]?.value;
  const items = words.slice(index + 1).map((word) => word.value);
  for (const item of items) {
    // `field@file`, `field=@file`, and a bare `@file` (the body): the file leaves the machine
    const file = /^[^=:@]*(?:=@|@)(.+)$/.exec(item);
    if (file) signals.read(file[1]!, "uploads");
  }
  method ??= items.some((item) => /^[^:]+(=|:=|@)/.test(item)) ? "POST" : "GET";
  requestAll(invocation, signals, url ? [url] : [], method, items);
};

function requestAll(
  invocation: Invocation,
  signals: RuleContext["signals"],
  urls: (string | null)[],
  method: string,
  bodies: string[] = [],
) {
  judgeHttpData(
    invocation.program,
    method,
    urls.filter((url): url is string => url !== null && !url.startsWith("-")),
    bodies,
    signals,
  );
  const found = urls.filter((url): url is string => url !== null && URLISH.test(url));
  if (found.length === 0) {
    signals.score.raise("medium", `${invocation.program} makes a network request`, "network_request");
    return;
  }
  for (const url of found) signals.network(url, method, "command");
}

const socket: Rule = (invocation, { signals }) => {
  const words = positionals(invocation.args, ["-p", "-s", "-w", "-i", "-q", "-e", "-c", "-x", "-X"]);
  // `nc -e /bin/sh host port`, `socat … EXEC:/bin/sh`: the remote end drives a program here.
  if (
    hasOption(invocation.args, ["-e", "-c", "--exec", "--sh-exec", "--lua-exec"]) ||
    invocation.args.some((word) => /^(EXEC|SYSTEM):/i.test(word.value))
  ) {
    signals.score.raise(
      "critical",
      `${invocation.program} connects a program to a network socket (remote shell)`,
      "network_request",
    );
  }
  if (invocation.program === "socat") return socatAddresses(words, signals);
  // `nc -U path`: a Unix socket is a file on this machine, not the network.
  if (hasOption(invocation.args, ["--unixsock"], "U")) {
    return void signals.score.raise("low", `${invocation.program} talks to a local Unix socket`);
  }
  const host = words.find((word) => !/^\d+$/.test(word.value));
  if (host && !hasOption(invocation.args, [], "l")) signals.network(host.value, "CONNECT", "command");
  else signals.score.raise("medium", `${invocation.program} opens a network socket`, "network_request");
};

/** socat's two addresses: network ones (`TCP:host:port`) are judged by host; local ones add nothing. */
function socatAddresses(words: Word[], signals: RuleContext["signals"]): void {
  for (const word of words) {
    const network = /^(?:TCP|TCP4|TCP6|UDP|UDP4|UDP6|SSL|OPENSSL|SCTP|SOCKS4A?|PROXY)[^:]*:([^:,]+)/i.exec(
      word.value,
    );
    if (network && !/-LISTEN|-L:/i.test(word.value)) signals.network(network[1]!, "CONNECT", "command");
    else if (/^(TCP|UDP|SSL|OPENSSL|SCTP)[\w-]*LISTEN/i.test(word.value))
      signals.score.raise("medium", "socat listens on a network port", "network_request");
  }
  signals.score.raise("low", "socat relays data");
}

export const NETWORK_RULES: Record<string, Rule> = {
  curl,
  wget,
  http: httpie,
  https: httpie,
  xh: httpie,
  aria2c: wget,
  nc: socket,
  ncat: socket,
  netcat: socket,
  telnet: socket,
  socat: socket,
};

/**
 * `curl … | tee i.sh`, `tee i.sh < <(curl …)`: tee saves what a downloader prints, so the files
 * it writes hold downloaded content (running one later in the line is a pipe to shell).
 */
export function teesDownload(invocation: Invocation, context: RuleContext): void {
  const { command } = invocation;
  const feeders = upstream(context.script.commands, command).map(
    (feeder) => resolveInvocation(feeder).program,
  );
  const fromRedirect = command.redirects.some(
    (redirect) =>
      redirect.op === "<" &&
      (redirect.target?.inner ?? []).some((inner) => DOWNLOADERS.has(resolveInvocation(inner).program)),
  );
  if (!fromRedirect && !DOWNLOADERS.has(feeders.at(-1) ?? "")) return;
  for (const file of positionals(invocation.args)) context.signals.download(file, "saves a download to");
}
