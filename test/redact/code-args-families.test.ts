/**
 * Credentials code gives by their place among other values (src/redact/code-args.ts,
 * docs/decisions/redaction-code-args.md), one table per family, each row carried as a command
 * argument, a written file and an MCP argument (carriers.ts); beside them, the same calls and
 * shapes holding no credential. Also the vendor forms of the same round: a token behind a
 * vendor's tag and bars (fetched.ts), a service account's token under its vendor (vendors.ts).
 */
import { describe } from "vitest";
import { leavesEach, redactsEach } from "./carriers.js";

describe("a user and its password given to a call that logs in", () => {
  redactsEach([
    ["login with a user's variable", 'client.login(user, "hunter2x")', "hunter2x"],
    ["auth with a bare name", 'auth("admin", "s3cr3t")', "s3cr3t"],
    [
      "go PlainAuth",
      'auth := smtp.PlainAuth("", "ops@acme.io", "lanternfish", "smtp.acme.io")',
      "lanternfish",
    ],
    ["php ftp_login", '$ok = ftp_login($conn, "deploy", "saltmeadow");', "saltmeadow"],
    ["java connect after a host", 'transport.connect("smtp.acme.io", "mailer", "ravenbrook");', "ravenbrook"],
    ["camelCase signIn", 'await api.signIn(this.username, "quietharbor")', "quietharbor"],
    ["authenticate with an e-mail", 'session.authenticate("ops@acme.io", "tinmarble")', "tinmarble"],
    ["setCredentials", 'http.setCredentials(userName, "copperkite");', "copperkite"],
  ]);
  leavesEach([
    ["login with variables", "server.login(user, password)"],
    ["login reading a prompt", "server.login(user, getpass.getpass())"],
    ["connect without a host", 'db.connect("shop", "reporting")'],
    ["connect to a host and port", 'sock.connect("db.acme.io", "5432")'],
    ["auth naming a route", 'router.auth("/login", "/logout")'],
    ["login with the slot's word", 'client.login("user", "password")'],
    ["jquery bind", '$("#form").bind("submit", "validate")'],
  ]);
});

describe("a password written character by character", () => {
  redactsEach([
    ["java char array", "char[] password = {'c', 'o', 'b', 'a', 'l', 't', '9', '9'};", "'c', 'o', 'b'"],
    ["java new char array", "char[] storePass = new char[] { 'w', 'i', 'n', 'd', '7' };", "'w', 'i', 'n'"],
    ["kotlin charArrayOf", "val passphrase = charArrayOf('m', 'a', 'p', 'l', 'e')", "'m', 'a', 'p'"],
    ["c array", "char pass[] = {'r', 'o', 'o', 't', '9'};", "'r', 'o', 'o'"],
  ]);
  leavesEach([
    ["a separator list", "char[] separators = {',', ';', ':'};"],
    [
      "hex digits",
      "char[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};",
    ],
    ["a password read", 'char[] password = console.readPassword("Password: ");'],
  ]);
});

describe("a password a format call puts in a secret's slot", () => {
  redactsEach([
    [
      "c# String.Format by index",
      'var cs = String.Format("Server={0};Database={1};User Id={2};Password={3};", "db01", "shop", "app", "Tr0ub4dor");',
      "Tr0ub4dor",
    ],
    [
      "java String.format in order",
      'String url = String.format("jdbc:mysql://%s/%s?user=%s&password=%s", "db01", "shop", "app", "mapleleaf");',
      "mapleleaf",
    ],
    [
      "python str.format in a URL",
      'dsn = "postgresql://{0}:{1}@{2}/shop".format("app", "harborview", "db01")',
      "harborview",
    ],
    ["python % with a tuple", 'dsn = "host=db user=%s password=%s" % ("app", "saltmeadow")', "saltmeadow"],
    [
      "go Sprintf",
      'dsn := fmt.Sprintf("user=%s password=%s host=%s", "app", "lanternfish", host)',
      "lanternfish",
    ],
    [
      "a variable carrying the literal",
      'var pw = "graniteowl";\nvar cs = string.Format("Server=db;Password={0};", pw);',
      "graniteowl",
    ],
  ]);
  leavesEach([
    ["a message by index", 'var msg = String.Format("Copied {0} of {1} files to {2}", done, total, target);'],
    [
      "a password read from settings",
      'var cs = String.Format("Server={0};Password={1};", host, settings.Password);',
    ],
    ["a user's slot", 'String url = String.format("jdbc:mysql://%s/%s?user=%s", "db01", "shop", "app");'],
  ]);
});

