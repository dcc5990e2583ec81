/**
 * Credentials carried the way vendors' documentation tells users to type them, by family: a
 * positional argument or a short flag of the CLI that takes it (`snyk auth X`, `doctl auth init
 * -t X`), a value a command stores as a secret (`kubectl create secret … --from-literal=K=X`,
 * `vault kv put P K=X`), a credential fed to a login on stdin (`echo X | docker login
 * --password-stdin`), a vendor's own Authorization scheme (`GenieKey X`), and the secret ids of
 * Vault, Consul and Nomad. Each is carried as a command argument, a written file and an MCP
 * argument (carriers.ts); the same programs with ids, names and flags only are left alone.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { leavesEach, redactsEach } from "./carriers.js";

const UUID = "c3e1a9f4-5b27-4d8e-9a61-2f7b0c4d8e15";
const HEX64 = "9e4c1b7a2f6d8e0c3b5a7f9d1e2c4b6a8f0e2d4c6b8a0f1e3d5c7b9a1f2e4d6c";
const HEX40 = "7b2e9c4f1a6d8b3e5c7a9f0d2e4b6c8a1f3e5d7c";
const MIXED = "Qh7vLk2Rz9Tb4Nw6Yp3Xs8Md";
const LONG = "tR4nK8vQ2mZ6pL9xW3cB7yH5jF1dG0sA";

describe("credentials as a CLI's documented arguments", () => {
  beforeAll(loadShellParser);
  redactsEach([
    ["snyk auth's positional token", `snyk auth ${UUID}`, UUID],
    ["codecov's -t", `codecovcli upload-process -t ${UUID}`, UUID],
    ["doctl auth init -t", `doctl auth init -t ${HEX64}`, HEX64],
    ["consul's single-dash -token", `consul members -token ${UUID}`, UUID],
    ["consul acl set-agent-token's token", `consul acl set-agent-token agent ${UUID}`, UUID],
    ["vsce publish -p", `vsce publish -p ${LONG}`, LONG],
    ["ngrok authtoken", `ngrok authtoken ${LONG}_${MIXED}`, `${LONG}_${MIXED}`],
    ["cargo login's token", `cargo login cio${LONG}`, `cio${LONG}`],
    ["nuget setapikey's key", `nuget setapikey ${LONG} -Source https://nuget.example.test/v3`, LONG],
    ["dotnet nuget push -k", `dotnet nuget push a.nupkg -k ${LONG} -s https://nuget.example.test`, LONG],
    ["mc alias set's secret key", `mc alias set s3 https://s3.example.test AKIA2R7QX ${LONG}`, LONG],
    ["ansible-vault encrypt_string's string", `ansible-vault encrypt_string '${MIXED}' --name db`, MIXED],
    ["grafana-cli's new admin password", `grafana-cli admin reset-admin-password ${MIXED}`, MIXED],
    [
      "rclone config's named secret",
      `rclone config create r s3 access_key_id AKIA2R7QX secret_access_key ${LONG}`,
      LONG,
    ],
    ["etcdctl --user's password", `etcdctl --user root:${MIXED} get foo`, MIXED],
    ["vercel -t", `vercel deploy --prod -t ${MIXED}`, MIXED],
    ["aws --secret-string", `aws secretsmanager create-secret --name app --secret-string ${LONG}`, LONG],
    [
      "a SecureString parameter's value",
      `aws ssm put-parameter --name /a --type SecureString --value ${MIXED}`,
      MIXED,
    ],
    [
      "az keyvault secret set --value",
      `az keyvault secret set --vault-name kv --name stripe --value ${MIXED}`,
      MIXED,
    ],
    [
      "kubectl secret literals under any name",
      `kubectl create secret generic pay --from-literal=live=${MIXED}`,
      MIXED,
    ],
    ["vault kv put values under any name", `vault kv put -mount=secret pay stripe=${LONG}`, LONG],
    ["travis encrypt's value", `travis encrypt SOMEVAR=${LONG} --add`, LONG],
    [
      "composer's http-basic password",
      `composer config --global http-basic.repo.example.test deployer ${MIXED}`,
      MIXED,
    ],
    ["composer's github-oauth token", `composer config -g github-oauth.github.com ${LONG}`, LONG],
    ["poetry's http-basic password", `poetry config http-basic.foo deployer ${MIXED}`, MIXED],
    ["npm config set's auth token", `npm config set //registry.npmjs.org/:_authToken ${UUID}`, UUID],
    ["config set NAME=X", `pnpm config set npm_token=${LONG}`, LONG],
    ["Bitwarden's unlock password", `bw unlock ${MIXED} --raw`, MIXED],
    ["Bitwarden's login password", `bw login ops@example.test ${MIXED}`, MIXED],
    [
      "an API key as curl's user, password empty",
      `curl -u ${HEX40}: https://sonar.example.test/api/projects`,
      HEX40,
    ],
    [
      "an API key as curl's user, password X",
      `curl -u ${LONG}:X https://desk.example.test/api/v2/tickets`,
      LONG,
    ],
  ]);
});

describe("credentials fed to a login on stdin", () => {
  beforeAll(loadShellParser);
  redactsEach([
    ["echo into docker login --password-stdin", `echo "${UUID}" | docker login -u ci --password-stdin`, UUID],
    ["echo into gh auth login --with-token", `echo ${LONG} | gh auth login --with-token`, LONG],
    [
      "echo into az devops login",
      `echo ${LONG} | az devops login --organization https://dev.azure.com/o`,
      LONG,
    ],
    ["printf into wrangler secret put", `printf '${LONG}' | npx wrangler secret put STRIPE`, LONG],
    ["echo user:password into chpasswd", `echo 'deploy:${MIXED}' | sudo chpasswd`, MIXED],
    ["a here-string into docker login", `docker login -u ci --password-stdin <<< '${MIXED}'`, MIXED],
  ]);
});

describe("vendor Authorization schemes and secret ids", () => {
  beforeAll(loadShellParser);
  redactsEach([
    ["Opsgenie's GenieKey", `curl -H "Authorization: GenieKey ${UUID}" https://api.opsgenie.test`, UUID],
    ["Okta's SSWS", `curl -H 'Authorization: SSWS 00${LONG}' https://o.okta.test/api/v1/users`, `00${LONG}`],
    [
      "Splunk HEC's scheme",
      `curl -H "Authorization: Splunk ${UUID}" https://hec.test:8088/services/collector`,
      UUID,
    ],
    ["DeepL's scheme", `curl -H "Authorization: DeepL-Auth-Key ${UUID}:fx" https://api.deepl.test`, UUID],
    [
      "Nomad's Secret ID row",
      `Accessor ID  = 0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9\nSecret ID    = ${UUID}\n`,
      UUID,
    ],
    [
      "Vault's secret_id row",
      `Key                   Value\n---                   -----\nsecret_id             ${UUID}\n`,
      UUID,
    ],
    ["an AppRole secret_id assigned", `secret_id = "${UUID}"`, UUID],
  ]);
});

describe("the same programs with ids, names and flags", () => {
  beforeAll(loadShellParser);
  leavesEach([
    ["cargo login --registry NAME", "cargo login --registry my-registry"],
    ["a user name and an empty password", "curl -u deploy: https://files.example.test/"],
    ["bw unlock with its password from the environment", "bw unlock --passwordenv BW_PASSWORD --raw"],
    ["snyk auth's OAuth flow", "snyk auth --auth-type=oauth"],
    ["mc alias set without keys", "mc alias set myminio https://minio.example.test:9000"],
    ["consul's accessor id", `consul acl token read -accessor-id ${UUID}`],
    ["a dynamic token into docker login", 'echo "$CI_TOKEN" | docker login -u ci --password-stdin'],
    ["a file into docker login", "cat ~/token.txt | docker login -u ci --password-stdin"],
    ["vault kv put's short settings", "vault kv put secret/app ttl=30m mode=on"],
    ["a PAM rule", "password   required   pam_unix.so sha512"],
    ["Nomad's accessor and name rows", `Accessor ID  = ${UUID}\nName         = Bootstrap Token\n`],
    ["kubectl secret from a file", "kubectl create secret generic tls --from-file=key=./tls.key"],
    ["an Authorization header's scheme alone", 'curl -H "Authorization: Negotiate" https://intranet.test'],
    ["git checkout of a commit", `git checkout ${HEX40}`],
  ]);
});

describe("a prefix-less key beside its vendor's name", () => {
  beforeAll(loadShellParser);
  redactsEach([
    ["a UUID under a name holding the vendor", `heroku_api = "${UUID}"`, UUID],
    ["a UUID under the vendor's bare name", `{"snyk": "${UUID}"}`, UUID],
    ["40 hex under a platform's name", `GITHUB_OAUTH='${HEX40}'`, HEX40],
    ["a YAML block under the vendor", `newrelic:\n  app_name: shop\n  license: ${HEX40}\n`, HEX40],
    ["an INI section of the vendor", `[postmark]\nserver = ${UUID}\n`, UUID],
    ["a prefixed UUID in the vendor's block", `launchdarkly:\n  sdk: "sdk-${UUID}"\n`, `sdk-${UUID}`],
    ["a value right after the vendor's name", `pinecone ${UUID}`, UUID],
    [
      "hex with a data-centre suffix",
      `mailchimp 0f8e2d9c4b7a6e5f1d3c2b9a8e7f6d5c-us12`,
      "0f8e2d9c4b7a6e5f1d3c2b9a8e7f6d5c",
    ],
    ["a key on the line after the vendor's command", `heroku auth:token\n ${UUID}`, UUID],
    ["a licence key under its name", `license: ${HEX40}`, HEX40],
    ["a numbered secret name", `token2 = "${MIXED}"`, MIXED],
    ["a secret name, a dash and a quoted value", `twilio token - '${HEX40}'`, HEX40],
  ]);
  leavesEach([
    [
      "a commit id after a platform's name",
      `git clone https://github.com/stripe/stripe-go && git checkout ${HEX40}`,
    ],
    ["an image digest after the vendor", `docker pull datadog/agent@sha256:${HEX64}`],
    ["an id under the vendor's name", `heroku_app_id = "${UUID}"`],
    ["an id row after the vendor's command", `heroku apps:info --json | jq .app.id\n"${UUID}"`],
    ["an organisation flag of the vendor's CLI", `snyk test --org=${UUID} --project-name=web`],
    ["a resource in the vendor's API path", `curl https://api.snyk.io/rest/orgs/${UUID}/projects`],
    ["a release of the vendor's CLI", `sentry-cli releases new ${HEX40}`],
    ["a setting block of the vendor", "datadog:\n  site: datadoghq.eu\n  clusterName: prod-eu\n"],
    ["a reference in the vendor's block", "newrelic:\n  license: $NEW_RELIC_LICENSE_KEY\n"],
    ["a placeholder beside the vendor", "okta_api_token: 000000000000000000000000000000000000000000aa"],
    ["a licence's name", "license: MIT"],
    ["an API's image tag", "image: registry.example.test/event-bus-api:rc0.15.0_20231217_1420-SNAPSHOT"],
    ["a counting sequence beside the vendor", "rollbar = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d'"],
    ["a dash before prose", "token - 'see the docs'"],
  ]);
});
