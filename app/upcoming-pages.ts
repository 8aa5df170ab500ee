/**
 * Pages of the route table whose feature a later issue builds. Until then each
 * shows its real title and what it is for. When a feature lands, its page gets
 * its own route module and leaves this list.
 */
export type PageAccess = "public" | "admin";

export interface UpcomingPage {
  /** URL path without the leading slash, exactly as in SPEC.md §2. */
  path: string;
  title: string;
  purpose: string;
  access: PageAccess;
}

export const upcomingPages: UpcomingPage[] = [
  // Labs: working pages built from the product's own components.
  {
    path: "tests/test2",
    title: "Formula gallery",
    purpose: "A gallery of typeset formulas to check that every delimiter and construct renders.",
    access: "admin",
  },
  // Administration.
  {
    path: "admin/adminia",
    title: "Content assistant",
    purpose: "Draft lesson or quiz text with an OpenAI-compatible model, when one is configured.",
    access: "admin",
  },
  { path: "admin/todo", title: "Todo", purpose: "The team's todo list.", access: "admin" },
];

export function findUpcomingPage(pathname: string): UpcomingPage | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  return upcomingPages.find((page) => page.path === path);
}
