/**
 * System package managers (docs/risk.md): their queries read; a change is critical, except an
 * install or update without privilege (medium: an ordinary user cannot change the system) and
 * nix-env on the user's own profile.
 */
import { optionValue, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { systemChange, systemTool } from "./system-tool.js";

// and the short names dnf and zypper document for their queries (`dnf se`, `dnf if`, `dnf ls`,
// `dnf rq`; `zypper se`, `if`, `wp`, `lr`, `lu`, `lp`, `pa`, `pt`, `ll`): a query spelled short
// reads as much as spelled long; snap's own queries (`find`, `changes`, `tasks`, `connections`,
// `interfaces`, `services`, `aliases`, `warnings`, `known`) read as `list` does
const PACKAGE_TOOL = systemTool(
  /^(list|search|show|info|policy|madison|depends|rdepends|--version|help|showpkg|stats|check-update|check-upgrade|provides|whatprovides|what-provides|repolist|repoinfo|repos|query|deplist|repoquery|updateinfo|history|list-installed|list-updates|list-patches|packages|patterns|changelog|download|se|if|ls|rq|wp|lr|lu|lp|pa|pt|ll|find|changes|change|tasks|connections|interfaces|services|aliases|warnings|known|whoami|model|version)$/,
  "changes system packages",
);
/** Sub-commands (and pacman/nix-env options) that add or update software rather than remove it. */
// (`apt-get build-dep` installs a package's build dependencies; `apt-get source` fetches and
// builds a source package in the working directory)
const INSTALLS =
  /^(install|reinstall|build-dep|source|add|update|upgrade|full-upgrade|dist-upgrade|localinstall|in|it|up|refresh|-S[a-z]*|-U|-i|--install|--upgrade)$/;

/**
 * System package managers: their queries read (`yum history list`, `pacman -Qi`); a change is
 * critical, except an install or update run without privilege: as an ordinary user it cannot
 * change the system (it fails, or asks for a password the agent does not have), so it is
 * medium as the level table says for installs; removals stay critical. `yum history undo`
 * changes packages. nix-env changes the user's own profile unless told the system's.
 */
const PACKAGES: Rule = (invocation, context) => {
  const words = positionals(invocation.args, ["-c", "-o", "-t", "--root", "-r", "-p", "--profile"]);
  const first = words[0]?.value ?? "";
  // `apt-get -s remove x`: apt's simulation prints what it would do
  if (
    /^apt(-get)?$/.test(invocation.program) &&
    invocation.args.some((word) =>
      /^(-s|--simulate|--just-print|--recon|--no-act|--dry-run)$/.test(word.value),
    )
  )
    return void context.signals.score.raise("low", `${invocation.program} -s simulates: changes nothing`);
  // `apt-get -o Acquire::AllowInsecureRepositories=true update`, `yum --nogpgcheck install`,
  // `apk add --allow-untrusted`: packages no signature vouches for, whoever runs it
  const unchecked = invocation.args.find((word) =>
    /^(--allow-unauthenticated|--allow-insecure-repositories|--allow-downgrades-to-insecure|--nogpgcheck|--no-gpg-checks?|--no-gpgcheck|--allow-untrusted|--force-bad-verify|--skip-broken-signatures)$|(AllowInsecureRepositories|AllowDowngradeToInsecureRepositories|AllowUnauthenticated|AllowWeakRepositories)=(true|yes|1)|^Acquire::Check-(Valid-Until|Date)=(false|no|0)|^APT::Get::AllowUnauthenticated=(true|yes|1)|^gpgcheck=(0|false|no)$/i.test(
      word.value,
    ),
  );
  if (unchecked) {
    context.signals.score.raise(
      "high",
      `${invocation.program} ${unchecked.value}: package signature checks switched off`,
      "system_modification",
    );
  }
  if (first === "history" && /^(undo|redo|rollback)$/.test(words[1]?.value ?? ""))
    return void systemChange("history undo changes system packages")(invocation, context);
  // `dnf group list`, `dnf group info X`: a group's listing reads
  if (/^(group|groups)$/.test(first) && /^(list|info|summary|ls)$/.test(words[1]?.value ?? ""))
    return void context.signals.score.raise("none", "");
  // `dnf group install "Development Tools"`, `yum groupinstall …`: a group of packages installed
  const grouped = /^(group|groups)$/.test(first) && INSTALLS.test(words[1]?.value ?? "");
  const verb = grouped
    ? words[1]!.value
    : /^(groupinstall|groupupdate)$/.test(first)
      ? "install"
      : (invocation.args.find((word) => !word.dynamic && (word.value === first || INSTALLS.test(word.value)))
          ?.value ?? "");
  const systemProfile = /^\/nix\/var\/nix\/profiles\/(system|default)/.test(
    optionValue(invocation.args, ["-p", "--profile"]) ?? "",
  );
  if (invocation.program === "nix-env") {
    if (invocation.args.some((word) => /^(-q[a-zA-Z]*|--query)$/.test(word.value)))
      return void context.signals.score.raise("none", "");
    if (!systemProfile && !invocation.privileged)
      return void context.signals.score.raise("medium", "nix-env changes the user's own profile");
  }
  // a package file from the disk (`snap install x.snap --dangerous`, `pkg install ./x.txz`,
  // `dpkg -i x.deb`) brings its own install scripts, from no repository: stays critical
  // (dpkg's -i and rpm's -i take only files, whatever their name: `dpkg -i "$pkg"`)
  const localFile =
    words.some((word) => /\.(deb|rpm|snap|txz|pkg|apk|pkg\.tar\.\w+|xbps)$/.test(word.value)) ||
    (/^(dpkg|rpm)$/.test(invocation.program) &&
      invocation.args.some((word) => /^(-i|--install|-[a-zA-Z]*[iU][a-zA-Z]*|--upgrade)$/.test(word.value)));
  if (
    INSTALLS.test(verb) &&
    !invocation.privileged &&
    !systemProfile &&
    !localFile &&
    !/^-S[a-z]*c/.test(verb)
  )
    return void context.signals.score.raise(
      "medium",
      `${invocation.program} ${verb} without privilege: an ordinary user cannot change system packages`,
    );
  // `apt-get clean`, `dnf makecache`, `yum clean all`: the package cache refreshed or emptied,
  // no package changed; without privilege an ordinary user cannot touch it (medium, as installs)
  if (CACHE.test(verb || first) && !invocation.privileged)
    return void context.signals.score.raise(
      "medium",
      `${invocation.program} ${verb || first} maintains the package cache (no package changes)`,
    );
  PACKAGE_TOOL(invocation, context);
};

/** Sub-commands that only refresh or empty a package manager's cache. */
const CACHE = /^(clean|autoclean|makecache|cache|clean-cache|-Sc+|--clean)$/;

export const PACKAGE_RULES: RuleTable = Object.fromEntries(
  "apt apt-get aptitude dpkg yum dnf zypper pacman apk snap port emerge rpm pkg xbps-install nix-env"
    .split(" ")
    .map((name) => [name, PACKAGES]),
);
