// @vitest-environment happy-dom
import { providerSubscription } from "#tests/setup/subscription-readings";
import { ThemeProvider } from "@mui/material/styles";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { describePlanState, type PlanView } from "#app/billing/plan-state";
import { theme } from "#app/theme/theme";
import { PlanSection, type PlanSectionProps } from "./plan-section";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const NOW = new Date("2030-01-05T00:00:00.000Z");
const monthly: PlanView = providerSubscription({ currency: "EUR" });

function props(overrides: Partial<PlanSectionProps["plan"]> = {}): PlanSectionProps {
  return {
    role: "learner",
    isPremium: true,
    everythingOpen: true,
    memberSince: "2029-06-01T00:00:00.000Z",
    portalUnavailable: false,
    plan: {
      subscription: monthly,
      words: describePlanState(monthly, NOW),
      allowed: ["plan-switch", "plan-cancel", "plan-pause", "plan-withdraw"],
      pauseNote: null,
      otherPlan: { plan: "yearly", name: "Yearly", price: "€39.99 a year" },
      withdrawal: { until: "2030-01-15T00:00:00.000Z", amount: "€4.99" },
      complimentaryUntil: null,
      hasCustomer: true,
      trialDays: 0,
      freeQuizzesPerDay: 5,
      prices: { monthly: "€4.99 a month", yearly: "€39.99 a year" },
      ...overrides,
    },
  };
}

let root: Root | undefined;
function render(sectionProps: PlanSectionProps): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  const router = createMemoryRouter([{ path: "/", element: <PlanSection {...sectionProps} /> }]);
  root = createRoot(container);
  act(() =>
    root!.render(
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>,
    ),
  );
  return container;
}
const text = (element: Element) => (element.textContent ?? "").replace(/\s+/g, " ");
const button = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll("button, a")].find((element) => text(element).trim() === label) as
    HTMLButtonElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = "";
});

describe("the plan section of the profile", () => {
  it("says the next charge and offers every allowed change, the portal and the pause for 1 to 3 months", () => {
    const container = render(props());
    expect(text(container)).toContain("Monthly plan: Active");
    expect(text(container)).toContain("Renews on 1 February 2030 for €4.99 a month.");
    for (const label of [
      "Switch to yearly (€39.99 a year)",
      "Cancel at the end of the period",
      "Card and receipts",
      "Pause for 1 month",
      "Pause for 2 months",
      "Pause for 3 months",
      "Withdraw with a full refund…",
    ]) {
      expect(button(container, label), label).toBeDefined();
    }
    expect(button(container, "Card and receipts")!.getAttribute("href")).toBe("/profile/billing/portal");
    expect(button(container, "Resume my plan")).toBeUndefined();
  });

  it("asks before withdrawing, saying the refund and that premium ends at once", () => {
    const container = render(props());
    expect(button(container, "Yes, withdraw and refund")).toBeUndefined();
    act(() => button(container, "Withdraw with a full refund…")!.click());
    const dialog = container.querySelector('[role="alertdialog"]')!;
    expect(text(dialog)).toContain("You get €4.99 back in full to your card, and premium ends at once.");
    const confirm = button(container, "Yes, withdraw and refund")!;
    expect(confirm.type).toBe("submit");
    const form = confirm.closest("form")!;
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: "plan-withdraw", subscriptionId: "sub_1" });
    act(() => button(container, "Keep my plan")!.click());
    expect(container.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it("says why a yearly plan does not pause, and shows complimentary premium", () => {
    const yearly = { ...monthly, plan: "yearly" as const };
    const container = render(
      props({
        subscription: yearly,
        words: describePlanState(yearly, NOW),
        allowed: ["plan-switch", "plan-cancel"],
        pauseNote: "Pausing is for the monthly plan: the yearly plan is paid for the whole year.",
        complimentaryUntil: "2030-06-01T00:00:00.000Z",
      }),
    );
    expect(text(container)).toContain("Pausing is for the monthly plan");
    expect(text(container)).toContain("Complimentary premium until 1 June 2030.");
    expect(button(container, "Pause for 1 month")).toBeUndefined();
  });

  it("shows a free learner the prices and the way to the plans", () => {
    const container = render({
      ...props({ subscription: null, words: null, allowed: [], withdrawal: null, hasCustomer: false, trialDays: 7 }),
      isPremium: false,
      everythingOpen: false,
    });
    expect(text(container)).toContain(
      "The free chapters and 5 quizzes a day are free. Premium opens every chapter and unlimited quizzes, for €4.99 a month or €39.99 a year, after a 7-day free trial.",
    );
    expect(button(container, "Unlock every chapter")!.getAttribute("href")).toBe("/subscribe");
    expect(button(container, "Card and receipts")).toBeUndefined();
  });
});
