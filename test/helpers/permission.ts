import { spawnSync } from "node:child_process";

/** Node's permission model flag: `--permission` from Node 23.5 (22.13 accepts it too), `--experimental-permission` before. */
export const PERMISSION_FLAG =
  spawnSync(process.execPath, ["--permission", "-e", "0"]).status === 0
    ? "--permission"
    : "--experimental-permission";
