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
  // The same keyword before a double-quoted value, in a line of settings (`.fetchmailrc`'s
  // `user "u" password "X"`, `password "X"` of many daemons).
  {
    kind: "assignment",
    needs: ["passw", "passphrase"],
    regex: /(?:^|[\s(])(?:password|passwd|passphrase)[ \t]+"([^"\n]+)"(?=[\s;,)]|$)/gim,
    group: 1,
  },
  // A settings line that is only a password's keyword and its value (msmtp's `password X`,
  // isync's `Pass X`, keepalived's `auth_pass X`).
  {
    kind: "assignment",
    needs: ["pass", "secret", "psk"],
    regex:
      /^[ \t]*(?:password|passwd|pass|passphrase|secret|psk|auth_?pass)[ \t]+("?)([^\s"#:=][^\s"#]*)\1[ \t]*$/gim,
    group: 2,
    // Not a sentence's end (`password combination.`).
    accept: (value) => !/[.,;:!?]$/.test(value),
  },
  // A password under its storage scheme (Dovecot's passwd-file, OpenLDAP's userPassword):
  // `{PLAIN}X`, and the hashes `{SSHA}…`, `{SHA512-CRYPT}…`, which crack offline.
  {
    kind: "assignment",
    needs: ["{plain", "{clear", "{crypt", "{md5", "{smd5", "{sha", "{ssha", "{blf", "{argon", "{pbkdf2"],
    regex:
      /\{(?:PLAIN|CLEAR|CLEARTEXT|PLAIN-MD5|CRYPT|MD5-CRYPT|SHA(?:256|512)?-CRYPT|SSHA(?:256|512)?|SHA(?:256|512)?|SMD5|MD5|BLF-CRYPT|ARGON2ID?|PBKDF2)\}([^\s:"']+)/gi,
    group: 1,
  },
  // A mail relay's credentials file (Postfix's sasl_passwd): `[host]:port  user:X`.
  {
    kind: "assignment",
    needs: [":"],
    regex: /^[ \t]*\[?[\w-]+(?:\.[\w-]+)+\]?(?::\d+)?[ \t]+[^\s:]+:(\S+)[ \t]*$/gm,
    group: 1,
  },
  // A client's credentials by host (Exim's passwd.client): `host:user:X`.
  {
    kind: "assignment",
    needs: [":"],
    regex: /^[ \t]*[*\w-]*\.[\w.-]+:[^\s:\d][^\s:]*:([^\s:]+)[ \t]*$/gm,
    group: 1,
  },
  // A WebDAV mount's secrets file (davfs2): `URL user X`.
  {
    kind: "assignment",
    needs: ["http"],
    regex: /^[ \t]*https?:\/\/[^\s/]+\/\S*[ \t]+("?)[\w.+-][^\s"]*\1[ \t]+("?)([^\s"]{6,})\2[ \t]*$/gm,
    group: 3,
  },
  // IPsec secrets (strongSwan, Libreswan): `: PSK "X"`, `user : EAP "X"`, `: PSK 0s<base64>`.
  {
    kind: "assignment",
    needs: ["psk", "eap", "xauth", "ntlm"],
    regex: /(?:^|\s):[ \t]*(?:PSK|EAP|XAUTH|NTLM)[ \t]+(?:"([^"\n]+)"|(0[sx][\w+/=]+))/gm,
    group: [1, 2],
  },
  // A header set to a credential by a server's or a client's setting (nginx's `proxy_set_header
  // Authorization "Basic X"`, Apache's `RequestHeader set Authorization "Bearer X"`, `("Authorization", "Bearer X")`).
  {
    kind: "authorization",
    needs: ["authorization"],
    regex:
      /\bauthorization["']?(?:[ \t]*,[ \t]*|[ \t]+)["'](?:bearer|basic|token|digest|bot)[ \t]+([A-Za-z0-9._~+/=-]{6,})["']/gi,
    group: 1,
  },
  // A Keychain item's data (`kSecValueData: "X".data(using: .utf8)!`) and macOS' `security
  // add-generic-password … -w X`.
  {
    kind: "assignment",
    needs: ["ksecvaluedata"],
    regex: /\bkSecValueData(?:[ \t]+as[ \t]+String)?[ \t]*[:,][ \t]*@?"([^"\n]+)"/g,
    group: 1,
  },
  {
    kind: "password-flag",
    needs: ["add-generic-password", "add-internet-password"],
    regex:
      /\bsecurity[ \t]+add-(?:generic|internet)-password\b[^\n;&|]*?[ \t]-w[ \t]+["']?([^\s"';&|-][^\s"';&|]*)/g,
    group: 1,
  },
  // A literal piped into a hashing filter (Ansible's `{{ 'X' | password_hash('sha512') }}`).
  {
    kind: "assignment",
    needs: ["password_hash"],
    regex: /\{\{[ \t]*(["'])([^"'\n]+)\1[ \t]*\|[ \t]*password_hash\b/g,
    group: 2,
  },
];

const STATEMENT_HINT =
  /identified|password|sp_addlogin|setuser|requirepass|masterauth|auth-pass|ksecvaluedata|\{plain\}|:[ \t]*(?:psk|eap)\b|client[ \t]+server[ \t]+secret|^[ \t]*pass[ \t]|\[admins\]|\[users\]|assword|passphrase/im;

/** Whether a text may hold a statement above (a command's quoted word is then judged as text). */
export const mayHoldStatement = (text: string): boolean => STATEMENT_HINT.test(text);

// A keyword and a string in Clojure, EDN or Lisp data (`{:user "u" :password "X"}`).
const KEYWORD = /(?<![\w:.-]):([A-Za-z][\w-]*)\s+"((?:[^"\\\n]|\\.)+)"/g;
// An INI section of users and their passwords (CouchDB's `[admins]`, Shiro's `[users]`).
const USERS_SECTION = /^\[(?:admins|users)\][ \t]*$/gm;

