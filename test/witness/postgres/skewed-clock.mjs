// Preloaded (node --import) into a witness replica to give it a clock an hour fast: Date.now()
// and `new Date()` are skewed; timers and the monotonic clock are not, as with a wrong wall clock.
const skew = Number(process.env.TRAILSEAL_TEST_CLOCK_SKEW_MS ?? 0);
const RealDate = Date;
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + skew);
    else super(...args);
  }
  static now() {
    return RealDate.now() + skew;
  }
}
globalThis.Date = SkewedDate;
