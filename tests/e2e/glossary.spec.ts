import { expect, test } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { expectInViewBelowAppBar, gotoHydrated, watchConsole } from "./helpers";

test("a reader hovers a glossary term to read its definition, focuses it from the keyboard, and follows it", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStatePath("premium") });
  const page = await context.newPage();
  const checkConsole = watchConsole(page);
  // Chapter 4 uses "prime", which chapter 2 defines: the word links to its definition there.
  await gotoHydrated(page, "/chapter/exponential-remainders");
  const term = page.getByRole("main").locator('a.term[data-term="prime"]').first();
  await expect(term).toHaveAttribute("href", "/chapter/atomic-model-of-numbers#primes-term-prime");
  const card = page.getByRole("tooltip");

  await term.hover();
  await expect(card).toBeVisible();
  await expect(card).toContainText("is prime if its only positive divisors are 1 and");
  await expect(card).toContainText("The atomic model of numbers · Primes, the atoms of multiplication");
  // Formulas are typeset, with MathML for screen readers.
  await expect(card.locator("math").first()).toBeAttached();
  // The pointer may move onto the card to read it; leaving both closes it.
  await card.hover();
  await expect(card).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(card).toBeHidden();

  await term.focus();
  await expect(card).toBeVisible();
  await expect(term).toHaveAttribute("aria-describedby", (await card.getAttribute("id"))!);
  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();
  await expect(term).not.toHaveAttribute("aria-describedby");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/chapter\/atomic-model-of-numbers(\?step=\d+)?#primes-term-prime$/);
  await expectInViewBelowAppBar(page, page.locator("dfn#primes-term-prime"));
  checkConsole();
  await context.close();
});

test("a guest opens the glossary from the footer: every term, premium definitions kept for subscribers", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const checkConsole = watchConsole(page);
  await gotoHydrated(page, "/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "Glossary" }).click();
  await expect(page).toHaveURL(/\/glossary$/);
  await expect(page.getByRole("heading", { level: 1, name: "Glossary" })).toBeVisible();

  const entry = (term: string) =>
    // The entry's own <dt>: a definition's <dfn> is a "term" too.
    page.locator("dl > div").filter({ has: page.locator("dt").filter({ hasText: new RegExp(`^${term}$`) }) });
  await expect(entry("prime").getByRole("definition")).toContainText("is prime if its only positive divisors");
  await expect(entry("Carmichael number").getByRole("definition")).toContainText(
    "Defined in a premium chapter: the definition is for subscribers.",
  );
  await expect(entry("Carmichael number").getByRole("definition")).not.toContainText("composite number");
  await expect(entry("Carmichael number").getByRole("link")).toHaveAttribute(
    "href",
    "/chapter/exponential-remainders#fermat-test-term-carmichael-number",
  );
  // The letters jump to their part of the list.
  await page
    .getByRole("navigation", { name: "Glossary letters" })
    .getByRole("link", { name: "W", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "W" })).toBeInViewport();

  // The server keeps the text back, whoever asks; a subscriber gets it.
  const guestCard = await (await page.request.get("/glossary/carmichael-number")).json();
  expect(guestCard).toMatchObject({ term: "Carmichael number", html: null });
  const premium = await browser.newContext({ storageState: storageStatePath("premium") });
  const premiumCard = await (await premium.request.get("/glossary/carmichael-number")).json();
  expect(premiumCard.html).toContain("<dfn>Carmichael number</dfn>");
  expect((await page.request.get("/glossary/no-such-term")).status()).toBe(404);
  checkConsole();
  await premium.close();
  await context.close();
});
