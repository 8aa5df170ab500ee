import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { recordAudit, type AuditParty } from "./audit-log.server";
import { lockUser, refreshPremiumIn } from "./subscription.server";

/** Premium an admin gives without payment, until a date; separate from subscriptions and audited. */
export interface ComplimentaryGrant {
  id: string;
  userId: string;
  until: string;
  reason: string;
  grantedBy: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export const GRANT_REASON_MAX_LENGTH = 200;

/** Grants complimentary premium until `until`; `actor` null is the command line. */
export async function grantComplimentaryPremium(
  db: Kysely<Database>,
  actor: AuditParty | null,
  target: AuditParty,
  input: { until: string; reason: string },
): Promise<ComplimentaryGrant> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, target.id);
    const grant = {
      id: crypto.randomUUID(),
      user_id: target.id,
      until: input.until,
      reason: input.reason,
      granted_by: actor?.id ?? null,
      created_at: isoNow(),
      revoked_at: null,
      revoked_by: null,
    };
    await trx.insertInto("complimentary_grants").values(grant).execute();
    await refreshPremiumIn(trx, target.id);
    await recordAudit(trx, {
      actor,
      action: "premium.grant",
      target,
      details: { until: input.until, reason: input.reason },
    });
    return toGrant(grant);
  });
}

/** Withdraws a grant at once; false when it is unknown, not the target's, or already withdrawn. */
export async function revokeComplimentaryPremium(
  db: Kysely<Database>,
  actor: AuditParty | null,
  target: AuditParty,
  grantId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, target.id);
    const revoked = await trx
      .updateTable("complimentary_grants")
      .set({ revoked_at: isoNow(), revoked_by: actor?.id ?? null })
      .where("id", "=", grantId)
      .where("user_id", "=", target.id)
      .where("revoked_at", "is", null)
      .returning("until")
      .executeTakeFirst();
    if (!revoked) return false;
    await refreshPremiumIn(trx, target.id);
    await recordAudit(trx, { actor, action: "premium.revoke", target, details: { until: revoked.until } });
    return true;
  });
}

/** The account's grants, newest first, withdrawn ones included. */
export async function listComplimentaryGrants(db: Kysely<Database>, userId: string): Promise<ComplimentaryGrant[]> {
  const rows = await db
    .selectFrom("complimentary_grants")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toGrant);
}

function toGrant(row: Database["complimentary_grants"]): ComplimentaryGrant {
  return {
    id: row.id,
    userId: row.user_id,
    until: row.until,
    reason: row.reason,
    grantedBy: row.granted_by,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
