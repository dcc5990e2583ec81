// The sixth round's families (src/risk/rules/unknown-host.ts, admin.ts, structure.ts, general.ts,
// http-data.ts, db-reset.ts, storage.ts, ops.ts): what a call does to the host and its storage,
// read from any program's arguments, and the administration families no table had. Written for
// this project, not taken from the tuning set; each family has dangerous cases and near misses.
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudges } from "./judged.js";

const FAMILIES: Record<string, { dangerous: string[]; harmless: string[] }> = {
  "a block device given to a tool no rule knows": {
    dangerous: [
      "e2fsck -p /dev/sda1",
      "tune2fs -c 0 /dev/sda1",
      "xfs_admin -L data /dev/sdb1",
      "nwipe --method=zero /dev/sdb",
      "partclone.ext4 -r -s backup.img -o /dev/sdb1",
      "ddrescue /dev/sda /dev/sdb",
      "diskmangle /dev/vg0/home 20G",
      "tapetool -f /dev/nst0 rewind-erase",
      "flash-tool write of=/dev/mmcblk0",
    ],
    harmless: [
      "blkid /dev/sda1",
      "hdparm -i /dev/sda",
      "smartctl -a /dev/sda",
      "tune2fs -l /dev/sda1",
      "xfs_info /dev/sda1",
      "badblocks -v /dev/sda",
      "fsck -N /dev/sda1",
      "blockdev --getbsz /dev/sda",
      "nvme smart-log /dev/nvme0",
      "mt -f /dev/nst0 status",
      "imgtool if=/dev/sda of=disk.img",
      "losetup -d /dev/loop3",
    ],
  },
  "storage tools by family": {
    dangerous: [
      "btrfs balance start /mnt",
      "btrfs device remove /dev/sdc /mnt",
      "lvm vgremove -f vg0",
      "btrfs-convert /dev/sdc1",
    ],
    harmless: [
      "btrfs scrub status /mnt",
      "btrfs filesystem usage /mnt",
      "btrfs subvolume snapshot /mnt/a /mnt/a-snap",
      "lvm version",
      "lvm lvs",
    ],
  },
  "a server told to stop": {
    dangerous: [
      "pg_ctl stop -D /var/lib/postgresql/data",
      "mysqladmin shutdown",
      "redis-cli shutdown",
      "catalina.sh stop",
      "stop-all.sh",
      "kafka-server-stop.sh",
      "mongod --shutdown",
      "varnishadm stop",
      "httpd -k stop",
      "nginx -s quit",
    ],
    harmless: [
      "apachectl configtest",
      "nginx -s reload",
      "rabbitmqctl status",
      "zkServer.sh status",
      "minikube stop",
      "colima stop",
      "pm2 stop api",
      "kafka-server-start.sh config/server.properties",
    ],
  },
  "what a tool keeps up taken down": {
    dangerous: [
      "nordvpn disconnect",
      "zerotier-cli leave 8056c2e21c000001",
      "drbdadm down r1",
      "dhclient -r eth0",
      "iwconfig wlan0 txpower off",
    ],
    harmless: ["nordvpn status", "wg show", "tailscale ip -4", "migrate-tool down 2", "iwconfig wlan0"],
  },
  "everything at once": {
    dangerous: [
      "postsuper -d ALL",
      "qdel all",
      "cryptdisks_stop --all",
      "etcdctl del --from-key ''",
      "supervisorctl stop all",
    ],
    harmless: [
      "postqueue -p",
      "qstat -a",
      "cryptdisks_stop backupvol",
      "etcdctl get --prefix /app --keys-only",
    ],
  },
  "code that drops data, console commands": {
    dangerous: [
      "arangosh --javascript.execute-string 'db._drop(\"orders\")'",
      "cypher-shell 'MATCH (n:User) DETACH DELETE n'",
      'kadmin -q "delprinc bob"',
      'fs_cli -x "fsctl shutdown"',
      'mytool-cli -e "delete keyspace metrics --force"',
    ],
    harmless: [
      'kadmin -q "getprinc bob"',
      'asterisk -rx "core show channels"',
      "cypher-shell 'MATCH (n:User) RETURN count(n)'",
    ],
  },
  "administration by family": {
    dangerous: [
      "date -s '2030-01-01 00:00:00'",
      "hwclock --systohc",
      "ntpdate -u pool.ntp.org",
      "chronyc makestep",
      "quotaoff -avug",
      "setquota -u alice 0 0 0 0 /home",
      "setsebool -P httpd_enable_homedirs 1",
      "semodule -r mypolicy",
      "smbpasswd -a alice",
      "pwunconv",
      "sv down /etc/service/sshd",
      "s6-svc -k /run/service/nginx",
      "svcadm disable -s network/ssh",
      "pmset -b sleep 1",
      "setfacl -R -m o::rwx /srv/shared",
      "setfacl -m u:nobody:rwx /etc/shadow",
      "pkill -u postgres",
      "killall5 -15",
    ],
    harmless: [
      "date +%s",
      "date -d '2 days ago'",
      "hwclock -r",
      "chronyc tracking",
      "repquota -a",
      "semanage port -l",
      "chage -l alice",
      "pdbedit -L",
      "sv status /etc/service/sshd",
      "supervisorctl tail -f web",
      "pmset -g batt",
      "setfacl -m u:alice:r notes.md",
      "pkill -f 'vite --port 5173'",
      "systemctl list-dependencies multi-user.target",
      "systemctl show-environment",
    ],
  },
  "defences switched off": {
    dangerous: [
      "aws cloudtrail stop-logging --name audit",
      "seccli audit disable",
      "aws guardduty disable-organization-admin-account --admin-account-id 123456789012",
      "secscan monitoring pause --all",
    ],
    harmless: [
      "aws cloudtrail get-trail-status --name audit",
      "seccli audit status",
      "aws cloudtrail start-logging --name audit",
    ],
  },
  "secrets printed, credentials changed": {
    dangerous: [
      "bao kv get secret/payments",
      "credtool variable get -i prod/api/token",
      "berglas access sm://shop/stripe-secret",
      "scw secret version access 22222222-2222-2222-2222-222222222222 revision=1",
      "dotenv get STRIPE_SECRET_KEY",
      "aws kms decrypt --ciphertext-blob fileb://blob.bin --output text --query Plaintext",
      "bmctool user set password 3",
      "acctl account unlock root",
      "ssh-keygen -p -f ~/.ssh/id_rsa -N ''",
    ],
    harmless: [
      "bao kv metadata get secret/payments",
      "credtool variable list",
      "dotenv list",
      "nats kv get CONFIG region",
      "bmctool user list 1",
      "ssh-keygen -t ed25519 -f /tmp/k -N ''",
    ],
  },
  "the general model's objects": {
    dangerous: [
      "rabbitmqctl reset",
      "ldapdelete -r 'ou=people,dc=example,dc=com'",
      "memcflush --servers=cache.example.com",
      "glab variable delete DEPLOY_TOKEN",
      'migrate -path db/migrations -database "$DATABASE_URL" drop -f',
      "brctl delbr br1",
    ],
    harmless: [
      "aws s3api delete-bucket-lifecycle --bucket shop-assets",
      "aws kms delete-alias --alias-name alias/shop",
      "aws lambda delete-function-concurrency --function-name shop",
      "tkn taskrun delete tr-42 -f",
      "kdestroy",
      "tput reset",
      "argocd account delete-token mytoken",
    ],
  },
  "data through HTTP APIs": {
    dangerous: [
      "curl -X POST 'http://localhost:8983/solr/shop/update?commit=true' -H 'Content-Type: application/json' -d '{\"delete\": {\"query\": \"*:*\"}}'",
      "curl 'http://localhost:8983/solr/admin/cores?action=UNLOAD&core=shop&deleteIndex=true'",
      "curl 'http://localhost:9870/webhdfs/v1/data?op=DELETE&recursive=true'",
      "curl -XPOST 'localhost:8091/pools/default/buckets/shop/controller/doFlush'",
    ],
    harmless: [
      "curl -X DELETE 'http://localhost:9200/_search/scroll/_all'",
      "curl -X DELETE 'http://localhost:9200/_pit' -d '{\"id\": \"abc\"}'",
      "curl 'http://localhost:8983/solr/admin/cores?action=STATUS'",
    ],
  },
  "migration tools resetting a database": {
    dangerous: [
      "flyway -url=jdbc:postgresql://db/shop clean",
      "liquibase drop-all",
      "atlas schema clean -u postgres://localhost/shop",
      "goose reset",
      "sqitch revert --to @ROOT -y",
      "dbmate drop",
    ],
    harmless: ["flyway info", "liquibase status", "goose status", "sqitch status", "dbmate migrate"],
  },
  "containers given the host": {
    dangerous: [
      "docker run --device=/dev/nvme0n1 -it alpine sh",
      "docker context export prod -",
      "docker swarm leave -f",
    ],
    harmless: [
      "docker run --device=/dev/snd -it alpine sh",
      "docker context ls",
      "docker swarm join-token worker -q",
    ],
  },
  "remote access in, the kernel's keys and code": {
    dangerous: [
      "ngrok tcp 22",
      "relayctl http 8080",
      "chisel client relay.example.net:8000 R:socks",
      "ssh -R 2222:localhost:22 relay.example.net",
      "ssh -fNR 9000:127.0.0.1:5432 relay.example.net",
      "keyctl print 912345",
      "keyctl clear @u",
      "capsh --uid=0 --gid=0 --",
      "bpftool prog load probe.o /sys/fs/bpf/probe",
    ],
    harmless: [
      "ssh -L 5432:localhost:5432 db.example.com",
      "gdb ./build/app",
      "keyctl show @u",
      "capsh --print",
      "bpftool prog show",
      "relayctl status",
    ],
  },
  // a live capture (`tcpdump -i any`) and a debugger attached (`gdb -p`) stay medium: earlier sets decided so
  "traffic intercepted, credentials dumped": {
    dangerous: ["ettercap -T -M arp /10.0.0.1//", "arpspoof -i eth0 -t 10.0.0.2 10.0.0.1", "mimipenguin"],
    harmless: ["ettercap --help", "tcpdump -r capture.pcap", "gdb -p 4242"],
  },
  "searches for keys over every home": {
    dangerous: ["grep -rl 'BEGIN OPENSSH PRIVATE KEY' /home", "rg -l AKIA /Users"],
    harmless: ["grep -rl TODO src/", "rg -l AKIA docs/"],
  },
  "the machine's boot, lockout, packages, printers, hardware and defaults": {
    dangerous: [
      "kexec -e",
      "kexec -l /boot/vmlinuz-6.1 --reuse-cmdline",
      "faillock --user root --reset",
      "pam_tally2 --reset --user admin",
      "newusers batch.txt",
      "dpkg-reconfigure tzdata",
      "debconf-set-selections preseed.cfg",
      "lpadmin -x lab-printer",
      "setpci -s 00:02.0 0x04.w=0x0",
      "umask 000",
      "umask o=rwx",
      "iptables-restore < rules.v4",
      "ebtables -F",
      "cpio -idmv -D / < image.cpio",
      "fdformat /dev/fd0",
    ],
    harmless: [
      "kexec --help",
      "faillock --user alice",
      "faillog -a",
      "setpci -s 00:02.0 0x04.w",
      "umask 022",
      "umask",
      "ebtables -L",
      "cpio -t < image.cpio",
      "ldconfig -p",
      "update-alternatives --display editor",
    ],
  },
};

beforeAll(() => loadShellParser());

for (const [family, { dangerous, harmless }] of Object.entries(FAMILIES)) {
  describe(family, () => {
    for (const command of dangerous) itJudges(`dangerous: ${command}`, command, true);
    for (const command of harmless) itJudges(`harmless: ${command}`, command, false);
  });
}
