import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { errorPageShell } from "../http/error-page-shell.server";
import { entitlementsFor } from "../utils/entitlements";
import type { User } from "../models/user.server";
import { idleSignOutContext, serverInfoContext, sessionIdContext, userContext } from "../http/request-context";
import { safeRedirectPath } from "../http/safe-redirect";
import { lookupRequestSession } from "./session.server";

/** Root middleware: who is asking. Runs before every loader and action. */
export const loadUserMiddleware: MiddlewareFunction = async ({ request, context }) => {
  const session = await lookupRequestSession(request, { secure: context.get(serverInfoContext).isSecure });
  const active = session.status === "active" ? session : null;
  context.set(userContext, active?.user ?? null);
  context.set(sessionIdContext, active?.sessionId ?? null);
  context.set(idleSignOutContext, session.status === "idle");
};

/** The login page, coming back to this request's page; `idle` has it say the session ended for inactivity. */
export function loginPath(request: Request, { idle = false } = {}): string {
  const url = new URL(request.url);
  const query = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  if (idle) query.set("signedOut", "idle");
  return `/login?${query}`;
}

/** requiresAuth: guests go to the login page and come back afterwards. */
export const requireUserMiddleware: MiddlewareFunction = ({ request, context }) => {
  if (!context.get(userContext)) throw redirect(loginPath(request, { idle: context.get(idleSignOutContext) }));
};

/** requiresAdmin: guests go to login; signed-in non-admins get a 403. */
export const requireAdminMiddleware: MiddlewareFunction = ({ request, context }) => {
  const user = context.get(userContext);
  if (!user) throw redirect(loginPath(request, { idle: context.get(idleSignOutContext) }));
  if (!entitlementsFor(user).adminArea) {
    throw data({ message: "This page is for administrators.", ...errorPageShell(request, context) }, { status: 403 });
  }
};

/** guestOnly: a signed-in visitor is sent on to `redirectTo` or their profile. */
export const requireGuestMiddleware: MiddlewareFunction = ({ request, context }) => {
  if (context.get(userContext)) {
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    throw redirect(safeRedirectPath(redirectTo, "/profile"));
  }
};

/** The current session's id inside a route behind requireUserMiddleware. */
export function requireSessionId(context: Readonly<RouterContextProvider>): string {
  const sessionId = context.get(sessionIdContext);
  if (!sessionId) throw new Error("requireSessionId called on a route without requireUserMiddleware");
  return sessionId;
}

/** The signed-in user inside a route behind requireUserMiddleware. */
export function requireUser(context: Readonly<RouterContextProvider>): User {
  const user = context.get(userContext);
  if (!user) throw new Error("requireUser called on a route without requireUserMiddleware");
  return user;
}
