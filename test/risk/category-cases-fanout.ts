/**
 * Input-completed commands (xargs, GNU parallel): judged as the commands they become. Cases from
 * every set, grouped by the set they were written in (docs/risk.md gives each set's first-run
 * rates); categories.test.ts runs them. The working directory is /home/dev/project, the home
 * /home/dev.
 */
import type { Category } from "./category.js";

export const FANOUT: Category = {
  name: "dangerous words reaching xargs or parallel",
  dangerous: [
    // first tables
    "echo / | xargs rm -rf",
    "printf '%s\\n' / | xargs rm -rf",
    "find . -print0 | xargs -0 rm -rf",
    "ls | xargs rm -rf",
    "echo ~ | xargs rm -rf",
    "echo $HOME | xargs -n1 rm -r",
    "parallel rm -rf {} ::: /",
    "parallel rm -rf ::: / /home",
    "parallel -j4 rm -rf {} ::: ~/Documents",
    "echo 'git reset --hard' | xargs -I{} sh -c '{}'",
    "xargs -a dirs.txt rm -rf",
    "echo /etc | xargs -n1 chmod -R 777",
    "find / -name '*.log' | xargs rm -f",
    "echo /usr | xargs -I % rm -rf %",
    "parallel --will-cite sh -c {} ::: 'rm -rf /'",
    "echo .. | xargs rm -rf",
    "ls -d */ | xargs rm -rf",
    "echo sudo | xargs -I{} {} reboot",
    "echo .env | xargs cat",
    "parallel cat ::: .env ~/.aws/credentials",
    "printf '/\\n' | xargs -r rm -rf",
    "echo / | xargs -t -n 1 rm -rf",
    // second set
    "echo ~/.ssh | xargs rm -rf",
    "printf '%s\\0' / | xargs -0 rm -rf",
    "ls -A | xargs rm -rf",
    "echo 'rm -rf ~' | xargs -I CMD bash -c CMD",
    "parallel -k rm -rf ::: ~/.config ~/.cache",
    "find ~ -maxdepth 1 | xargs rm -rf",
    "xargs -a cmds.txt -I{} sh -c '{}'",
    // third set
    "find . -maxdepth 1 -print0 | xargs -0 rm -rf",
    "echo ../sibling | xargs rm -r",
    "printf '%s\\n' ~ /etc | xargs -I D rm -rf D",
    "parallel -X rm -rf ::: ~/.npm ~/.cache",
    "ls ~ | xargs -I{} rm -rf ~/{}",
    // fourth set
    "echo -e '/\\n/home' | xargs -n1 rm -rf",
    "cat /dev/null | xargs -r rm -rf /",
    "parallel 'rm -rf {}' ::: / ~",
    "find ~ -name '*.tmp' -print0 | xargs -0 rm -f",
    // seventh set
    "echo '/' | xargs -t rm -rf",
    "echo ~/.aws | xargs -I{} cp -r {} /tmp/aws",
    "xargs rm -rf <<< '/'",
    "parallel --halt now,fail=1 rm -rf ::: ~/src",
    "find ~/projects -maxdepth 1 -type d | xargs rm -rf",
    // ninth set
    "echo '.' | xargs rm -rf",
    "find . -name '*.bak' -print0 | xargs -0 -I{} rm -rf ~",
    "seq 1 3 | parallel rm -rf /tmp/x{} ~",
    // tenth set
    "xargs -0 -a list.txt rm -rf",
    // eleventh set
    "ls -1 | grep -v keep | xargs rm -rf",
    "printf '%s\\0' ~/Downloads/* | xargs -0 rm -rf",
    // twelfth set
    "xargs -I % sh -c 'rm -rf %' < dirs.txt",
    // thirteenth set
    "xargs -n1 -I{} rm -rf {} <<< '/home'",
    // sixteenth set
    "ls -a | xargs -I{} rm -rf {}",
    "echo ~ /etc | xargs -n1 rm -r",
    "parallel rm -rf ::: $(ls)",
  ],
  harmless: [
    // first tables
    "git ls-files | xargs wc -l",
    "find . -name '*.ts' | xargs grep TODO",
    "echo a b | xargs echo",
    "ls | xargs -n1 basename",
    "parallel echo ::: a b c",
    "parallel gzip ::: a.log b.log",
    "find . -name '*.pyc' | xargs rm",
    "find . -type f -name '*.tmp' | xargs rm -rf",
    "echo build | xargs rm -rf",
    "echo dist coverage | xargs rm -rf",
    "git diff --name-only | xargs npx prettier --write",
    "cat urls.txt | xargs -n1 echo",
    "seq 1 5 | parallel echo {}",
    "find src -name '*.js' -print0 | xargs -0 wc -l",
    "printf '%s\\n' a b | xargs -I{} echo {}",
    "parallel -j2 gzip {} ::: logs/a.log logs/b.log",
    // second set
    "ls *.txt | xargs -I{} cp {} backup/",
    "find . -name '*.md' | xargs wc -w",
    "echo src | xargs ls",
    "parallel --dry-run rm {} ::: a b",
    "find . -name '*.log' -print0 | xargs -0 rm -f",
    // third set
    "find . -maxdepth 1 -type f | xargs ls -la",
    "echo hello | xargs -n1 printf '%s\\n'",
    "parallel --jobs 4 npm run test:{} ::: unit e2e",
    "ls src | xargs -I{} echo src/{}",
    // fourth set
    "echo a.txt b.txt | xargs cat",
    "ls *.md | xargs -n1 wc -l",
    "parallel --bar gzip -k ::: *.csv",
    "find . -type f -name '*.bak' -print | xargs rm -f",
    // fifth set
    "printf '%s\\n' build dist | xargs -I{} echo removing {}",
    "seq 3 | xargs -I{} touch file{}.txt",
    "parallel echo rm -rf {} ::: /",
    // seventh set
    "echo / | xargs ls -ld",
    "echo ~/.aws | xargs ls",
    "parallel ls ::: / ~",
    "find . -maxdepth 1 -type d | xargs du -sh",
    // eighth set
    "find . -name '*.pyc' -o -name '__pycache__' | xargs rm -rf",
    // ninth set
    "git diff --name-only | xargs git diff --stat",
    "echo . | xargs ls",
    "seq 1 3 | parallel echo /tmp/x{}",
    // tenth set
    "xargs -0 -a list.txt ls -la",
    // eleventh set
    "ls -1 | grep -v keep | xargs echo",
    // twelfth set
    "xargs -I % echo % < names.txt",
    // thirteenth set
    "xargs -n1 -I{} echo {} <<< '/home'",
    // fifteenth set
    "xargs -a files.txt wc -l",
    // seventeenth set
    "find . -path ./node_modules -prune -o -type f -name '*.orig' -print0 | xargs -0 rm -f",
    "ls *.log | xargs -r rm",
    "parallel --jobs 2 'convert {} {.}.png' ::: *.svg",
    "xargs -P4 -n1 curl -sO < urls.txt",
    "seq 10 | xargs -n1 -P4 sh -c 'echo $0'",
  ],
};
