import { describe, expect, it } from "vitest";
import type { QueuedSubmission } from "./offline-queue";
import { oneAtATime, sendQueuedSubmissions, type SendOutcome } from "./queue-sender";

const entry = (label: string, partition = "u-aaaaaaaaaaaaaaaaaaaaaa"): QueuedSubmission => ({
  key: `key-${label}`,
  partition,
  action: "/chapter/divisors",
  fields: [["intent", "read"]],
  label,
  subject: `read:${label}`,
  queuedAt: 0,
});

/** A queue in memory, and a server that answers each label as told (unanswered when not told). */
function fakeQueue(entries: QueuedSubmission[], answers: Record<string, SendOutcome>) {
  const queue = [...entries];
  const sent: string[] = [];
  return {
    sent,
    left: () => queue.map((queued) => queued.label),
    deps: {
      list: async (partition: string) => queue.filter((queued) => queued.partition === partition),
      remove: async (key: string) => {
        queue.splice(
          queue.findIndex((queued) => queued.key === key),
          1,
        );
      },
      send: async (queued: QueuedSubmission) => {
        sent.push(queued.label);
        return answers[queued.label] ?? { kind: "unanswered" as const };
      },
    },
  };
}

describe("sending the queue", () => {
  it("sends the partition's entries in order, removing each one the server answered", async () => {
    const queue = fakeQueue([entry("a"), entry("b"), entry("c")], {
      a: { kind: "applied", data: { error: null } },
      b: { kind: "refused", message: "That section is not part of what you can read here." },
      c: { kind: "applied", data: { correct: true } },
    });
    const report = await sendQueuedSubmissions("u-aaaaaaaaaaaaaaaaaaaaaa", queue.deps);
    expect(queue.sent).toEqual(["a", "b", "c"]);
    expect(queue.left()).toEqual([]);
    expect(report.applied.map(({ entry: sent, data }) => [sent.label, data])).toEqual([
      ["a", { error: null }],
      ["c", { correct: true }],
    ]);
    expect(report.refused.map(({ entry: sent, message }) => [sent.label, message])).toEqual([
      ["b", "That section is not part of what you can read here."],
    ]);
  });

  it("stops at the first entry without an answer, keeping it and every later one for next time", async () => {
    const queue = fakeQueue([entry("a"), entry("b"), entry("c")], { a: { kind: "applied", data: {} } });
    const report = await sendQueuedSubmissions("u-aaaaaaaaaaaaaaaaaaaaaa", queue.deps);
    expect(queue.sent).toEqual(["a", "b"]);
    expect(queue.left()).toEqual(["b", "c"]);
    expect(report.applied.map(({ entry: sent }) => sent.label)).toEqual(["a"]);

    // The connection is back: the next round starts where this one stopped.
    const next = await sendQueuedSubmissions("u-aaaaaaaaaaaaaaaaaaaaaa", {
      ...queue.deps,
      send: async (queued) => {
        queue.sent.push(queued.label);
        return { kind: "applied", data: {} };
      },
    });
    expect(queue.sent).toEqual(["a", "b", "b", "c"]);
    expect(next.applied.map(({ entry: sent }) => sent.label)).toEqual(["b", "c"]);
  });

  it("never sends another partition's entries, even when the store lists them", async () => {
    const guest = entry("guest answer", "guest");
    const queue = fakeQueue([entry("mine"), guest], { mine: { kind: "applied", data: {} } });
    const report = await sendQueuedSubmissions("u-aaaaaaaaaaaaaaaaaaaaaa", {
      ...queue.deps,
      // A store that got the filter wrong.
      list: async () => [entry("mine"), guest],
    });
    expect(queue.sent).toEqual(["mine"]);
    expect(report.applied).toHaveLength(1);
    expect(queue.left()).toEqual(["guest answer"]);
  });
});

describe("one round at a time", () => {
  it("folds the calls made during a round into one more round after it", async () => {
    /** Each round waits until the test ends it; `started` says when the next round begins. */
    const ends: (() => void)[] = [];
    let announce: (() => void) | undefined;
    const started = () => new Promise<void>((resolve) => (announce = resolve));
    let rounds = 0;
    const run = oneAtATime(async () => {
      rounds += 1;
      announce?.();
      await new Promise<void>((resolve) => ends.push(resolve));
    });

    let begun = started();
    const first = run();
    await begun;
    const second = run();
    void run();
    expect(rounds).toBe(1);
    begun = started();
    ends.shift()!();
    await begun;
    // The two calls made during the first round made one more round, which every caller awaits.
    expect(rounds).toBe(2);
    ends.shift()!();
    await Promise.all([first, second]);
    expect(rounds).toBe(2);

    // Idle again: a new call starts a new round.
    begun = started();
    const third = run();
    await begun;
    expect(rounds).toBe(3);
    ends.shift()!();
    await third;
  });
});
