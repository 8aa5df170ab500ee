import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database, PaymentProviderName, PlanInterval, Role } from "#database/schema";
import type { SortDirection, UserSort } from "../utils/admin-user-query";
import { isoNow, now as currentTime } from "../utils/clock";
import { subscriptionPhase, type SubscriptionPhase } from "../utils/subscription-phase";
import { recordAudit, type AuditParty } from "./audit-log.server";
import { likeLiteral } from "./database-errors.server";
import { serializedTransaction } from "./serialized-transaction.server";
import { deleteUserSessions } from "./session.server";
import { ENDED_STATUSES } from "./subscription.server";
import { countActiveAdmins, setDisabled, setRole, toUser, userColumns } from "./user.server";

export const ADMIN_USERS_PAGE_SIZE = 25;

export interface AdminUserQuery {
  /** Case-insensitive piece of the e-mail address or display name; empty for everyone. */
  search?: string;
  sort?: UserSort;
  direction?: SortDirection;
  /** Counts from 1. */
  page?: number;
  pageSize?: number;
}

export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  disabledAt: string | null;
  emailVerified: boolean;
  premiumUntil: string | null;
  isPremium: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  signInMethods: { password: boolean; providers: string[]; passkeys: number };
  liveSessions: number;
  billing: AdminBilling;
}

/** What an account pays for, as the admin table shows it. */
export interface AdminBilling {
  /** A subscription's plan while one runs, else complimentary premium while a grant is in force, else free. */
  plan: PlanInterval | "complimentary" | "free";
  /** The subscription that runs, else the one that ended last; null for an account that never subscribed. */
  subscription: AdminSubscription | null;
  /** The provider's customer, for a link to it in the provider's dashboard. */
  customer: { provider: PaymentProviderName; customerId: string } | null;
  /** Complimentary grants in force (neither withdrawn nor run out), the longest first. */
  grants: { id: string; until: string; reason: string }[];
}

export interface AdminSubscription {
  phase: SubscriptionPhase;
  plan: PlanInterval | null;
  amountMinor: number | null;
  currency: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  pastDueSince: string | null;
  pausedFrom: string | null;
  pausedUntil: string | null;
  endedAt: string | null;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  /** The page shown: the one asked for, moved back to the last page when beyond it. */
  page: number;
  pageCount: number;
}

const sortExpressions = {
  email: sql`users.email`,
  name: sql`lower(users.display_name)`,
  created: sql`users.created_at`,
  lastSignIn: sql`users.last_sign_in_at`,
} satisfies Record<UserSort, Expression<unknown>>;

/** The admin table: one page of accounts with what an admin needs to see about each. */
export async function listAdminUsers(
  db: Kysely<Database>,
  {
    search = "",
    sort = "created",
    direction = "desc",
    page = 1,
    pageSize = ADMIN_USERS_PAGE_SIZE,
  }: AdminUserQuery = {},
): Promise<AdminUserPage> {
  let query = db.selectFrom("users");
  const needle = search.trim();
  if (needle !== "") {
    // lower() on both sides and an explicit escape character: the same matching on SQLite and PostgreSQL.
    const pattern = `%${likeLiteral(needle.toLowerCase())}%`;
    query = query.where(({ or }) =>
      or([
        sql<SqlBool>`lower(users.email) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(users.display_name) like ${pattern} escape '\\'`,
      ]),
    );
  }

  const { count } = await query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);

  const sortKey = sortExpressions[sort];
  const now = isoNow();
  const rows = await query
    .select(userColumns.map((column) => `users.${column}` as const))
    .select((eb) => [
      "users.disabled_at",
      "users.last_sign_in_at",
      eb("users.password_hash", "is not", null).as("has_password"),
      eb
        .selectFrom("passkeys")
        .select(eb.fn.countAll().as("count"))
        .whereRef("passkeys.user_id", "=", "users.id")
        .as("passkeys"),
      eb
        .selectFrom("sessions")
        .select(eb.fn.countAll().as("count"))
        .whereRef("sessions.user_id", "=", "users.id")
        .where("sessions.expires_at", ">", now)
        .as("live_sessions"),
    ])
    // Missing values last in both directions, then the id so equal keys keep one order across pages.
    .orderBy(sql`${sortKey} is null`)
    .orderBy(sortKey, direction)
    .orderBy("users.id")
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .execute();

  const userIds = rows.map((row) => row.id);
  const providers = await providersByUser(db, userIds);
  const billing = await billingByUser(db, userIds);
  const users = rows.map((row): AdminUserRow => {
    const user = toUser(row);
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      disabledAt: row.disabled_at,
      emailVerified: user.emailVerified,
      premiumUntil: user.premiumUntil,
      isPremium: user.isPremium,
      lastSignInAt: row.last_sign_in_at,
      createdAt: user.createdAt,
      signInMethods: {
        password: Boolean(row.has_password),
        providers: providers.get(row.id) ?? [],
        passkeys: Number(row.passkeys ?? 0),
      },
      liveSessions: Number(row.live_sessions ?? 0),
      billing: billing.get(row.id) ?? { plan: "free", subscription: null, customer: null, grants: [] },
    };
  });
  return { users, total, page: shown, pageCount };
}

