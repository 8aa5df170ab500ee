import { expect, test } from "@playwright/test";
import { adminSectionGroups } from "#app/admin-navigation";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

test.describe("the admin area's menu", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("the header leads to /admin, and the side menu to every admin section and the admin labs", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/profile");
    await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administration");

    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    for (const section of adminSectionGroups.flatMap((group) => group.sections)) {
      // An entry may carry a count in its name (the inbox: "Messages 3 unread") once other journeys wrote.
      const link = menu.getByRole("link", { name: new RegExp(`^${section.label} ?(\\d+ \\w+)?$`) });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${section.to}$`));
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }

    // The labs group opens on request, and stays open on the lab it leads to.
    const labs = menu.getByRole("button", { name: "Labs" });
    await expect(labs).toHaveAttribute("aria-expanded", "false");
    await labs.click();
    await menu.getByRole("link", { name: "Session details" }).click();
    await expect(page).toHaveURL(/\/tests\/user-info$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session details");
    await expect(menu.getByRole("link", { name: "Session details" })).toHaveAttribute("aria-current", "page");
    checkConsole();
  });

  test("on a phone the menu is a button above the page that closes after choosing", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/admin/adminUser");
    const toggle = page.getByRole("button", { name: "Admin menu: Users" });
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Messages" }).click();
    await expect(page).toHaveURL(/\/admin\/adminMessage$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Admin menu: Messages" })).toHaveAttribute("aria-expanded", "false");
    checkConsole();
  });
});

test("a guest finds the chapters and the labs from the tools menu, and a lab's card opens it", async ({ page }) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/");
  const tools = page.getByRole("banner").getByRole("navigation", { name: "Main" });

  await tools.getByRole("link", { name: "Chapters" }).click();
  await expect(page).toHaveURL(/\/chapter$/);
  // Other tests may add chapters at the end of the course.
  await expect(
    page.getByRole("list", { name: "Chapters in course order" }).getByRole("listitem").first(),
  ).toContainText("Chapter 1Free");
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fchapter",
  );

  await tools.getByRole("link", { name: "Labs" }).click();
  await expect(page).toHaveURL(/\/tests$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Labs");
  await expect(page.getByRole("heading", { name: "For administrators" })).toHaveCount(0);
  const picture = page.getByRole("img", { name: /^Two sine curves/ });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
  await page.getByRole("link", { name: "Sine: amplitude, frequency and phase" }).click();
  await expect(page).toHaveURL(/\/tests\/sin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sine: amplitude, frequency and phase");
  checkConsole();
});
