/**
 * SQL statements (dropping or truncating a database is critical), wherever they
 * come from: a database client's arguments or stdin, or an MCP tool's SQL argument.
 */
import type { Score } from "./score.js";

const SQL_DROP =
  /\b(drop\s+(table|database|schema|index|view|user|role|collection|keyspace|measurement|series|retention\s+policy|shard|sequence|function|procedure|trigger|extension|tablespace|materialized\s+view|stream|topic|bucket|catalog|namespace|warehouse|stage|dictionary)\b|truncate\s+(table\s+)?[\w"`[]|dropdatabase\s*\(|flushall\b|flushdb\b)|\.drop\s*\(/i;
const SQL_DELETE_ALL = /\bdelete\s+from\s+[\w."`[\]]+\s*(;|$)|\.(deleteMany|remove)\(\s*(\{\s*\})?\s*\)/i;
/** SQL that runs an operating-system command on the server (`xp_cmdshell`, `COPY … FROM PROGRAM`). */
const SQL_SHELL = /\bxp_cmdshell\b|\bfrom\s+program\b|\bsys_exec\s*\(/i;
/**
 * Access handed out by SQL: every privilege, an administrator's or owner's role, anything granted
 * to PUBLIC, a superuser made (`GRANT ALL PRIVILEGES …`, `GRANT ROLE ACCOUNTADMIN TO USER bob`,
 * `ALTER ROLE x SUPERUSER`). A grant of one privilege on one object stays a schema change.
 */
const SQL_GRANT_WIDE =
  /\bgrant\s+(all\b|(role\s+)?\w*(admin|owner|superuser|sysadmin|dba)\w*\s+to\b)|\bgrant\b[^;]*\bto\s+public\b|\b(alter|create)\s+(user|role)\b[^;]*\bsuperuser\b/i;
const SQL_WRITE = /^\s*(insert|update|delete|merge|upsert|replace|alter|create|grant|revoke|copy|call)\b/im;
/** Text that reads as SQL (not a search string that mentions a table). */
const SQL_STATEMENT =
  /^\s*(select|with|insert|update|delete|merge|drop|truncate|alter|create|grant|revoke|begin|explain|show|describe|copy|call|pragma|exec|execute)[\s(]+\S/i;

export function looksLikeSql(text: string): boolean {
  return SQL_STATEMENT.test(text);
}

/** Raises the score for what the SQL does; returns false when it only reads. */
export function judgeSql(sql: string, label: string, score: Score): boolean {
  if (SQL_SHELL.test(sql)) {
    score.raise("high", `${label}: runs an operating-system command on the database server`);
  } else if (SQL_DROP.test(sql)) {
    score.raise("critical", `${label}: drops or truncates database objects`, "destructive_command");
  } else if (SQL_DELETE_ALL.test(sql)) {
    score.raise("high", `${label}: deletes every row of a table`, "destructive_command");
  } else if (SQL_GRANT_WIDE.test(sql)) {
    score.raise(
      "high",
      `${label}: grants every privilege or an administrator's role`,
      "privilege_escalation",
    );
  } else if (SQL_WRITE.test(sql)) {
    score.raise("medium", `${label}: changes data or schema`);
  } else {
    return false;
  }
  return true;
}
