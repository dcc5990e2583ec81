/**
 * The families of the cloud round (docs/risk.md, "Cloud and platform CLIs, by shape";
 * rules/cloud-shapes.ts and the general model's narrowing): each family's dangers and the harmless
 * forms beside them, written for a made-up CLI where the shape is the point, and for the
 * per-program exceptions by their own programs.
 */
import { describe } from "vitest";
import { describeFamilies } from "./judged.js";

describe("cloud families", () => {
  describeFamilies({
    "a protection switched off in a setting": {
      dangerous: [
        "mycloud db instance update prod-db --no-deletion-protection",
        "mycloud db instance update prod-db --deletion-protection=false",
        "mycloud storage bucket update logs versioning=false",
        "mycloud db instance modify main is-backup-disabled=true",
        "mycloud storage bucket update b1 --clear-soft-delete",
        "mycloud vm add-metadata web-1 --metadata=enable-oslogin=false",
        "mycloud cluster update c1 --logging=NONE",
        "mycloud cluster update c1 --enable-legacy-authorization",
        "mycloud network subnet update s1 --no-enable-flow-logs",
        "mycloud vault update kv1 purge-protection=false",
        "mycloud device update --id d1 --locked=false",
      ],
      harmless: [
        "mycloud db instance update prod-db --deletion-protection",
        "mycloud db instance update prod-db --deletion-protection=true",
        "mycloud storage bucket update logs versioning=true",
        "mycloud cluster update c1 --logging=SYSTEM,WORKLOAD",
        "mycloud db instance update prod-db --no-deletion-protection --dry-run",
        "mycloud db instance list --filter=deletion-protection=false",
        "npm ci --no-audit",
      ],
    },
    "a protection switched off by a sub-command": {
      dangerous: [
        "mycloud secret unprotect s1",
        "mycloud account 2fa disable -c 123456",
        "mycloud org-policies disable-enforce compute.requireOsLogin",
        "mycloud server backup disable --server-id 9e8d",
        "mycloud server os-update disable --server-id 9e8d",
        "mycloud billing projects unlink proj-1",
      ],
      harmless: [
        "mycloud secret protect s1",
        "mycloud account 2fa enable -c 123456",
        "mycloud server backup enable --server-id 9e8d",
        "mycloud billing projects describe proj-1",
      ],
    },
    "opened to everyone": {
      dangerous: [
        "mycloud bucket update assets acl=public-read",
        "mycloud bucket create uploads --acl=public-read-write",
        "mycloud objects update gs://a/b.pdf --predefined-acl=publicRead",
        "mycloud app update api privacy=public",
        "mycloud registry namespace update ns1 is-public=true",
        "mycloud fn deploy api --allow-unauthenticated",
        "mycloud security-group update sg1 inbound-default-policy=accept",
        "mycloud dashboard public-read-access enable d1",
        "mycloud gateway pat-rule create public-port=2222 private-ip=10.0.0.5 private-port=22",
        "mycloud storage defacl set public-read gs://bucket1",
        "gsutil acl ch -u AllUsers:R gs://bucket1/report.pdf",
        "gcloud sql instances patch db1 --assign-ip",
      ],
      harmless: [
        "mycloud bucket update assets acl=private",
        "mycloud app update api privacy=private",
        "mycloud registry namespace update ns1 is-public=false",
        "mycloud fn deploy api --no-allow-unauthenticated",
        "mycloud security-group update sg1 inbound-default-policy=drop",
        "mycloud dashboard public-read-access disable d1",
        "mycloud bucket list --filter=acl=public-read",
        "gcloud sql instances patch db1 --no-assign-ip",
      ],
    },
    "access handed out": {
      dangerous: [
        "mycloud iam service-accounts keys create key.json --iam-account ci@p.example",
        "mycloud service-account key create --email ci@p.example",
        "mycloud kms generate-data-key --key-id k1",
        "mycloud db users set-password app --instance=i1 --password=x",
        "mycloud cluster reset-admin-token c1",
        "mycloud monitoring config get s1 type=prometheus generate-token=true",
        "mycloud storage config get type=rclone",
        "mycloud project member add bob@example.com --project-id p1 --role viewer",
        "mycloud groups memberships add --group-email=admins@example.com --member-email=bob@example.com",
        "mycloud db user create instance-id=i1 name=ops is-admin=true",
        "mycloud iam policy create rules.0.permission-set-names.0=AllProductsFullAccess",
        "mycloud db privilege set instance-id=i1 user-name=bob permission=all",
        "mycloud project-info add-metadata --metadata-from-file=ssh-keys=keys.txt",
        "mycloud mariadb credentials describe c1 --instance-id i1",
        "mycloud secrets-manager user create --instance-id i1 --write",
        "metal env",
        "metal env --output terraform",
      ],
      harmless: [
        "mycloud service-account key create --email ci@p.example --public-key @./public.pem",
        "mycloud iam service-accounts keys list --iam-account ci@p.example",
        "mycloud kms generate-data-key-without-plaintext --key-id k1",
        "mycloud secrets update-secret --secret-id s1 --description rotated",
        "mycloud db users set-password-policy app --password-policy-min-length=12",
        "mycloud project member list --project-id p1",
        "mycloud db user create instance-id=i1 name=app",
        "mycloud iam policy create rules.0.permission-set-names.0=InstancesReadOnly",
        "mycloud mariadb credentials list --instance-id i1",
        "mycloud iam api-key list",
        "mycloud iam api-key get AK123",
        "mycloud logs access-token list --instance-id i1",
        "metal env --help",
      ],
    },
    "access handed out, other spellings (the second batch's widening)": {
      dangerous: [
        "mycloud dbusers certs create --username app-user",
        "mycloud service-principal-secrets create sp-1",
        "mycloud regenerate user-credentials --userId u1 --storageId s1",
        "mycloud generateSecret user",
        "mycloud account api oauth2 client create --description ci",
        "mycloud kube kubeconfig reset c1",
        "mycloud dbusers create atlasAdmin --username ops --password x",
        "mycloud projects invitations invite bob@example.com --role GROUP_OWNER",
        "mycloud storage add-user backups u1 admin",
        "mycloud secrets put-acl prod-scope users MANAGE",
        `mycloud grants update catalog main --json '{"changes":[{"principal":"all","add":["ALL_PRIVILEGES"]}]}'`,
        "mycloud iam policy edit p1 --allow '*'",
        "mycloud baremetal list-secrets host-1",
        "mycloud acl token list",
      ],
      harmless: [
        "mycloud dbusers create --username reporting --role read@analytics --password x",
        "mycloud cognito-idp admin-create-user --username alice --user-pool-id p1",
        "mycloud config set-credentials --client-id=$ID --client-secret=$SECRET",
        "mycloud projects apiKeys list",
        "mycloud tokens list",
        "mycloud storage credentials list u1",
        "mycloud iam policy edit p1 --allow storage:read",
      ],
    },
    "destroyed by other verbs (the second batch's widening)": {
      dangerous: [
        "mycloud cancel instance 12345",
        "mycloud cancel objectStorage 1f77",
        "mycloud rollback snapshot 101 5d01",
        "mycloud backups restores start automated --clusterName prod --snapshotId s1 --targetClusterName prod",
        "mycloud serverless update orders --disableTerminationProtection",
      ],
      harmless: [
        "mycloud cancel job 42",
        "mycloud operation cancel op-1",
        "mycloud backups restores start automated --clusterName prod --snapshotId s1 --targetClusterName prod-restore",
        "mycloud serverless update orders --enableTerminationProtection",
        "mycloud delete image 9b1d",
      ],
    },
    "key managers, routine kinds, where the object lives, help": {
      dangerous: ["mycloud keymanager key delete k1", "mycloud keymanager key disable k1"],
      harmless: [
        "mycloud iam ssh-key delete k1",
        "mycloud compute placement-group delete pg1",
        "mycloud affinity-group delete ag1",
        "mycloud dns record-sets delete www.example.com. --type=A --zone=example-com",
        "mycloud db instance delete -h",
        "mycloud project delete -h",
      ],
    },
    "a machine rebuilt": {
      dangerous: [
        "mycloud device reinstall -d d1 -O ubuntu_22_04",
        "mycloud baremetal server install s1 os-id=o1",
      ],
      harmless: [
        "mycloud device reinstall -d d1 -O ubuntu_22_04 --preserve-data",
        "mycloud baremetal server list",
      ],
    },
  });
});
