import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { markSavedPagesStale, readCurrentPartition, takeSavedPagesStale, writeCurrentPartition } from "./worker-state";

describe("the worker's remembered state", () => {
  it("keeps the current partition, and reads nothing malformed back", async () => {
    expect(await readCurrentPartition()).toBeNull();
    await writeCurrentPartition("u-AAAAAAAAAAAAAAAAAAAAAA");
    expect(await readCurrentPartition()).toBe("u-AAAAAAAAAAAAAAAAAAAAAA");
    await writeCurrentPartition("guest");
    expect(await readCurrentPartition()).toBe("guest");
    await writeCurrentPartition("not a partition");
    expect(await readCurrentPartition()).toBeNull();
  });

  it("marks saved pages stale until the mark is taken, once", async () => {
    expect(await takeSavedPagesStale()).toBe(false);
    await markSavedPagesStale();
    expect(await takeSavedPagesStale()).toBe(true);
    expect(await takeSavedPagesStale()).toBe(false);
  });
});
