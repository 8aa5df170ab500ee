/**
 * What subscribers are told when a new prime record is published for the first time. Web push
 * registers its sender here at start (app/push/push-jobs.server.ts startPush): a send to the learners
 * who chose the "record-primes" topic. The admin who published is shown the announcement too.
 */
import type { PrimeRecord } from "../models/prime-record.server";

export interface Announcement {
  title: string;
  body: string;
  /** Where a click on the notification leads. */
  url: string;
  /** One notification per record, so a repeat replaces rather than stacks. */
  tag: string;
}

export type AnnouncementSender = (announcement: Announcement) => Promise<void>;

const senders = new Set<AnnouncementSender>();

/** Registers a way to send announcements; returns its removal. */
export function onRecordAnnouncement(sender: AnnouncementSender): () => void {
  senders.add(sender);
  return () => senders.delete(sender);
}

const withDigits = (digits: number) => `${digits.toLocaleString("en")} digits`;

export function recordAnnouncement(record: PrimeRecord): Announcement {
  const tag = `prime-record-${record.id}`;
  const url = "/prime-discoveries";
  switch (record.kind) {
    case "mersenne":
      return {
        title: "A new Mersenne prime",
        body: `2^${record.content.exponent} − 1 is prime: ${withDigits(record.content.digits)}, found by ${record.content.discoverer}.`,
        url,
        tag,
      };
    case "largest":
      return {
        title: "A new largest known prime",
        body: `${record.content.number}, with ${withDigits(record.content.digits)}.`,
        url,
        tag,
      };
    case "form":
      return {
        title: "A new record prime",
        body: `${record.content.number}, with ${withDigits(record.content.digits)}, found by ${record.content.discoverer}.`,
        url,
        tag,
      };
  }
}

/** Prepares the record's announcement and hands it to every registered sender. */
export async function announceRecord(record: PrimeRecord): Promise<Announcement> {
  const announcement = recordAnnouncement(record);
  await Promise.all([...senders].map((send) => send(announcement)));
  return announcement;
}
