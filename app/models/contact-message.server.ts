import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { ContactMessageKind, ContactMessagesTable, Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { INBOX_KINDS, INBOX_STATES, type InboxKind, type InboxState } from "../utils/inbox-query";
import { likeLiteral } from "./database-errors.server";

export type { ContactMessageKind } from "#database/schema";

export const INBOX_PAGE_SIZE = 20;

export interface ContactMessage {
  id: string;
  kind: ContactMessageKind;
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
  /** The quiz question a report is about, while it exists (an author's question; a generated one has none). */
  questionId: string | null;
  createdAt: string;
  readAt: string | null;
  archivedAt: string | null;
}

/** A reply an admin sent by e-mail, as the thread shows it. */
export interface ContactReply {
  id: string;
  messageId: string;
  /** null once the admin's account is deleted. */
  author: { id: string; email: string; displayName: string | null } | null;
  recipient: string;
  subject: string;
  body: string;
  sentAt: string;
}

export interface InboxEntry extends ContactMessage {
  replyCount: number;
}

/** How many messages each filter holds, under the current search: states for the chosen kind, kinds for the chosen state. */
export interface InboxCounts {
  states: Record<InboxState, number>;
  kinds: Record<InboxKind, number>;
}

export interface InboxPage {
  messages: InboxEntry[];
  total: number;
  /** The page shown: the one asked for, moved back to the last page when beyond it. */
  page: number;
  pageCount: number;
  counts: InboxCounts;
}

const KIND_OF_FILTER: Record<Exclude<InboxKind, "all">, ContactMessageKind> = {
  contact: "contact",
  report: "question_report",
};

export async function createContactMessage(
  db: Kysely<Database>,
  input: {
    name: string;
    email: string;
    subject: string;
    message: string;
    userId: string | null;
    kind?: ContactMessageKind;
    questionId?: string | null;
  },
): Promise<ContactMessage> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      id: crypto.randomUUID(),
      kind: input.kind ?? "contact",
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      user_id: input.userId,
      question_id: input.questionId ?? null,
      created_at: isoNow(),
      read_at: null,
      archived_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactMessage(row);
}

/**
 * One page of the inbox, newest first: the messages of a kind in a state whose sender's name, address,
 * subject or text contains the search (any case, wildcards taken literally), with the counts of the
 * other filters under the same search.
 */
