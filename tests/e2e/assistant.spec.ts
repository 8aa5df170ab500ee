import { expect, test, type Page } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { ASSISTANT_PORT, fakeAssistant } from "./e2e-ports";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

/**
 * The content assistant against the local OpenAI-compatible endpoint that global-setup.ts starts
 * (tests/setup/fake-openai-server.ts), whose answers the instructions choose with "fake:…" markers.
 * The unconfigured and switched-off pages are tested in app/routes/admin/assistant.test.tsx: this
 * server is configured, and journeys never switch features for everyone.
 */
test.use({ storageState: storageStatePath("admin") });
// One answer streams per admin at a time, and these journeys share the admin account.
test.describe.configure({ mode: "serial" });

let counter = 0;
/** Something no other test or run uses: a chapter address, a token of the endpoint's hold. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

/** A draft chapter of this journey's own, so no other journey's chapter gains a section. */
async function createChapter(page: Page): Promise<{ title: string; url: string }> {
  const slug = unique("assistant");
  const title = `Assistant chapter ${slug}`;
  await gotoHydrated(page, "/admin/content");
  const form = page.getByRole("region", { name: "New chapter" });
  await form.getByLabel("Address").fill(slug);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Summary").fill("A chapter for the assistant's drafts.");
  await form.getByRole("button", { name: "Create chapter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { title, url: new URL(page.url()).pathname };
}

async function ask(page: Page, chapterTitle: string, instructions: string) {
  await gotoHydrated(page, "/admin/adminia");
  const form = page.getByRole("form", { name: "Ask the assistant" });
  await form.getByLabel(/^Lesson section/).check();
  await form.getByLabel("Chapter").selectOption({ label: `${chapterTitle} (draft)` });
  await form.getByLabel("Skill").selectOption({ label: "Prime factorizations and primes" });
  await form.getByLabel("Instructions").fill(instructions);
  await form.getByRole("button", { name: "Ask" }).click();
  return form;
}

test("an admin watches a section stream in, sees the wrong factorization flagged, and saves it as an unpublished draft", async ({
  page,
  request,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  const chapter = await createChapter(page);
  await gotoHydrated(page, "/admin/adminia");
  await expect(
    page.getByText(`Model: ${fakeAssistant.model} at ${fakeAssistant.baseUrl}, with an API key.`),
  ).toBeVisible();
  await expect(page.locator("body")).not.toContainText(fakeAssistant.apiKey);

  const hold = unique("hold");
  const form = await ask(
    page,
    chapter.title,
    `A short section on prime factorizations. fake:wrong-factorization fake:hold:${hold}`,
  );
  // The endpoint holds back the second half: what shows now came through the server as it was written.
  const live = page.getByTestId("live-answer-text");
  await expect(live).toContainText("## Prime factorizations");
  await expect(
    page.getByRole("status").filter({ hasText: `Streaming the answer from ${fakeAssistant.model}` }),
  ).toBeVisible();
  await expect(form.getByRole("button", { name: "Stop" })).toBeEnabled();
  await expect(form.getByRole("button", { name: "Answering…" })).toBeDisabled();
  await expect(live).not.toContainText("factor-tree");
  expect((await request.post(`http://127.0.0.1:${ASSISTANT_PORT}/control/release/${hold}`)).status()).toBe(204);

  // Once it ends, the answer opens from the history, rendered and checked.
  const checks = page.getByRole("region", { name: "Number checks" });
  await expect(checks).toBeVisible();
  await expect(page.getByText("1 wrong number among 3 claims checked")).toBeVisible();
  const wrong = checks.getByRole("row").filter({ hasText: "Wrong" });
  await expect(wrong).toContainText("360 = 2^3 · 3^3 · 5");
  await expect(wrong).toContainText("The prime factorization is 360 = 2³ · 3² · 5.");
  await expect(checks.getByRole("row").filter({ hasText: "Right" })).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Problems in the text" })).toContainText("No problems found.");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Prime factorizations" })).toBeVisible();
  await expect(preview.locator("math").first()).toBeAttached();
  await expect(preview.getByRole("group", { name: "Factor tree of 360" })).toBeVisible();
  // The history marks the answer open above.
  const opened = page.getByRole("row").filter({ hasText: "open above" });
  await expect(opened).toContainText("Finished");

  const save = page.getByRole("form", { name: "Save as a draft" });
  await expect(save.getByLabel("Section title")).toHaveValue("Prime factorizations");
  await expect(save.getByLabel("Section id")).toHaveValue("prime-factorizations");
  await save.getByRole("button", { name: "Save as a draft section" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved as an unpublished section" });
  await expect(saved).toContainText(chapter.title);
  await expect(opened).toContainText("saved");

  // The draft waits, unpublished, in the content editor.
  await saved.getByRole("link", { name: "Prime factorizations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Prime factorizations" })).toBeVisible();
  await expect(page.getByLabel("Section text (Markdown)")).toHaveValue(/^Every whole number above 1/);
  await gotoHydrated(page, chapter.url);
  await expect(page.getByRole("row", { name: /Prime factorizations/ })).toContainText("Draft");
  checkConsole();
});

test("Stop ends the answer on the server and keeps what arrived; the endpoint's 429 is explained", async ({
  page,
  request,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  const chapter = await createChapter(page);

  const hold = unique("stop");
  const form = await ask(page, chapter.title, `Anything. fake:hold:${hold}`);
  await expect(page.getByTestId("live-answer-text")).toContainText("## Remainders of powers");
  await form.getByRole("button", { name: "Stop" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "The answer failed" });
  await expect(failed).toContainText("Stopped before the answer ended.");
  await expect(page.getByText("Only an answer that ended can be saved.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "open above" })).toContainText("Failed");
  await request.post(`http://127.0.0.1:${ASSISTANT_PORT}/control/release/${hold}`);

  await ask(page, chapter.title, "Anything. fake:429");
  await expect(page.getByRole("alert").filter({ hasText: "The answer failed" })).toContainText(
    "The endpoint refuses more requests for now (429 Too Many Requests): try again in 30 seconds.",
  );
  checkConsole();
});
