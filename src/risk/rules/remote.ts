/**
 * Remote login and file transfer over SSH (ssh, mosh, scp, sftp, rsync): one idea apart from
 * HTTP clients and raw sockets (rules/net.ts). The destination host is judged as a network
 * target, a remote command is judged as a command line of its own, `ssh -R` opens this machine
 * to another, and rsync's deleting options remove files at the destination. Split from
 * rules/net.ts to keep each under the ~400-line limit; the table stays inert (src/risk/commands.ts).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { deleteScope } from "../deletes.js";
import { shellQuote } from "../wrappers.js";

/** `[user@]host[:path]` and `scp://` forms. */
function remoteHost(value: string): string | null {
  const url = /^(?:scp|sftp|ssh|rsync):\/\/(?:[^@/]+@)?([^/:]+|\[[^\]]+\])/.exec(value);
  if (url) return url[1]!;
  const spec = /^(?:[^@/:]+@)?(\[[^\]]+\]|[^/:@]+):/.exec(value);
  return spec ? spec[1]! : null;
}

const ssh: Rule = (invocation, context) => {
  const args = positionals(
    invocation.args,
    "-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w".split(" "),
  );
  const destination = args[0]?.value;
  if (!destination) return;
  const host = destination
    .replace(/^ssh:\/\//, "")
    .replace(/^[^@]+@/, "")
    .replace(/:\d+$/, "");
  context.signals.network(host, "SSH", "command");
  // `ssh -R 8080:localhost:22 host`: a port of this machine opened on another host (remote access
  // back in, as a tunnel relay gives); `-L` only brings a remote port here
  const remoteForward = invocation.args.find(
    (word, i, all) => /^-[a-zA-Z]*R$/.test(all[i - 1]?.value ?? "") || /^-R\S+/.test(word.value),
  );
  if (remoteForward)
    context.signals.score.raise(
      "high",
      `ssh -R ${remoteForward.value.replace(/^-R/, "")} opens a port of this machine on ${host}: remote access back in`,
      "network_request",
    );
  const identity = optionValue(invocation.args, ["-i"]);
  if (identity) context.signals.path(identity); // using a key is not reading it out
  if (args.length > 1) {
    const remote = args.slice(1);
    context.nested(
      {
        value: remote.map((word) => word.value).join(" "),
        dynamic: remote.some((word) => word.dynamic),
        inner: [],
      },
      `ssh runs a command on ${host}`,
    );
  }
};

/** scp/rsync/sftp: remote specs are network transfers; local sources are read, destinations written. */
const transfer: Rule = (invocation, context) => {
  const { signals } = context;
  const paths = positionals(invocation.args, [
    "-P",
    "-i",
    "-o",
    "-F",
    "-c",
    "-l",
    "-S",
    "-e",
    "--rsh",
    "--exclude",
    "--include",
    "--filter",
    "-f",
  ]);
  const destination = paths.at(-1);
  let remote = false;
  for (const word of paths) {
    const host = remoteHost(word.value);
    if (host) {
      remote = true;
      signals.network(host, word === destination ? "PUT" : "GET", "command");
    } else if (word === destination) {
      signals.write(word);
    } else {
      signals.read(word, "copies");
    }
  }
  if (!remote && invocation.program !== "rsync")
    signals.score.raise("medium", `${invocation.program} makes a network transfer`, "network_request");
  // `--remove-source-files`: what was sent is deleted here
  if (
    !hasOption(invocation.args, ["--dry-run"], "n") &&
    hasOption(invocation.args, ["--remove-source-files"])
  )
    signals.score.raise(
      "high",
      "rsync --remove-source-files deletes the files it sends",
      "destructive_command",
    );
  // `-n`/`--dry-run` only lists what would change
  if (
    !hasOption(invocation.args, ["--dry-run"], "n") &&
    hasOption(
      invocation.args,
      [
        "--delete",
        "--delete-after",
        "--delete-before",
        "--delete-excluded",
        "--delete-during",
        "--delete-delay",
      ],
      undefined,
      true,
    )
  ) {
    // Locally a mirror into its own directory stays medium; into the home directory, the project
    // or a drive as a whole (`rsync -a --delete empty/ ~/`) it can empty them: judged as `rm -r` of it
    if (!remote && destination && !destination.dynamic) {
      const path = signals.path(destination.value);
      if (deleteScope(path, signals).broad)
        context.nested(
          { value: `rm -r -- ${shellQuote(destination.value)}`, dynamic: false, inner: [] },
          "rsync --delete can empty the destination",
        );
    }
    // Mirroring onto another machine deletes there what is missing here: high, as cloud syncs.
    signals.score.raise(
      remote ? "high" : "medium",
      `rsync --delete removes files at the ${remote ? "remote " : ""}destination`,
      "destructive_command",
    );
  }
};

export const REMOTE_RULES: RuleTable = {
  ssh,
  mosh: ssh,
  scp: transfer,
  sftp: transfer,
  rsync: transfer,
};
