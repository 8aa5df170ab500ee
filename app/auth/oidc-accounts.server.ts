import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { AUTH_FLOW_LIFETIME_MS, peekAuthFlow, startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import {
  createIdentity,
  findIdentity,
  IdentityTakenError,
  ProviderAlreadyLinkedError,
  touchIdentity,
} from "../models/identity.server";
import { createUser, EmailTakenError, findUserByEmail, type Credentials } from "../models/user.server";
import { flowCookie } from "./flow-cookie.server";
import type { OidcClaims } from "./oidc.server";
import { verifyPassword } from "./password.server";
import { featureEnabled } from "../settings/current-settings.server";

type Refused = { kind: "refused"; reason: OidcRefusal };

/**
 * What a finished provider sign-in leads to. "confirm-link" and "refused"
 * do not end in a session; the route turns the others into signIn().
 */
export type OidcSignInOutcome =
  /** The identity was linked before (or just now, to the signed-in account with its address): sign in. */
  | { kind: "signed-in"; userId: string }
  /** No account had this address: one was made, with the identity linked. */
  | { kind: "created"; userId: string }
  /** An account with the provider's verified address exists: its owner must prove it before linking. */
  | { kind: "confirm-link"; userId: string; email: string }
  | Refused;

/** What a link started from the profile leads to: the identity is now the signed-in user's, or not. */
export type OidcLinkOutcome = { kind: "linked"; userId: string } | Refused;

export type OidcRefusal =
  /** The identity belongs to another account than the one linking it. */
  | "linked-to-another-account"
  /** The account already has an identity at this provider. */
  | "provider-already-linked"
  /** A link was started by one signed-in user and finished by another session. */
  | "link-session-changed"
  /** A first sign-in whose address the provider has not verified: it creates and links nothing. */
  | "unverified-email"
  /** The provider gave no usable address, so no account can be made. */
  | "no-email"
  /** No account has this identity or address, and an admin switched sign-up off. */
  | "sign-up-closed";

/** What the person is told when a provider sign-in or link is refused. */
export function refusalMessage(reason: OidcRefusal, providerName: string): string {
  switch (reason) {
    case "linked-to-another-account":
      return `This ${providerName} account is already linked to another Numberlab account. Log in to that account with ${providerName}, or remove the link there first.`;
    case "provider-already-linked":
      return `Your account is already linked to a different ${providerName} account. Remove that link from your profile first.`;
    case "link-session-changed":
      return `You were signed out or switched accounts while linking ${providerName}, so nothing was linked. Log in and link ${providerName} again from your profile.`;
    case "unverified-email":
      // The same words whether or not an account uses the address, so they reveal nothing about it.
      return `${providerName} has not confirmed that the e-mail address it gave us is yours, so it cannot be used to sign in here. Sign up with your e-mail address and a password (or log in, if you already have an account), then link ${providerName} from your profile.`;
    case "no-email":
      return `${providerName} did not share an e-mail address, which a Numberlab account needs. Allow access to your e-mail address at ${providerName} and try again, or sign up with an e-mail address and password.`;
    case "sign-up-closed":
      return `Sign-up is closed on this site for now, and no Numberlab account is linked to this ${providerName} account, so none was created. If you have an account, log in with its password and link ${providerName} from your profile.`;
  }
}

/** The identity a provider vouches for, as it is linked to an account. */
interface ProviderIdentity {
  subject: string;
  /** The provider's address, kept with the identity for display. */
  email: string | null;
}

/**
 * Decides what a provider sign-in means for our accounts, and makes the
 * account (unless sign-up is switched off) or the link where that is safe. Never links an identity to an
 * existing account just because the addresses match: that needs proof of
 * ownership (a signed-in session here, or the account's password on the
 * confirm page). An address the provider has not verified creates nothing:
 * whoever claimed someone else's address at a lax provider would otherwise
 * own an account in their name, and keep a way into it after the real owner
 * reset its password.
 */
export function resolveOidcSignIn(
  db: Kysely<Database>,
  input: { providerId: string; claims: OidcClaims; currentUserId: string | null },
): Promise<OidcSignInOutcome> {
  const { providerId, claims, currentUserId } = input;
  const identity: ProviderIdentity = { subject: claims.subject, email: claims.email };

  const signInIfLinked = async (): Promise<OidcSignInOutcome | null> => {
    const linked = await findIdentity(db, providerId, claims.subject);
    if (!linked) return null;
    await touchIdentity(db, linked.id, claims.email);
    return { kind: "signed-in", userId: linked.userId };
  };

  const decide = async (mayRetry: boolean): Promise<OidcSignInOutcome> => {
    const signedIn = await signInIfLinked();
    if (signedIn) return signedIn;
    const email = claims.email;
    if (!email) return { kind: "refused", reason: "no-email" };
    if (!claims.emailVerified) return { kind: "refused", reason: "unverified-email" };

    const existing = await findUserByEmail(db, email);
    if (existing) {
      // A first sign-in finished twice at once: the other request created the account and this
      // identity together after the identity was looked up, so look again before asking to link.
      const linkedSince = await signInIfLinked();
      if (linkedSince) return linkedSince;
      // Being signed in to that very account is proof enough.
      if (existing.id === currentUserId) {
        const refused = await linkTo(db, existing.id, providerId, identity);
        return refused ?? { kind: "signed-in", userId: existing.id };
      }
      return { kind: "confirm-link", userId: existing.id, email: existing.email };
    }
    // Everything above signs in or links an existing account; only this would make a new one.
    if (!(await featureEnabled(db, "signUp"))) return { kind: "refused", reason: "sign-up-closed" };
    try {
      const userId = await db.transaction().execute(async (trx) => {
        const user = await createUser(trx, {
          email,
          passwordHash: null,
          emailVerified: true,
          displayName: claims.name,
        });
        await createIdentity(trx, { userId: user.id, provider: providerId, ...identity });
        return user.id;
      });
      return { kind: "created", userId };
    } catch (error) {
      // Another request made the account or the identity a moment ago: decide again with it in place.
      if (mayRetry && (error instanceof EmailTakenError || error instanceof IdentityTakenError)) return decide(false);
      throw error;
    }
  };
  return decide(true);
}

/**
 * Links a provider identity to the signed-in user who started the link
 * (`userId`), if that user is still the one signed in (`currentUserId`).
 * Linking an identity the user has already is harmless.
 */
export async function resolveOidcLink(
  db: Kysely<Database>,
  input: { providerId: string; claims: OidcClaims; userId: string; currentUserId: string | null },
): Promise<OidcLinkOutcome> {
  const { providerId, claims, userId } = input;
  if (userId !== input.currentUserId) return { kind: "refused", reason: "link-session-changed" };
  const linked = await findIdentity(db, providerId, claims.subject);
  if (linked) {
    if (linked.userId !== userId) return { kind: "refused", reason: "linked-to-another-account" };
    await touchIdentity(db, linked.id, claims.email);
    return { kind: "linked", userId };
  }
  const refused = await linkTo(db, userId, providerId, { subject: claims.subject, email: claims.email });
  return refused ?? { kind: "linked", userId };
}

/** Links the identity to the account; a refusal says why not. */
async function linkTo(
  db: Kysely<Database>,
  userId: string,
  provider: string,
  identity: ProviderIdentity,
): Promise<Refused | undefined> {
  try {
    await createIdentity(db, { userId, provider, ...identity });
    return undefined;
  } catch (error) {
    if (error instanceof ProviderAlreadyLinkedError) return { kind: "refused", reason: "provider-already-linked" };
    if (error instanceof IdentityTakenError) {
      // The same link finishing twice at once (a double click) has linked it to this account all the same.
      const winner = await findIdentity(db, provider, identity.subject);
      if (winner?.userId === userId) return undefined;
      return { kind: "refused", reason: "linked-to-another-account" };
    }
    throw error;
  }
}

/** The cookie that holds a pending link's token. */
export const PENDING_LINK_COOKIE = "__oidc_link";
/** The page that asks for the password before linking. */
export const PENDING_LINK_PATH = "/login/link-account";

/**
 * Set-Cookie for a pending link's token (an empty token clears it). Its path
 * is /login because the page's form posts to `/login/link-account.data` when
 * JavaScript runs, which a cookie scoped to the page's own path would miss.
 * Lax: it is set at the end of the provider's cross-site redirect back to us,
 * and Strict cookies are withheld for the rest of such a redirect chain.
 */
export function pendingLinkCookie(token: string, secure: boolean): string {
  return flowCookie(PENDING_LINK_COOKIE, token, {
    path: "/login",
    maxAgeSeconds: AUTH_FLOW_LIFETIME_MS / 1000,
    sameSite: "Lax",
    secure,
  });
}

const pendingLinkSchema = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string(),
  identityEmail: z.string().nullable(),
  redirectTo: z.string(),
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
  /** Where the sign-in that found the account was going. */
  redirectTo: string;
}

