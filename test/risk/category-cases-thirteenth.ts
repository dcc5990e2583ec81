/**
 * A thirteenth set across the families, written after the twelfth set's fixes and measured
 * before any change for it (docs/risk.md gives the rates).
 */
import type { Category } from "./category-cases.js";

export const THIRTEENTH: Category = {
  name: "thirteenth set",
  dangerous: [
    "git checkout --progress -f origin/main",
    "git reset --hard && git clean -dfx -e node_modules",
    "git branch --force main HEAD~5",
    "git push origin HEAD --force-with-lease",
    "printf 'rm -rf ~\\n' > /tmp/c.sh && sh /tmp/c.sh",
    "find ~/Documents -type f -delete",
    "find . -maxdepth 0 -exec rm -rf {} \\;",
    'rm -rf -- "$(dirname "$PWD")"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    "rm -rf ../${PWD##*/}",
    "head -c 200 ~/.config/gh/hosts.yml",
    "od -An -c .env.local",
    "python3 -c \"print(open('.aws/credentials').read())\"",
    "cat ~/.docker/config.json | base64",
    "ruby -e 'File.open(\".env\").each_line { |l| puts l }'",
    "sh -c 'd=/; rm -rf $d'",
    "bash -c 'cd / && rm -rf *'",
    "eval \"$(printf 'rm -rf %s' ~)\"",
    "timeout 5 sudo -n reboot",
    "xargs -n1 -I{} rm -rf {} <<< '/home'",
    "gcloud storage rm -r gs://bucket/**",
  ],
  harmless: [
    "git checkout --progress origin/main -b tmp",
    "git clean -dn",
    "git branch --force tmp HEAD~5 --dry-run 2>/dev/null || git branch tmp2",
    "git push origin HEAD",
    "printf 'echo hi\\n' > /tmp/c.sh && sh /tmp/c.sh",
    "find ~/Documents -type f -name '*.pdf' -print",
    "find . -maxdepth 0 -print",
    'rm -rf -- "$(pwd)/build"',
    "head -c 200 README.md",
    "od -An -c data.bin",
    "python3 -c \"print(open('requirements.txt').read())\"",
    "cat ~/.docker/daemon.json",
    "ruby -e 'File.open(\"Gemfile\").each_line { |l| puts l }'",
    "sh -c 'd=dist; rm -rf $d'",
    "bash -c 'cd /tmp && rm -rf build-*'",
    "eval \"$(printf 'echo %s' hi)\"",
    "timeout 5 npm run lint",
    "xargs -n1 -I{} echo {} <<< '/home'",
    "gcloud storage ls gs://bucket",
  ],
};