// A secret's name given to a call that sets or stores a value, as a string, then its value
// (`setProperty("db.password", "X")`, `setenv("API_TOKEN", "X", 1)`, `putString("token", "X")`,
// Gradle's `buildConfigField("String", "API_KEY", "\"X\"")`).
const NAMED_PAIR =
  /(?<=[(,][ \t]*)(["'])([A-Za-z_][\w.-]*)\1(?=[ \t]*,[ \t]*(["'])(?:\\")?((?:[^"'\\\n])+?)(?:\\")?\3[ \t]*[,)])/g;
const SETTING_CALL =
  /^(?:set|put|add|define|store|save|with|update|insert|write)(?:[A-Z_]\w*)?$|^(?:setenv|putenv|buildConfigField|SetEnvironmentVariable|setdefault)$/;
// pppd's secrets files, under their header (`# client server secret IP addresses`).
const PPP_HEADER = /^#[^\n]*\bclient\b[^\n]*\bserver\b[^\n]*\bsecret\b[^\n]*$/im;

/** The keyword values, named pairs, pppd secrets and INI user sections above. */
export function statementSpans(text: string, spans: Span[]): void {
  if (text.includes("(") && text.includes(",")) {
    for (const match of text.matchAll(NAMED_PAIR)) {
      const value = match[4]!;
      if (!isSecretName(match[2]!.replace(/^.*\./, "")) || !isSecretValue(value)) continue;
      // Only a call that sets or stores the named value (`require("api-key", "optional")` does not).
      const call = /([A-Za-z_$][\w$]*)[ \t]*\((?:[^()\n]*,)?[ \t]*$/.exec(
        text.slice(Math.max(0, match.index! - 120), match.index!),
      );
      if (!call || !SETTING_CALL.test(call[1]!)) continue;
      const start = text.indexOf(value, match.index! + match[0].length);
      spans.push({ start, end: start + value.length, kind: "assignment" });
    }
  }
  const header = text.includes("secret") ? PPP_HEADER.exec(text) : null;
  if (header) {
    let at = header.index + header[0].length + 1;
    for (let line = 0; line < 32 && at < text.length; line += 1) {
      const end = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
      const fields = /^[ \t]*([^\s#]\S*)[ \t]+(\S+)[ \t]+("?)([^\s"]+)\3(?:[ \t]|$)/.exec(
        text.slice(at, end),
      );
      if (fields && isSecretValue(fields[4]!)) {
        const start = at + fields[0].lastIndexOf(fields[4]!);
        spans.push({ start, end: start + fields[4]!.length, kind: "assignment" });
      }
      at = end + 1;
    }
  }
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
