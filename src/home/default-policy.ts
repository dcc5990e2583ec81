/**
 * The policy `trailseal init` writes, as text (docs/policy.md documents every key). It lives
 * with the home, which writes it, so that the home needs nothing of the policy capability;
 * policy re-exports it and parses it for homes without a policy.yaml.
 */
export const DEFAULT_POLICY_YAML = `# trailseal policy — docs/policy.md documents every key.
# Actions above max_risk are blocked; actions at or above ask are put to the user
# (for agents that can ask); deny patterns match each simple command after wrappers
# such as sudo, env and timeout are stripped.
max_risk: high
ask: high
rules:
  commands:
    deny:
      - "sudo *"
      - "rm -rf /*"
      - "git push --force*"
    allow: []
  files:
    deny: []
  network:
    deny_hosts: []
`;
