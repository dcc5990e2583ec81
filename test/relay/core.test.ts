import { describe, expect, it } from "vitest";
import {
  type PublishFn,
  QUIET_MS,
  RelayCore,
  type RelaySettings,
  retryDelay,
} from "../../src/relay/index.js";
import { endpoints, FakeStore, FakeTime, FakeWitnesses } from "./fake-world.js";

const MINUTE = 60_000;

function setup(settings: Partial<RelaySettings> & { names?: string[]; quorum?: number } = {}) {
  const time = new FakeTime();
  const store = new FakeStore(time);
  const names = settings.names ?? [];
  const witnesses = new FakeWitnesses(endpoints(...names), time);
  const full: RelaySettings = {
    intervalMs: MINUTE,
    autoSeal: true,
    sealWhenIdle: true,
    witness: { enabled: names.length > 0, quorum: settings.quorum ?? 1, endpoints: witnesses.endpoints },
    ...settings,
  };
  const core = new RelayCore(full, store.deps(witnesses.publish));
  time.core = core;
  return { time, store, witnesses, core };
}

const t = (_time: FakeTime, ms: number) =>
  new Date(Date.parse("2026-01-01T00:00:00.000Z") + ms).toISOString();

describe("relay core cadence", () => {
  it("seals at start and then every interval, at fixed rate", async () => {
    const { time, store, core } = setup();
    core.start();
    await time.advance(5 * MINUTE);
    expect(store.seals.map((s) => s.seal.timestamp)).toEqual(
      [0, 1, 2, 3, 4, 5].map((m) => t(time, m * MINUTE)),
    );
    await core.stop();
    expect(time.pendingTimers()).toBe(0);
  });

  it("seals an unchanged trail each interval by default (liveness proves coverage)", async () => {
    const { time, store, core } = setup();
    core.start();
    await time.advance(3 * MINUTE);
    expect(store.seals).toHaveLength(4);
    expect(new Set(store.seals.map((s) => s.seal.event_count))).toEqual(new Set([0]));
    await core.stop();
  });

  it("skips idle intervals when seal_when_idle is false, and seals again once events arrive", async () => {
    const { time, store, core } = setup({ sealWhenIdle: false });
    core.start();
    await time.advance(3 * MINUTE);
    expect(store.seals).toHaveLength(1);
    store.events = 5;
    await time.advance(MINUTE);
    expect(store.seals).toHaveLength(2);
    expect(store.seals[1]!.seal.event_count).toBe(5);
    expect(core.snapshot().seals_skipped_idle).toBe(3);
    await core.stop();
  });

  it("does not seal when auto_seal is disabled", async () => {
    const { time, store, core } = setup({ autoSeal: false });
    core.start();
    await time.advance(10 * MINUTE);
    expect(store.seals).toHaveLength(0);
    expect(time.pendingTimers()).toBe(0);
    await core.stop();
  });
});

