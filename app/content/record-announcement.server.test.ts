import { describe, expect, it } from "vitest";
import type { PrimeRecord } from "../models/prime-record.server";
import {
  announceRecord,
  onRecordAnnouncement,
  recordAnnouncement,
  type Announcement,
} from "./record-announcement.server";

const record: PrimeRecord = {
  id: "r1",
  kind: "mersenne",
  published: true,
  currentRevision: 1,
  updatedAt: "2030-01-01T00:00:00.000Z",
  content: {
    exponent: 136_279_841,
    digits: 41_024_320,
    year: 2024,
    discoverer: "Luke Durant",
    project: "GIMPS",
    program: null,
    test: "Fermat PRP, then Lucas–Lehmer",
    source: "https://www.mersenne.org/primes/",
  },
};

describe("announcing a new record", () => {
  it("says what was found, with its size, and leads to the page", () => {
    expect(recordAnnouncement(record)).toEqual({
      title: "A new Mersenne prime",
      body: "2^136279841 − 1 is prime: 41,024,320 digits, found by Luke Durant.",
      url: "/prime-discoveries",
      tag: "prime-record-r1",
    });
  });

  it("hands the announcement to every registered sender once, and to none once removed", async () => {
    const sent: Announcement[] = [];
    const remove = onRecordAnnouncement(async (announcement) => {
      sent.push(announcement);
    });
    expect(await announceRecord(record)).toEqual(recordAnnouncement(record));
    expect(sent).toEqual([recordAnnouncement(record)]);
    remove();
    await announceRecord(record);
    expect(sent).toHaveLength(1);
  });
});
