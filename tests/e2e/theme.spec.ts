import { expect, test } from "@playwright/test";
import { watchConsole } from "./helpers";

const DARK_BACKGROUND = "rgb(18, 18, 18)";
const LIGHT_BACKGROUND = "rgb(255, 255, 255)";

test.describe("colour theme", () => {
  test("the server renders dark when the cookie says dark", async ({ request }) => {
    const html = await (await request.get("/about", { headers: { Cookie: "color-scheme=dark" } })).text();
    expect(html).toMatch(/<html lang="en" class="dark"/);
    const light = await (await request.get("/about")).text();
    expect(light).toMatch(/<html lang="en" class="light"/);
  });

  test("a dark page is dark on the first paint, even without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "color-scheme", value: "dark", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);
    await context.close();
  });

  test("system follows the browser's preference before any script runs", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    await context.addCookies([{ name: "color-scheme", value: "system", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);
    await context.close();
  });

  test("the switch stores the choice in a cookie for 365 days and the server keeps it", async ({ page, context }) => {
    const checkConsole = watchConsole(page);
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BACKGROUND);
    await page.getByRole("banner").getByRole("button", { name: "Dark theme" }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);

    const cookie = (await context.cookies()).find((entry) => entry.name === "color-scheme");
    expect(cookie?.value).toBe("dark");
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365.01);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Dark theme" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    checkConsole();
  });
});