async function providersByUser(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom("identities")
    .select(["user_id", "provider"])
    .where("user_id", "in", userIds)
    .orderBy("provider")
    .execute();
  // One identity per provider and account (migration 0004), so no provider repeats.
  for (const row of rows) {
    const providers = byUser.get(row.user_id);
    if (providers) providers.push(row.provider);
    else byUser.set(row.user_id, [row.provider]);
  }
  return byUser;
}

async function billingByUser(db: Kysely<Database>, userIds: string[]): Promise<Map<string, AdminBilling>> {
  const byUser = new Map<string, AdminBilling>();
  if (userIds.length === 0) return byUser;
  const now = currentTime();
  const [customers, subscriptions, grants] = await Promise.all([
    db.selectFrom("billing_customers").selectAll().where("user_id", "in", userIds).orderBy("created_at").execute(),
    db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "in", userIds)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("complimentary_grants")
      .select(["id", "user_id", "until", "reason"])
      .where("user_id", "in", userIds)
      .where("revoked_at", "is", null)
      .where("until", ">", now.toISOString())
      .orderBy("until", "desc")
      .orderBy("id")
      .execute(),
  ]);
  for (const userId of userIds) {
    const own = subscriptions.filter((row) => row.user_id === userId);
    // Newest first: the one that runs, else the last to end.
    const shown = own.find((row) => !ENDED_STATUSES.has(row.status)) ?? own[0];
    const inForce = grants.filter((grant) => grant.user_id === userId);
    // The customer of the subscription shown, else the account's newest (one per provider used).
    const ownCustomers = customers.filter((row) => row.user_id === userId);
    const customer = ownCustomers.find((row) => row.provider === shown?.provider) ?? ownCustomers.at(-1);
    const subscription: AdminSubscription | null = shown
      ? {
          phase: subscriptionPhase(
            {
              status: shown.status,
              cancelAtPeriodEnd: Number(shown.cancel_at_period_end) === 1,
              pausedFrom: shown.paused_from,
            },
            now,
          ),
          plan: shown.plan,
          amountMinor: shown.amount_minor === null ? null : Number(shown.amount_minor),
          currency: shown.currency,
          currentPeriodEnd: shown.current_period_end,
          trialEnd: shown.trial_end,
          pastDueSince: shown.past_due_since,
          pausedFrom: shown.paused_from,
          pausedUntil: shown.paused_until,
          endedAt: shown.ended_at,
        }
      : null;
    const running = subscription && subscription.phase !== "cancelled" ? subscription.plan : null;
    byUser.set(userId, {
      plan: running ?? (inForce.length > 0 ? "complimentary" : "free"),
      subscription,
      customer: customer ? { provider: customer.provider, customerId: customer.customer_id } : null,
      grants: inForce.map((grant) => ({ id: grant.id, until: grant.until, reason: grant.reason })),
    });
  }
  return byUser;
}

export type AdminActionRefusal = "unknown-user" | "last-admin" | "own-account" | "not-admin";

