/**
 * The witness state (`witness serve --cosign-logs`) kept in PostgreSQL passes the contract every
 * state backend passes (test/witness/cosign/state-contract.ts), on a real server: each store a
 * fresh database, `reopen` a second pool on it (another replica).
 */
import { afterAll, describe } from "vitest";
import { openPostgresCosignState, type PostgresCosignState } from "../../../src/witness/postgres/index.js";
import { cosignStateContract } from "../cosign/state-contract.js";
import { postgresLogs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL witness state tests");
const opened: PostgresCosignState[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

describe.skipIf(!pgLogs.available)("PostgreSQL witness state", () => {
  cosignStateContract("postgres", {
    async open() {
      const url = await pgLogs.server().createDatabase();
      const open = async () => {
        const store = await openPostgresCosignState(url);
        opened.push(store);
        return store;
      };
      return { store: await open(), reopen: open };
    },
  });
});