describe("relay core publishing", () => {
  it("publishes every seal to every endpoint with the quorum", async () => {
    const { time, witnesses, core } = setup({ names: ["a", "b", "c"], quorum: 2 });
    core.start();
    await time.advance(MINUTE);
    expect(witnesses.calls).toEqual([
      { seal_id: "seal-1", at: time.now - MINUTE, endpoints: ["a", "b", "c"], quorum: 2 },
      { seal_id: "seal-2", at: time.now, endpoints: ["a", "b", "c"], quorum: 2 },
    ]);
    const state = core.snapshot();
    expect(state.pending).toEqual([]);
    expect(state.last_quorum).toMatchObject({ seal_id: "seal-2", confirmations: 3, quorum: 2, met: true });
    await core.stop();
  });

  it("keeps a seal below quorum and retries only the missing witnesses with capped exponential backoff", async () => {
    const { time, witnesses, core, store } = setup({ names: ["a", "b", "c"], quorum: 2 });
    witnesses.up.set("b", false);
    witnesses.up.set("c", false);
    core.start();
    await time.advance(59_000);
    const seal1 = witnesses.calls.filter((c) => c.seal_id === "seal-1");
    // base = interval / 10 = 6 s: attempts at 0, 6, 18, 42 s (next would be 90 s, after the next seal).
    expect(seal1.map((c) => (c.at - Date.parse(t(time, 0))) / 1000)).toEqual([0, 6, 18, 42]);
    expect(seal1.slice(1).every((c) => c.endpoints.join() === "b,c" && c.quorum === 1)).toBe(true);
    let state = core.snapshot();
    expect(state.pending.map((p) => p.seal_id)).toEqual(["seal-1"]);
    expect(state.pending[0]!.confirmed).toEqual([witnesses.endpoints[0]!.url]);
    expect(state.last_quorum).toMatchObject({ seal_id: "seal-1", confirmations: 1, quorum: 2, met: false });
    // Still down: more seals pile up as pending, none is dropped; the retry delay is capped at the interval.
    await time.advance(10 * MINUTE);
    state = core.snapshot();
    expect(state.pending.map((p) => p.seal_id)).toEqual(store.seals.map((s) => s.id));
    const gaps = witnesses.calls
      .map((c) => c.at)
      .filter((at, i, all) => i > 0 && at !== all[i - 1])
      .map((at, i, all) => (i === 0 ? 0 : at - all[i - 1]!));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(MINUTE);
    // Persisted after every change.
    expect(store.saved.at(-1)!.pending).toHaveLength(store.seals.length);

    // One witness comes back: every pending seal is confirmed by it and leaves the queue.
    witnesses.up.set("b", true);
    await time.advance(MINUTE);
    state = core.snapshot();
    expect(state.pending).toEqual([]);
    expect(state.retry_failures).toBe(0);
    for (const seal of store.seals) {
      const asked = witnesses.calls.filter((c) => c.seal_id === seal.id).flatMap((c) => c.endpoints);
      expect(asked.filter((name) => name === "a")).toHaveLength(1);
    }
    await core.stop();
  });

  it("retries pending seals between seals once witnesses answer again", async () => {
    const { time, witnesses, core } = setup({ names: ["a"], quorum: 1, intervalMs: 10 * MINUTE });
    witnesses.up.set("a", false);
    core.start();
    await time.advance(1000);
    expect(core.snapshot().pending).toHaveLength(1);
    witnesses.up.set("a", true);
    // base = min(interval / 10, 30 s) = 30 s: the retry at 30 s succeeds long before the next seal at 10 min.
    await time.advance(60_000);
    expect(core.snapshot().pending).toHaveLength(0);
    expect(witnesses.calls.at(-1)!.at - witnesses.calls[0]!.at).toBe(30_000);
    await core.stop();
  });

  it("resumes pending seals handed over from a previous run", async () => {
    const first = setup({ names: ["a"], quorum: 1 });
    first.witnesses.up.set("a", false);
    first.core.start();
    await first.time.advance(1000);
    await first.core.stop();
    const saved = first.store.saved.at(-1)!;
    expect(saved.pending.map((p) => p.seal_id)).toEqual(["seal-1"]);

    const second = setup({ names: ["a"], quorum: 1, autoSeal: false });
    const core = new RelayCore(
      {
        intervalMs: MINUTE,
        autoSeal: false,
        sealWhenIdle: true,
        witness: { enabled: true, quorum: 1, endpoints: second.witnesses.endpoints },
      },
      second.store.deps(second.witnesses.publish),
      saved,
    );
    second.time.core = core;
    core.start();
    await second.time.advance(0);
    expect(second.witnesses.calls.map((c) => c.seal_id)).toEqual(["seal-1"]);
    expect(core.snapshot().pending).toEqual([]);
    await core.stop();
  });

  it("keeps inherited pending seals without spinning when witness publishing is now disabled", async () => {
    const first = setup({ names: ["a"], quorum: 1 });
    first.witnesses.up.set("a", false);
    first.core.start();
    await first.time.advance(1000);
    await first.core.stop();
    const saved = first.store.saved.at(-1)!;

    const second = setup();
    const core = new RelayCore(
      {
        intervalMs: MINUTE,
        autoSeal: true,
        sealWhenIdle: true,
        witness: { enabled: false, quorum: 1, endpoints: [] },
      },
      second.store.deps(second.witnesses.publish),
      saved,
    );
    second.time.core = core;
    core.start();
    await second.time.advance(2 * MINUTE);
    // One wake per seal tick (start, +1, +2), no zero-delay retry loop in between.
    expect(second.store.saved.length).toBeLessThan(20);
    expect(second.store.seals).toHaveLength(3);
    expect(core.snapshot().pending.map((p) => p.seal_id)).toEqual(["seal-1"]);
    expect(core.snapshot().next_retry_at).toBeNull();
    await core.stop();
  });

  it("treats a publish that throws as a failed round, keeps the seal, and records the error", async () => {
    const time = new FakeTime();
    const store = new FakeStore(time);
    const publish: PublishFn = async () => {
      throw Object.assign(new Error("boom"), { code: "WITNESS_INTERNAL" });
    };
    const core = new RelayCore(
      {
        intervalMs: MINUTE,
        autoSeal: true,
        sealWhenIdle: true,
        witness: { enabled: true, quorum: 1, endpoints: endpoints("a") },
      },
      store.deps(publish),
    );
    time.core = core;
    core.start();
    await time.advance(1000);
    const state = core.snapshot();
    expect(state.pending).toHaveLength(1);
    expect(state.last_error?.code).toBe("WITNESS_INTERNAL");
    await core.stop();
  });

  it("stop() waits for the publish in flight and schedules nothing after it", async () => {
    const time = new FakeTime();
    const store = new FakeStore(time);
    let release: () => void = () => undefined;
    let started = false;
    const publish: PublishFn = ({ stored, endpoints: eps, quorum }) => {
      started = true;
      return new Promise((resolve) => {
        release = () =>
          resolve({
            seal_id: stored.id,
            quorum,
            confirmations: eps.length,
            met: true,
            outcomes: eps.map((e) => ({ name: e.name, url: e.url, ok: true })),
          });
      });
    };
    const core = new RelayCore(
      {
        intervalMs: MINUTE,
        autoSeal: true,
        sealWhenIdle: true,
        witness: { enabled: true, quorum: 1, endpoints: endpoints("a") },
      },
      store.deps(publish),
    );
    core.start();
    // Fire the start timer without waiting for the core to settle.
    void time.advance(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(true);
    let stopped = false;
    const stopping = core.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(core.snapshot().last_quorum?.met).toBe(true);
    expect(time.pendingTimers()).toBe(0);
  });
});

describe("retryDelay", () => {
  it("doubles from the base and caps at the maximum", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 100, 1000))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(retryDelay(1000, 100, 1000)).toBe(1000);
  });
});

