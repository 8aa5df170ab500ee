import { describe, expect, it } from "vitest";
import { CHARGED_PHASES, subscriptionPhase, type PhaseInput } from "./subscription-phase";

const NOW = new Date("2030-05-01T10:00:00.000Z");
const phase = (input: Partial<PhaseInput>) =>
  subscriptionPhase({ status: "active", cancelAtPeriodEnd: false, pausedFrom: null, ...input }, NOW);

describe("subscriptionPhase", () => {
  it("takes the provider's status when nothing refines it", () => {
    expect(phase({})).toBe("active");
    expect(phase({ status: "trialing" })).toBe("trialing");
    expect(phase({ status: "past_due" })).toBe("past_due");
    expect(phase({ status: "unpaid" })).toBe("unpaid");
    expect(phase({ status: "incomplete" })).toBe("incomplete");
    expect(phase({ status: "paused" })).toBe("paused");
    expect(phase({ status: "canceled" })).toBe("cancelled");
    expect(phase({ status: "incomplete_expired" })).toBe("cancelled");
    expect(phase({ status: "something_new" })).toBe("other");
  });

  it("tells a subscription that ends at its period end, and one whose pause is ahead or under way", () => {
    expect(phase({ cancelAtPeriodEnd: true })).toBe("cancelling");
    expect(phase({ status: "trialing", cancelAtPeriodEnd: true })).toBe("cancelling");
    expect(phase({ pausedFrom: "2030-05-01T10:00:00.001Z" })).toBe("pausing");
    expect(phase({ pausedFrom: "2030-05-01T10:00:00.000Z" })).toBe("paused");
    // Ending wins over a pause that would start when it ends.
    expect(phase({ cancelAtPeriodEnd: true, pausedFrom: "2030-04-01T00:00:00.000Z" })).toBe("cancelling");
    // A failed payment matters more than a cancellation already asked for.
    expect(phase({ status: "past_due", cancelAtPeriodEnd: true })).toBe("past_due");
  });

  it("counts only the phases the provider will charge next as recurring revenue", () => {
    expect([...CHARGED_PHASES].sort()).toEqual(["active", "past_due"]);
  });
});
