import type { Kysely } from "kysely";

/**
 * One identity per provider per account, enforced by the database rather than
 * by a check before the insert, so two links finishing at once cannot both
 * succeed. The unique index starts with user_id, so it also serves the
 * per-user lookups the plain user_id index was for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("identities_user_id_provider_key")
    .on("identities")
    .columns(["user_id", "provider"])
    .unique()
    .execute();
  await db.schema.dropIndex("identities_user_id_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("identities_user_id_idx").on("identities").column("user_id").execute();
  await db.schema.dropIndex("identities_user_id_provider_key").execute();
}
