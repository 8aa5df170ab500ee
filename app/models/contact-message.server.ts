import type { Kysely } from "kysely";
import type { Selectable } from "kysely";
import type { ContactMessagesTable, Database } from "#database/schema";
import { isoNow } from "../utils/clock";

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  createdAt: string;
  readAt: string | null;
}

export async function createContactMessage(
  db: Kysely<Database>,
  input: { name: string; email: string; subject: string; message: string; userId: string | null },
): Promise<ContactMessage> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      user_id: input.userId,
      created_at: isoNow(),
      read_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactMessage(row);
}

export async function listContactMessages(db: Kysely<Database>, limit = 100): Promise<ContactMessage[]> {
  const rows = await db.selectFrom("contact_messages").selectAll().orderBy("created_at", "desc").limit(limit).execute();
  return rows.map(toContactMessage);
}

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
