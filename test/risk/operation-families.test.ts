// The operations round's families (src/risk/rules/operations.ts, and the widened general model
// in general.ts, structure.ts, defences.ts): what a cluster, a replicated database or a service
// manager is told to do to itself, for programs no rule names. Written for this project, not
// taken from the tuning set; each family has dangerous cases and harmless near misses.
import { describeFamilies, type JudgedFamilies } from "./judged.js";

const FAMILIES: JudgedFamilies = {
  "a member removed from a cluster": {
    dangerous: [
      "garage-ctl member remove 4b1e9a",
      "zk-admin peer remove 10.0.0.7:2888",
      "acme-kv remove-peer node-2",
      "ringctl force-leave store-3",
      "mqctl forget_cluster_node mq@host4",
      "ringtool removenode 6f1c-22aa",
      "fsctl peer detach store-2",
    ],
    harmless: [
      "garage-ctl member list",
      "zk-admin peer status",
      "orgtool team member remove alice",
      "chat-admin channel member remove bob",
    ],
  },
  "a node taken out of service": {
    dangerous: [
      "fleetctl node cordon worker-7",
      "schedctl node eligibility -disable worker-7",
      "meshctl maint -enable -reason upgrade",
      "lbctl maintenance enable web-3",
      "hactl node standby node-2",
      "cloudctl host evacuate compute-4",
      "hactl stonith fence node-3",
    ],
    harmless: [
      "fleetctl node status worker-7",
      "schedctl node eligibility -enable worker-7",
      "meshctl maint",
      "lbctl maintenance status",
      "hactl node unstandby node-2",
      "hactl status",
    ],
  },
  "a replication role changed": {
    dangerous: [
      "pgha failover --candidate db2 --force",
      "clusterctl switchover --leader db1 --candidate db2",
      "mydbctl standby promote",
      "redis-ha demote node-1",
      "pgtool rewind --target-pgdata /srv/pg",
    ],
    harmless: [
      "pgha list",
      "clusterctl switchover --dry-run",
      "mydbctl standby status",
      "shipit release promote v1.2",
    ],
  },
  "state replaced by a restore": {
    dangerous: [
      "kvctl snapshot restore backup.snap",
      "orders-db restore --clean dump.sql",
      "docstore restore --drop ./dump",
    ],
    harmless: [
      "kvctl snapshot save backup.snap",
      "kvctl snapshot inspect backup.snap",
      "kvctl snapshot restore backup.snap --target /tmp/restored",
    ],
  },
  "everything stopped at once": {
    dangerous: [
      "sessionctl deactivate-all",
      "brokerctl close_all_connections 'maintenance'",
      "appctl stop-all",
    ],
    harmless: ["sessionctl list", "brokerctl list_connections", "appctl status-all"],
  },
  "a secret store re-keyed, authentication switched off": {
    dangerous: [
      "vault operator rekey -init -key-shares=5 -key-threshold=3",
      "kvstore auth disable",
      "meshctl authorization disable",
    ],
    harmless: ["vault operator rekey -status", "kvstore auth status", "kvstore auth enable"],
  },
  "a removing option acts on the sub-command's object": {
    dangerous: ["meshctl keyring -remove=8zDTWvCGgNc1Ml7Mcjv8rQ==", "appctl keyring --delete=old-key"],
    harmless: ["meshctl keyring -list", "meshctl keyring -install=8zDTWvCGgNc1Ml7Mcjv8rQ=="],
  },
  "a privileged account deleted": {
    dangerous: ["mqctl delete_user admin", "dbtool dropuser replicator", "dropuser superuser"],
    harmless: [
      "mqctl delete_user temp-tester",
      "mqctl list_users",
      "cognito-tool admin-delete-user --username alice --pool-id p1",
    ],
  },
  "watching, reading a store's policy, dry runs spelled yes": {
    dangerous: ["jobctl delete --status failed --all", "schedctl node drain -enable -monitor f4e8a9e5"],
    harmless: [
      "schedctl node drain -monitor",
      "vault policy read default",
      "systemd-repart --dry-run=yes /dev/sdb",
      "flux uninstall --dry-run",
    ],
  },
  "an uninstall told to purge, not a package removed quietly": {
    dangerous: ["meshctl uninstall --purge -y"],
    harmless: ["winget uninstall --id Git.Git --silent", "meshctl version", "ugrep promote notes.txt"],
  },
};

describeFamilies(FAMILIES);
