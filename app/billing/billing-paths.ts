/** The app's billing URLs, shared by routes, mails and providers (SPEC.md §2 fixes the first three). */
export const SUBSCRIBE_PATH = "/subscribe";
export const SUCCESS_PATH = "/success";
export const CANCEL_PATH = "/cancel";
/** Opens the provider's self-service portal for the signed-in account (a fresh session each time). */
export const PORTAL_PATH = "/profile/billing/portal";
/** The "Your plan" section of the profile, where a subscription is managed. */
export const PLAN_SECTION_PATH = "/profile#plan";

/** /subscribe, coming back to `returnTo` (the chapter that asked) after paying. */
export function subscribePath(returnTo: string): string {
  return `${SUBSCRIBE_PATH}?${new URLSearchParams({ returnTo })}`;
}
