import { describe, expect, it } from "vitest";
import { MAX_EVENTS_PER_BATCH, type AnalyticsEvent } from "./events";
import { MAX_PATH_LENGTH, parseBatch } from "./event-schema.server";

const AT = Date.UTC(2030, 0, 2, 10);
let made = 0;
const id = () => `event-id-${String(++made).padStart(8, "0")}`;

/** One event of each kind, as the client sends them. */
function everyKind(): AnalyticsEvent[] {
  const common = { at: AT, route: "/", path: "/", width: 1024 };
  return [
    { ...common, id: id(), name: "page_view", props: { referrer: "Search.Example.org" } },
    { ...common, id: id(), name: "page_view", props: {} },
    {
      ...common,
      id: id(),
      name: "tool_use",
      props: { tool: "factorization", digits: 40, method: "ecm", seconds: 1.5, outcome: "finished" },
    },
    { ...common, id: id(), name: "tool_use", props: { tool: "plot", curves: 3 } },
    { ...common, id: id(), name: "tool_use", props: { tool: "primes", action: "next prime" } },
    {
      ...common,
      id: id(),
      name: "quiz_answer",
      route: "/quiz/:attemptId",
      path: "/quiz/abc",
      props: { skill: "power-mod", right: true, hints: 0 },
    },
    { ...common, id: id(), name: "chapter_read", props: { chapter: "primes" } },
    { ...common, id: id(), name: "sign_up", props: { method: "passkey" } },
    { ...common, id: id(), name: "subscription_step", props: { step: "checkout_started", plan: "yearly" } },
    { ...common, id: id(), name: "push_received", props: { campaign: "weekly-1" } },
    { id: id(), name: "push_click", at: AT, route: "/chapter", path: "/chapter", props: {} },
  ];
}

function errorOf(body: unknown): string {
  const parsed = parseBatch(body);
  if (!("error" in parsed)) throw new Error("expected the batch to be refused");
  return parsed.error;
}

describe("the batch schema", () => {
  it("accepts every kind of event and lower-cases referrer hosts", () => {
    const events = everyKind();
    const parsed = parseBatch({ events });
    if ("error" in parsed) throw new Error(parsed.error);
    expect(parsed.events).toHaveLength(events.length);
    expect(parsed.events[0]).toMatchObject({ props: { referrer: "search.example.org" } });
  });

  it("refuses a batch that is not a batch, empty or too long", () => {
    expect(errorOf(null)).toMatch(/object/i);
    expect(errorOf([])).toMatch(/object/i);
    expect(errorOf({ events: [] })).toMatch(/at least one event/);
    const many = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => everyKind()[0]!).map((event) => ({
      ...event,
      id: id(),
    }));
    expect(errorOf({ events: many })).toMatch(`at most ${MAX_EVENTS_PER_BATCH} events`);
    expect(errorOf({ events: everyKind(), extra: 1 })).toMatch(/extra/);
  });

  it("refuses each kind of bad field, naming where it is", () => {
    const good = everyKind()[2]!;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: "purchase" }, /events\.0\.name/],
      [{ id: "short" }, /events\.0\.id: must be 16 to 64/],
      [{ id: "x".repeat(65) }, /events\.0\.id/],
      [{ id: "has spaces in it 12345" }, /events\.0\.id/],
      [{ at: Number.NaN }, /events\.0\.at/],
      [{ at: "2030-01-02" }, /events\.0\.at/],
      [{ at: 1.5 }, /events\.0\.at/],
      [{ route: "no-slash" }, /events\.0\.route: must start with \//],
      [{ path: `/${"a".repeat(MAX_PATH_LENGTH)}` }, /events\.0\.path/],
      [{ path: "/reset-password/confirm?token=secret" }, /events\.0\.path: must not carry a query string/],
      [{ path: "/page#part" }, /query string or fragment/],
      [{ path: "/line\nbreak" }, /control characters/],
      [{ width: -1 }, /events\.0\.width/],
      [{ width: Number.POSITIVE_INFINITY }, /events\.0\.width/],
      [{ ip: "203.0.113.9" }, /ip/],
      [{ props: { tool: "factorization", digits: 40, method: "ecm", seconds: 1, outcome: "exploded" } }, /outcome/],
      [{ props: { tool: "factorization", digits: 40, method: "ecm", seconds: -1, outcome: "finished" } }, /seconds/],
      [
        { props: { tool: "factorization", digits: 40, method: "ecm\u0000", seconds: 1, outcome: "finished" } },
        /method/,
      ],
      [
        { props: { tool: "factorization", digits: 40, method: "m".repeat(81), seconds: 1, outcome: "finished" } },
        /method/,
      ],
      [{ props: { tool: "plot", curves: 3, email: "a@b.c" } }, /email/],
      [{ props: { tool: "hammer" } }, /tool/],
    ];
    for (const [change, message] of cases) {
      expect(errorOf({ events: [{ ...good, ...change }] }), JSON.stringify(change)).toMatch(message);
    }
    expect(
      errorOf({ events: [{ ...everyKind()[5]!, props: { skill: "power-mod", right: "yes", hints: 0 } }] }),
    ).toMatch(/right/);
    expect(errorOf({ events: [{ ...everyKind()[0]!, props: { referrer: "https://evil.example/path" } }] })).toMatch(
      /referrer: must be a host name/,
    );
    expect(errorOf({ events: [{ ...everyKind()[7]!, props: { method: "magic" } }] })).toMatch(/method/);
  });
});