/** Keeps a pending link server-side for the life of a flow and returns the token for its cookie. */
export function savePendingLink(db: Kysely<Database>, link: PendingLink): Promise<string> {
  const { userId, ...data } = link;
  return startAuthFlow(db, {
    kind: "oidc-link",
    userId,
    data: data satisfies z.infer<typeof pendingLinkSchema>,
  });
}

function toPendingLink(flow: { userId: string | null; data: unknown } | undefined): PendingLink | undefined {
  const parsed = pendingLinkSchema.safeParse(flow?.data);
  if (!flow?.userId || !parsed.success) return undefined;
  return { userId: flow.userId, ...parsed.data };
}

/** Reads a pending link for the confirm page without using it up. */
export async function peekPendingLink(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<PendingLink | undefined> {
  return token ? toPendingLink(await peekAuthFlow(db, token, "oidc-link")) : undefined;
}

export type ConfirmLinkResult =
  | { ok: true; link: PendingLink }
  | {
      ok: false;
      reason: "wrong-password" | "gone" | "disabled" | "linked-to-another-account" | "provider-already-linked";
    };

/**
 * Links a pending identity once the account's password is given. `account`
 * is the account as the caller read it for this request (found by the
 * pending link's address). A wrong password leaves the pending link for
 * another try; any other answer uses it up, so it works once even when two
 * requests race ("gone" for the loser). An account without a password never
 * gets past the password check: the confirm page sends its owner to sign in
 * another way and link from the profile.
 */
export async function confirmPendingLink(
  db: Kysely<Database>,
  { token, account, password }: { token: string; account: Credentials; password: string },
): Promise<ConfirmLinkResult> {
  if (!(await verifyPassword(account.passwordHash, password))) return { ok: false, reason: "wrong-password" };
  const link = toPendingLink(await takeAuthFlow(db, token, "oidc-link"));
  if (!link || link.userId !== account.user.id) return { ok: false, reason: "gone" };
  if (account.disabled) return { ok: false, reason: "disabled" };
  const refused = await linkTo(db, link.userId, link.provider, { subject: link.subject, email: link.identityEmail });
  if (!refused) return { ok: true, link };
  return {
    ok: false,
    reason: refused.reason === "provider-already-linked" ? refused.reason : "linked-to-another-account",
  };
}
