import { expect, test } from "@playwright/test";
import { CONSTRUCT_EXAMPLES, DELIMITER_EXAMPLES, FAILURE_EXAMPLES } from "#app/content/formula-gallery";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

test.use({ storageState: storageStatePath("admin") });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
}

test("the formula gallery typesets every example, marks exactly its deliberate mistakes, in both schemes", async ({
  page,
  context,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  await gotoHydrated(page, "/tests/test2");
  await expect(page.getByRole("heading", { level: 1, name: "Formula gallery" })).toBeVisible();

  // KaTeX is told to throw, so nothing anywhere is its own red error text.
  await expect(page.locator(".katex-error")).toHaveCount(0);

  // One reading of every example (a locator per check would take a round trip each).
  const examples = await page.locator("article[data-example]").evaluateAll((articles) =>
    articles.map((article) => {
      const light = article.querySelector('[data-scheme="light"]');
      const dark = article.querySelector('[data-scheme="dark"]');
      return {
        id: article.getAttribute("data-example"),
        title: article.querySelector("h3")?.textContent,
        source: article.querySelector("pre code")?.textContent,
        formulas: light?.querySelectorAll(".katex").length ?? 0,
        mathml: light?.querySelectorAll("math").length ?? 0,
        marked: light?.querySelectorAll(".lesson-error").length ?? 0,
        darkFormulas: dark?.querySelectorAll(".katex").length ?? 0,
        darkHidden: dark?.getAttribute("aria-hidden"),
      };
    }),
  );
  expect(examples.map((example) => example.id)).toEqual(
    [...DELIMITER_EXAMPLES, ...CONSTRUCT_EXAMPLES, ...FAILURE_EXAMPLES].map((example) => example.id),
  );
  for (const example of [...DELIMITER_EXAMPLES, ...CONSTRUCT_EXAMPLES]) {
    const shown = examples.find((candidate) => candidate.id === example.id)!;
    expect(shown, example.id).toMatchObject({
      title: example.title,
      source: example.source,
      marked: 0,
      darkHidden: "true",
    });
    expect(shown.formulas, example.id).toBeGreaterThan(0);
    // MathML for screen readers, in the panel they read; the dark copy typesets the same.
    expect(shown.mathml, example.id).toBe(shown.formulas);
    expect(shown.darkFormulas, example.id).toBe(shown.formulas);
  }

  const failures = page.locator('[data-gallery-section="failures"]');
  for (const example of FAILURE_EXAMPLES) {
    const article = failures.locator(`article[data-example="${example.id}"]`);
    const refused = example.expected.filter((problem) => problem.message.startsWith("Formula cannot be typeset"));
    await expect(article.locator('[data-scheme="light"] .lesson-error'), example.id).toHaveCount(refused.length);
    const listed = article.getByRole("list", { name: "Problems in the text" }).getByRole("listitem");
    // Each item: the line, the message, then the source it quotes, if any.
    await expect(listed, example.id).toHaveText(
      example.expected.map((problem) => new RegExp(`^${escapeRegExp(`Line 1: ${problem.message}`)}`)),
    );
  }
  // Outside the failures, nothing is marked.
  const marked = await page.locator(".lesson-error").count();
  const expectedMarks = FAILURE_EXAMPLES.flatMap((example) =>
    example.expected.filter((problem) => problem.message.startsWith("Formula cannot be typeset")),
  ).length;
  expect(marked).toBe(expectedMarks * 2); // light and dark panels

  // Each pair of panels really differs: light text on dark, dark text on light, whatever the page's scheme.
  const sample = page.locator('article[data-example="fractions"]');
  const colours = async (scheme: "light" | "dark") =>
    sample.locator(`[data-scheme="${scheme}"]`).evaluate((panel) => {
      const style = getComputedStyle(panel);
      const formula = panel.querySelector(".katex");
      return { background: style.backgroundColor, text: formula ? getComputedStyle(formula).color : "" };
    });
  const light = await colours("light");
  const dark = await colours("dark");
  expect(luminance(light.background)).toBeGreaterThan(0.8);
  expect(luminance(light.text)).toBeLessThan(0.3);
  expect(luminance(dark.background)).toBeLessThan(0.2);
  expect(luminance(dark.text)).toBeGreaterThan(0.7);

  // The source is copyable.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const source = CONSTRUCT_EXAMPLES.find((example) => example.id === "aligned")!.source;
  const aligned = page.locator('article[data-example="aligned"]');
  await aligned.getByRole("button", { name: "Copy source: Aligned lines" }).click();
  await expect(aligned.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(source);
  checkConsole();
});
