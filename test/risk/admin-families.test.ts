// System administration judged by family (src/risk/rules/system.ts, secrets.ts, fs.ts,
// paths.ts): accounts, services, defences and trust changed through macOS and Linux tools no
// round had named; their status and list forms only read. Each dangerous case was missed before,
// each harmless one was a false alarm or is its near miss.
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudges } from "./judged.js";

const DANGEROUS = [
  "sysadminctl -deleteUser ARTUserAccount",
  "dscl . -create /Users/APT UniqueID 333",
  "dseditgroup -o edit -a art-user -t user admin",
  "pw useradd evil_user -s /usr/sbin/nologin",
  "launchctl submit -l evil -- /Applications/Calculator.app/Contents/MacOS/Calculator",
  "auditctl -D",
  "mdatp config real-time-protection --value disabled",
  "chattr -i /var/spool/cron/root",
  "journalctl --vacuum-time=1s",
  "defaults write com.apple.loginwindow LoginHook /tmp/hook.sh",
  'security add-trusted-cert -d -r trustRoot -k "/Library/Keychains/System.keychain" rootCA.crt',
  "cat ~/Library/Keychains/login.keychain-db > /tmp/keychain",
  "echo 'echo hi' >> ~/.shrc",
  "shred -uz ~/.ssh/id_rsa",
  "shred -n 1 /dev/sdb",
  "route del default",
  "ethtool -s eth0 autoneg off speed 10",
  "vgchange --activate n vg0",
  "udisksctl unmount --block-device /dev/sda1",
  "salt '*' cmd.run 'rm -rf /var/www'",
  "salt-key -D -y",
  "multipass delete --purge --all",
  "vagrant snapshot delete pre-upgrade",
  "ansible-vault view group_vars/prod/vault.yml",
  "pkill -SIGTERM ^cron$",
  "kill -SIGTERM $(pgrep cron)",
];
const HARMLESS = [
  "csrutil status",
  "localectl status",
  "systemctl --type=service",
  "rpm -qa",
  "rpm -ql openssl",
  "dscl . -list /Users",
  "auditctl -l",
  "journalctl -u nginx --since today",
  "defaults read com.apple.finder",
  "cat /etc/pam.d/common-password",
  "security find-certificate -a -p > /tmp/certs.pem",
  "openssl genrsa -out server.key 2048",
  "shred -n 5 -vzu scratch.bin",
  "shred -u /tmp/victim-shred.txt",
  "route -n",
  "ethtool -S eth0",
  "vgs",
  "udisksctl info -b /dev/sda1",
  "salt '*' test.ping",
  "salt-key -L",
  "multipass list",
  "ansible-vault encrypt_string 'hunter2' --name 'db_password'",
  "pkill -f 'vite --port 5173'",
];

beforeAll(() => loadShellParser());

describe("system administration by family", () => {
  for (const command of DANGEROUS) itJudges(`dangerous: ${command}`, command, true);
  for (const command of HARMLESS) itJudges(`harmless: ${command}`, command, false);
});
