/**
 * Passwords written into the statements and settings of servers, where the secret follows a
 * keyword rather than a name and `=` (docs/decisions/redaction-code-args.md):
 *
 * - **SQL that makes or changes a user**: `IDENTIFIED BY 'X'` (also `IDENTIFIED WITH plugin BY`,
 *   Oracle's unquoted `IDENTIFIED BY X … REPLACE old`), `PASSWORD 'X'` (PostgreSQL's and
 *   CockroachDB's roles, Neo4j's users), `SET PASSWORD FOR u = 'X'`, SQL Server's
 *   `sp_addlogin 'u', 'X'` and `sp_password 'old', 'X'`;
 * - **a server's password directive** (`requirepass X`, `masterauth X`, Sentinel's `auth-pass`)
 *   and Redis' ACL rule (`ACL SETUSER alice on >X`);
 * - **`-p X` after a verb that makes a user** (`elasticsearch-users useradd NAME -p X`,
 *   `add-user.sh -u NAME -p X`, `influx user create -p X`, `useradd -p HASH`);
 * - **what a script sends after a password prompt** (`expect "*assword:" { send "X\r" }`,
 *   pexpect's `expect('Password:')` then `sendline('X')`, telnetlib's `read_until(b"Password: ")`
 *   then `write(b"X\n")`);
 * - **a keyword's value** in Clojure, EDN and Lisp data (`:password "X"`), and the users of an
 *   INI section that lists users with their passwords (CouchDB's `[admins]`, Shiro's `[users]`).
 */
import { isSecretName, isSecretValue } from "./names.js";
import type { Pattern, Span } from "./span.js";

const QUOTED_OR_WORD = String.raw`(?:'((?:[^'\\\n]|\\.|'')+)'|"([^"\n]+)"|([^\s'";,)]+))`;

export const STATEMENT_PATTERNS: Pattern[] = [
  {
    kind: "assignment",
    needs: ["identified"],
    regex: new RegExp(
      String.raw`\bidentified\s+(?:with\s+['"]?\w+['"]?\s+)?by\s+(?:password\s+)?${QUOTED_OR_WORD}`,
      "gi",
    ),
    group: [1, 2, 3],
    // `IDENTIFIED BY VALUES 'hash'` is a hash, also a credential; `IDENTIFIED BY PASSWORD` alone is not.
    accept: (value) => !/^(?:password|values)$/i.test(value),
  },
  {
    kind: "assignment",
    needs: ["identified"],
    regex: new RegExp(String.raw`\bidentified\s+by\s+\S+\s+replace\s+${QUOTED_OR_WORD}`, "gi"),
    group: [1, 2, 3],
  },
  {
    kind: "assignment",
    needs: ["password"],
    regex:
      /(?:\bset\s+password\b[^=\n;]{0,120}=|(?:^|[\s(])password\s*(?:=\s*)?)\s*'((?:[^'\\\n]|\\.|'')+)'(?=[\s;,)]|$)/gim,
    group: 1,
  },
  {
    kind: "assignment",
    needs: ["sp_addlogin", "sp_password"],
    regex:
      /\bsp_(?:addlogin\s+(?:@loginame\s*=\s*)?N?'[^'\n]*'|password\s+(?:N?'[^'\n]*'|NULL))\s*,\s*(?:@(?:passwd|new)\s*=\s*)?N?'([^'\n]+)'/gi,
    group: 1,
  },
  {
    kind: "assignment",
    needs: ["requirepass", "masterauth", "masterpass", "auth-pass"],
    regex:
      /^[ \t]*(?:requirepass|masterauth|masterpass|sentinel[ \t]+auth-pass[ \t]+\S+)[ \t]+("?)([^\s"]+)\1[ \t]*$/gim,
    group: 2,
  },
  // Each `>password` of an ACL rule (`ACL SETUSER alice on >p1 >p2 ~keys:* +get`).
  { kind: "assignment", needs: ["setuser"], regex: /(?<=\bsetuser\b[^\n]*\s)>([^\s'"]+)/gi, group: 1 },
  {
    kind: "password-flag",
    needs: ["useradd", "adduser", "add-user", "add_user", "create-user", "user add", "user create"],
    regex:
      /\b(?:useradd|adduser|add-?user(?:\.sh|\.bat)?|add_user|create-user|user[ \t]+(?:add|create))\b[^\n;&|]*?[ \t]-p[ \t]+["']?([^\s"';&|-][^\s"';&|]*)/gi,
    group: 1,
    // A port (`-p 5432`) is digits only.
    accept: (value) => !/^\d{1,5}$/.test(value),
  },
  // What a script sends once a password prompt is seen (the prompt's line, or the next one).
  {
    kind: "assignment",
    needs: ["assword", "passphrase"],
    regex:
      /\b(?:expect|expect_exact|read_until|waitfor|wait_for|readuntil)\b[^\n]*?(?:assword|passphrase)[^\n]*?(?:\n[^\n]*?)??\b(?:send|sendline|write|puts|send_keys|writeline)\b\s*\(?\s*b?["']([^"'\n\\]+?)(?:\\[rn])*["']/gi,
    group: 1,
  },
];

const STATEMENT_HINT =
  /identified|password|sp_addlogin|setuser|requirepass|masterauth|auth-pass|\[admins\]|\[users\]|assword|passphrase/i;

/** Whether a text may hold a statement above (a command's quoted word is then judged as text). */
export const mayHoldStatement = (text: string): boolean => STATEMENT_HINT.test(text);

// A keyword and a string in Clojure, EDN or Lisp data (`{:user "u" :password "X"}`).
const KEYWORD = /(?<![\w:.-]):([A-Za-z][\w-]*)\s+"((?:[^"\\\n]|\\.)+)"/g;
// An INI section of users and their passwords (CouchDB's `[admins]`, Shiro's `[users]`).
const USERS_SECTION = /^\[(?:admins|users)\][ \t]*$/gm;

/** The keyword values and INI user sections above. */
export function statementSpans(text: string, spans: Span[]): void {
  if (text.includes(":") && text.includes('"')) {
    for (const match of text.matchAll(KEYWORD)) {
      const value = match[2]!;
      if (!isSecretName(match[1]!) || !isSecretValue(value)) continue;
      const start = match.index! + match[0].length - value.length - 1;
      spans.push({ start, end: start + value.length, kind: "assignment" });
    }
  }
  if (!text.includes("[admins]") && !text.includes("[users]")) return;
  for (const header of text.matchAll(USERS_SECTION)) {
    let at = header.index! + header[0].length + 1;
    for (let line = 0; line < 32 && at < text.length; line += 1) {
      const end = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
      const row = text.slice(at, end);
      if (row.startsWith("[")) break;
      // `name = password` (CouchDB) or `name = password, role1, role2` (Shiro).
      const entry = /^[ \t]*[^\s=;#][^=\n]*?[ \t]*=[ \t]*([^,\s][^,\n]*?)[ \t]*(?:,|$)/.exec(row);
      if (entry && isSecretValue(entry[1]!)) {
        const start = at + entry[0].indexOf(entry[1]!, entry[0].indexOf("=") + 1);
        spans.push({ start, end: start + entry[1]!.length, kind: "assignment" });
      }
      at = end + 1;
    }
  }
}
