import type { Kysely } from "kysely";
import Stripe from "stripe";
import type { Database } from "#database/schema";
import {
  claimTestEventDelivery,
  findTestObject,
  insertTestObject,
  listDueTestObjects,
  listTestObjects,
  updateTestObject,
} from "#app/models/test-provider-object.server";
import { isoAfter, isoNow, now } from "#app/utils/clock";
import { randomToken } from "#app/utils/secure-token.server";
import { toSeconds, type TestEvent, type TestRecordKind, type TestRecords } from "./test-provider-objects";

/**
 * Where the test provider keeps its records and how it sends its webhooks. Every change is one
 * database transaction (the records and the events it raises, together); the events are delivered
 * after it commits, signed as Stripe signs them, to the app's own webhook endpoint over HTTP.
 */
export interface TestProviderConfig {
  db: Kysely<Database>;
  webhookSecret: string;
  webhookUrl: string;
  /** The origin the app serves the hosted pages under (checkout, portal, invoices). */
  pagesOrigin: string;
}

/** The path under which the app serves the test mode's hosted pages. */
export const TEST_PAGES_PATH = "/test-payments";

/** How long an attempt may take before its event counts as not delivered. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed attempt that never reports back (its instance died) is due again after this. */
const DELIVERY_LEASE_MS = 2 * 60 * 1000;
/**
 * When to try a failed event again, after each failed attempt: Stripe retries for up to three days
 * with a growing wait. After the last one the event is given up (the nightly reconciliation still
 * brings the app the provider's state).
 */
export const DELIVERY_RETRY_DELAYS_MS = [1, 5, 30, 120, 360, 720, 1440, 1440].map((minutes) => minutes * 60 * 1000);
/** A change waits this long at most for its own webhooks before answering the learner. */
const PROMPT_DELIVERY_WAIT_MS = 3_000;
/** Most events one clock tick sends; the rest wait for the next tick. */
const DELIVERIES_PER_TICK = 200;

type Stored<K extends TestRecordKind> = TestRecords[K];

/** A new object id in Stripe's style, with 256 random bits where the id is also a URL's secret. */
export function newId(prefix: string): string {
  return `${prefix}_test_${randomToken()}`;
}

/**
 * The records one change reads and writes, inside its transaction, and the events it raised.
 * `lock` takes the row for the transaction on PostgreSQL, so changes to one customer take turns.
 */
export class TestLedger {
  readonly events: string[] = [];

  constructor(
    readonly db: Kysely<Database>,
    readonly config: TestProviderConfig,
  ) {}

  async get<K extends TestRecordKind>(kind: K, id: string, { lock = false } = {}): Promise<Stored<K> | null> {
    const row = await findTestObject(this.db, kind, id, { lock });
    return row ? (row.data as Stored<K>) : null;
  }

  async list<K extends TestRecordKind>(kind: K, customerId: string): Promise<Stored<K>[]> {
    const rows = await listTestObjects(this.db, kind, customerId);
    return rows.map((row) => row.data as Stored<K>);
  }

  /** Stores a new record; `dueAt` is when the clock next has work on it. */
  async insert<K extends TestRecordKind>(kind: K, record: Stored<K>, dueAt: string | null = null): Promise<void> {
    const { id, customerId } = keysOf(kind, record);
    const inserted = await insertTestObject(this.db, { id, kind, customerId, data: record, dueAt });
    if (!inserted) throw new Error(`A test-mode ${kind} ${id} exists already.`);
  }

  async save<K extends TestRecordKind>(kind: K, record: Stored<K>, dueAt: string | null = null): Promise<void> {
    const { id, customerId } = keysOf(kind, record);
    await updateTestObject(this.db, id, { data: record, dueAt, customerId });
  }