describe("relay core: nothing sealed is lost from the queue", () => {
  it("every saved state that names a seal as last_seal also has it pending (a kill after any save loses nothing)", async () => {
    const { time, witnesses, core, store } = setup({ names: ["a"] });
    witnesses.up.set("a", false);
    core.start();
    await time.advance(3 * MINUTE);
    expect(store.saved.length).toBeGreaterThan(0);
    for (const saved of store.saved) {
      if (saved.last_seal === null) continue;
      expect(saved.pending.map((p) => p.seal_id)).toContain(saved.last_seal.id);
    }
    await core.stop();
  });

  it("keeps a seal made while stopping in the queue for the next run", async () => {
    const { time, core, store, witnesses } = setup({ names: ["a"] });
    witnesses.up.set("a", false);
    core.start();
    await time.advance(0);
    const stopping = core.stop();
    await stopping;
    const last = store.saved.at(-1)!;
    expect(last.pending.map((p) => p.seal_id)).toEqual(store.seals.map((s) => s.id));
  });
});

describe("relay core: a seal refused for good", () => {
  it("is set aside and reported, and later seals are still retried and confirmed", async () => {
    const { time, witnesses, core, store } = setup({ names: ["a"] });
    // The witness refuses seal-1 for good (say, a 400 for its key id) and is down for the rest at first.
    const publish = witnesses.publish;
    let down = true;
    const refusing: PublishFn = async (request) => {
      if (request.stored.id === "seal-1") {
        return {
          seal_id: "seal-1",
          quorum: request.quorum,
          confirmations: 0,
          met: false,
          outcomes: request.endpoints.map((e) => ({
            name: e.name,
            url: e.url,
            ok: false,
            error: { code: "WITNESS_REJECTED", message: "400", retryable: false },
          })),
        };
      }
      witnesses.up.set("a", !down);
      return publish(request);
    };
    const settings: RelaySettings = {
      intervalMs: MINUTE,
      autoSeal: true,
      sealWhenIdle: true,
      witness: { enabled: true, quorum: 1, endpoints: witnesses.endpoints },
    };
    const refusingCore = new RelayCore(settings, store.deps(refusing));
    await core.stop();
    time.core = refusingCore;
    refusingCore.start();
    await time.advance(MINUTE + 1_000); // seal-1 (refused), seal-2 (witness down)
    let state = refusingCore.snapshot();
    expect(state.set_aside.map((s) => s.seal_id)).toEqual(["seal-1"]);
    expect(state.set_aside[0]!.rejected).toEqual([
      { url: witnesses.endpoints[0]!.url, code: "WITNESS_REJECTED" },
    ]);
    expect(state.pending.map((p) => p.seal_id)).toEqual(["seal-2"]);
    down = false;
    await time.advance(MINUTE);
    state = refusingCore.snapshot();
    expect(state.pending).toEqual([]);
    expect(state.set_aside.map((s) => s.seal_id)).toEqual(["seal-1"]);
    // seal-1 was asked once: a refusal for good is not retried by this run.
    expect(witnesses.calls.filter((c) => c.seal_id === "seal-1")).toHaveLength(0);
    await refusingCore.stop();
  });

  it("no longer stops a retry round (the round used to end at the first seal that gained nothing)", async () => {
    const { time, witnesses, store } = setup({ names: ["a"] });
    const refused = new Set(["seal-1"]);
    let up = false;
    const publish: PublishFn = async (request) => {
      witnesses.calls.push({
        seal_id: request.stored.id,
        at: time.now,
        endpoints: [],
        quorum: request.quorum,
      });
      const ok = up && !refused.has(request.stored.id);
      return {
        seal_id: request.stored.id,
        quorum: request.quorum,
        confirmations: ok ? 1 : 0,
        met: ok,
        outcomes: request.endpoints.map((e) =>
          ok
            ? { name: e.name, url: e.url, ok: true }
            : {
                name: e.name,
                url: e.url,
                ok: false,
                error:
                  refused.has(request.stored.id) && up
                    ? { code: "WITNESS_REJECTED", message: "400", retryable: false }
                    : { code: "WITNESS_UNREACHABLE", message: "down", retryable: true },
              },
        ),
      };
    };
    const core = new RelayCore(
      {
        intervalMs: MINUTE,
        autoSeal: true,
        sealWhenIdle: true,
        witness: { enabled: true, quorum: 1, endpoints: witnesses.endpoints },
      },
      store.deps(publish),
    );
    time.core = core;
    core.start();
    await time.advance(2 * MINUTE + 1_000); // seal-1..3 pending, witness down
    expect(core.snapshot().pending.map((p) => p.seal_id)).toEqual(["seal-1", "seal-2", "seal-3"]);
    up = true;
    await time.advance(MINUTE); // the next seal gains, then the round retries seal-1 (refused), seal-2, seal-3
    const state = core.snapshot();
    expect(state.pending).toEqual([]);
    expect(state.set_aside.map((s) => s.seal_id)).toEqual(["seal-1"]);
    await core.stop();
  });
});

