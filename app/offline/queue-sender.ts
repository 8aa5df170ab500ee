import type { QueuedSubmission } from "./offline-queue";

/**
 * What sending one submission came to:
 * - `applied`: the server took it (a 2xx answer, perhaps the stored answer of an earlier copy);
 * - `refused`: the server answered that it will never take it (a 4xx), for a reason the learner is told;
 * - `unanswered`: no answer (no network, or a server fault): it stays queued and is sent again later.
 */
export type SendOutcome =
  { kind: "applied"; data: unknown } | { kind: "refused"; message: string } | { kind: "unanswered" };

export interface SendReport {
  applied: { entry: QueuedSubmission; data: unknown }[];
  refused: { entry: QueuedSubmission; message: string }[];
}

export interface QueueSenderDeps {
  list(partition: string): Promise<QueuedSubmission[]>;
  remove(key: string): Promise<void>;
  send(entry: QueuedSubmission): Promise<SendOutcome>;
}

/**
 * Sends a partition's queued submissions one after the other, in the order they were made: an
 * answer settles an entry (it leaves the queue), and the first one without an answer stops the
 * round, so that nothing overtakes it (a "read" then "unread" must arrive in that order).
 */
export async function sendQueuedSubmissions(partition: string, deps: QueueSenderDeps): Promise<SendReport> {
  const entries = (await deps.list(partition)).filter((entry) => entry.partition === partition);
  const report: SendReport = { applied: [], refused: [] };
  for (const entry of entries) {
    const outcome = await deps.send(entry);
    // It and every later entry stay queued for the next occasion.
    if (outcome.kind === "unanswered") break;
    await deps.remove(entry.key);
    if (outcome.kind === "applied") report.applied.push({ entry, data: outcome.data });
    else report.refused.push({ entry, message: outcome.message });
  }
  return report;
}

/**
 * Runs `task` one at a time: a call while it runs asks for one more run after it (the queue may
 * have grown meanwhile), and any number of such calls make one run.
 */
export function oneAtATime(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return run;
}