/** An admin action that was refused; nothing was changed. The message is for the admin. */
export class AdminActionError extends Error {
  constructor(
    readonly reason: AdminActionRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const UNKNOWN_USER_MESSAGE = "No account has this id (it may have been removed). Nothing was changed.";

export interface AdminActionOutcome {
  target: AuditParty;
  /** False when the account already was as asked (then nothing is written, not even to the audit log). */
  changed: boolean;
  sessionsEnded: number;
}

/** The acting admin: null for the operator's command line, which needs no role. */
export type AdminActor = AuditParty | null;

export async function grantAdmin(db: Kysely<Database>, actor: AdminActor, userId: string): Promise<AdminActionOutcome> {
  return adminTransaction(db, actor, userId, async (tx, target) => {
    if (target.role === "admin") return { target: party(target), changed: false, sessionsEnded: 0 };
    await setRole(tx, userId, "admin");
    await recordAudit(tx, { actor, action: "role.grant", target: party(target) });
    return { target: party(target), changed: true, sessionsEnded: 0 };
  });
}

/**
 * Takes the admin role away, refusing when no active admin would be left.
 * `endSessions` also signs the account out everywhere (the command line does).
 */
export async function revokeAdmin(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  { endSessions = false }: { endSessions?: boolean } = {},
): Promise<AdminActionOutcome> {
  return adminTransaction(db, actor, userId, async (tx, target) => {
    if (target.role !== "admin") return { target: party(target), changed: false, sessionsEnded: 0 };
    await setRole(tx, userId, "user");
    await refuseWithoutActiveAdmin(tx, actor, target);
    const sessionsEnded = endSessions ? await deleteUserSessions(tx, userId) : 0;
    await recordAudit(tx, {
      actor,
      action: "role.revoke",
      target: party(target),
      details: endSessions ? { sessionsEnded } : undefined,
    });
    return { target: party(target), changed: true, sessionsEnded };
  });
}

/** Disables an account and ends its sessions in the same transaction, so it is signed out at once. */
export async function disableUser(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
): Promise<AdminActionOutcome> {
  if (actor?.id === userId) {
    throw new AdminActionError("own-account", "You cannot disable your own account.");
  }
  return adminTransaction(db, actor, userId, async (tx, target) => {
    if (target.disabled_at !== null) return { target: party(target), changed: false, sessionsEnded: 0 };
    await setDisabled(tx, userId, true);
    await refuseWithoutActiveAdmin(tx, actor, target);
    const sessionsEnded = await deleteUserSessions(tx, userId);
    await recordAudit(tx, { actor, action: "account.disable", target: party(target), details: { sessionsEnded } });
    return { target: party(target), changed: true, sessionsEnded };
  });
}

export async function enableUser(db: Kysely<Database>, actor: AdminActor, userId: string): Promise<AdminActionOutcome> {
  return adminTransaction(db, actor, userId, async (tx, target) => {
    if (target.disabled_at === null) return { target: party(target), changed: false, sessionsEnded: 0 };
    await setDisabled(tx, userId, false);
    await recordAudit(tx, { actor, action: "account.enable", target: party(target) });
    return { target: party(target), changed: true, sessionsEnded: 0 };
  });
}

/** Signs an account out everywhere. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
): Promise<AdminActionOutcome> {
  return adminTransaction(db, actor, userId, async (tx, target) => {
    const sessionsEnded = await deleteUserSessions(tx, userId);
    if (sessionsEnded === 0) return { target: party(target), changed: false, sessionsEnded };
    await recordAudit(tx, { actor, action: "sessions.revoke", target: party(target), details: { sessionsEnded } });
    return { target: party(target), changed: true, sessionsEnded };
  });
}

interface TargetRow {
  id: string;
  email: string;
  role: Role;
  disabled_at: string | null;
}

function party(target: TargetRow): AuditParty {
  return { id: target.id, email: target.email };
}

/**
 * Runs admin actions one at a time, so concurrent ones cannot together break
 * the rules: on PostgreSQL every admin row is locked (in id order, so two
 * actions wait for each other instead of deadlocking; an acting admin's own
 * row is among them); on SQLite the write lock is taken before the first read
 * (BEGIN IMMEDIATE). Then the actor must still be an active admin and the
 * target must exist. Each step reads afresh, so it sees what the action
 * before it committed.
 */
async function adminTransaction<T>(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  work: (tx: Kysely<Database>, target: TargetRow) => Promise<T>,
): Promise<T> {
  return serializeAdminChanges(db, async (tx) => {
    if (actor) {
      const acting = await tx
        .selectFrom("users")
        .select("id")
        .where("id", "=", actor.id)
        .where("role", "=", "admin")
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (!acting) {
        throw new AdminActionError("not-admin", "You are no longer an administrator, so nothing was changed.");
      }
    }
    const target = await tx
      .selectFrom("users")
      .select(["id", "email", "role", "disabled_at"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!target) {
      throw new AdminActionError("unknown-user", UNKNOWN_USER_MESSAGE);
    }
    return work(tx, target);
  });
}

/**
 * Runs `work` in a transaction that no other change of administrators can
 * interleave with (see adminTransaction). Exported for account deletion,
 * which must not remove the last administrator either.
 */
export async function serializeAdminChanges<T>(
  db: Kysely<Database>,
  work: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  // PostgreSQL: the admins' rows, locked in one order, so two changes of them queue.
  const lockAdmins = (tx: Kysely<Database>) =>
    tx.selectFrom("users").select("id").where("role", "=", "admin").orderBy("id").forUpdate().execute();
  return serializedTransaction(db, lockAdmins, work);
}

/** Called after a change inside the transaction: throwing rolls the change back. */
async function refuseWithoutActiveAdmin(tx: Kysely<Database>, actor: AdminActor, target: TargetRow): Promise<void> {
  if ((await countActiveAdmins(tx)) > 0) return;
  throw new AdminActionError(
    "last-admin",
    actor?.id === target.id
      ? "You are the last administrator, so you cannot give up the role. Make someone else an administrator first."
      : `${target.email} is the last active administrator, so this would leave nobody to run the site. Make someone else an administrator first.`,
  );
}
