import type { Role } from "#database/schema";

/** What an account may use. One place decides it, from the role and the subscription. */
export interface Entitlements {
  /** The /admin pages and the admin-only labs. */
  adminArea: boolean;
  /** Chapters beyond the free ones. */
  premiumChapters: boolean;
  /** Quizzes without the free plan's daily limit. */
  unlimitedQuizzes: boolean;
}

export function entitlementsFor(account: { role: Role; isPremium: boolean }): Entitlements {
  const admin = account.role === "admin";
  // Admins see everything learners pay for, so they can check and support it.
  const paid = account.isPremium || admin;
  return { adminArea: admin, premiumChapters: paid, unlimitedQuizzes: paid };
}
