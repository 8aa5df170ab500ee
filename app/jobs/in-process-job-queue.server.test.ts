import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startInProcessJobQueue, retryDelayMs } from "./in-process-job-queue.server";
import { JOB_MAX_ATTEMPTS, type JobHandlers, type JobQueue } from "./job-queue.server";

/** A handler the test finishes by hand, to hold jobs running. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the in-process job queue", () => {
  let queue: JobQueue | undefined;
  const ran: string[] = [];
  const handlers = (overrides: Partial<JobHandlers> = {}): JobHandlers => ({
    "push.dispatch": async ({ sendId }) => void ran.push(`dispatch ${sendId}`),
    "push.deliver": async ({ deliveryId }) => void ran.push(`deliver ${deliveryId}`),
    "push.reminders": async () => void ran.push("reminders"),
    ...overrides,
  });

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2031-05-01T12:00:00.000Z") });
    ran.length = 0;
  });
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    vi.useRealTimers();
  });

  it("runs a job at once, and one with a later runAt only when its time comes", async () => {
    queue = startInProcessJobQueue({ handlers: handlers(), concurrency: 2 });
    await queue.add("push.dispatch", { sendId: "later" }, { runAt: new Date(Date.now() + 60_000) });
    await queue.add("push.dispatch", { sendId: "now" });
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toEqual(["dispatch now"]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(ran).toEqual(["dispatch now"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(["dispatch now", "dispatch later"]);
  });

  it("never runs more than `concurrency` jobs at once", async () => {
    const held = gate();
    let active = 0;
    let most = 0;
    queue = startInProcessJobQueue({
      concurrency: 3,
      handlers: handlers({
        "push.deliver": async ({ deliveryId }) => {
          active += 1;
          most = Math.max(most, active);
          await held.opened;
          ran.push(deliveryId);
          active -= 1;
        },
      }),
    });
    for (let index = 0; index < 10; index += 1) await queue.add("push.deliver", { deliveryId: `d${index}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(active).toBe(3);
    held.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toHaveLength(10);
    expect(most).toBe(3);
  });

  it("retries a failing job with growing pauses, then gives up after JOB_MAX_ATTEMPTS tries", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tries: number[] = [];
    queue = startInProcessJobQueue({
      concurrency: 1,
      handlers: handlers({
        "push.deliver": async () => {
          tries.push(Date.now());
          throw new Error("503 from the push service");
        },
      }),
    });
    const start = Date.now();
    await queue.add("push.deliver", { deliveryId: "d1" });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(tries).toHaveLength(JOB_MAX_ATTEMPTS);
    const pauses = tries.map((at, index) => at - (index === 0 ? start : tries[index - 1]!));
    expect(pauses).toEqual([0, ...Array.from({ length: JOB_MAX_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1))]);
    expect(pauses[2]!).toBeGreaterThan(pauses[1]!);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("not retried: 503 from the push service"));
    warn.mockRestore();
  });

  it("caps the pause between tries", () => {
    expect(retryDelayMs(1)).toBe(2718);
    expect(retryDelayMs(10)).toBe(retryDelayMs(30));
  });

  it("keeps one waiting job per key, and lets a running job queue its follow-up under its own key", async () => {
    const held = gate();
    let runs = 0;
    queue = startInProcessJobQueue({
      concurrency: 4,
      handlers: handlers({
        "push.deliver": async ({ deliveryId }) => {
          runs += 1;
          if (runs === 1) {
            await held.opened;
            // Still running: the same key is free again for the follow-up.
            await queue!.add("push.deliver", { deliveryId }, { key: "k", runAt: new Date(Date.now() + 1000) });
          }
          ran.push(`${deliveryId} run ${runs}`);
        },
      }),
    });
    const later = new Date(Date.now() + 500);
    await queue.add("push.deliver", { deliveryId: "a" }, { key: "k" });
    await vi.advanceTimersByTimeAsync(0);
    await queue.add("push.deliver", { deliveryId: "b" }, { key: "other", runAt: later });
    await queue.add("push.deliver", { deliveryId: "b" }, { key: "other", runAt: later });
    held.open();
    await vi.advanceTimersByTimeAsync(2000);
    expect(ran).toEqual(["a run 1", "b run 2", "a run 3"]);
  });

  it("adds a recurring job at its interval", async () => {
    queue = startInProcessJobQueue({ handlers: handlers(), concurrency: 1, every: { "push.reminders": 300_000 } });
    await vi.advanceTimersByTimeAsync(299_999);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_001);
    expect(ran).toEqual(["reminders", "reminders", "reminders"]);
  });

  it("stop waits for running jobs and starts nothing afterwards", async () => {
    const held = gate();
    queue = startInProcessJobQueue({
      concurrency: 1,
      handlers: handlers({
        "push.dispatch": async ({ sendId }) => {
          await held.opened;
          ran.push(sendId);
        },
      }),
    });
    await queue.add("push.dispatch", { sendId: "running" });
    await queue.add("push.dispatch", { sendId: "waiting" });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    await queue.add("push.dispatch", { sendId: "after" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual(["running"]);
  });
});
