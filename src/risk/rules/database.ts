/**
 * Database clients (psql, mysql, sqlite3, redis-cli, …): the SQL or commands they are given in
 * arguments, a heredoc/herestring, or piped in from echo/cat are judged by src/risk/sql.ts (drop
 * and truncate are critical); dropdb and `mysqladmin drop` drop a database (critical).
 */
import { positionals, upstream } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { judgeSql } from "../sql.js";
import { resolveInvocation } from "../wrappers.js";
import { defenceDatabase } from "./macos.js";
import { judgeOperations } from "./operations.js";

export const DB_CLIENTS = new Set([
  "psql",
  "mysql",
  "mariadb",
  "sqlite3",
  "sqlite",
  "sqlcmd",
  "clickhouse-client",
  "clickhouse",
  "cockroach",
  "mongo",
  "mongosh",
  "redis-cli",
  "duckdb",
  "cqlsh",
  "snowsql",
  "bq",
]);

/** SQL given to a database client in arguments, a heredoc/herestring, or piped in from echo/cat. */
const database: Rule = (invocation, context) => {
  const texts = invocation.args.map((word) => word.value);
  // sqlite3/duckdb open a database file: a secret one (browser passwords) is read like any file
  const file = /^(sqlite3?|duckdb)$/.test(invocation.program) ? positionals(invocation.args)[0] : undefined;
  if (file && !file.dynamic) context.signals.read(file, "opens the database");
  const command = invocation.command;
  if (command.stdinText) texts.push(command.stdinText);
  for (const feeder of upstream(context.script.commands, command)) {
    const feed = resolveInvocation(feeder);
    if (feeder.stdinText) texts.push(feeder.stdinText);
    if (feed.program === "echo" || feed.program === "printf")
      texts.push(feed.args.map((word) => word.value).join(" "));
  }
  const { score } = context.signals;
  // `redis-cli --scan | xargs redis-cli del`: keys deleted are known only at run time (all of them)
  if (
    invocation.program === "redis-cli" &&
    /^(del|unlink)$/i.test(positionals(invocation.args, ["-h", "-p", "-n", "-a", "-u"])[0]?.value ?? "") &&
    invocation.args.some((word) => word.dynamic)
  )
    score.raise("high", "redis-cli deletes keys known only at run time", "destructive_command");
  // a write to macOS's privacy or Gatekeeper database grants what the system asks the user for
  const defence = file && !file.dynamic ? defenceDatabase(file.value) : null;
  if (defence && texts.some((text) => /\b(insert|update|delete|replace|drop|alter)\b/i.test(text)))
    score.raise("high", `${invocation.program} writes to ${defence}`, "system_modification");
  judgeSql(texts.join("\n"), invocation.program, score);
  // `redis-cli shutdown`, `mongosh --eval 'db.shutdownServer()'`: the database server stops
  if (texts.some((text) => /^(shutdown|shutdownServer|--shutdown)$|\bshutdownServer\s*\(/i.test(text)))
    score.raise("high", `${invocation.program} stops the database server`, "system_modification");
  // `cockroach node decommission 4`: what a replicated database is told to do to its own cluster
  judgeOperations(invocation.program, invocation.args, context.signals);
  score.raise("medium", `${invocation.program} runs database statements`);
};

const dropDatabase: Rule = (invocation, { signals }) => {
  signals.score.raise("critical", `${invocation.program} drops a database`, "destructive_command");
};

export const DATABASE_RULES: Record<string, Rule> = {
  ...Object.fromEntries([...DB_CLIENTS].map((name) => [name, database])),
  dropdb: dropDatabase,
  mysqladmin: (invocation, context) => {
    if (invocation.args.some((word) => word.value === "drop")) dropDatabase(invocation, context);
    else if (invocation.args.some((word) => word.value === "shutdown"))
      context.signals.score.raise(
        "high",
        "mysqladmin shutdown stops the database server",
        "system_modification",
      );
    else context.signals.score.raise("medium", "mysqladmin changes a database server");
  },
};