  /** Raises an event (data.object and, for an update, data.previous_attributes), due for delivery now. */
  async emit(type: string, object: { customer?: string | null }, previous?: Record<string, unknown>): Promise<void> {
    const event: TestEvent = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: toSeconds(now()),
      type,
      data: previous ? { object, previous_attributes: previous } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    await insertTestObject(this.db, {
      id: event.id,
      kind: "event",
      customerId: object.customer ?? null,
      data: { object: event, internal: { deliveredAt: null, lastError: null, abandonedAt: null } },
      dueAt: isoNow(),
    });
    this.events.push(event.id);
  }
}

/** A record's id, and the customer it belongs to (a customer belongs to itself). */
function keysOf(kind: TestRecordKind, record: { object: object }): { id: string; customerId: string | null } {
  const object = record.object as { id: string; customer?: string | null };
  return { id: object.id, customerId: kind === "customer" ? object.id : (object.customer ?? null) };
}

/** Runs one change in a transaction, then sends the events it raised (waiting a few seconds at most). */
export async function transact<T>(config: TestProviderConfig, change: (ledger: TestLedger) => Promise<T>): Promise<T> {
  let events: string[] = [];
  const result = await config.db.transaction().execute(async (trx) => {
    const ledger = new TestLedger(trx, config);
    const value = await change(ledger);
    events = ledger.events;
    return value;
  });
  if (events.length > 0) await deliverPromptly(config, events);
  return result;
}

/**
 * Sends a change's events in the order they were raised, and waits for them only briefly: a slow or
 * failing endpoint never holds up the learner, and what is not delivered stays due for the clock.
 */
async function deliverPromptly(config: TestProviderConfig, eventIds: string[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const sending = deliverEvents(config, eventIds).catch((error: unknown) => {
    console.warn("Test-mode webhooks could not be sent:", error instanceof Error ? error.message : error);
  });
  await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, PROMPT_DELIVERY_WAIT_MS)))]);
  clearTimeout(timer);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** Sends every event whose delivery is due (new ones, and retries whose wait is over). */
export async function deliverDueEvents(config: TestProviderConfig): Promise<DeliveryReport> {
  const due = await listDueTestObjects(config.db, "event", isoNow(), DELIVERIES_PER_TICK);
  return deliverEvents(
    config,
    due.map((row) => row.id),
  );
}

async function deliverEvents(config: TestProviderConfig, eventIds: string[]): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const id of eventIds) {
    const claimed = await claimTestEventDelivery(config.db, id, isoNow(), isoAfter(DELIVERY_LEASE_MS));
    // Another instance (or the clock) is sending it, or it was sent meanwhile.
    if (!claimed) continue;
    const record = claimed.data as Stored<"event">;
    const problem = await post(config, record.object);
    if (problem === null) {
      report.delivered += 1;
      await updateTestObject(config.db, id, {
        data: { ...record, internal: { ...record.internal, deliveredAt: isoNow(), lastError: null } },
        dueAt: null,
      });
      continue;
    }
    report.failed += 1;
    const wait = DELIVERY_RETRY_DELAYS_MS[claimed.attempts - 1];
    const next = wait === undefined ? null : isoAfter(wait);
    console.warn(
      `Test-mode webhook ${id} (${record.object.type}) was not delivered, attempt ${claimed.attempts}: ${problem}; ${
        next ? `next attempt at ${next}` : "given up"
      }.`,
    );
    await updateTestObject(config.db, id, {
      data: {
        ...record,
        internal: { ...record.internal, lastError: problem, abandonedAt: next ? null : isoNow() },
      },
      dueAt: next,
    });
  }
  return report;
}

/** POSTs one event, signed like Stripe's; null when the endpoint took it (any 2xx), else what went wrong. */
async function post(config: TestProviderConfig, event: TestEvent): Promise<string | null> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: config.webhookSecret,
    timestamp: toSeconds(now()),
  });
  try {
    const response = await fetch(config.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const body = (await response.text()).slice(0, 200);
    return response.ok ? null : `HTTP ${response.status}${body ? ` ${body}` : ""}`;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
}
