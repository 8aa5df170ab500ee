import type { HeaderUser } from "./header-user";
import type { User } from "../models/user.server";
import { readColorSchemeCookie } from "../theme/color-scheme";

/**
 * What an error page thrown by middleware needs of the shell: loaders (the
 * root's included) do not run then, so the refusal itself carries who is
 * signed in and the reader's colour scheme (see headerUserFromError and
 * colorSchemeFromError).
 */
export function errorPageShell(request: Request, user: User | null) {
  const headerUser: HeaderUser | null = user && { email: user.email, role: user.role };
  return { headerUser, colorScheme: readColorSchemeCookie(request.headers.get("Cookie")) };
}
