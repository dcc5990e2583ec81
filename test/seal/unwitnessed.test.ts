import { describe, expect, it } from "vitest";
import { type StoredSeal, unwitnessedBound } from "../../src/seal/index.js";

const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/** A seal over `count` events made at `sealedAt` s, receipted by the given witnesses at their times. */
function seal(id: number, count: number, sealedAt: number, receipts: [string, number][]): StoredSeal {
  return {
    id: `seal-${id}`,
    seal: {
      chain_tip: `sha256:${String(count).padStart(64, "0")}`,
      event_count: count,
      timestamp: at(sealedAt),
      signature: `hmac-sha256:${"a".repeat(64)}`,
      key_id: "k",
    },
    receipts: receipts.map(([name, when]) => ({
      seal_id: `seal-${id}`,
      witness: { name, url: `http://${name}/api/v1/anchor` },
      receipt: { anchor_id: `wit_${id}_${name}`, witnessed_at: at(when) },
      recorded_at: at(when),
    })),
  };
}

describe("the unwitnessed bound", () => {
  it("measures each span from a witnessed seal's making to the next one's witnessing, and the open tail", () => {
    const seals = [
      seal(1, 5, 10, [["w1", 11]]),
      seal(2, 9, 20, [["w1", 50]]), // its events waited from 10 s to 50 s
      seal(3, 12, 60, []), // not witnessed: does not count
    ];
    const bound = unwitnessedBound(seals, {
      quorum: 1,
      eventCount: 14,
      now: new Date(T0 + 55_000),
      firstEventAt: new Date(T0 + 1_000),
    });
    expect(bound).toMatchObject({
      events_now: 5,
      witnessed_events: 9,
      witnessed_at: at(50),
      largest_window_ms: 40_000,
    });
    expect(bound.largest_window).toEqual({ from: at(10), to: at(50), open: false });
    // Later, the open tail (since seal-2 was made at 20 s) becomes the largest.
    const later = unwitnessedBound(seals, { quorum: 1, eventCount: 14, now: new Date(T0 + 100_000) });
    expect(later.largest_window).toEqual({ from: at(20), to: at(100), open: true });
  });

  it("counts a seal as witnessed at the quorum-th distinct witness's receipt", () => {
    const seals = [
      seal(1, 3, 0, [
        ["w1", 1],
        ["w1", 2],
        ["w2", 9],
      ]),
    ];
    expect(
      unwitnessedBound(seals, { quorum: 2, eventCount: 3, now: new Date(T0 + 10_000) }).witnessed_at,
    ).toBe(at(9));
    expect(unwitnessedBound(seals, { quorum: 3, eventCount: 3, now: new Date(T0 + 10_000) }).events_now).toBe(
      3,
    );
  });

  it("clips the window to the period, and says nothing is unwitnessed when every event is covered", () => {
    const seals = [seal(1, 4, 0, [["w1", 100]])];
    const bound = unwitnessedBound(seals, {
      quorum: 1,
      eventCount: 4,
      now: new Date(T0 + 200_000),
      from: new Date(T0 + 90_000),
      firstEventAt: new Date(T0),
    });
    expect(bound).toMatchObject({ events_now: 0, largest_window_ms: 10_000 });
  });
});
