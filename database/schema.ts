/**
 * Table types shared by migrations and models. Timestamps are ISO-8601 UTC
 * strings and identifiers are random UUIDs on both dialects (see
 * docs/decisions/0003-one-schema-two-dialects.md).
 */
export type Role = "user" | "admin";

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  role: Role;
  /** Mirrors the payment provider's subscription state; "active" or "trialing" means premium. */
  subscription_status: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the random token in the cookie, so a database leak cannot be replayed. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: string;
}

export type EmailTokenPurpose = "signup";

export interface EmailTokensTable {
  /** SHA-256 of the token in the link; the token itself is only in the e-mail. */
  id: string;
  purpose: EmailTokenPurpose;
  email: string;
  /** For sign-up: the chosen password's hash, so the link can create the account. */
  password_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  email_tokens: EmailTokensTable;
}
