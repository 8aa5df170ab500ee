import { requireAdminMiddleware } from "#app/auth/access.server";

/** Layout route: every page below it passes this guard before its loader or action runs. */
export const middleware = [requireAdminMiddleware];