describe("a literal at the end of a chain", () => {
  redactsEach([
    ["assignment chain into a subscript", 'd["password"] = safe = "s3cr3t"', "s3cr3t"],
    ["comparison chain", 'password == safe == "s3cr3t"', "s3cr3t"],
  ]);
  leavesEach([
    ["a chain of other names", 'label = title = "Sign in"'],
    ["a chain of comparisons of other names", 'if kind == mode == "dark":'],
  ]);
});

describe("vendor forms: a tag and bars, a service account under its vendor", () => {
  redactsEach([
    [
      "OAuth MLY| header",
      "headers = {'Authorization': 'OAuth MLY|4285629878738491|3779c0eb8fa1f133bf34a646017b5f57'}",
      "3779c0eb8fa1f133bf34a646017b5f57",
    ],
    [
      "MLY| in a query",
      "curl 'https://graph.mapillary.com/images?access_token=MLY|5176774929146765|d1c44431e62c4912b7cadd1b542c5c66&fields=id'",
      "d1c44431e62c4912b7cadd1b542c5c66",
    ],
    [
      "a service token in a vendor's object",
      '{"snyk": {"service": "e85e0b1a-2f11-403b-a537-06acbb11222f", "org": "acme"}}',
      "e85e0b1a-2f11-403b-a537-06acbb11222f",
    ],
    [
      "a service token in a vendor's block",
      "snyk:\n  org: acme\n  service: 4ddaa073-115a-43d4-906e-9d76d442e8a6",
      "4ddaa073-115a-43d4-906e-9d76d442e8a6",
    ],
  ]);
  leavesEach([
    ["a service's name under its vendor", '{"snyk": {"org": "acme", "service": "snyk-broker"}}'],
    ["a service id under its vendor", "pagerduty:\n  service_id: 4ddaa073-115a-43d4-906e-9d76d442e8a6"],
    ["an image's id", "curl 'https://graph.mapillary.com/4285629878738491?fields=id,thumb_1024_url'"],
  ]);
});

describe("a declared parameter's default, a key's decoded bytes, a name after an acronym", () => {
  redactsEach([
    [
      "cloudformation parameter with NoEcho",
      "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: Tr4il-Qu1et\nResources: {}",
      "Tr4il-Qu1et",
    ],
    [
      "cloudformation parameter masked under any name",
      "Parameters:\n  DBUser:\n    Type: String\n    NoEcho: true\n    Default: quietharbor7",
      "quietharbor7",
    ],
    [
      "cloudformation json parameter",
      '{"Parameters": {"DB1Password": {"Type": "String", "Default": "datpassword"}}}',
      "datpassword",
    ],
    [
      "workflow input default",
      "on:\n  workflow_dispatch:\n    inputs:\n      api_token:\n        type: string\n        default: lanternfish42",
      "lanternfish42",
    ],
    [
      "terraform variable",
      'variable "db_password" {\n  type    = string\n  default = "graniteowl9"\n}',
      "graniteowl9",
    ],
    [
      "terraform sensitive variable",
      'variable "admin" {\n  type      = string\n  sensitive = true\n  default   = "copperkite3"\n}',
      "copperkite3",
    ],
    [
      "c# key from base64",
      'byte[] key = Convert.FromBase64String("AAAAAaazaoensuth");\nrijn.CreateEncryptor(key, iv);',
      "AAAAAaazaoensuth",
    ],
    [
      "c# key from a string's bytes",
      'byte[] key = Encoding.UTF8.GetBytes("AAAAAaazaoensuth");',
      "AAAAAaazaoensuth",
    ],
    [
      "python key from hex",
      'aes_key = bytes.fromhex("00112233445566778899aabbccddeeff")',
      "00112233445566778899aabbccddeeff",
    ],
    ["go key from hex", 'hmacKey, _ := hex.DecodeString("9f3a417cd208bb5e")', "9f3a417cd208bb5e"],
    ["an acronym before Token", "HECToken: b@d0@h3C70K3n", "b@d0@h3C70K3n"],
  ]);
  leavesEach([
    [
      "cloudformation parameter with a reference",
      "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\nResources:\n  Db:\n    Properties:\n      MasterUserPassword: !Ref DBPassword",
    ],
    [
      "cloudformation parameter default of another kind",
      "Parameters:\n  InstanceType:\n    Type: String\n    Default: t3.micro",
    ],
    ["a workflow input's default word", "inputs:\n  environment:\n    default: production"],
    ["terraform variable of a region", 'variable "region" {\n  default = "eu-west-1"\n}'],
    [
      "a dynamic reference",
      "Parameters:\n  DBPassword:\n    Type: String\n    Default: '{{resolve:secretsmanager:db:SecretString:password}}'",
    ],
    ["a cache key's bytes", 'byte[] cacheKey = Encoding.UTF8.GetBytes("users");'],
    [
      "a decoded image",
      'byte[] logo = Convert.FromBase64String("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");',
    ],
  ]);
});

