/**
 * Credentials written in code, one table per language family's ways (src/redact/code.ts,
 * code-calls.ts, code-values.ts; docs/decisions/redaction-code.md): each carried as a command
 * argument, a written file and an MCP argument (carriers.ts). The secret is the same made-up
 * value in every row, so a row holding a user name or a host shows those stay.
 */
import { describe } from "vitest";
import { leavesEach, redactsEach } from "./carriers.js";

describe("credentials in code", () => {
  redactsEach([
    ["php bare lower-case word", "$password = goodspec;", "goodspec"],
    [
      "odbc phrase about one's own",
      "Driver={SQL Server};Server=db;Uid=app;Password=myPassword;",
      "myPassword",
    ],
    [
      "python kwargs",
      'conn = psycopg2.connect(host="db", user="app", password="Tr4il-Qu1et")',
      "Tr4il-Qu1et",
    ],
    [
      "python pymysql positional",
      'conn = pymysql.connect("db", "app", "Tr4il-Qu1et", "shop")',
      "Tr4il-Qu1et",
    ],
    ["python requests auth tuple", 'r = requests.get(url, auth=("app", "Tr4il-Qu1et"))', "Tr4il-Qu1et"],
    ["python smtp login", 'server.login("me@example.org", "Tr4il-Qu1et")', "Tr4il-Qu1et"],
    ["python dict", 'DATABASES = {"default": {"USER": "app", "PASSWORD": "Tr4il-Qu1et"}}', "Tr4il-Qu1et"],
    [
      "go struct []byte",
      'cfg := jwtmiddleware.Config{Secret: []byte("Tr4il-Qu1et-s1gn")}',
      "Tr4il-Qu1et-s1gn",
    ],
    ["go struct field", 'cfg := mysql.Config{User: "app", Passwd: "Tr4il-Qu1et", Net: "tcp"}', "Tr4il-Qu1et"],
    ["go const key", 'const apiKey = "Tr4il-Qu1et-k3y"', "Tr4il-Qu1et-k3y"],
    [
      "go hex key",
      "var signingKey = []byte{0x9f, 0x3a, 0x41, 0x7c, 0xd2, 0x08, 0xbb, 0x5e, 0x11, 0xc4, 0x6d, 0x27, 0xe9, 0x80, 0x3f, 0xa6}",
      "0x9f, 0x3a",
    ],
    [
      "rust reqwest basic_auth",
      'let resp = client.get(url).basic_auth("app", Some("Tr4il-Qu1et")).send()?;',
      "Tr4il-Qu1et",
    ],
    ["rust const", 'const API_TOKEN: &str = "Tr4il-Qu1et-t0k";', "Tr4il-Qu1et-t0k"],
    [
      "rust struct",
      'let opts = PgConnectOptions::new().username("app").password("Tr4il-Qu1et");',
      "Tr4il-Qu1et",
    ],
    [
      "rust tokio-postgres",
      'let (client, conn) = tokio_postgres::connect("host=localhost user=postgres password=Tr4il-Qu1et", NoTls).await?;',
      "Tr4il-Qu1et",
    ],
    [
      "swift URLCredential",
      'let credential = URLCredential(user: "app", password: "Tr4il-Qu1et", persistence: .forSession)',
      "Tr4il-Qu1et",
    ],
    ["swift let", 'let apiSecret = "Tr4il-Qu1et-s3c"', "Tr4il-Qu1et-s3c"],
    [
      "swift alamofire",
      'AF.request(url).authenticate(username: "app", password: "Tr4il-Qu1et")',
      "Tr4il-Qu1et",
    ],
    [
      "ruby hash rocket",
      'client = Mysql2::Client.new(:host => "localhost", :username => "app", :password => "Tr4il-Qu1et")',
      "Tr4il-Qu1et",
    ],
    [
      "ruby keyword",
      "Net::SMTP.start('smtp.example.org', 25, 'example.org', 'app', 'Tr4il-Qu1et', :plain)",
      "Tr4il-Qu1et",
    ],
    ["ruby net ssh", "Net::SSH.start('host', 'app', password: 'Tr4il-Qu1et')", "Tr4il-Qu1et"],
    ["php array", "'password' => 'Tr4il-Qu1et',", "Tr4il-Qu1et"],
    ["php pdo", "$pdo = new PDO('mysql:host=db;dbname=shop', 'app', 'Tr4il-Qu1et');", "Tr4il-Qu1et"],
    [
      "kotlin exposed",
      'Database.connect("jdbc:postgresql://localhost/shop", driver = "org.postgresql.Driver", user = "app", password = "Tr4il-Qu1et")',
      "Tr4il-Qu1et",
    ],
    ["kotlin const", 'const val CLIENT_SECRET = "Tr4il-Qu1et-cs"', "Tr4il-Qu1et-cs"],
    [
      "csharp connection",
      'var cs = "Server=db;Database=shop;User Id=app;Password=Tr4il-Qu1et;";',
      "Tr4il-Qu1et",
    ],
    [
      "csharp object initializer",
      'var c = new SmtpClient { Credentials = new NetworkCredential("app", "Tr4il-Qu1et") };',
      "Tr4il-Qu1et",
    ],
    ["java setPassword", 'dataSource.setPassword("Tr4il-Qu1et");', "Tr4il-Qu1et"],
    ["java jsch", 'session.setPassword("Tr4il-Qu1et");', "Tr4il-Qu1et"],
    ["java keystore", 'keyStore.load(in, "Tr4il-Qu1et".toCharArray());', "Tr4il-Qu1et"],
    [
      "js base64 key",
      'const key = Buffer.from("q3J0Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==", "base64");',
      "q3J0Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==",
    ],
    ["js template", "const url = `postgres://app:Tr4il-Qu1et@db:5432/shop`;", "Tr4il-Qu1et"],
    ["ts typed", 'const password: string = "Tr4il-Qu1et";', "Tr4il-Qu1et"],
    ["python -c", "import redis; r = redis.Redis(host='db', password='Tr4il-Qu1et')", "Tr4il-Qu1et"],
  ]);

  leavesEach([
    ["python input", 'password = input("Password: ")'],
    ["python getpass", "password = getpass.getpass()"],
    ["python environ", 'password = os.environ["DB_PASSWORD"]'],
    ["python environ get", 'password = os.environ.get("DB_PASSWORD", "")'],
    ["java getter", "String password = config.getPassword();"],
    ["ts type", "interface Login { password: string; token?: string }"],
    ["field name", 'password_field = "password"'],
    ["form label", '<label for="password">Password</label>'],
    ["hash call", "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())"],
    ["min length", "PASSWORD_MIN_LENGTH = 8"],
    ["empty", 'password = ""'],
    ["placeholder", 'password = "<your-password>"'],
    [
      "django validator",
      'AUTH_PASSWORD_VALIDATORS = [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"}]',
    ],
    ["kwarg variable", "conn = psycopg2.connect(host=host, user=user, password=password)"],
    ["go env", 'Passwd: os.Getenv("DB_PASSWORD"),'],
    ["rust env", 'let password = std::env::var("DB_PASSWORD")?;'],
    ["swift keychain", 'let password = try keychain.get("password")'],
    ["ruby env", "password: ENV.fetch('DB_PASSWORD')"],
    ["php env", "'password' => env('DB_PASSWORD'),"],
    ["csharp config", 'var pw = Configuration["Db:Password"];'],
    ["java annotation", '@Column(name = "password")'],
    ["error message", 'throw new Error("password must be at least 8 characters");'],
    ["compare variable", "if (password === confirmPassword) {"],
    ["setPassword var", "user.setPassword(encoder.encode(rawPassword));"],
    ["login var", "server.login(user, password)"],
    ["pdo var", "$pdo = new PDO($dsn, $user, $pass);"],
    ["test name", 'it("rejects a wrong password", async () => {'],
    ["password type", '<input type="password" name="password">'],
  ]);
});
