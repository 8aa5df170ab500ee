import { expect, test } from "@playwright/test";
import { storageStatePath } from "./accounts";

test.describe("error pages", () => {
  test("a nested unknown path is a 404 on the distinct not-found screen", async ({ page }) => {
    const response = await page.goto("/no/such/page/here?x=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /no/such/page/here?x=1");
    // The shell is still there to find a way back.
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("client-side data requests for an unknown path answer 404 too", async ({ request }) => {
    const response = await request.get("/no/such/page.data");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page not found: /no/such/page");
  });

  test("a signed-in non-admin gets the 403 screen on an admin page", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStatePath("user") });
    const page = await context.newPage();
    const response = await page.goto("/admin/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Error 403")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is for administrators.");
    // Still shown as signed in, not as a guest.
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveCount(0);
    await context.close();
  });

  test("a 500 shows Internal Server Error without a stack trace", async ({ page }) => {
    await page.goto("/");
    await page.route("**/about.data*", (route) => route.fulfill({ status: 500, body: "Error: secret at foo.ts:1" }));
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
    await expect(page.getByText("Error 500")).toBeVisible();
    await expect(page.locator("pre")).toHaveCount(0);
  });
});
