import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { claimPaymentEvent, EVENT_CLAIM_TIMEOUT_MS, finishPaymentEvent } from "./payment-event.server";

describe.each(testDialects)("payment events on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const event = () => ({
    id: `evt_${crypto.randomUUID()}`,
    type: "invoice.paid",
    customerId: "cus_1",
    createdAt: "2030-01-01T00:00:00.000Z",
  });

  it("lets exactly one of many concurrent claims win", async () => {
    const claimed = event();
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimPaymentEvent(database.db, "stripe", claimed)),
    );
    expect(claims.filter((claim) => claim === "claimed")).toHaveLength(1);
    expect(claims.filter((claim) => claim === "busy")).toHaveLength(5);
  });

  it("reports an applied event as done, and lets a failed one be claimed again", async () => {
    const done = event();
    expect(await claimPaymentEvent(database.db, "stripe", done)).toBe("claimed");
    await finishPaymentEvent(database.db, "stripe", done.id, "done");
    expect(await claimPaymentEvent(database.db, "stripe", done)).toBe("done");

    const failed = event();
    expect(await claimPaymentEvent(database.db, "stripe", failed)).toBe("claimed");
    await finishPaymentEvent(database.db, "stripe", failed.id, "failed");
    expect(await claimPaymentEvent(database.db, "stripe", failed)).toBe("claimed");
  });

  it("takes over a claim abandoned for longer than the timeout, not sooner", async () => {
    testClock.set("2030-01-01T00:00:00.000Z");
    const abandoned = event();
    expect(await claimPaymentEvent(database.db, "stripe", abandoned)).toBe("claimed");
    testClock.advance(EVENT_CLAIM_TIMEOUT_MS - 1);
    expect(await claimPaymentEvent(database.db, "stripe", abandoned)).toBe("busy");
    testClock.advance(2);
    expect(await claimPaymentEvent(database.db, "stripe", abandoned)).toBe("claimed");
  });

  it("keeps the two providers' event ids apart", async () => {
    const shared = event();
    expect(await claimPaymentEvent(database.db, "stripe", shared)).toBe("claimed");
    expect(await claimPaymentEvent(database.db, "test", shared)).toBe("claimed");
  });
});
