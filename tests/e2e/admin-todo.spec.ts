import { expect, test, type Locator, type Page } from "@playwright/test";
import { accounts, storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

test.use({ storageState: storageStatePath("admin") });
// These journeys share the one todo list: one at a time, so a move is never based on an order another
// of them just changed. Other journeys never touch the list; still, every check here looks only at
// this run's own items, since the list may hold others.
test.describe.configure({ mode: "serial" });

let counter = 0;
/** A title no other test or run uses. */
function uniqueTitle(name: string): string {
  counter += 1;
  return `e2e ${process.pid}-${Date.now()}-${counter} ${name}`;
}

/** The day before today, in UTC, as the date field takes it. */
const yesterday = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function addItem(page: Page, title: string, more: { notes?: string; assignToMe?: boolean; due?: string } = {}) {
  const form = page.getByRole("region", { name: "New item" });
  await form.getByLabel("Title").fill(title);
  if (more.assignToMe) await form.getByLabel("Assignee").selectOption({ label: `${accounts.admin} — you` });
  if (more.due) await form.getByLabel("Due date").fill(more.due);
  if (more.notes) await form.getByLabel("Notes").fill(more.notes);
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(form.getByRole("status")).toContainText(`Added “${title}”`);
}

/** The list's rows shown now. */
const list = (page: Page, view = "All") => page.getByRole("list", { name: `${view} items` });
const row = (page: Page, title: string, view = "All"): Locator =>
  list(page, view)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** The titles of these items in the order the list shows them (other items left out). */
async function orderOf(page: Page, titles: string[], view = "All"): Promise<string[]> {
  const shown = await list(page, view).getByRole("link").allTextContents();
  return shown.filter((title) => titles.includes(title));
}

test.describe("the team's todo list", () => {
  test("an item with a formula, assigned to me, found in my views, commented on and marked done", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const title = uniqueTitle("primitive roots");
    await gotoHydrated(page, "/admin/todo");
    await addItem(page, title, {
      notes: "Check that $g^{(p-1)/q} \\not\\equiv 1 \\pmod p$ for every prime $q \\mid p - 1$.",
      assignToMe: true,
      due: yesterday(),
    });
    const mine = row(page, title);
    await expect(mine).toContainText("Assigned to you");
    await expect(mine).toContainText("Overdue: was due");

    // The notes are typeset on the server, with MathML for screen readers.
    await mine.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes.locator(".katex math")).toHaveCount(2);
    await expect(page.getByRole("definition").filter({ hasText: "(overdue)" })).toBeVisible();

    const comments = page.getByRole("region", { name: /^Comments/ });
    await comments.getByLabel("Your comment").fill("For $p = 23$, $g = 5$ works: $\\operatorname{ord}_{23}(5) = 22$.");
    await comments.getByRole("button", { name: "Add comment" }).click();
    const comment = comments.getByRole("listitem").filter({ hasText: accounts.admin });
    await expect(comment.locator(".katex math")).toHaveCount(3);
    await expect(comment).toContainText(" UTC");
    await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();

    // The views are addresses: mine and overdue show it, done does not yet.
    await gotoHydrated(page, "/admin/todo");
    await page.getByRole("navigation", { name: "Views of the list" }).getByRole("link", { name: /^Mine/ }).click();
    await expect(page).toHaveURL(/\?show=mine$/);
    await expect(row(page, title, "Mine")).toBeVisible();
    await gotoHydrated(page, "/admin/todo?show=overdue");
    await expect(row(page, title, "Overdue")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Views of the list" }).getByRole("link", { name: /^Overdue/ }),
    ).toHaveAttribute("aria-current", "page");
    await gotoHydrated(page, "/admin/todo?show=done");
    await expect(row(page, title, "Done")).toHaveCount(0);

    await gotoHydrated(page, "/admin/todo");
    await row(page, title)
      .getByRole("button", { name: `Mark done: ${title}` })
      .click();
    await expect(page.getByText(`“${title}” is done.`)).toBeVisible();
    await expect(row(page, title)).toContainText("Done");
    // Done is no longer overdue.
    await expect(row(page, title)).not.toContainText("Overdue");
    await gotoHydrated(page, "/admin/todo?show=done");
    await expect(row(page, title, "Done")).toBeVisible();
    await gotoHydrated(page, "/admin/todo?show=overdue");
    await expect(row(page, title, "Overdue")).toHaveCount(0);
    checkConsole();
  });

  test("reordering by keyboard keeps the focus on the item, and by dragging its handle", async ({ page }) => {
    // The last move is refused (409) on purpose.
    const checkConsole = watchConsole(page, { expectedStatuses: [409] });
    await asNewClient(page);
    const [alpha, beta, gamma] = [uniqueTitle("alpha"), uniqueTitle("beta"), uniqueTitle("gamma")];
    const ours = [alpha, beta, gamma];
    await gotoHydrated(page, "/admin/todo");
    for (const title of ours) await addItem(page, title);
    await expect.poll(() => orderOf(page, ours)).toEqual([alpha, beta, gamma]);

    // Keyboard: the button pair of a row; the focus follows the row, so pressing again moves it on, even
    // before the first move is back from the server.
    const up = page.getByRole("button", { name: `Move “${gamma}” up` });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => orderOf(page, ours)).toEqual([alpha, gamma, beta]);
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => orderOf(page, ours)).toEqual([gamma, alpha, beta]);
    // Said once the second move is back (the first one's place was one lower).
    const shown = await list(page).getByRole("link").allTextContents();
    await expect(
      page.getByText(`Moved “${gamma}” to position ${shown.indexOf(gamma) + 1} of ${shown.length}.`),
    ).toBeVisible();
    // At the top of the whole list its "Move up" is disabled, and "Move down" takes the focus.
    await expect(page.locator(":focus")).toHaveAttribute("aria-label", new RegExp(`^Move “${gamma}” (up|down)$`));
    await gotoHydrated(page, "/admin/todo");
    expect(await orderOf(page, ours)).toEqual([gamma, alpha, beta]);

    // Pointer: drag beta's handle onto gamma's row, above its middle.
    const handle = row(page, beta).locator("[data-drag-handle]");
    const from = (await handle.boundingBox())!;
    const target = (await row(page, gamma).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByText(new RegExp(`^Moved “${beta}” to position \\d+ of \\d+\\.$`))).toBeVisible();
    await expect.poll(() => orderOf(page, ours)).toEqual([beta, gamma, alpha]);

    // The server kept it.
    await gotoHydrated(page, "/admin/todo");
    expect(await orderOf(page, ours)).toEqual([beta, gamma, alpha]);

    // A move based on an order that changed meanwhile is refused, and the list shows the current one.
    const other = await page
      .context()
      .browser()!
      .newContext({ storageState: storageStatePath("admin") });
    const otherPage = await other.newPage();
    await asNewClient(otherPage);
    await gotoHydrated(otherPage, "/admin/todo");
    await otherPage.getByRole("button", { name: `Move “${alpha}” up` }).click();
    await expect.poll(() => orderOf(otherPage, ours)).toEqual([beta, alpha, gamma]);
    await other.close();
    await page.getByRole("button", { name: `Move “${beta}” down` }).click();
    await expect(page.getByRole("alert")).toContainText("Not moved: the list changed since you loaded it");
    await expect.poll(() => orderOf(page, ours)).toEqual([beta, alpha, gamma]);
    checkConsole();
  });

  test("a save from an older version is refused with who saved it, and the text typed stays", async ({
    page,
    browser,
  }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [409] });
    await asNewClient(page);
    const title = uniqueTitle("conflict");
    await gotoHydrated(page, "/admin/todo");
    await addItem(page, title);
    await row(page, title).getByRole("link", { name: title }).click();
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit: ${title}` })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const editUrl = page.url();

    // A second admin saves first.
    const other = await browser.newContext({ storageState: storageStatePath("admin") });
    const otherPage = await other.newPage();
    await asNewClient(otherPage);
    await gotoHydrated(otherPage, editUrl);
    await otherPage.getByLabel("Priority").selectOption("Urgent");
    await otherPage.getByLabel("Notes (Markdown)").fill("Theirs: $n = 91 = 7 \\cdot 13$.");
    await otherPage.getByRole("button", { name: "Save" }).click();
    await expect(otherPage.getByRole("status")).toHaveText("Saved.");
    await other.close();

    const mine = "Mine: $\\varphi(91) = 72$.";
    await page.getByLabel("Notes (Markdown)").fill(mine);
    await page.getByLabel("Status").selectOption("Doing");
    await page.getByRole("button", { name: "Save" }).click();
    const conflict = page.getByRole("alert").filter({ hasText: "Not saved" });
    await expect(conflict).toContainText("this item changed while you were editing");
    await expect(conflict).toContainText(`Version 2 was saved by ${accounts.admin}`);
    await expect(conflict.getByRole("list", { name: "Fields that differ" })).toContainText(
      "Priority: theirs “Urgent”, yours “Normal”",
    );
    await expect(conflict.getByLabel("Difference between version 2's notes and yours")).toContainText(
      "added: + Mine: $\\varphi(91) = 72$.",
    );
    // Nothing of mine was lost.
    await expect(page.getByLabel("Notes (Markdown)")).toHaveValue(mine);
    await expect(page.getByLabel("Status")).toHaveValue("doing");

    // Knowingly saving over version 2 is one more step.
    await conflict.getByRole("button", { name: "Base my text on version 2" }).click();
    await expect(page.getByText("Your text now replaces version 2 when you save.")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await expect(page.getByRole("region", { name: "Notes" }).locator(".katex math")).toHaveCount(1);
    await expect(page.getByRole("definition").filter({ hasText: /^Doing$/ })).toBeVisible();
    checkConsole();
  });

  test("without scripts the buttons still work: move, mark done, delete after confirming", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStatePath("admin"), javaScriptEnabled: false });
    const page = await context.newPage();
    await asNewClient(page);
    const [first, second] = [uniqueTitle("first"), uniqueTitle("second")];
    await page.goto("/admin/todo");
    for (const title of [first, second]) await addItem(page, title);
    expect(await orderOf(page, [first, second])).toEqual([first, second]);

    await page.getByRole("button", { name: `Move “${second}” up` }).click();
    await expect(page.getByText(`Moved “${second}” to position`)).toBeVisible();
    expect(await orderOf(page, [first, second])).toEqual([second, first]);

    await row(page, first)
      .getByRole("button", { name: `Mark done: ${first}` })
      .click();
    await expect(page.getByText(`“${first}” is done.`)).toBeVisible();

    await row(page, second).getByRole("link", { name: second }).click();
    await page.getByRole("button", { name: "Delete this item" }).click();
    const ask = page.getByRole("alert").filter({ hasText: `Delete “${second}”?` });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Delete item" }).click();
    await expect(page).toHaveURL(/\/admin\/todo\?deleted=/);
    await expect(page.getByText(`Deleted “${second}”.`)).toBeVisible();
    expect(await orderOf(page, [first, second])).toEqual([first]);
    await context.close();
  });
});
