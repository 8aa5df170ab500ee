import { expect, test } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { expectInViewBelowAppBar, gotoHydrated, watchConsole } from "./helpers";

const searchField = "Search the course and tools";

test("a premium reader finds Carmichael from the app bar and the definition opens in its place", async ({
  browser,
}) => {
  // md: the app bar has the search field (the navigation is in the drawer).
  const context = await browser.newContext({
    storageState: storageStatePath("premium"),
    viewport: { width: 1000, height: 800 },
  });
  const page = await context.newPage();
  const checkConsole = watchConsole(page);
  await gotoHydrated(page, "/");
  const field = page.getByRole("banner").getByRole("searchbox", { name: searchField });
  await field.fill("carmich");
  await field.press("Enter");

  await expect(page).toHaveURL(/\/search\?q=carmich$/);
  await expect(page.getByRole("status").filter({ hasText: /results? for “carmich”/ })).toBeVisible();
  const results = page.getByRole("list", { name: "Results" });
  const definition = results.getByRole("listitem").filter({ hasText: "Definition: Carmichael number" });
  // The start of a word finds the word, and the match is marked.
  await expect(definition.locator("mark").first()).toHaveText("Carmichael");
  await expect(definition).toContainText("Definition · Exponential remainders · Premium");
  // A premium reader sees the text around the match.
  await expect(definition.getByRole("paragraph").last()).toContainText("Carmichael");

  await definition.getByRole("link").click();
  await expect(page).toHaveURL(
    /\/chapter\/exponential-remainders(\?step=\d+)?#[a-z0-9-]+-definition-carmichael-number$/,
  );
  const box = page.getByRole("region", { name: "Definition: Carmichael number" });
  // Its title is not under the sticky app bar.
  await expectInViewBelowAppBar(page, box);
  checkConsole();
  await context.close();
});

test("on a phone a guest searches from the app bar's button; premium results show their titles only", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const checkConsole = watchConsole(page);
  await gotoHydrated(page, "/about");
  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  const field = page.getByRole("main").getByRole("searchbox", { name: searchField });
  await expect(field).toBeFocused();
  await field.fill("fermat");
  await page.keyboard.press("Enter");

  const results = page.getByRole("list", { name: "Results" });
  const theorem = results.getByRole("listitem").filter({ hasText: "Theorem: Fermat’s little theorem" });
  await expect(theorem).toContainText("Premium");
  await expect(theorem.getByRole("paragraph")).toHaveCount(1);
  const tool = results.getByRole("listitem").filter({ hasText: "Prime discoveries" });
  await expect(tool.getByRole("paragraph").last().locator("mark")).toHaveText("Fermat");

  // Nothing found is said, with what to try.
  await field.fill("zzyzx");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Nothing found for “zzyzx”");
  checkConsole();
  await context.close();
});
