import { expect, test, type Page } from "@playwright/test";
import { routeRules } from "#app/route-rules";
import { gotoHydrated } from "./helpers";

const rule = routeRules[0]!;

/**
 * A client-side navigation, as a link rendered by the app would make. No page links a redirected path
 * today, so the test asks React Router's router (the one HydratedRouter keeps on window) directly.
 */
function navigateInApp(page: Page, to: string): Promise<void> {
  return page.evaluate((to) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(to);
  }, to);
}

/** The paths of the requests the page makes from now on. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test("a navigation to a redirected path goes to its target without asking the server, offline too", async ({
  page,
  context,
}) => {
  // The build's route rules arrive 1000 ms after hydration.
  const manifest = page.waitForResponse((response) => response.url().includes("/builds/meta/"));
  await gotoHydrated(page, "/");
  expect((await (await manifest).json()) as unknown).toMatchObject({ routeRules });

  // Online: the rule sends the navigation on before anything is asked for the redirected path.
  let requests = recordRequests(page);
  await navigateInApp(page, `${rule.from}?n=91`);
  await expect(page).toHaveURL(`${rule.to}?n=91`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prime factorization engine");
  expect(requests.filter((path) => path.startsWith(rule.from))).toEqual([]);
  expect(requests).toContain(`${rule.to}.data`);

  // Offline, the rule still applies: the first thing asked for is the target's data.
  await navigateInApp(page, "/");
  await expect(page).toHaveURL(/\/$/);
  await context.setOffline(true);
  requests = recordRequests(page);
  const either = [rule.from, `${rule.from}.data`, rule.to, `${rule.to}.data`];
  const firstOfEither = page.waitForRequest((request) => either.includes(new URL(request.url()).pathname));
  // Offline the navigation may still be waiting when the test ends (which rejects the evaluation): only its first
  // request matters here.
  navigateInApp(page, `${rule.from}?n=360`).catch(() => undefined);
  expect(new URL((await firstOfEither).url()).pathname).toBe(`${rule.to}.data`);
  expect(requests.filter((path) => path.startsWith(rule.from))).toEqual([]);
});
