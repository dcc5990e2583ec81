// The families fixed after the sixth everyday tuning set (test/vectors/risk-tuning-everyday6.jsonl):
// CI orbs' steps, dev container features' install scripts. Each row is an everyday form beside its
// dangerous twin, written for this project (not taken from the set): the first must stay below
// high, the second high or above.
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudges } from "./judged.js";

/** [harmless form, dangerous twin] */
const FAMILIES: Record<string, [string, string][]> = {
  "a package manager's cache refreshed or emptied without privilege (src/risk/rules/packages.ts)": [
    ["apt-get clean", "sudo apt-get clean"],
    ["dnf clean all", "dnf remove -y openssh-server"],
    ["yum makecache", "sudo yum makecache"],
    ["apt-get autoclean", "apt-get purge -y curl"],
  ],
  "package signature checks switched off (src/risk/rules/packages.ts)": [
    ["apt-get -o Acquire::Retries=3 update", "apt-get -o Acquire::AllowInsecureRepositories=true update"],
    ["yum install -y jq", "yum install -y --nogpgcheck jq"],
    ["apk add --no-cache curl", "apk add --allow-untrusted ./tool.apk"],
    ["apt-get install -y git", "apt-get install -y --allow-unauthenticated git"],
  ],
  "dpkg -i and rpm -i take only package files (src/risk/rules/packages.ts)": [
    ["dpkg -l git", 'dpkg -i "$PKG_FILE"'],
    ["rpm -qa", "rpm -i $rpm_name"],
  ],
  "package sources, locales and trusted authorities (src/risk/rules/system.ts)": [
    ["add-apt-repository --help", "add-apt-repository -y ppa:deadsnakes/ppa"],
    ["locale-gen --help", "locale-gen en_US.UTF-8"],
    ["update-ca-certificates --help", "update-ca-certificates --fresh"],
    ["ldconfig -p", "ldconfig"],
  ],
  "a cache in a home, root's included, deleted (src/risk/deletes.ts, rules/rm.ts)": [
    ["rm -rf /root/.cache/pip", "rm -rf /root/.ssh"],
    ['rm -rf "/home/$DEV_USER/.cache/go-build"', 'rm -rf "/home/$DEV_USER/.config"'],
    ["rm -rf /root/.npm/_cacache", "rm -rf /root"],
  ],
  "jq's filter after a run-time options word (src/risk/rules/readers.ts)": [
    ["jq $JQ_FLAGS '.credsStore = \"ecr-login\"' config.json", "jq $JQ_FLAGS . ~/.docker/config.json"],
  ],
  "a signature whose signed file's extension is a run-time word (src/risk/secret-names.ts)": [
    [
      'curl -fsSL -o "$NAME.$EXT.asc" "$BASE/$NAME.$EXT.asc"',
      'curl -fsSL -o "$KEY_NAME.asc" "$BASE/$KEY_NAME.asc"',
    ],
  ],
};

describe("everyday families, sixth set", () => {
  beforeAll(() => loadShellParser());
  for (const [family, pairs] of Object.entries(FAMILIES)) {
    describe(family, () => {
      for (const [harmless, dangerous] of pairs) {
        itJudges(`harmless: ${harmless}`, harmless, false);
        itJudges(`dangerous: ${dangerous}`, dangerous, true);
      }
    });
  }
});