describe("relay core prompt seals (auto_seal.max_unsealed_seconds)", () => {
  /** One event recorded now: the store grows and the daemon's watcher says so. */
  const record = (store: FakeStore, core: RelayCore, n = 1) => {
    store.events += n;
    core.activity();
  };

  it("seals and publishes a quiet moment after new events, batching a burst into one seal", async () => {
    const { time, store, witnesses, core } = setup({ names: ["w1"], maxUnsealedMs: 1000 });
    core.start();
    await time.advance(0);
    expect(store.seals).toHaveLength(1);
    await time.advance(5_000);
    for (let i = 0; i < 10; i++) {
      record(store, core);
      await time.advance(10);
    }
    await time.advance(QUIET_MS);
    expect(store.seals).toHaveLength(2);
    expect(store.seals[1]!.seal.event_count).toBe(10);
    expect(witnesses.calls.at(-1)!.seal_id).toBe("seal-2");
    // Nothing new: no more prompt seals until the heartbeat.
    await time.advance(10_000);
    expect(store.seals).toHaveLength(2);
    await core.stop();
  });

  it("never leaves an event unsealed longer than the bound while events keep coming", async () => {
    const { time, store, core } = setup({ names: ["w1"], maxUnsealedMs: 1000 });
    core.start();
    await time.advance(0);
    const started = time.now;
    // An event every 50 ms, never a quiet moment: the bound forces a seal.
    for (let i = 0; i < 50; i++) {
      record(store, core);
      await time.advance(50);
    }
    const prompt = store.seals.slice(1).map((s) => Date.parse(s.seal.timestamp) - started);
    expect(prompt.length).toBeGreaterThanOrEqual(2);
    expect(prompt.length).toBeLessThanOrEqual(3);
    for (const [i, at] of prompt.entries()) expect(at).toBeLessThanOrEqual((i + 1) * 1000 + 50);
    await core.stop();
  });

  it("is off without publishing, and with max_unsealed_seconds 0", async () => {
    for (const settings of [{ maxUnsealedMs: 1000 }, { names: ["w1"], maxUnsealedMs: 0 }]) {
      const { time, store, core } = setup(settings);
      core.start();
      await time.advance(0);
      record(store, core);
      await time.advance(5_000);
      expect(store.seals).toHaveLength(1);
      await core.stop();
    }
  });

  it("skips a prompt seal of a tip already sealed (the notice came after the seal)", async () => {
    const { time, store, core } = setup({ names: ["w1"], maxUnsealedMs: 1000 });
    store.events = 3;
    core.start();
    await time.advance(0);
    core.activity();
    await time.advance(2_000);
    expect(store.seals).toHaveLength(1);
    await core.stop();
  });
});
