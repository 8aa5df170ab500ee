import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { deleteUserIdentity, listUserIdentities, type Identity } from "../models/identity.server";
import {
  countSignInMethods,
  findSignInMethods,
  LAST_SIGN_IN_METHOD,
  lockUserSignInMethods,
  type SignInMethods,
} from "../models/sign-in-methods.server";
import { findOidcProvider, getOidcProviders } from "./oidc-config.server";
import { featureEnabled } from "../settings/current-settings.server";

export type RemoveIdentityResult =
  { ok: true; identity: Identity } | { ok: false; reason: "not-found" | "last-method" };

/**
 * Removes one of a user's identities unless it is their last way to sign in.
 * Under the user's lock (lockUserSignInMethods), the count is re-read after
 * the delete and a removal that would leave nothing is rolled back.
 */
export async function removeIdentity(
  db: Kysely<Database>,
  userId: string,
  identityId: string,
): Promise<RemoveIdentityResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserSignInMethods(trx, userId);
      const identity = await deleteUserIdentity(trx, userId, identityId);
      if (!identity) return { ok: false, reason: "not-found" } as const;
      if (countSignInMethods(await findSignInMethods(trx, userId)) === 0) throw new LastMethodError();
      return { ok: true, identity } as const;
    });
  } catch (error) {
    if (error instanceof LastMethodError) return { ok: false, reason: "last-method" };
    throw error;
  }
}

class LastMethodError extends Error {}

/** Query-string outcomes the profile shows after a link or a removal (see identitiesSection). */
export type IdentityNotice = "linked" | "unlinked" | "not-found" | "last-method" | "invalid";

export function noticePath(notice: IdentityNotice, providerId?: string): string {
  const query = new URLSearchParams(
    notice === "linked" || notice === "unlinked" ? { [notice]: providerId ?? "" } : { identityError: notice },
  );
  return `/profile?${query}`;
}

/** A linked identity as the profile lists it. */
export interface LinkedIdentityView {
  id: string;
  providerName: string;
  email: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the profile's sign-in providers section shows (see identitiesSection). */
export interface IdentitiesSectionView {
  identities: LinkedIdentityView[];
  /** Configured providers this account has no identity at yet (none while providers are switched off). */
  linkable: { id: string; name: string }[];
  /** False while an admin has sign-in providers switched off: nothing can be linked or used. */
  available: boolean;
  /** False when the account has no other way to sign in: removing would lock it out. */
  canRemove: boolean;
  /** Why the Remove buttons are off, when the notice does not say so already. */
  removalNote: string | null;
  /** The outcome of the last link or removal, from the page's query string. */
  notice: { severity: "success" | "error"; message: string } | null;
}

/** Everything <IdentitiesSection> needs, for the profile loader. */
export async function identitiesSection(
  db: Kysely<Database>,
  userId: string,
  methods: SignInMethods,
  url: URL,
): Promise<IdentitiesSectionView> {
  const [identities, available] = await Promise.all([listUserIdentities(db, userId), featureEnabled(db, "oidc")]);
  const linked = new Set(identities.map((identity) => identity.provider));
  const canRemove = countSignInMethods(methods) > 1;
  const notice = readNotice(url);
  return {
    identities: identities.map((identity) => ({
      id: identity.id,
      providerName: findOidcProvider(identity.provider)?.name ?? identity.provider,
      email: identity.email,
      createdAt: identity.createdAt,
      lastUsedAt: identity.lastUsedAt,
    })),
    linkable: available
      ? getOidcProviders()
          .filter((provider) => !linked.has(provider.id))
          .map(({ id, name }) => ({ id, name }))
      : [],
    available,
    canRemove,
    // Why Remove is off, unless the notice above the list has just said it.
    removalNote:
      !canRemove && identities.length > 0 && notice?.message !== LAST_SIGN_IN_METHOD ? LAST_SIGN_IN_METHOD : null,
    notice,
  };
}

/** Only configured provider names are shown, so a crafted link cannot put its own words on the page. */
function readNotice(url: URL): IdentitiesSectionView["notice"] {
  const nameOf = (id: string | null) => (id ? findOidcProvider(id)?.name : undefined);
  const linked = nameOf(url.searchParams.get("linked"));
  if (linked) return { severity: "success", message: `${linked} is now linked: you can log in with it.` };
  const unlinked = nameOf(url.searchParams.get("unlinked"));
  if (unlinked) return { severity: "success", message: `${unlinked} was removed from your sign-in methods.` };
  switch (url.searchParams.get("identityError")) {
    case "last-method":
      return { severity: "error", message: LAST_SIGN_IN_METHOD };
    case "not-found":
      return { severity: "error", message: "That provider is not linked to your account (any more)." };
    case "invalid":
      return { severity: "error", message: "That request was not understood. Please use the Remove button." };
    default:
      return null;
  }
}
