import { stat } from "node:fs/promises";
import { isTrailsealError } from "../errors/index.js";
import { type HomePaths, loadSealKey } from "../home/index.js";
import { loadRelayConfig, type RelayConfig } from "../relay/index.js";
import { readSeals, type StoredSeal } from "../seal/index.js";

/**
 * The inputs of the trust status that live outside the trail: the seal store, the relay
 * configuration (quorum, auto-seal interval) and the seal key (to check signatures). Each is
 * re-read only when its file's size or mtime changes, so polling them is one `stat` each.
 */
export interface LastSeal {
  id: string;
  timestamp: string;
  age_ms: number;
  event_count: number;
  chain_tip: string;
  key_id: string;
  /** Distinct witnesses that returned a receipt. */
  witnesses: string[];
  quorum: number;
  quorum_met: boolean;
  /** The seal is older than two auto-seal intervals while auto-seal is on. */
  overdue: boolean;
}

export interface TrustInputs {
  seals: StoredSeal[];
  config: RelayConfig | null;
  configError: string | null;
  sealsError: string | null;
  key: Buffer | null;
  keyId: string | null;
}

async function fingerprint(path: string): Promise<string> {
  try {
    const info = await stat(path);
    return `${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    return "missing";
  }
}

function describe(error: unknown): string {
  return isTrailsealError(error)
    ? `${error.code}: ${error.message}`
    : String((error as Error)?.message ?? error);
}

export class TrustSources {
  private sealsPrint = "";
  private configPrint = "";
  private keyLoaded = false;
  readonly inputs: TrustInputs = {
    seals: [],
    config: null,
    configError: null,
    sealsError: null,
    key: null,
    keyId: null,
  };

  constructor(
    private readonly paths: HomePaths,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Re-reads what changed; returns whether anything did. */
  async refresh(): Promise<boolean> {
    let changed = false;
    const sealsPrint = await fingerprint(`${this.paths.seals}/seals.jsonl`);
    if (sealsPrint !== this.sealsPrint) {
      this.sealsPrint = sealsPrint;
      changed = true;
      try {
        this.inputs.seals = await readSeals(this.paths.seals);
        this.inputs.sealsError = null;
      } catch (error) {
        this.inputs.sealsError = describe(error);
      }
    }
    const configPrint = await fingerprint(this.paths.relayConfig);
    if (configPrint !== this.configPrint) {
      this.configPrint = configPrint;
      changed = true;
      try {
        this.inputs.config = await loadRelayConfig(this.paths.relayConfig);
        this.inputs.configError = null;
      } catch (error) {
        this.inputs.config = null;
        this.inputs.configError = describe(error);
      }
    }
    if (!this.keyLoaded) {
      this.keyLoaded = true;
      try {
        const key = await loadSealKey(this.paths.root, this.env);
        this.inputs.key = key.key;
        this.inputs.keyId = key.keyId;
      } catch {
        // No readable key here: seals are checked against the chain, signatures are not.
      }
    }
    return changed;
  }

  lastSeal(now: Date): LastSeal | null {
    const stored = this.inputs.seals.at(-1);
    if (!stored) return null;
    const { seal, receipts } = stored;
    const witnesses = [...new Set(receipts.map((receipt) => receipt.witness?.name ?? receipt.witness?.url))]
      .filter((name): name is string => typeof name === "string")
      .sort();
    const quorum = this.inputs.config?.witness.quorum ?? 1;
    const age = now.getTime() - Date.parse(seal.timestamp);
    const autoSeal = this.inputs.config?.auto_seal;
    return {
      id: stored.id,
      timestamp: seal.timestamp,
      age_ms: age,
      event_count: seal.event_count,
      chain_tip: seal.chain_tip,
      key_id: seal.key_id,
      witnesses,
      quorum,
      quorum_met: witnesses.length >= quorum,
      overdue: autoSeal?.enabled === true && age > 2 * autoSeal.interval_minutes * 60_000,
    };
  }
}