describe("servers' statements and settings, connections by their place, scripts answering a prompt", () => {
  redactsEach([
    ["mysql create user", "CREATE USER 'jeffrey'@'localhost' IDENTIFIED BY 'quietharbor';", "quietharbor"],
    [
      "mysql alter user with a plugin",
      "ALTER USER 'jeffrey'@'localhost' IDENTIFIED WITH caching_sha2_password BY 'tinmarble42';",
      "tinmarble42",
    ],
    ["mysql set password", "SET PASSWORD FOR 'jeffrey'@'localhost' = 'bluefrost';", "bluefrost"],
    [
      "oracle unquoted",
      "CREATE USER sidney IDENTIFIED BY lanternfish DEFAULT TABLESPACE example;",
      "lanternfish",
    ],
    [
      "oracle replace",
      "ALTER USER sidney IDENTIFIED BY harborview2 REPLACE lanternfish;",
      ["harborview2", "lanternfish"],
    ],
    ["postgres role", "CREATE ROLE carl WITH LOGIN PASSWORD 'ambergate';", "ambergate"],
    ["neo4j user", "CREATE USER jake SET PASSWORD 'pinecrest9' CHANGE NOT REQUIRED;", "pinecrest9"],
    ["sql server sp_addlogin", "EXEC sp_addlogin 'Victoria', 'copperkite', 'corporate';", "copperkite"],
    ["redis requirepass", "bind 127.0.0.1\nrequirepass foxgloveharbor\nmaxmemory 256mb", "foxgloveharbor"],
    ["redis acl", "ACL SETUSER alice on >p1pp0 ~cached:* +get", "p1pp0"],
    ["sentinel auth-pass", "sentinel auth-pass mymaster velvetcrane", "velvetcrane"],
    [
      "a user made with -p",
      "bin/elasticsearch-users useradd jacknich -p quarrylight -r network",
      "quarrylight",
    ],
    ["wildfly add-user", "./add-user.sh -u admin -p ravenbrook7 -g admin", "ravenbrook7"],
    ["expect and send", 'expect "*assword:" { send "oakridge22\\r" }', "oakridge22"],
    ["pexpect", "child.expect('Password:')\nchild.sendline('juniperhill')", "juniperhill"],
    ["telnetlib", 'tn.read_until(b"Password: ")\ntn.write(b"oakridge22\\n")', "oakridge22"],
    ["clojure keyword", '(def db {:dbtype "postgresql" :user "app" :password "fernhollow"})', "fernhollow"],
    ["couchdb admins", "[admins]\nadmin = marblehill", "marblehill"],
    [
      "shiro users",
      "[users]\nroot = emberfall, admin\nguest = thornfield, guest",
      ["emberfall", "thornfield"],
    ],
    ["mongo changeUserPassword", 'db.changeUserPassword("accountUser", "silverbirch")', "silverbirch"],
    [
      "groovy Sql.newInstance",
      "def sql = Sql.newInstance('jdbc:hsqldb:mem:db', 'sa', 'birchwood', 'org.hsqldb.jdbc.JDBCDriver')",
      "birchwood",
    ],
    [
      "perl DBI",
      'my $dbh = DBI->connect("dbi:Pg:dbname=shop;host=db", "app", "elmstead", { RaiseError => 1 });',
      "elmstead",
    ],
    [
      "luasql",
      'local con = assert(env:connect("luasql-test", "app", "cinderpath", "localhost"))',
      "cinderpath",
    ],
    ["saslpasswd2 from stdin", "echo 'mysecret9' | saslpasswd2 -a memcached -c -p appuser", "mysecret9"],
  ]);
  leavesEach([
    ["mysql auth socket", "CREATE USER 'jeffrey'@'localhost' IDENTIFIED WITH auth_socket;"],
    ["oracle external", "CREATE USER ops$external_user IDENTIFIED EXTERNALLY;"],
    ["redis commented", "# requirepass foobared\nbind 127.0.0.1 -::1"],
    ["postgres createuser port", "createuser -h db -p 5432 app"],
    ["an expect without a password", 'expect "login:" { send "admin\\r" }'],
    ["clojure other keyword", '(def db {:dbtype "postgresql" :dbname "shop" :user "app"})'],
    ["ini other section", "[server]\nadmin = marble-host"],
    ["a URL call without a pair", 'fetch("https://api.acme.io/v1/items", "GET")'],
    ["luasql with a variable", "local con = assert(env:connect(source, user, password, host))"],
  ]);
});

