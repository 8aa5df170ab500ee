import { z } from "zod";
import { readPageParam } from "./page-param";

/**
 * The inbox's view (/admin/adminMessage), kept in the address: a search, the kind of message, the
 * state, the page. A view can be shared, reloaded and used without JavaScript.
 */
export const INBOX_PATH = "/admin/adminMessage";

/** The inbox's kinds as the address and the filter name them; "report" is a question report. */
export const INBOX_KINDS = ["all", "contact", "report"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** inbox: not archived; unread: not archived and not read yet; archived: put away. */
export const INBOX_STATES = ["inbox", "unread", "archived"] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_SEARCH_MAX_LENGTH = 100;

/** The changes a message's buttons ask for, on the list and on its thread. */
export const INBOX_CHANGES = ["read", "unread", "archive", "unarchive"] as const;
export type InboxChangeIntent = (typeof INBOX_CHANGES)[number];

export const INBOX_CHANGE_LABELS: Record<InboxChangeIntent, string> = {
  read: "Mark read",
  unread: "Mark unread",
  archive: "Archive",
  unarchive: "Move to inbox",
};

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  all: "All",
  contact: "Contact messages",
  report: "Question reports",
};

export const INBOX_STATE_LABELS: Record<InboxState, string> = {
  inbox: "Inbox",
  unread: "Unread",
  archived: "Archived",
};

export interface InboxQuery {
  q: string;
  kind: InboxKind;
  state: InboxState;
  page: number;
}

export const DEFAULT_INBOX_QUERY: InboxQuery = { q: "", kind: "all", state: "inbox", page: 1 };

const searchSchema = z
  .string()
  .trim()
  .max(INBOX_SEARCH_MAX_LENGTH, `Search for at most ${INBOX_SEARCH_MAX_LENGTH} characters.`);

/** Unknown kinds, states or pages (an edited address) fall back to the defaults; a too-long search is named. */
export function readInboxQuery(params: URLSearchParams): { query: InboxQuery; searchError: string | null } {
  const kind = z
    .enum(INBOX_KINDS)
    .catch(DEFAULT_INBOX_QUERY.kind)
    .parse(params.get("kind") ?? undefined);
  const state = z
    .enum(INBOX_STATES)
    .catch(DEFAULT_INBOX_QUERY.state)
    .parse(params.get("state") ?? undefined);
  const search = searchSchema.safeParse(params.get("q") ?? "");
  return {
    query: { q: search.success ? search.data : "", kind, state, page: readPageParam(params) },
    searchError: search.success ? null : (search.error.issues[0]?.message ?? "The search is not valid."),
  };
}

/** The inbox's address for a view; defaults are left out so links stay short. */
export function inboxHref({ q, kind, state, page }: InboxQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (kind !== DEFAULT_INBOX_QUERY.kind) params.set("kind", kind);
  if (state !== DEFAULT_INBOX_QUERY.state) params.set("state", state);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${INBOX_PATH}?${query}` : INBOX_PATH;
}

/** One message's thread; `back` is the inbox view it was opened from, to return to. */
export function inboxThreadHref(messageId: string, back?: InboxQuery): string {
  const path = `${INBOX_PATH}/${messageId}`;
  if (!back) return path;
  const list = inboxHref(back);
  const query = list.slice(INBOX_PATH.length + 1);
  return query ? `${path}?${query}` : path;
}
