/**
 * Database resets spelled through a framework's command line: `prisma migrate reset`, `rails
 * db:drop`, `manage.py flush`, `artisan migrate:fresh`, `mix ecto.reset`, … Each drops or
 * empties every table, as `DROP DATABASE` does (high, destructive_command). Read on the whole
 * argv, so that runners in front (`npx`, `bundle exec`, `bin/rails`, `php artisan`) count too.
 * *Why:* the data in a database has no other copy the agent can restore.
 */
import { patternTable } from "../command/patterns.js";
import type { RuleContext } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";

const resets = patternTable([
  /\bprisma (migrate reset|db push .*--force-reset)\b/,
  /\b(rails|rake) (.+ )?db:(drop|reset|purge|schema:load|structure:load|truncate_all|migrate:reset)(:\w+)?\b/,
  /\bartisan (.+ )?(migrate:(fresh|reset|refresh)|db:wipe)\b/,
  /\bmanage\.py (.+ )?(flush|reset_db)\b/,
  /\bmix (.+ )?ecto\.(drop|reset)\b/,
  /\bsequelize(-cli)? (.+ )?db:(drop|migrate:undo:all)\b/,
  /\btypeorm(-ts-node-\w+)? (.+ )?schema:drop\b/,
  /\bknex (.+ )?migrate:rollback .*--all\b/,
  /\balembic (.+ )?downgrade base\b/,
  /\bdotnet ef database drop\b/,
  /\bsupabase db reset .*--linked\b/,
  // migration tools that drop every object of the schema or undo every migration
  /\bflyway (.+ )?clean\b/,
  /\bliquibase (.+ )?drop-?all\b/i,
  /\batlas schema clean\b/,
  /\bgoose (.+ )?(reset|down-to 0)\b/,
  /\bsqitch (.+ )?revert (.+ )?--to @?ROOT\b/,
  /\bmigrate (.+ )?drop\b/,
  /\bdbmate (.+ )?drop\b/,
]);

/**
 * A framework's command that writes a new application key into the project's `.env`
 * (`artisan key:generate`, `artisan jwt:secret`): what the old key encrypted or signed (sessions,
 * cookies, encrypted columns, issued tokens) can no longer be read; `--show` only prints one.
 */
const replacesKey = patternTable([/\bartisan (.+ )?(key:generate|jwt:secret)\b/]);

/** True (and raised high) when the command resets a database through its framework. */
export function resetsDatabase(invocation: Invocation, context: RuleContext): boolean {
  const text = [invocation.program, ...invocation.args.map((word) => word.value)]
    .join(" ")
    .replace(/(^|\s)\S*\//g, "$1"); // `bin/rails`, `./manage.py`: by name
  if (replacesKey(text) && !/(^| )(--show|--help|-h)( |$)/.test(text)) {
    context.signals.score.raise(
      "high",
      `${text.split(" ").slice(0, 3).join(" ")} replaces the application's key in .env (what the old key encrypted or signed is lost)`,
      "config_file_modification",
    );
    return true;
  }
  if (!resets(text) || /(^| )(--help|-h)( |$)/.test(text)) return false;
  context.signals.score.raise(
    "high",
    `${text.split(" ").slice(0, 4).join(" ")} drops or empties every table`,
    "destructive_command",
  );
  return true;
}
