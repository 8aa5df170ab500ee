import { SW_REGISTRATION_FAILURE_KEY, type ServiceWorkerRegistrationFailure } from "./offline-config";

type FlagStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Reason recorded when the browser has no service workers at all. */
export const UNSUPPORTED_REASON = "unsupported";

export function recordRegistrationFailure(storage: FlagStorage, reason: string, at: Date): void {
  const failure: ServiceWorkerRegistrationFailure = { reason, at: at.toISOString() };
  storage.setItem(SW_REGISTRATION_FAILURE_KEY, JSON.stringify(failure));
}

export function clearRegistrationFailure(storage: FlagStorage): void {
  storage.removeItem(SW_REGISTRATION_FAILURE_KEY);
}

/** The recorded failure, or null when there is none (or the value is not one). */
export function readRegistrationFailure(storage: Pick<Storage, "getItem">): ServiceWorkerRegistrationFailure | null {
  const raw = storage.getItem(SW_REGISTRATION_FAILURE_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === "object" &&
      value !== null &&
      "reason" in value &&
      typeof value.reason === "string" &&
      "at" in value &&
      typeof value.at === "string"
    ) {
      return { reason: value.reason, at: value.at };
    }
  } catch {
    // Not JSON: not ours.
  }
  return null;
}