// Postfix's `[host]:port  user:X` and Exim's `host:user:X` lines are read in a file written, not
// inside a command's quoted word (no word of theirs hints at a secret): the tuning set measures them.
describe("daemons' credential files and settings", () => {
  redactsEach([
    [
      "fetchmailrc",
      'poll pop.acme.io protocol pop3 user "jdoe" password "emberfall" is jdoe here',
      "emberfall",
    ],
    ["msmtprc", "account default\nhost smtp.acme.io\nuser jdoe@acme.io\npassword ravenbrook7", "ravenbrook7"],
    ["mbsyncrc", "IMAPAccount acme\nHost imap.acme.io\nUser jdoe@acme.io\nPass larkspur5", "larkspur5"],
    ["offlineimaprc", "[Repository Remote]\nremoteuser = jdoe\nremotepass = quietharbor", "quietharbor"],
    ["ssmtp AuthPass", "AuthUser=jdoe@acme.io\nAuthPass=velvetcrane", "velvetcrane"],
    ["dovecot passwd-file", "jdoe:{PLAIN}copperkite:1000:1000::/home/jdoe", "copperkite"],
    [
      "an ldap userPassword hash",
      "userPassword: {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=",
      "W6ph5Mm5Pz8GgiULbPgzG37mj9g=",
    ],
    ["davfs2 secrets", "https://dav.acme.io/remote.php/webdav jdoe wrenhaven", "wrenhaven"],
    ["ipsec psk", ': PSK "duskmeadow"', "duskmeadow"],
    ["ipsec eap", 'jdoe : EAP "bluefrost7"', "bluefrost7"],
    [
      "chap-secrets under its header",
      "# client  server  secret  IP addresses\njdoe  vpn  driftwood77  *",
      "driftwood77",
    ],
    ["wpa_supplicant psk", 'network={\n    ssid="acme"\n    psk="marblehill"\n}', "marblehill"],
    ["networkmanager psk", "[wifi-security]\nkey-mgmt=wpa-psk\npsk=ambergate", "ambergate"],
    [
      "nginx authorization header",
      'proxy_set_header Authorization "Basic amRvZTpvYWtyaWRnZTIy";',
      "amRvZTpvYWtyaWRnZTIy",
    ],
    [
      "keychain value data",
      'let q: [String: Any] = [kSecAttrAccount as String: "jdoe", kSecValueData as String: "tinmarble42".data(using: .utf8)!]',
      "tinmarble42",
    ],
    ["macOS security -w", "security add-generic-password -a jdoe -s acme -w saltmeadow", "saltmeadow"],
    ["gradle buildConfigField", 'buildConfigField("String", "API_KEY", "\\"saltmeadow\\"")', "saltmeadow"],
    ["java setProperty", 'System.setProperty("db.password", "glassriver");', "glassriver"],
    ["ansible password_hash", "password: \"{{ 'silverbirch' | password_hash('sha512') }}\"", "silverbirch"],
  ]);
  leavesEach([
    ["msmtp passwordeval", 'user jdoe@acme.io\npasswordeval "pass show mail/acme"'],
    ["muttrc command substitution", 'set smtp_pass = "`pass show mail/acme`"'],
    ["postfix main.cf lookup table", "smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd"],
    ["ipsec rsa key file", ": RSA moonKey.pem"],
    ["hostapd psk file", "wpa_psk_file=/etc/hostapd/psk"],
    ["a python pass statement", "def f():\n    pass"],
    ["an authorization header from a variable", 'proxy_set_header Authorization "Basic $auth";'],
    ["a property that is no secret", 'System.setProperty("java.awt.headless", "true");'],
    ["ansible vault variable", "password: \"{{ vault_jdoe_password | password_hash('sha512') }}\""],
    ["a grep result line", "src/app.ts:12:const x = 1;"],
  ]);
});
