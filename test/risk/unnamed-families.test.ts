/**
 * The families of the unnamed-families round (docs/risk.md, "Credentials printed by any CLI" and
 * the general model's widening): each family's dangers and the harmless forms beside them, written
 * for programs no rule table names (made-up names where the family is the point).
 */
import { describe } from "vitest";
import { describeFamilies } from "./judged.js";

describe("unnamed families", () => {
  describeFamilies({
    "credentials printed or minted": {
      dangerous: [
        "cloudctl auth token",
        "mycli iam create-token",
        "k3d kubeconfig get dev",
        "kind get kubeconfig --name dev",
        "mycli kubeconfig show prod-cluster",
        "dbcloud connection-string main",
        "mycli projects api-keys --project-ref abc",
        "mycli whoami --show-token",
        "mycli password create shop main ci-password",
        "mycli tokens create shop",
        "mycli show-secret db --reveal",
        "mycli extract secret/app-credentials --to=-",
      ],
      harmless: [
        "k3d kubeconfig merge dev --kubeconfig-switch-context",
        "mycli api-keys delete --help",
        "mycli token describe abc",
        "mycli kubeconfig path",
        "mycli auth status",
        "mycli kv get CONFIG api-key",
        "pip-compile --allow-unsafe requirements.in",
        "mycli show-secret db",
      ],
    },
    "a deployment's environment in clear, a credential runner's environment printed": {
      dangerous: [
        "paas variables --kv",
        "paas env pull",
        "paas env list --plain",
        "aws-vault exec prod -- printenv",
      ],
      harmless: ["paas variables set FOO=bar", "paas env list", "aws-vault exec dev -- make test"],
    },
    "data destroyed beside the object, retention, queries": {
      dangerous: [
        "juju destroy-model lab --destroy-storage",
        "mycli cluster remove c1 --delete-resources",
        "backupctl forget --keep-last 1",
        "snaptool prune --keep-daily 7 --keep-weekly 4",
        "flowctl workflow delete --query \"ExecutionStatus='Completed'\"",
      ],
      harmless: [
        "juju destroy-model --help",
        "mycli cluster remove c1 --release-storage --dry-run",
        "backupctl snapshots --keep-last 1",
        "flowctl workflow terminate --workflow-id order-1",
        "gpg --delete-keys old@example.com",
      ],
    },
    "a whole tool's deployment removed; environments killed; access keys deleted": {
      dangerous: [
        "meshctl uninstall",
        "envtool teardown",
        "juju kill-controller ctl1",
        "saas api-key delete AKX1 --force",
        "saas access-keys rm AKX1",
      ],
      harmless: [
        "meshctl uninstall --dry-run",
        "adb kill-server",
        "saas ssh-key delete 12345",
        "rails destroy model Post",
      ],
    },
    "a machine rebuilt, a backup restored over the service": {
      dangerous: [
        "cloudcli server rebuild --image debian-12 web-1",
        "cloudcli instance reinstall 123e4567",
        "cloudcli instance restore 123e4567 --snapshot 9abc",
        "appliance-backup restore BACKUP=2024_01_01",
        "mycli backup restore 42",
      ],
      harmless: [
        "cloudcli server describe web-1",
        "mycli backup restore 42 --target /tmp/restore",
        "mycli backup list",
      ],
    },
    "a machine or server stopped, a device reset to its defaults": {
      dangerous: [
        "bmctool serveraction powerdown",
        "java -jar ci-cli.jar -s http://ci.example.com/ safe-shutdown",
        "bmctool racresetcfg",
        "switchctl system factory-reset",
        "appliance reset --factory",
        "cockroach node decommission 4 --certs-dir=certs",
        "tpm2_clear",
      ],
      harmless: [
        "bmctool getsysinfo",
        "mycli shutdown status",
        "mycli cancel-shutdown",
        "appliance reset-password --help",
      ],
    },
    "a check switched off by an option": {
      dangerous: ["mokutil --disable-validation", "agentctl --disable-firewall"],
      harmless: ["mokutil --sb-state", "devserver --disable-telemetry"],
    },
    "releases and privileged roles by structure": {
      dangerous: [
        "changeset publish",
        "lerna publish from-package --yes",
        "goreleaser release --clean",
        "release-it --ci",
        "oc adm policy add-cluster-role-to-user cluster-admin bob",
        "mycli role assign admin --user alice",
      ],
      harmless: [
        "goreleaser release --snapshot --clean",
        "goreleaser check",
        "changeset publish --dry-run",
        "dapr publish --pubsub pubsub --topic orders --data '{}'",
        "oc adm policy who-can get pods",
      ],
    },
    "the second batch's families: minted keys, printed environments, unsafe changes, silences": {
      dangerous: [
        "cloudx ram CreateAccessKey --UserName ci",
        "envchain prod env",
        "paas printenv prod-env",
        "schema-tool push production --allow-unsafe",
        "dbtool migrate apply --down all",
        'amtool silence add alertname=~".+" --duration=720h',
        "borgmatic prune",
        "pkgtool upload --release=stable app.snap",
        'pkgtool upload "*" -r=prod --confirm',
        'curl -X POST http://localhost:8086/query --data-urlencode "q=DROP SERIES FROM cpu"',
      ],
      harmless: [
        "cloudx iam api-keys",
        "envchain --set prod AWS_ACCESS_KEY_ID",
        "schema-tool diff production",
        "dbtool migrate status",
        "amtool silence add alertname=DiskFull instance=db1 --duration=2h",
        "borgmatic list",
        "pkgtool upload app.tar.gz",
        "az account clear",
      ],
    },
    "a runner's command after --, and more verbs of any tool": {
      dangerous: [
        "aws-vault exec prod -- terraform destroy -auto-approve",
        "secretsrun run --env=prod -- rm -rf /",
        "paas exec -it web -- sudo rm -rf /data",
        "dotenv -- rm -rf ~",
        'aws-vault exec prod -- "$CMD"',
        "cloudx cluster deprovision prod-1",
        "cloudx instance retire web-1 --force",
        "cloudx service stop --all",
        "cloudx db restore prod --from backup.tar --force",
        "cloudx account close acme --yes",
        "cloudx subscription cancel sub-1",
        "nasctl volume format vol-1",
        "cloudx config dump --include-secrets",
        "sandboxctl run --privileged ubuntu",
        "cloudx user create ops --role admin",
      ],
      harmless: [
        "aws-vault exec dev -- make test",
        "paas exec web -- ls -la",
        "buildtool build -- --release",
        "testtool test -- foo.spec.ts",
        "cloudx service stop web-1",
        "cloudx db restore prod --from backup.tar --target /tmp/restore",
        "cloudx volume list",
        "cloudx config dump",
        "sandboxctl run --privileged=false ubuntu",
        "cloudx user create dev --role viewer",
        "codefmt format --all",
      ],
    },
    "the third batch's families: tokens of a CA, stores by name, keys made, environments opened": {
      dangerous: [
        "step ca token web.example.com",
        "app-keystore show xpack.secure_password",
        "app-encryption-keys generate",
        "esc env open acme/prod",
      ],
      harmless: [
        "step ca health",
        "app-keystore list",
        "op run --env-file=.env.tpl -- npm start",
        "esc env ls",
      ],
    },
    "what a delete's words say: versions, pointers, hosts": {
      dangerous: [
        "registryctl subject delete --subject orders-value --version all --permanent",
        "cachecli -h prod-cache del session:1",
      ],
      harmless: [
        "argo get @latest",
        "mycli --version",
        "keepassxc-cli ls vault.kdbx",
        "keepassxc-cli search vault.kdbx mail",
      ],
    },
    // PowerShell's reading verbs clear a cmdlet written as one (`Get-ChildItem`); a lowercase name of
    // that shape is as likely a Unix program, judged by its arguments; a program named for making a
    // password reads none
    "a Unix program named like a reading cmdlet, a password maker": {
      dangerous: [
        "search-tool delete index prod --force",
        "show-db drop prod",
        "find-dupes --delete-all /",
        "dump-passwords",
      ],
      harmless: ["Get-ChildItem C:\\Users", "Get-Service", "grub-mkpasswd-pbkdf2", "mkpasswd -m sha-512"],
    },
  });
});
