import { isRouteErrorResponse } from "react-router";

/** What the shell shows of the signed-in user. */
export interface HeaderUser {
  email: string;
  role: "user" | "admin";
}

/**
 * The signed-in user an error from middleware names (the admin guard's 403, a
 * malformed address's 400), so its page still shows them signed in.
 */
export function headerUserFromError(error: unknown): HeaderUser | null {
  if (!isRouteErrorResponse(error)) return null;
  const candidate: unknown = (error.data as { headerUser?: unknown } | null)?.headerUser;
  if (typeof candidate !== "object" || candidate === null) return null;
  const { email, role } = candidate as Record<string, unknown>;
  return typeof email === "string" && (role === "user" || role === "admin") ? { email, role } : null;
}