export async function listInbox(
  db: Kysely<Database>,
  {
    search = "",
    kind = "all",
    state = "inbox",
    page = 1,
    pageSize = INBOX_PAGE_SIZE,
  }: { search?: string; kind?: InboxKind; state?: InboxState; page?: number; pageSize?: number } = {},
): Promise<InboxPage> {
  const needle = search.trim();
  const searched = () => {
    let query = db.selectFrom("contact_messages");
    if (needle !== "") {
      // lower() on both sides and an explicit escape character match alike on SQLite (whose lower() the
      // connection makes Unicode-aware) and PostgreSQL.
      const pattern = `%${likeLiteral(needle.toLowerCase())}%`;
      query = query.where(({ or }) =>
        or(
          (["name", "email", "subject", "message"] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(`contact_messages.${column}`)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return query;
  };

  let filtered = searched();
  if (kind !== "all") filtered = filtered.where("contact_messages.kind", "=", KIND_OF_FILTER[kind]);
  if (state === "archived") filtered = filtered.where("contact_messages.archived_at", "is not", null);
  else filtered = filtered.where("contact_messages.archived_at", "is", null);
  if (state === "unread") filtered = filtered.where("contact_messages.read_at", "is", null);

  const counts = await countInbox(searched(), { kind, state });
  const total = counts.states[state];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await filtered
    .selectAll("contact_messages")
    .select((eb) =>
      eb
        .selectFrom("contact_replies")
        .select(eb.fn.countAll().as("count"))
        .whereRef("contact_replies.message_id", "=", "contact_messages.id")
        .as("reply_count"),
    )
    .orderBy("contact_messages.created_at", "desc")
    .orderBy("contact_messages.id")
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .execute();
  return {
    messages: rows.map((row) => ({ ...toContactMessage(row), replyCount: Number(row.reply_count ?? 0) })),
    total,
    page: shown,
    pageCount,
    counts,
  };
}

/** One grouped query gives every count the filters show. */
async function countInbox(
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
  searched: SelectQueryBuilder<Database, "contact_messages", {}>,
  current: { kind: InboxKind; state: InboxState },
): Promise<InboxCounts> {
  const groups = await searched
    .select((eb) => [
      "contact_messages.kind as kind",
      sql<number | boolean>`(contact_messages.archived_at is not null)`.as("archived"),
      sql<number | boolean>`(contact_messages.read_at is null)`.as("unread"),
      eb.fn.countAll().as("count"),
    ])
    .groupBy(["contact_messages.kind", sql`2`, sql`3`])
    .execute();
  const rows = groups.map((group) => ({
    kind: group.kind as ContactMessageKind,
    archived: Boolean(group.archived),
    unread: Boolean(group.unread),
    count: Number(group.count),
  }));
  const inState = (state: InboxState, row: (typeof rows)[number]) =>
    state === "archived" ? row.archived : !row.archived && (state === "inbox" || row.unread);
  const ofKind = (kind: InboxKind, row: (typeof rows)[number]) => kind === "all" || row.kind === KIND_OF_FILTER[kind];
  const sum = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(keep).reduce((total, row) => total + row.count, 0);
  return {
    states: Object.fromEntries(
      INBOX_STATES.map((state) => [state, sum((row) => inState(state, row) && ofKind(current.kind, row))]),
    ) as Record<InboxState, number>,
    kinds: Object.fromEntries(
      INBOX_KINDS.map((kind) => [kind, sum((row) => ofKind(kind, row) && inState(current.state, row))]),
    ) as Record<InboxKind, number>,
  };
}

/** Messages waiting in the inbox that nobody opened yet: the admin menu shows the number. */
export async function countUnreadContactMessages(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("read_at", "is", null)
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findContactMessage(db: Kysely<Database>, id: string): Promise<ContactMessage | null> {
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toContactMessage(row) : null;
}

/** A message's replies, oldest first, as its thread shows them. */
export async function listContactReplies(db: Kysely<Database>, messageId: string): Promise<ContactReply[]> {
  const rows = await db
    .selectFrom("contact_replies")
    .leftJoin("users", "users.id", "contact_replies.author_id")
    .select([
      "contact_replies.id",
      "contact_replies.message_id",
      "contact_replies.author_id",
      "contact_replies.recipient",
      "contact_replies.subject",
      "contact_replies.body",
      "contact_replies.sent_at",
      "users.email as author_email",
      "users.display_name as author_display_name",
    ])
    .where("contact_replies.message_id", "=", messageId)
    .orderBy("contact_replies.sent_at")
    .orderBy("contact_replies.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    author:
      row.author_id !== null && row.author_email !== null
        ? { id: row.author_id, email: row.author_email, displayName: row.author_display_name }
        : null,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    sentAt: row.sent_at,
  }));
}

export type InboxChange = "changed" | "unchanged" | "not-found";

/** Read (now, unless it was read before) or unread again. */
export async function setContactMessageRead(db: Kysely<Database>, id: string, read: boolean): Promise<InboxChange> {
  const result = await db
    .updateTable("contact_messages")
    .set({ read_at: read ? isoNow() : null })
    .where("id", "=", id)
    .where("read_at", read ? "is" : "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "changed";
  return (await findContactMessage(db, id)) ? "unchanged" : "not-found";
}

/** Archived (now, unless it was before) or back in the inbox. */
export async function setContactMessageArchived(
  db: Kysely<Database>,
  id: string,
  archived: boolean,
): Promise<InboxChange> {
  const result = await db
    .updateTable("contact_messages")
    .set({ archived_at: archived ? isoNow() : null })
    .where("id", "=", id)
    .where("archived_at", archived ? "is" : "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "changed";
  return (await findContactMessage(db, id)) ? "unchanged" : "not-found";
}

/**
 * Keeps a reply that was sent on its message's thread, and marks the message read (answering it means
 * it was read). Null when the message no longer exists.
 */
export async function recordContactReply(
  db: Kysely<Database>,
  input: { messageId: string; authorId: string | null; recipient: string; subject: string; body: string },
): Promise<ContactReply | null> {
  return db.transaction().execute(async (trx) => {
    const sentAt = isoNow();
    const marked = await trx
      .updateTable("contact_messages")
      .set({ read_at: sql`coalesce(read_at, ${sentAt})` })
      .where("id", "=", input.messageId)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return null;
    const id = crypto.randomUUID();
    await trx
      .insertInto("contact_replies")
      .values({
        id,
        message_id: input.messageId,
        author_id: input.authorId,
        recipient: input.recipient,
        subject: input.subject,
        body: input.body,
        sent_at: sentAt,
      })
      .execute();
    return (await listContactReplies(trx, input.messageId)).find((reply) => reply.id === id) ?? null;
  });
}

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    questionId: row.question_id,
    createdAt: row.created_at,
    readAt: row.read_at,
    archivedAt: row.archived_at,
  };
}
