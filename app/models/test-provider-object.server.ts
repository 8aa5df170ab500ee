import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isPostgres } from "./chapter.server";

/**
 * The built-in test-mode payment provider's records (app/billing/test-provider.server.ts): customers,
 * cards, checkouts, subscriptions, invoices, charges, portal sessions and the webhook events it sends.
 * They live in the app's database so that every instance serves the same checkout. `data` is the
 * record as JSON; `deliver_after` is when the provider's clock next has work on the row (an event's
 * next delivery attempt, a subscription's next transition, a checkout's expiry), null when none.
 */
export type TestObjectKind =
  | "customer"
  | "payment_method"
  | "checkout_session"
  | "subscription"
  | "invoice"
  | "charge"
  | "portal_session"
  | "event";

export interface TestObjectRow {
  id: string;
  kind: TestObjectKind;
  customerId: string | null;
  data: unknown;
  dueAt: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

function toRow(row: Database["test_provider_objects"]): TestObjectRow {
  return {
    id: row.id,
    kind: row.kind as TestObjectKind,
    customerId: row.customer_id,
    data: JSON.parse(row.data) as unknown,
    dueAt: row.deliver_after,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new record; false when one with the id exists already (the id decides, not a read first). */
export async function insertTestObject(
  db: Kysely<Database>,
  input: { id: string; kind: TestObjectKind; customerId: string | null; data: unknown; dueAt: string | null },
): Promise<boolean> {
  const now = isoNow();
  const result = await db
    .insertInto("test_provider_objects")
    .values({
      id: input.id,
      kind: input.kind,
      customer_id: input.customerId,
      data: JSON.stringify(input.data),
      deliver_after: input.dueAt,
      attempts: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * One record of a kind, or null. `lock` holds it until the transaction ends on PostgreSQL, so writers
 * of one customer's records take turns (SQLite runs one write transaction at a time anyway).
 */
export async function findTestObject(
  db: Kysely<Database>,
  kind: TestObjectKind,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<TestObjectRow | null> {
  const row = await db
    .selectFrom("test_provider_objects")
    .selectAll()
    .where("kind", "=", kind)
    .where("id", "=", id)
    .$if(lock && isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** A customer's records of one kind, oldest first. */
export async function listTestObjects(
  db: Kysely<Database>,
  kind: TestObjectKind,
  customerId: string,
): Promise<TestObjectRow[]> {
  const rows = await db
    .selectFrom("test_provider_objects")
    .selectAll()
    .where("kind", "=", kind)
    .where("customer_id", "=", customerId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toRow);
}

/** Rewrites a record; `customerId` when it now belongs to a customer (a card attached after it was given). */
export async function updateTestObject(
  db: Kysely<Database>,
  id: string,
  change: { data: unknown; dueAt: string | null; customerId?: string | null },
): Promise<void> {
  await db
    .updateTable("test_provider_objects")
    .set({
      data: JSON.stringify(change.data),
      deliver_after: change.dueAt,
      updated_at: isoNow(),
      ...(change.customerId === undefined ? {} : { customer_id: change.customerId }),
    })
    .where("id", "=", id)
    .execute();
}

/** Records of a kind whose clock work is due at `at`, the longest waiting first. */
export async function listDueTestObjects(
  db: Kysely<Database>,
  kind: TestObjectKind,
  at: string,
  limit: number,
): Promise<TestObjectRow[]> {
  const rows = await db
    .selectFrom("test_provider_objects")
    .selectAll()
    .where("kind", "=", kind)
    .where("deliver_after", "<=", at)
    .orderBy("deliver_after")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/**
 * Takes a due event for one delivery attempt: moves its next attempt to `leaseUntil` and counts the
 * attempt, in one conditional update, so two instances (or a request and the clock) never send the
 * same attempt twice; a sender that dies leaves the event due again when the lease ends.
 */
export async function claimTestEventDelivery(
  db: Kysely<Database>,
  id: string,
  at: string,
  leaseUntil: string,
): Promise<TestObjectRow | null> {
  const result = await db
    .updateTable("test_provider_objects")
    .set((eb) => ({ deliver_after: leaseUntil, attempts: eb("attempts", "+", 1), updated_at: isoNow() }))
    .where("kind", "=", "event")
    .where("id", "=", id)
    .where("deliver_after", "<=", at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return findTestObject(db, "event", id);
}

/** Forgets records of a kind made before `before` (spent portal sessions). */
export async function deleteTestObjectsBefore(
  db: Kysely<Database>,
  kind: TestObjectKind,
  before: string,
): Promise<void> {
  await db.deleteFrom("test_provider_objects").where("kind", "=", kind).where("created_at", "<", before).execute();
}
