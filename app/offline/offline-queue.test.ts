import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";
import {
  clearQueuedSubmissions,
  createSubmission,
  listQueuedSubmissions,
  pruneQueuedSubmissions,
  QUEUED_SUBMISSION_MAX_AGE_MS,
  queueSubmission,
  removeQueuedSubmission,
  subscribeToQueue,
  type SubmissionInput,
} from "./offline-queue";

/** Each test has partitions of its own: the queue is one database for the whole file. */
const partition = () => `u-${crypto.randomUUID().replaceAll("-", "").slice(0, 22)}`;

const read = (owner: string, label: string): SubmissionInput => ({
  partition: owner,
  action: "/chapter/divisors",
  fields: [
    ["sectionId", "9d1c1b0e-8d64-4c59-8f0c-3f4b4a1e2c11"],
    ["intent", "read"],
  ],
  label,
  subject: `read:${label}`,
});

describe("the offline queue", () => {
  it("gives each submission a key of its own, in its fields too", () => {
    const first = createSubmission(read("guest", "A"), 1_000);
    const second = createSubmission({ ...read("guest", "A"), fields: first.fields }, 2_000);
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.fields).toEqual([...read("guest", "A").fields, [IDEMPOTENCY_KEY_FIELD, first.key]]);
    expect(first.queuedAt).toBe(1_000);
    // Fields copied from another submission lose its key: a key belongs to one submission.
    expect(second.key).not.toBe(first.key);
    expect(second.fields.filter(([name]) => name === IDEMPOTENCY_KEY_FIELD)).toEqual([
      [IDEMPOTENCY_KEY_FIELD, second.key],
    ]);
  });

  it("lists a partition's entries in the order they were made, and no other partition's", async () => {
    const [mine, theirs] = [partition(), partition()];
    // Same instant: the order of queueing decides, not the clock.
    const entries = ["first", "second", "third"].map((label) => createSubmission(read(mine, label), 5_000));
    for (const entry of entries) {
      await queueSubmission(entry);
      await queueSubmission(createSubmission(read(theirs, `${label(entry)} elsewhere`), 5_000));
    }
    expect(await listQueuedSubmissions(mine)).toEqual(entries);
    expect((await listQueuedSubmissions(theirs)).map(label)).toEqual([
      "first elsewhere",
      "second elsewhere",
      "third elsewhere",
    ]);
  });

  it("keeps one copy of a submission queued twice, and removes it by its key", async () => {
    const mine = partition();
    const [first, second] = [createSubmission(read(mine, "one")), createSubmission(read(mine, "two"))];
    await queueSubmission(first);
    await queueSubmission(second);
    await queueSubmission(first);
    expect((await listQueuedSubmissions(mine)).map(label)).toEqual(["one", "two"]);
    await removeQueuedSubmission(first.key);
    await removeQueuedSubmission("not-queued");
    expect((await listQueuedSubmissions(mine)).map(label)).toEqual(["two"]);
  });

  it("clears one partition on sign-out and leaves the others", async () => {
    const [leaving, staying] = [partition(), partition()];
    await queueSubmission(createSubmission(read(leaving, "a")));
    await queueSubmission(createSubmission(read(staying, "b")));
    await clearQueuedSubmissions(leaving);
    expect(await listQueuedSubmissions(leaving)).toEqual([]);
    expect((await listQueuedSubmissions(staying)).map(label)).toEqual(["b"]);
  });

  it("drops entries past the age limit, whichever partition they belong to", async () => {
    const [absent, present] = [partition(), partition()];
    const now = 10 * QUEUED_SUBMISSION_MAX_AGE_MS;
    await queueSubmission(createSubmission(read(absent, "too old"), now - QUEUED_SUBMISSION_MAX_AGE_MS - 1));
    await queueSubmission(createSubmission(read(absent, "just in time"), now - QUEUED_SUBMISSION_MAX_AGE_MS));
    await queueSubmission(createSubmission(read(present, "fresh"), now));
    await pruneQueuedSubmissions(now);
    expect((await listQueuedSubmissions(absent)).map(label)).toEqual(["just in time"]);
    expect((await listQueuedSubmissions(present)).map(label)).toEqual(["fresh"]);
  });

  it("tells subscribers when the queue changes, until they unsubscribe", async () => {
    const mine = partition();
    let changes = 0;
    const unsubscribe = subscribeToQueue(() => (changes += 1));
    const entry = createSubmission(read(mine, "a"));
    await queueSubmission(entry);
    await removeQueuedSubmission(entry.key);
    // Clearing a partition with nothing in it changes nothing.
    await clearQueuedSubmissions(mine);
    expect(changes).toBe(2);
    unsubscribe();
    await queueSubmission(createSubmission(read(mine, "b")));
    expect(changes).toBe(2);
  });
});

function label(entry: { label: string }): string {
  return entry.label;
}
