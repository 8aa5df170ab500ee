import { expect, test, type Locator } from "@playwright/test";
import { readFileSync } from "node:fs";
import { primeRecordsSchema } from "#core/primes/prime-records";
import { storageStatePath } from "./accounts";
import { gotoHydrated, watchConsole } from "./helpers";

const records = primeRecordsSchema.parse(
  JSON.parse(readFileSync(new URL("../../content/prime-records.json", import.meta.url), "utf8")),
);

/** The opacity of a canvas's pixel at (x, y) in the drawing's units, `width` of them across the canvas. */
function alphaAt(canvas: Locator, width: number, x: number, y: number): Promise<number> {
  return canvas.evaluate(
    (element, [width, x, y]) => {
      const canvas = element as HTMLCanvasElement;
      const scale = canvas.width / width!;
      const pixel = canvas.getContext("2d")!.getImageData(Math.floor(x! * scale), Math.floor(y! * scale), 1, 1);
      return pixel.data[3]!;
    },
    [width, x, y],
  );
}

test.describe("prime discoveries", () => {
  test("a visitor reads the record chart and cards, and sorts and filters the Mersenne primes", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/prime-discoveries");
    await expect(page.getByRole("heading", { level: 1, name: "Prime discoveries" })).toBeVisible();
    const newest = records.mersenne.at(-1)!;
    await expect(page.getByText(`${newest.digits.toLocaleString("en")} digits`).first()).toBeVisible();

    const chart = page.getByRole("img", { name: /Digits of the largest known prime, by year/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("circle")).toHaveCount(records.largestKnown.length);
    // The data behind the chart, for screen readers and readers who want the numbers.
    await page.getByText("The records as a table").click();
    await expect(page.getByRole("table", { name: "Largest known prime by year" }).getByRole("row")).toHaveCount(
      records.largestKnown.length + 1,
    );

    await expect(page.getByRole("heading", { name: "Why the exponent must be prime" })).toBeVisible();
    await expect(page.getByRole("article").first().locator(".katex").first()).toBeVisible();

    // A record for each form, as the data file names it.
    const forms = page.getByRole("table", { name: "Record primes of other forms" });
    for (const record of records.byForm) {
      const row = forms.getByRole("row").filter({ hasText: record.number });
      await expect(row).toContainText(record.digits.toLocaleString("en"));
      await expect(row.getByRole("link").first()).toHaveAttribute("href", /^https?:\/\//);
    }

    const table = page.getByRole("region", { name: "The known Mersenne primes" });
    const rows = table.getByRole("rowgroup").nth(1).getByRole("row");
    await expect(page.getByRole("status").filter({ hasText: "known" })).toHaveText(
      `All ${records.mersenne.length} known`,
    );
    await expect(rows).toHaveCount(records.mersenne.length);
    await expect(rows.first()).toContainText("antiquity");

    // Sorting by digits, then again for the largest first.
    const digits = table.getByRole("columnheader", { name: "Digits" });
    await digits.getByRole("button").click();
    await expect(digits).toHaveAttribute("aria-sort", "ascending");
    await digits.getByRole("button").click();
    await expect(digits).toHaveAttribute("aria-sort", "descending");
    await expect(rows.first()).toContainText(newest.exponent.toLocaleString("en"));

    // Filtering by a name keeps that discoverer's rows only.
    await page.getByRole("textbox", { name: "Filter" }).fill("Cooper");
    const coopers = records.mersenne.filter((record) => record.discoverer.includes("Cooper")).length;
    expect(coopers).toBeGreaterThan(1);
    await expect(page.getByRole("status").filter({ hasText: "of" })).toHaveText(
      `${coopers} of ${records.mersenne.length}`,
    );
    await expect(rows).toHaveCount(coopers);

    // A small one's neighbours open in the factorization engine.
    await page.getByRole("textbox", { name: "Filter" }).fill("127");
    const m127 = rows.filter({ hasText: /^127/ });
    await m127.getByRole("link", { name: "factor M − 1" }).click();
    await expect(page).toHaveURL(/\/prime-factorization-engine\?n=2%5E127-2$/);
    checkConsole();
  });

  test("the reader proves M(521) prime, counts the primes below 10^8, and stops a long run", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/prime-discoveries");
    const verify = page.getByRole("region", { name: "Verify a Mersenne prime" });
    await verify.getByRole("textbox", { name: "Exponent p" }).fill("521");
    await verify.getByRole("button", { name: "Run the test" }).click();
    await expect(verify.getByRole("status")).toContainText("2^521 − 1 is prime: the Lucas–Lehmer sequence reached 0.");

    // A composite with a small factor: 2^11 − 1 = 23 · 89, and 23 = 2·1·11 + 1.
    await verify.getByRole("textbox", { name: "Exponent p" }).fill("11");
    await verify.getByRole("button", { name: "Run the test" }).click();
    await expect(verify.getByRole("status")).toContainText("trial factoring found the factor 23");

    const count = page.getByRole("region", { name: "Count the primes" });
    await count.getByRole("textbox", { name: "To" }).fill("10^8");
    await count.getByRole("button", { name: "Count primes" }).click();
    const found = count.getByRole("table", { name: "What the sieve found" });
    // π(10^8) = 5,761,455, a published value.
    await expect(found.getByRole("row").first()).toContainText("5,761,455", { timeout: 30_000 });
    // π beside li(x) and x / ln x, read at x/2, x/4, … down to about 1,000.
    await expect(
      count.getByRole("img", { name: /ratios to π\(x\), at \d+ points from 1,525 to 100,000,000$/ }),
    ).toBeVisible();

    // The primes from 100 to 150, written out; and the millionth prime, 15,485,863 (OEIS A006988).
    await count.getByRole("textbox", { name: "From" }).fill("100");
    await count.getByRole("textbox", { name: "To" }).fill("150");
    await count.getByRole("button", { name: "Count primes" }).click();
    await count.getByText("The 10 primes, written out").click();
    await expect(count.getByText("101, 103, 107, 109, 113, 127, 131, 137, 139, 149")).toBeVisible();
    await count.getByRole("textbox", { name: "n", exact: true }).fill("10^6");
    await count.getByRole("button", { name: "Find the n-th prime" }).click();
    await expect(count.getByText(/The 1,000,000-th prime is 15,485,863/)).toBeVisible({ timeout: 30_000 });

    // A test of 2^199999 − 1 takes about a minute here: stopped, it says how far it got, and a new run starts cleanly.
    await verify.getByRole("textbox", { name: "Exponent p" }).fill("199999");
    await verify.getByRole("button", { name: "Run the test" }).click();
    await expect(verify.getByText(/^Lucas–Lehmer: [\d,]+ of 199,997 squarings$/)).toBeVisible();
    await verify.getByRole("button", { name: "Stop" }).click();
    await expect(verify.getByRole("status")).toContainText(/Stopped after [\d,]+ of 199,997 squarings/);
    await expect(verify.getByRole("button", { name: "Stop" })).toBeHidden();
    await verify.getByRole("textbox", { name: "Exponent p" }).fill("61");
    await verify.getByRole("button", { name: "Run the test" }).click();
    await expect(verify.getByRole("status")).toContainText("2^61 − 1 is prime");

    // Bad input is refused with its reason, and nothing starts.
    await verify.getByRole("textbox", { name: "Exponent p" }).fill("1e9");
    await verify.getByRole("button", { name: "Run the test" }).click();
    await expect(verify.getByText("Type a whole number, such as 521.")).toBeVisible();
    await count.getByRole("textbox", { name: "To" }).fill("10^13");
    await count.getByRole("button", { name: "Count primes" }).click();
    await expect(count.getByText(/Type whole numbers from 0 to 10\^12/)).toBeVisible();
    checkConsole();
  });

  test("the reader zooms Ulam's spiral and moves along the prime gaps", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/prime-discoveries");
    const spiral = page.getByRole("region", { name: "Ulam's spiral" });
    const zoomIn = spiral.getByRole("button", { name: "Zoom in" });
    while (await zoomIn.isEnabled()) await zoomIn.click();
    // The closest view holds 1 to 15² = 225; trial division counts its primes.
    const primesTo225 = Array.from({ length: 225 }, (_, i) => i + 1).filter(
      (n) => n > 1 && Array.from({ length: n - 2 }, (_, j) => j + 2).every((d) => n % d !== 0),
    ).length;
    await expect(spiral.getByRole("status")).toHaveText(`1 to 225: ${primesTo225} primes`);
    const spiralCanvas = spiral.getByRole("img", { name: /Ulam's spiral of the numbers 1 to 225/ });
    await expect(spiralCanvas).toBeVisible();
    // 15 cells of 32 px across, 1 in the middle one (column and row 7): 2 is marked to its right, 4 above it is not.
    await expect.poll(() => alphaAt(spiralCanvas, 480, 8 * 32 + 1, 7 * 32 + 1)).toBe(255);
    expect(await alphaAt(spiralCanvas, 480, 7 * 32 + 1, 6 * 32 + 1)).toBe(0);

    const gaps = page.getByRole("region", { name: "Gaps between primes" });
    // Below 10^6 there are π(10^6) = 78,498 primes, and the widest gap is 114, after 492,113 (OEIS A002386).
    await expect(gaps.getByRole("status")).toContainText("78,498 primes from 0 to 1,000,000");
    await expect(gaps.getByRole("status")).toContainText("widest gap 114 after 492,113");
    await gaps.getByRole("button", { name: "Zoom in" }).click();
    await expect(gaps.getByRole("status")).toContainText("from 450,000 to 550,000");
    await expect(gaps.getByRole("status")).toContainText("widest gap 114 after 492,113");
    // The widest gap's dot, where the plot puts it: x along [450,000, 550,000] in the 660 px after a 48 px
    // margin; y from 0 at 272 px up to the axis top, 130 (the widest gap plus a tenth, rounded up to tens).
    const gapCanvas = gaps.getByRole("img", { name: /The gap after each prime/ });
    const dotX = 48 + ((492_113 - 450_000) / 100_000) * 660;
    const dotY = 272 - (114 / 130) * 260;
    await expect.poll(() => alphaAt(gapCanvas, 720, dotX, dotY)).toBe(255);
    expect(await alphaAt(gapCanvas, 720, dotX, dotY - 6)).toBe(0);
    await gaps.getByRole("button", { name: "Later" }).click();
    await expect(gaps.getByRole("status")).toContainText("from 500,000 to 600,000");
    checkConsole();
  });

  test.describe("on a 390 px phone", () => {
    const PHONE_WIDTH = 390;
    test.use({ viewport: { width: PHONE_WIDTH, height: 844 } });

    test("every part of the page fits the width, and a wide formula scrolls inside its card", async ({ page }) => {
      const checkConsole = watchConsole(page);
      await gotoHydrated(page, "/prime-discoveries");
      // Parts below the first screen are laid out only when near (content-visibility), so each is brought
      // into view before it is measured.
      const parts = page.locator("main section, main article");
      const partCount = await parts.count();
      expect(partCount).toBeGreaterThan(5);
      for (let index = 0; index < partCount; index++) {
        const part = parts.nth(index);
        await part.scrollIntoViewIfNeeded();
        const box = (await part.boundingBox())!;
        const label = (await part.getAttribute("aria-label")) ?? (await part.locator("h2, h3").first().textContent());
        expect(box.x + box.width, `the right edge of "${label}"`).toBeLessThanOrEqual(PHONE_WIDTH);
        // Nothing spills out of the part, where a narrower box would clip it.
        expect(await part.evaluate((element) => element.scrollWidth - element.clientWidth), `"${label}"`).toBe(0);
      }
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);

      // The identity 2^ab − 1 = (2^a − 1)(…) is wider than a phone: it scrolls sideways within its card.
      const card = page.getByRole("article").filter({ hasText: "Why the exponent must be prime" });
      const formula = card.locator(".lesson-display-math").first();
      await formula.scrollIntoViewIfNeeded();
      const [shown, whole] = await formula.evaluate((element) => [element.clientWidth, element.scrollWidth]);
      expect(whole).toBeGreaterThan(shown);
      await formula.evaluate((element) => element.scrollBy({ left: element.scrollWidth }));
      await expect.poll(() => formula.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      checkConsole();
    });
  });

  test.describe("for admins", () => {
    test.use({ storageState: storageStatePath("admin") });

    test("an admin adds a record with a revision, publishes it (announced once), and readers see it until it is withdrawn", async ({
      page,
    }) => {
      const checkConsole = watchConsole(page, { expectedStatuses: [400] });
      // Test data only: a made-up number no real record has, unique to this run.
      const multiplier = `${process.pid}${Date.now() % 1_000_000}`;
      await gotoHydrated(page, "/admin/content/primes");
      // One heading per kind, each in the plural with its count.
      for (const heading of [
        /^Mersenne primes \(\d+\)$/,
        /^Largest known primes \(history\) \(\d+\)$/,
        /^Records of other forms \(\d+\)$/,
      ]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await page.getByRole("link", { name: "New record of another form" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "New record of another form" })).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await page.getByRole("combobox", { name: "Form" }).click();
      await page.getByRole("option", { name: "Sophie Germain" }).click();
      await page.getByRole("textbox", { name: "The prime" }).fill(`${multiplier} · 2^1000 - 1`);
      await page.getByRole("textbox", { name: "Digits" }).fill("320");
      await page.getByRole("textbox", { name: "Year" }).fill("2099");
      await page.getByRole("textbox", { name: "Discoverer" }).fill("An end-to-end test");
      await page.getByRole("textbox", { name: "Record as of" }).fill("2099-01");
      await page.getByRole("textbox", { name: "Source" }).fill("https://example.org/not-a-real-record");
      await page.getByRole("button", { name: "Create record" }).click();
      await expect(page.getByText("write the minus sign as U+2212")).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/admin/content/primes/new");

      const prime = `${multiplier} · 2^1000 − 1`;
      await page.getByRole("textbox", { name: "The prime" }).fill(prime);
      await page.getByRole("button", { name: "Create record" }).click();
      await page.waitForURL(/\/admin\/content\/primes\/[0-9a-f-]{36}$/);
      await expect(page.getByText("Draft: readers do not see it yet.")).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await page.getByRole("textbox", { name: "Digits" }).fill("321");
      await page.getByRole("button", { name: "Save revision" }).click();
      await expect(page.getByText("Saved as revision 2.")).toBeVisible();

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText("Announced: A new record prime")).toBeVisible();
      await expect(page.getByText(`${prime}, with 321 digits, found by An end-to-end test.`)).toBeVisible();

      await gotoHydrated(page, "/prime-discoveries");
      const forms = page.getByRole("table", { name: "Record primes of other forms" });
      await expect(forms.getByRole("row").filter({ hasText: prime })).toContainText("321");

      // Withdrawn and published again: no second announcement.
      await page.goBack();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await page.getByRole("button", { name: "Unpublish" }).click();
      await expect(page.getByText("Draft: readers do not see it yet.")).toBeVisible();
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByText("Published: /prime-discoveries shows it.")).toBeVisible();
      await expect(page.getByText(/^Announced:/)).toHaveCount(0);
      await page.getByRole("button", { name: "Unpublish" }).click();
      await expect(page.getByText("Draft: readers do not see it yet.")).toBeVisible();
      await gotoHydrated(page, "/prime-discoveries");
      await expect(page.getByText(prime)).toHaveCount(0);
      checkConsole();
    });
  });
});
