import { expect, test } from "@playwright/test";
import { gotoHydrated, watchConsole } from "./helpers";

test.describe("shell", () => {
  test("desktop: navigation in the app bar, footer links, no console errors", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Hydrated first: these are the app's own navigations, not the browser's before React has the links.
    await gotoHydrated(page, "/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Factorization" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open navigation" })).toBeHidden();
    await nav.getByRole("link", { name: "Plot Formula" }).click();
    await expect(page).toHaveURL(/\/tests\/ploting$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plot Formula");
    await expect(page).toHaveTitle("Plot Formula · Numberlab");
    // The findings come from the plot's worker and push the footer down; a click before they arrive can
    // land on the plot instead of the link (it did once in CI).
    await expect(page.getByRole("region", { name: "What the plot shows" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    // A navigation takes about half a second here; in CI two browsers and the server share two cores, and
    // once it took over 5 s. The wait is a hang guard, not a speed check.
    await expect(page).toHaveURL(/\/privacy-policy$/, { timeout: 20_000 });
    checkConsole();
  });

  test("below lg: navigation in a drawer, usable with the keyboard", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await page.setViewportSize({ width: 1279, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Factorization" })).toBeHidden();
    const menu = page.getByRole("button", { name: "Open navigation" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("presentation").getByRole("navigation", { name: "Main" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Prime discoveries" }).click();
    await expect(page).toHaveURL(/\/prime-discoveries$/);
    await expect(drawer).toBeHidden();
    checkConsole();
  });

  test("the loading bar appears for slow navigations and finishes", async ({ page }) => {
    await page.goto("/");
    await page.route("**/about.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { name: "Page loading", includeHidden: true });
    await expect(bar).toHaveAttribute("data-state", "idle");
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(bar).toHaveAttribute("data-state", "progress");
    await expect(bar).toHaveCSS("height", "3px");
    await expect(page).toHaveURL(/\/about$/);
    await expect(bar).toHaveAttribute("data-state", /finish|idle/);
    await expect(bar).toHaveAttribute("data-state", "idle");
  });

  test("a fast navigation never shows the bar (200 ms throttle)", async ({ page }) => {
    // The page's clock stands still during the navigation, so "fast" does not depend on this machine's load.
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt(Date.now() + 1000);
    const bar = page.getByRole("progressbar", { name: "Page loading", includeHidden: true });
    const states: string[] = [];
    await page.exposeFunction("recordState", (state: string) => states.push(state));
    await bar.evaluate((element) => {
      new MutationObserver(() =>
        (window as unknown as { recordState(s: string): void }).recordState(element.dataset.state ?? ""),
      ).observe(element, { attributes: true, attributeFilter: ["data-state"] });
    });
    // Hold the page's data until 199 ms of page time have passed: still under the throttle.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let requested = () => {};
    const wasRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route("**/contact.data*", async (route) => {
      requested();
      await released;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await wasRequested;
    await page.clock.runFor(199);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
    await page.clock.runFor(400);
    expect(states).toEqual([]);
  });

  test("a failed navigation ends the bar in its error state", async ({ page }) => {
    await page.goto("/");
    await page.route("**/terms.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ status: 500, body: "boom" });
    });
    const bar = page.getByRole("progressbar", { name: "Page loading", includeHidden: true });
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
    await expect(bar).toHaveAttribute("data-state", "error");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
  });

  test("security headers: a nonce-based CSP that every script carries", async ({ request }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"]!;
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-encoding"]).toMatch(/^(gzip|br)$/);
  });

  test("hashed assets are cached for a year; builds/latest.json is never cached", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const latest = await request.get(`/builds/latest.json?${Date.now()}`);
    expect(latest.headers()["cache-control"]).toBe("no-store");
    const build = (await latest.json()) as { id: string; timestamp: string };
    expect(build.id).toMatch(/^\w+$/);
    expect(new Date(build.timestamp).toISOString()).toBe(build.timestamp);

    const meta = await request.get(`/builds/meta/${build.id}.json`);
    expect(await meta.json()).toEqual({
      id: build.id,
      timestamp: build.timestamp,
      routeRules: [{ from: "/prime-factorization-engine-copy", to: "/prime-factorization-engine", status: 301 }],
    });
    expect((await request.get("/builds/meta/0000.json")).status()).toBe(404);
  });
});
