import type { RouterContextProvider } from "react-router";
import type { HeaderUser } from "./header-user";
import { userContext } from "./request-context";
import { readColorSchemeCookie } from "../theme/color-scheme";
import { siteSettingsContext } from "../settings/site-settings.server";

/**
 * What an error page thrown by middleware needs of the shell: loaders (the
 * root's included) do not run then, so the refusal itself carries who is
 * signed in, the reader's colour scheme and the maintenance banner (see
 * headerUserFromError, colorSchemeFromError and noticeFromError).
 */
export function errorPageShell(request: Request, context: Readonly<RouterContextProvider>) {
  const user = context.get(userContext);
  const headerUser: HeaderUser | null = user && { email: user.email, role: user.role };
  return {
    headerUser,
    colorScheme: readColorSchemeCookie(request.headers.get("Cookie")),
    notice: context.get(siteSettingsContext).notice,
  };
}
