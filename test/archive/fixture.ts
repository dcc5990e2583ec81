import { appendEvents, verifyTrail } from "../../src/trail/index.js";
import { body, iso, Fixture as ReportFixture } from "../report/fixture.js";

export { body };

/** The report fixture with events in batches and a seal made now. */
export class Fixture {
  private constructor(private readonly inner: ReportFixture) {}

  static async create(): Promise<Fixture> {
    return new Fixture(await ReportFixture.create());
  }

  get home(): string {
    return this.inner.home;
  }

  get trail(): string {
    return this.inner.trail;
  }

  /** The first event's time (minute 0 of the report fixture). */
  get firstTs(): string {
    return iso(0);
  }

  /** `n` events at minute `minute` onwards (March 2026: older than any working window today). */
  async events(minute: number, n: number): Promise<void> {
    for (let k = 0; k < n; k += 1) await this.inner.event(minute + k, body());
  }

  seal(minute: number) {
    return this.inner.seal(minute);
  }

  /** Seals every event, stamped now. */
  async sealNow() {
    const { eventCount } = await verifyTrail(this.trail);
    return this.inner.seal(Math.floor((Date.now() - Date.parse(iso(0))) / 60_000), eventCount);
  }

  receipt(...args: Parameters<ReportFixture["receipt"]>) {
    return this.inner.receipt(...args);
  }

  cleanup(): Promise<void> {
    return this.inner.cleanup();
  }
}

export async function receiptFor(fx: Fixture, stored: Awaited<ReturnType<Fixture["seal"]>>): Promise<void> {
  await fx.receipt(stored, "w1", 200);
}

export { appendEvents };
