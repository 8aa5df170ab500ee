import { sql, type Kysely } from "kysely";

/**
 * The paid plan (docs/payments.md). The payment provider owns the truth: `subscriptions` mirrors what
 * the last sync read from it, `payment_events` keeps each webhook's id so it is applied once, and
 * `users.premium_until` is derived from those rows and the complimentary grants by one function
 * (app/billing/entitlement.ts), written in the same transaction as the rows it is derived from.
 *
 * `users.subscription_status` was set only by tests and the admin CLI; any account it made premium
 * keeps premium for a year as a complimentary grant, so nobody loses access by upgrading.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("billing_customers")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn("customer_id", "text", (col) => col.notNull())
    // Set when a checkout with a trial completes: the trial is offered once per account.
    .addColumn("trial_used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    // One customer per account and provider: an install that moves from test mode to Stripe keeps both.
    .addPrimaryKeyConstraint("billing_customers_pkey", ["user_id", "provider"])
    .addUniqueConstraint("billing_customers_provider_customer_key", ["provider", "customer_id"])
    .execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn("customer_id", "text", (col) => col.notNull())
    .addColumn("subscription_id", "text", (col) => col.notNull())
    .addColumn("plan", "text", (col) => col.check(sql`plan in ('monthly', 'yearly')`))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("amount_minor", "integer")
    .addColumn("currency", "text")
    .addColumn("current_period_end", "text")
    .addColumn("trial_end", "text")
    .addColumn("cancel_at_period_end", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`cancel_at_period_end in (0, 1)`),
    )
    .addColumn("past_due_since", "text")
    // A pause skips the payments between these two instants; premium stops at paused_from.
    .addColumn("paused_from", "text")
    .addColumn("paused_until", "text")
    .addColumn("first_payment_at", "text")
    .addColumn("ended_at", "text")
    // When the state written here was read from the provider: an older reading never overwrites a newer one.
    .addColumn("observed_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("subscriptions_provider_subscription_key", ["provider", "subscription_id"])
    .execute();
  await db.schema.createIndex("subscriptions_user_id_idx").on("subscriptions").column("user_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("customer_id", "text")
    // processing while one request applies it, done once applied, failed so that a retry may claim it again.
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('processing', 'done', 'failed')`))
    .addColumn("provider_created_at", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("payment_events_pkey", ["provider", "event_id"])
    .execute();
  await db.schema.createIndex("payment_events_received_at_idx").on("payment_events").column("received_at").execute();

  await db.schema
    .createTable("checkouts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull().check(sql`provider in ('stripe', 'test')`))
    .addColumn("plan", "text", (col) => col.notNull().check(sql`plan in ('monthly', 'yearly')`))
    .addColumn("amount_minor", "integer", (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("trial_days", "integer", (col) => col.notNull())
    // The page that asked the learner to subscribe, to return to after paying.
    .addColumn("return_to", "text")
    .addColumn("session_id", "text")
    .addColumn("url", "text")
    .addColumn("state", "text", (col) =>
      col.notNull().check(sql`state in ('opening', 'open', 'complete', 'expired', 'failed')`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // One checkout in progress per account: a double click or a second tab finds the first one.
  await db.schema
    .createIndex("checkouts_one_open_per_user_idx")
    .on("checkouts")
    .column("user_id")
    .unique()
    .where(sql.ref("state"), "in", sql`('opening', 'open')`)
    .execute();
  await db.schema.createIndex("checkouts_session_id_idx").on("checkouts").column("session_id").execute();
  await db.schema.createIndex("checkouts_user_id_idx").on("checkouts").column("user_id").execute();

  await db.schema
    .createTable("complimentary_grants")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("until", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("granted_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("complimentary_grants_user_id_idx")
    .on("complimentary_grants")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("complimentary_grants_granted_by_idx")
    .on("complimentary_grants")
    .column("granted_by")
    .execute();
  await db.schema
    .createIndex("complimentary_grants_revoked_by_idx")
    .on("complimentary_grants")
    .column("revoked_by")
    .execute();

  // The built-in test-mode provider's own records (customers, checkouts, subscriptions, invoices,
  // events awaiting delivery): in the database, so every instance serves the same test checkout.
  await db.schema
    .createTable("test_provider_objects")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("customer_id", "text")
    .addColumn("data", "text", (col) => col.notNull())
    // When the provider's clock next has work on the row (an event's next delivery attempt, a
    // subscription's next transition, a checkout's expiry); null when it has none.
    .addColumn("deliver_after", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("test_provider_objects_kind_customer_idx")
    .on("test_provider_objects")
    .columns(["kind", "customer_id"])
    .execute();
  await db.schema
    .createIndex("test_provider_objects_deliver_after_idx")
    .on("test_provider_objects")
    .column("deliver_after")
    .execute();

  await db.schema.alterTable("users").addColumn("premium_until", "text").execute();

  const now = new Date().toISOString();
  const yearLater = new Date(Date.parse(now) + 365 * 24 * 60 * 60 * 1000).toISOString();
  const premium = await sql<{ id: string }>`
    select id from users where subscription_status in ('active', 'trialing')
  `.execute(db);
  for (const { id } of premium.rows) {
    await sql`
      insert into complimentary_grants (id, user_id, until, reason, granted_by, created_at)
      values (${crypto.randomUUID()}, ${id}, ${yearLater}, ${"Premium set before subscriptions existed"}, null, ${now})
    `.execute(db);
    await sql`update users set premium_until = ${yearLater} where id = ${id}`.execute(db);
  }
  await db.schema.alterTable("users").dropColumn("subscription_status").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("subscription_status", "text").execute();
  await sql`update users set subscription_status = 'active' where premium_until is not null`.execute(db);
  await db.schema.alterTable("users").dropColumn("premium_until").execute();
  for (const table of [
    "test_provider_objects",
    "complimentary_grants",
    "checkouts",
    "payment_events",
    "subscriptions",
    "billing_customers",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
