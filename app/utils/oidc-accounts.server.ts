import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../database/schema";
import { AUTH_FLOW_LIFETIME_MS, startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import {
  createIdentity,
  findIdentity,
  IdentityTakenError,
  ProviderAlreadyLinkedError,
  touchIdentity,
} from "../models/identity.server";
import { createUser, EmailTakenError, findPasswordHashById, findUserByEmail, isDisabled } from "../models/user.server";
import { verifyPassword } from "./password.server";
import type { OidcClaims, OidcFlow } from "./oidc.server";

/**
 * What a finished provider sign-in leads to. Only "confirm-link" and
 * "refused" do not end in a session: the route turns the others into
 * signIn() (or, for "linked", a return to the profile).
 */
export type OidcOutcome =
  /** The identity was linked before: sign in to its account. */
  | { kind: "signed-in"; userId: string }
  /** No account had this address: one was made, with the identity linked. */
  | { kind: "created"; userId: string }
  /** A signed-in user linked the identity to their account. */
  | { kind: "linked"; userId: string }
  /** An account with the provider's verified address exists: its owner must prove it before linking. */
  | { kind: "confirm-link"; userId: string; email: string }
  | { kind: "refused"; reason: OidcRefusal };

export type OidcRefusal =
  /** The identity belongs to another account than the one linking it. */
  | "linked-to-another-account"
  /** The account already has an identity at this provider. */
  | "provider-already-linked"
  /** A link was started by one signed-in user and finished by another session. */
  | "link-session-changed"
  /** The provider gave an address it has not verified, and an account uses it. */
  | "unverified-email-in-use"
  /** The provider gave no usable address, so no account can be made. */
  | "no-email";

/**
 * Decides what a provider sign-in means for our accounts, and makes the
 * account or the link where that is safe. Never links an identity to an
 * existing account just because the addresses match: that needs proof of
 * ownership (a signed-in session here, or the account's password on the
 * confirm page).
 */
export async function resolveOidcSignIn(
  db: Kysely<Database>,
  input: { flow: OidcFlow; claims: OidcClaims; currentUserId: string | null },
  attempt = 1,
): Promise<OidcOutcome> {
  const { flow, claims, currentUserId } = input;
  const identity = await findIdentity(db, flow.provider, claims.subject);

  if (flow.intent === "link") {
    if (!flow.userId || flow.userId !== currentUserId) return { kind: "refused", reason: "link-session-changed" };
    if (identity) {
      if (identity.userId !== flow.userId) return { kind: "refused", reason: "linked-to-another-account" };
      await touchIdentity(db, identity.id, claims.email);
      return { kind: "linked", userId: identity.userId };
    }
    return linkTo(db, flow.userId, flow.provider, claims, "linked");
  }

  if (identity) {
    await touchIdentity(db, identity.id, claims.email);
    return { kind: "signed-in", userId: identity.userId };
  }
  if (!claims.email) return { kind: "refused", reason: "no-email" };

  const existing = await findUserByEmail(db, claims.email);
  if (existing) {
    if (!claims.emailVerified) return { kind: "refused", reason: "unverified-email-in-use" };
    // Being signed in to that very account is proof enough.
    if (existing.id === currentUserId) return linkTo(db, existing.id, flow.provider, claims, "signed-in");
    return { kind: "confirm-link", userId: existing.id, email: existing.email };
  }

  const email = claims.email;
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const user = await createUser(trx, {
        email,
        passwordHash: null,
        emailVerified: claims.emailVerified,
        displayName: claims.name,
      });
      await createIdentity(trx, { userId: user.id, provider: flow.provider, subject: claims.subject, email });
      return user.id;
    });
    return { kind: "created", userId };
  } catch (error) {
    // Another request made the account or the identity a moment ago: decide again with it in place.
    if (attempt === 1 && (error instanceof EmailTakenError || error instanceof IdentityTakenError)) {
      return resolveOidcSignIn(db, input, 2);
    }
    throw error;
  }
}

async function linkTo(
  db: Kysely<Database>,
  userId: string,
  provider: string,
  claims: OidcClaims,
  kind: "linked" | "signed-in",
): Promise<OidcOutcome> {
  try {
    await createIdentity(db, { userId, provider, subject: claims.subject, email: claims.email });
    return { kind, userId };
  } catch (error) {
    if (error instanceof ProviderAlreadyLinkedError) return { kind: "refused", reason: "provider-already-linked" };
    if (error instanceof IdentityTakenError) return { kind: "refused", reason: "linked-to-another-account" };
    throw error;
  }
}

/** The cookie that holds a pending link's token. */
export const PENDING_LINK_COOKIE = "__oidc_link";
/** The page that asks for the password before linking. */
export const PENDING_LINK_PATH = "/login/link-account";
/**
 * The cookie's path: the page's form posts to `/login/link-account.data`
 * when JavaScript runs, which a cookie scoped to the page's own path would miss.
 */
export const PENDING_LINK_COOKIE_PATH = "/login";

const pendingLinkSchema = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string(),
  identityEmail: z.string().nullable(),
  redirectTo: z.string(),
  expiresAt: z.number(),
});

/** A provider identity waiting for the owner of the matching account to prove it. */
export interface PendingLink {
  userId: string;
  provider: string;
  subject: string;
  /** The account's address, shown on the confirm page. */
  email: string;
  /** The address the provider gave, kept with the identity. */
  identityEmail: string | null;
  redirectTo: string;
  expiresAt: number;
}

/** Keeps a pending link server-side (10 minutes in all) and returns the token for its cookie. */
export function savePendingLink(db: Kysely<Database>, link: Omit<PendingLink, "expiresAt"> & { expiresAt?: number }) {
  const expiresAt = link.expiresAt ?? Date.now() + AUTH_FLOW_LIFETIME_MS;
  const { userId, ...data } = link;
  return startAuthFlow(db, {
    kind: "oidc-link",
    userId,
    data: { ...data, expiresAt } satisfies z.infer<typeof pendingLinkSchema>,
    lifetimeMs: expiresAt - Date.now(),
  });
}

/**
 * Takes a pending link out of the store (each token works once; a page that
 * shows it again saves it under a new token, keeping its expiry).
 */
export async function takePendingLink(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<PendingLink | undefined> {
  if (!token) return undefined;
  const flow = await takeAuthFlow(db, token, "oidc-link");
  const parsed = pendingLinkSchema.safeParse(flow?.data);
  if (!flow?.userId || !parsed.success) return undefined;
  return { userId: flow.userId, ...parsed.data };
}

export type ConfirmLinkResult =
  | { ok: true }
  | { ok: false; reason: "wrong-password" | "disabled" | "linked-to-another-account" | "provider-already-linked" };

/**
 * Links a pending identity once the account's password is given. An account
 * without a password never gets here: the confirm page sends its owner to
 * sign in another way and link from the profile.
 */
export async function confirmPendingLink(
  db: Kysely<Database>,
  link: PendingLink,
  password: string,
): Promise<ConfirmLinkResult> {
  if (!(await verifyPassword(await findPasswordHashById(db, link.userId), password))) {
    return { ok: false, reason: "wrong-password" };
  }
  if (await isDisabled(db, link.userId)) return { ok: false, reason: "disabled" };
  const outcome = await linkTo(
    db,
    link.userId,
    link.provider,
    { subject: link.subject, email: link.identityEmail, emailVerified: true, name: null },
    "signed-in",
  );
  return outcome.kind === "refused"
    ? { ok: false, reason: outcome.reason === "provider-already-linked" ? outcome.reason : "linked-to-another-account" }
    : { ok: true };
}
