import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

test.use({ storageState: storageStatePath("admin") });

let counter = 0;
/** A chapter address no other test or run uses, so admins in parallel tests never edit the same one. */
function uniqueSlug(): string {
  counter += 1;
  return `e2e-${process.pid}-${Date.now()}-${counter}`;
}

/** Creates a draft chapter with one section through the admin pages and opens the section's editor. */
async function createChapterWithSection(page: Page, slug: string): Promise<string> {
  await gotoHydrated(page, "/admin/content");
  const form = page.getByRole("region", { name: "New chapter" });
  await form.getByLabel("Address").fill(slug);
  await form.getByLabel("Title").fill(`Test chapter ${slug}`);
  await form.getByLabel("Summary").fill("A chapter made by an end-to-end test.");
  await form.getByRole("button", { name: "Create chapter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Test chapter ${slug}` })).toBeVisible();

  const section = page.getByRole("region", { name: "New section" });
  await section.getByLabel("Title").fill("Introduction");
  await section.getByLabel("Section id").fill("introduction");
  await section.getByRole("button", { name: "Create and edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return page.url();
}

async function saveText(page: Page, text: string) {
  await page.getByLabel("Section text (Markdown)").fill(text);
  await page.getByRole("button", { name: "Save revision" }).click();
}

test.describe("content administration", () => {
  test("an admin writes a section with a live preview, publishes it, and readers see it", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const slug = uniqueSlug();
    await createChapterWithSection(page, slug);

    const editor = page.getByLabel("Section text (Markdown)");
    await editor.fill("Euler: $e^{i\\pi} + 1 = 0$ costs $5.\n\n$$\\frac{1}{0\n");
    const preview = page.getByRole("region", { name: "Preview" });
    // The preview typesets with MathML for screen readers; money stays text.
    await expect(preview.locator("math")).toHaveCount(1);
    await expect(preview).toContainText("costs $5.");
    await expect(page.getByRole("list", { name: "Problems in the text" })).toContainText("Line 3");

    await saveText(page, 'Euler: $e^{i\\pi} + 1 = 0$.\n\n::widget{name="factor-tree" n="84"}\n');
    await expect(page.getByRole("status")).toHaveText("Saved as revision 2.");
    await expect(
      page.getByRole("region", { name: "Preview" }).getByRole("group", { name: "Factor tree of 84" }),
    ).toBeVisible();

    // Draft chapters and sections stay hidden from readers until published.
    await gotoHydrated(page, "/admin/content");
    await page.getByRole("button", { name: `Publish Test chapter ${slug}` }).click();
    await page.getByRole("link", { name: `Test chapter ${slug}` }).click();
    await page.getByRole("button", { name: "Publish Introduction" }).click();
    await expect(page.getByRole("row", { name: /Introduction/ })).toContainText("Published");

    const reader = await page
      .context()
      .browser()!
      .newContext({ storageState: storageStatePath("premium") });
    const readerPage = await reader.newPage();
    await asNewClient(readerPage);
    await gotoHydrated(readerPage, `/chapter/${slug}`);
    await expect(readerPage.getByRole("heading", { level: 1 })).toHaveText(`Test chapter ${slug}`);
    await expect(readerPage.locator(".lesson math")).toHaveCount(1);
    await expect(readerPage.getByRole("group", { name: "Factor tree of 84" })).toBeVisible();
    await reader.close();
    checkConsole();
  });

  test("a stale save is refused with the difference shown, and a revision is restored", async ({ page, browser }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [409] });
    await asNewClient(page);
    const editorUrl = await createChapterWithSection(page, uniqueSlug());
    await saveText(page, "First text.\nA line both keep.\n");
    await expect(page.getByRole("status")).toHaveText("Saved as revision 2.");

    // A second admin opens the same section, then the first saves again.
    const other = await browser.newContext({ storageState: storageStatePath("admin") });
    const otherPage = await other.newPage();
    await asNewClient(otherPage);
    await gotoHydrated(otherPage, editorUrl);
    await saveText(page, "Second text from the first admin.\nA line both keep.\n");
    await expect(page.getByRole("status")).toHaveText("Saved as revision 3.");

    await saveText(otherPage, "Stale text from the second admin.\nA line both keep.\n");
    const conflict = otherPage.getByRole("alert").filter({ hasText: "Not saved" });
    await expect(conflict).toContainText("Revision 3 was saved by admin@example.org");
    const diff = conflict.getByLabel("Difference between revision 3 and your text");
    await expect(diff).toContainText("removed: − Second text from the first admin.");
    await expect(diff).toContainText("added: + Stale text from the second admin.");
    // Nothing was overwritten, and the stale text is still in the editor.
    await expect(otherPage.getByLabel("Section text (Markdown)")).toHaveValue(/^Stale text/);
    await gotoHydrated(page, editorUrl);
    await expect(page.getByLabel("Section text (Markdown)")).toHaveValue(/^Second text/);

    // Knowingly replacing revision 3 is one more step.
    await otherPage.getByRole("button", { name: "Base my text on revision 3" }).click();
    await otherPage.getByRole("button", { name: "Save revision" }).click();
    await expect(otherPage.getByRole("status")).toHaveText("Saved as revision 4.");
    await other.close();

    // Restore revision 2 from the history: it becomes revision 5.
    await gotoHydrated(page, editorUrl);
    await page.getByRole("row", { name: /^2 / }).getByRole("link", { name: "Compare with current" }).click();
    await expect(page.getByLabel("Changes from revision 2 to revision 4")).toContainText("Stale text");
    await page.getByRole("button", { name: "Restore revision 2" }).click();
    await expect(page.getByLabel("Section text (Markdown)")).toHaveValue(/^First text/);
    await expect(page.getByRole("row", { name: /^5 \(current\)/ })).toContainText("restored from revision 2");
    checkConsole();
  });

  test("bad requests change nothing and say why", async ({ page }) => {
    await asNewClient(page);
    const editorUrl = await createChapterWithSection(page, uniqueSlug());
    const origin = new URL(page.url()).origin;
    const post = (url: string, form: Record<string, string>) =>
      page.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });

    const tooLong = await post(editorUrl, { title: "Introduction", body: "x".repeat(200_001), baseRevision: "1" });
    expect(tooLong.status()).toBe(400);
    const noBase = await post(editorUrl, { title: "Introduction", body: "text" });
    expect(noBase.status()).toBe(400);
    const emptyTitle = await post(editorUrl, { title: "", body: "text", baseRevision: "1" });
    expect(emptyTitle.status()).toBe(400);
    const stale = await post(editorUrl, { title: "Introduction", body: "text", baseRevision: "7" });
    expect(stale.status()).toBe(409);

    await gotoHydrated(page, editorUrl);
    await expect(page.getByRole("row", { name: /^1 \(current\)/ })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    const badChapter = await page.request.get("/admin/content/not-a-uuid");
    expect(badChapter.status()).toBe(404);
    const duplicate = await post("/admin/content", {
      intent: "create",
      slug: "atomic-model-of-numbers",
      title: "Again",
      summary: "Same address.",
      access: "free",
    });
    expect(duplicate.status()).toBe(400);
    expect(await duplicate.text()).toContain("A chapter already has this address.");
  });
});
