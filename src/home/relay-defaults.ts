/**
 * The relay configuration `init` writes, as plain data: the home stays free of zod (it is on
 * the agent hook's path); the schema that reads the file back lives with the relay.
 */
export const DEFAULT_RELAY_CONFIG = {
  auto_seal: { enabled: true, interval_minutes: 15, seal_when_idle: true, max_unsealed_seconds: 1 },
  witness: {
    enabled: false,
    quorum: 1,
    endpoints: [] as { url: string; name: string; auth_token?: string }[],
  },
};
