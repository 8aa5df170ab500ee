/** The accounts global-setup.ts creates, one per role of SPEC.md §1. */
export const PASSWORD = "a long test password 31415";

export const accounts = {
  user: "learner@example.org",
  premium: "premium@example.org",
  admin: "admin@example.org",
} as const;

export type SignedInRole = keyof typeof accounts;
export type Role = "guest" | SignedInRole;

export function storageStatePath(role: SignedInRole): string {
  return `${process.env.E2E_DATA_DIR}/storage-${role}.json`;
}

let counter = 0;
/** A client address no other test uses, sent as X-Forwarded-For, to keep rate limits apart. */
export function uniqueClientIp(): string {
  counter += 1;
  return `10.${process.pid % 250}.${Math.floor(counter / 250)}.${counter % 250}`;
}
