import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated, watchConsole } from "./helpers";

const PATH = "/prime-factorization-engine";
/** sp70-1 of /work/shared/bench/factor/sets/semiprimes.txt: two 35-digit primes, far more than a second of work. */
const SEMIPRIME_70 = "2587030268339204506469975340374352511405409999550595229784939726377041";

const input = (page: Page) => page.getByRole("textbox", { name: "Number or expression" });
const announcement = (page: Page) => page.getByTestId("announcement");
const factorList = (page: Page) => page.getByRole("list", { name: "Factors" });

async function factor(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press("Enter");
}

test.describe("prime factorization engine", () => {
  test("360: factors with exponents, the facts, the log, a shareable URL and a copy as LaTeX", async ({
    page,
    context,
    baseURL,
  }) => {
    const checkConsole = watchConsole(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await gotoHydrated(page, PATH);
    await factor(page, "360");

    await expect(announcement(page)).toHaveText("360 = 2^3 × 3^2 × 5, 3 distinct primes");
    await expect(page).toHaveURL(/\?n=360$/);
    const items = factorList(page).getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("prime");
    await expect(items.nth(0)).toContainText("23");
    await expect(items.nth(1)).toContainText("32");
    await expect(items.nth(2)).toContainText("5");

    const facts = page.getByRole("region", { name: "Properties of 360" });
    await expect(facts.getByRole("row", { name: /Number of divisors/ })).toContainText("24");
    await expect(facts.getByRole("row", { name: /Sum of divisors/ })).toContainText("1170");
    await expect(facts.getByRole("row", { name: /Euler's totient/ })).toContainText("96");
    await expect(facts.getByRole("row", { name: /Decimal period/ })).toContainText("0.002(7)");
    await expect(facts.getByRole("link", { name: /chapter on euler's totient/ })).toHaveAttribute(
      "href",
      "/chapter/exponential-remainders",
    );
    await expect(page.getByRole("region", { name: "Divisors" })).toContainText("24 divisors");
    await expect(page.getByRole("region", { name: "How it was found" }).getByRole("row")).not.toHaveCount(0);

    await page.getByRole("button", { name: "Copy as LaTeX" }).click();
    await expect(page.getByText("Copied as LaTeX")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("360 = 2^{3} \\cdot 3^{2} \\cdot 5");
    checkConsole();
  });

  test("a long divisor list comes a page at a time", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    // 720720 = 2^4 · 3^2 · 5 · 7 · 11 · 13 has 5 · 3 · 2 · 2 · 2 · 2 = 240 divisors.
    await factor(page, "720720");
    const divisors = page.getByRole("region", { name: "Divisors" });
    await expect(divisors).toContainText("240 divisors; showing 1–60, page 1 of 4");
    const list = divisors.getByRole("list", { name: "Divisors on this page" });
    await expect(list.getByRole("listitem").first()).toHaveText("1");
    await divisors.getByRole("button", { name: "Go to page 4" }).click();
    await expect(divisors).toContainText("showing 181–240, page 4 of 4");
    await expect(list.getByRole("listitem").last()).toHaveText("720720");
    checkConsole();
  });

  test("2^128 + 1 splits into its two known primes", async ({ page }) => {
    test.setTimeout(90_000);
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    await page.getByRole("button", { name: "2^128 + 1", exact: true }).click();
    await expect(input(page)).toHaveValue("2^128 + 1");
    // Morrison and Brillhart, 1970.
    await expect(announcement(page)).toHaveText(
      "2^128 + 1 = 59649589127497217 × 5704689200685129054721, 2 distinct primes",
      { timeout: 60_000 },
    );
    await expect(factorList(page).getByRole("listitem")).toHaveText([/59649589127497217/, /5704689200685129054721/]);
    checkConsole();
  });

  test("a parse error names its position and points at it", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    await factor(page, "2^128 + * 1");
    await expect(page.getByRole("alert")).toContainText('Unexpected "*" at position 8');
    await expect(page.getByTestId("parse-error-caret")).toHaveText("2^128 + * 1\n        ^");
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveAttribute("aria-invalid", "true");
    expect(await input(page).evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd])).toEqual(
      [8, 9],
    );
    await expect(page).not.toHaveURL(/\?n=/);
    checkConsole();
  });

  test("0, 1 and negative numbers are explained", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    await factor(page, "0");
    const note = page.getByRole("region", { name: /^Result for/ }).getByRole("note");
    await expect(note).toContainText("0 has no prime factorization");
    await factor(page, "1");
    await expect(note).toContainText("1 is the empty product");
    await factor(page, "-12");
    await expect(note).toContainText("-12 = −1 × 12, and 12 is factored below");
    await expect(announcement(page)).toHaveText("-12 = −1 × 2^2 × 3, 2 distinct primes");
    await expect(page.getByRole("region", { name: "Properties of |-12|" })).toBeVisible();
    checkConsole();
  });

  test("stopping a long run keeps what was found and marks the cofactor composite", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    await factor(page, SEMIPRIME_70);
    const progress = page.getByRole("progressbar", { name: /on a 70-digit number/ });
    await expect(progress).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("elapsed")).not.toHaveText("0.000 s");
    await page.getByRole("button", { name: "Stop" }).click();

    await expect(page.getByRole("note").filter({ hasText: /^Stopped after/ })).toBeVisible();
    await expect(progress).toBeHidden();
    await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
    await expect(input(page)).toBeFocused();
    const cofactor = factorList(page).getByRole("listitem").filter({ hasText: SEMIPRIME_70 });
    await expect(cofactor).toContainText("composite");
    await expect(announcement(page)).toHaveText(
      /^Not finished: (the 70-digit number is composite, and no factor of it was found yet|.* with a composite factor left to split)$/,
    );
    checkConsole();
  });

  test("a link with ?n= is filled in by the server, a small number's result too; a larger one runs after hydration", async ({
    page,
    browser,
    baseURL,
  }) => {
    const checkConsole = watchConsole(page);
    const response = await page.request.get(`${PATH}?n=${encodeURIComponent("7 * 11 * 13")}`);
    const html = await response.text();
    expect(html).toContain('value="7 * 11 * 13"');
    // The result is in the document: the announcement and the factors, before any script has run.
    expect(html).toContain("7 * 11 * 13 = 7 × 11 × 13, 3 distinct primes");
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto(`${baseURL}${PATH}?n=${encodeURIComponent("2^32 + 1")}`);
    await expect(staticPage.getByText("641", { exact: true }).first()).toBeVisible();
    await expect(staticPage.getByText("6700417", { exact: true }).first()).toBeVisible();
    await noScript.close();

    await gotoHydrated(page, `${PATH}?n=${encodeURIComponent("7 * 11 * 13")}`);
    await expect(announcement(page)).toHaveText("7 * 11 * 13 = 7 × 11 × 13, 3 distinct primes");
    await expect(page.getByRole("list", { name: "Recent inputs" }).getByRole("listitem").first()).toHaveText(
      "7 * 11 * 13",
    );
    // 19 digits: beyond what the server factors, so the browser's engine does it once the page is interactive.
    const larger = "1000000016000000063";
    expect(await (await page.request.get(`${PATH}?n=${larger}`)).text()).not.toContain("1000000007 ×");
    await gotoHydrated(page, `${PATH}?n=${larger}`);
    await expect(announcement(page)).toHaveText(`${larger} = 1000000007 × 1000000009, 2 distinct primes`);

    await gotoHydrated(page, `${PATH}?n=${encodeURIComponent("12 + )")}`);
    await expect(page.getByRole("alert")).toContainText('Unexpected ")" at position 5');
    checkConsole();
  });

  test("the last inputs survive a reload, run again and can be cleared", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    await factor(page, "360");
    await expect(announcement(page)).toHaveText(/^360 = /);
    await factor(page, "97");
    await expect(announcement(page)).toHaveText("97 is prime");

    await gotoHydrated(page, PATH);
    const history = page.getByRole("list", { name: "Recent inputs" });
    await expect(history.getByRole("listitem")).toHaveText(["97", "360"]);
    await history.getByRole("button", { name: "360" }).click();
    await expect(announcement(page)).toHaveText(/^360 = /);
    await expect(history.getByRole("listitem")).toHaveText(["360", "97"]);

    await page.getByRole("button", { name: "Clear history" }).click();
    await expect(history).toBeHidden();
    // Without ?n=, which would factor (and remember) 360 again.
    await gotoHydrated(page, PATH);
    await expect(page.getByText("Numbers you factor are kept here")).toBeVisible();
    checkConsole();
  });

  test("keyboard only: type, Enter, then step through the factor tree", async ({ page }) => {
    // Some forty Tab presses, each a round trip to the browser: slow when the machine is busy.
    test.setTimeout(60_000);
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, PATH);
    // From the skip link to the input with Tab alone.
    for (let i = 0; i < 40 && !(await input(page).evaluate((field) => field === document.activeElement)); i += 1) {
      await page.keyboard.press("Tab");
    }
    await expect(input(page)).toBeFocused();
    await page.keyboard.type("84");
    await page.keyboard.press("Enter");
    await expect(announcement(page)).toHaveText("84 = 2^2 × 3 × 7, 3 distinct primes");
    await expect(input(page)).toBeFocused();

    const next = page.getByRole("button", { name: "Next step" });
    for (let i = 0; i < 80 && !(await next.evaluate((button) => button === document.activeElement)); i += 1) {
      await page.keyboard.press("Tab");
    }
    await expect(next).toBeFocused();
    await expect(page.getByRole("img", { name: /Factor tree of 84: 0 of 3 splits drawn/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Step 1 of 3: 84 = 7 × 12")).toBeVisible();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Step 3 of 3: 4 = 2 × 2")).toBeVisible();
    await expect(page.getByRole("list", { name: "Splits drawn so far" }).getByRole("listitem")).toHaveText([
      "84 = 7 × 12",
      "12 = 3 × 4",
      "4 = 2 × 2",
    ]);
    await expect(page.getByText("Only primes are left: 2 × 2 × 3 × 7.")).toBeVisible();
    // The last step disables "Next step": the focus moves on to "Start over" instead of being lost.
    await expect(page.getByRole("button", { name: "Start over" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(next).toBeFocused();
    checkConsole();
  });
});

test("a reload resumes a long SIQS run from the relations saved in IndexedDB", async ({ page }) => {
  test.setTimeout(180_000);
  const siqsProgress = page.getByRole("progressbar", { name: /^Quadratic sieve \(SIQS\)/ });
  /** How many relations the checkpoint of SEMIPRIME_70 holds (0 while there is none). */
  const savedRelations = () =>
    page.evaluate(
      (n) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open("numberlab-factorization");
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains("siqs-checkpoints")) return resolve(0);
            const request = db.transaction("siqs-checkpoints").objectStore("siqs-checkpoints").get(n);
            request.onsuccess = () => resolve(request.result?.snapshot.relations.length ?? 0);
          };
        }),
      SEMIPRIME_70,
    );

  await gotoHydrated(page, `${PATH}?n=${SEMIPRIME_70}`);
  await expect(siqsProgress).toBeVisible({ timeout: 90_000 });
  // Two saves (every 3 s), so the checkpoint holds more than any fresh run's first save would.
  await expect.poll(savedRelations, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await savedRelations();
  await expect.poll(savedRelations, { timeout: 30_000 }).toBeGreaterThan(first);
  const saved = await savedRelations();

  // The link starts the same number again: the sieve goes on from the saved relations, so its next save holds more.
  await page.reload();
  await expect(siqsProgress).toBeVisible({ timeout: 90_000 });
  await expect.poll(savedRelations, { timeout: 30_000 }).not.toBe(saved);
  expect(await savedRelations()).toBeGreaterThan(saved);
  await page.getByRole("button", { name: "Stop" }).click();
});
