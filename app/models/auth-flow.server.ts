import type { Kysely } from "kysely";
import type { AuthFlowKind, Database } from "#database/schema";
import { hashToken, randomToken } from "../utils/secure-token.server";
import { isoAfter, isoNow, now } from "../utils/clock";

/** How long a started sign-in step (an OIDC redirect, a passkey prompt) stays usable. */
export const AUTH_FLOW_LIFETIME_MS = 10 * 60 * 1000;

export interface AuthFlow {
  userId: string | null;
  data: unknown;
}

/**
 * Keeps a sign-in step's secrets (OIDC state, nonce and PKCE verifier, a
 * WebAuthn challenge) on the server under the hash of a random token that
 * the browser holds in a cookie. Returns that token.
 */
export async function startAuthFlow(
  db: Kysely<Database>,
  input: { kind: AuthFlowKind; userId: string | null; data: unknown; lifetimeMs?: number },
): Promise<string> {
  const token = randomToken();
  // One clock reading, so the lifetime stored is exactly the one asked for.
  const startedAt = now();
  await db
    .insertInto("auth_flows")
    .values({
      id: hashToken(token),
      kind: input.kind,
      user_id: input.userId,
      data: JSON.stringify(input.data),
      created_at: startedAt.toISOString(),
      expires_at: isoAfter(input.lifetimeMs ?? AUTH_FLOW_LIFETIME_MS, startedAt),
    })
    .execute();
  return token;
}

/**
 * Takes a flow out of the store: a single DELETE … RETURNING, so a flow is
 * used at most once even when two requests race. Expired or unknown tokens
 * and flows of another kind give undefined.
 */
export async function takeAuthFlow(
  db: Kysely<Database>,
  token: string,
  kind: AuthFlowKind,
): Promise<AuthFlow | undefined> {
  const row = await db
    .deleteFrom("auth_flows")
    .where("id", "=", hashToken(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", isoNow())
    .returning(["user_id", "data"])
    .executeTakeFirst();
  return row && { userId: row.user_id, data: JSON.parse(row.data) as unknown };
}

/**
 * Reads a flow without using it up, for a page that shows what the flow is
 * about; the step that acts on it takes it with takeAuthFlow. Expired or
 * unknown tokens and flows of another kind give undefined.
 */
export async function peekAuthFlow(
  db: Kysely<Database>,
  token: string,
  kind: AuthFlowKind,
): Promise<AuthFlow | undefined> {
  const row = await db
    .selectFrom("auth_flows")
    .select(["user_id", "data"])
    .where("id", "=", hashToken(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", isoNow())
    .executeTakeFirst();
  return row && { userId: row.user_id, data: JSON.parse(row.data) as unknown };
}

export async function deleteExpiredAuthFlows(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("auth_flows").where("expires_at", "<=", isoNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
