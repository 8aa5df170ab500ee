import { z } from "zod";
import { readPageParam } from "./page-param";

/**
 * The state of the admin users table, kept in the address (search, sort,
 * page) so a view can be shared and works without JavaScript.
 */
export const USER_SORTS = ["email", "name", "created", "lastSignIn"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type SortDirection = "asc" | "desc";
export const USER_SEARCH_MAX_LENGTH = 100;

export const USERS_PATH = "/admin/adminUser";
/** The audit log of what administrators did to accounts; ?user= narrows it to one. */
export const AUDIT_PATH = "/admin/adminUser/audit";

/** Dates read best newest first; text columns A to Z. */
export const FIRST_DIRECTION: Record<UserSort, SortDirection> = {
  email: "asc",
  name: "asc",
  created: "desc",
  lastSignIn: "desc",
};
export const DEFAULT_SORT: UserSort = "created";

export interface UserListQuery {
  q: string;
  sort: UserSort;
  dir: SortDirection;
  page: number;
}

const searchSchema = z
  .string()
  .trim()
  .max(USER_SEARCH_MAX_LENGTH, `Search for at most ${USER_SEARCH_MAX_LENGTH} characters.`);

/** Unknown sort keys or pages (an edited address) fall back to the defaults; a too-long search is named. */
export function readUserListQuery(params: URLSearchParams): { query: UserListQuery; searchError: string | null } {
  const sort = z
    .enum(USER_SORTS)
    .catch(DEFAULT_SORT)
    .parse(params.get("sort") ?? undefined);
  const dir = z
    .enum(["asc", "desc"])
    .catch(FIRST_DIRECTION[sort])
    .parse(params.get("dir") ?? undefined);
  const page = readPageParam(params);
  const search = searchSchema.safeParse(params.get("q") ?? "");
  return {
    query: { q: search.success ? search.data : "", sort, dir, page },
    searchError: search.success ? null : (search.error.issues[0]?.message ?? "The search is not valid."),
  };
}

/** The list's address; defaults are left out so links stay short. */
export function userListHref({ q, sort, dir, page }: UserListQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (dir !== FIRST_DIRECTION[sort]) params.set("dir", dir);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${USERS_PATH}?${query}` : USERS_PATH;
}
