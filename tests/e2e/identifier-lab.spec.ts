import { expect, test } from "@playwright/test";
import { readIdentifier } from "#app/utils/identifiers";
import { storageStatePath } from "./accounts";
import { gotoHydrated, watchConsole } from "./helpers";

test.use({ storageState: storageStatePath("admin") });

test("an admin makes time-ordered identifiers, copies them, and reads one's time back", async ({ page, context }) => {
  const checkConsole = watchConsole(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await gotoHydrated(page, "/tests/unique-id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identifier generator");

  const count = page.getByRole("textbox", { name: "How many" });
  await count.fill("101");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Enter a whole number from 1 to 100.")).toBeVisible();

  const before = Date.now();
  await page.getByRole("radio", { name: "ULID (time-ordered)" }).check();
  await count.fill("4");
  await page.getByRole("button", { name: "Generate" }).click();
  const items = page.getByRole("list", { name: "Generated identifiers" }).getByRole("listitem");
  await expect(items).toHaveCount(4);
  const ids = await items.allTextContents();
  expect(new Set(ids).size).toBe(4);
  for (const id of ids) {
    const reading = readIdentifier(id);
    expect(reading.kind, id).toBe("ulid");
    if (reading.kind === "ulid") expect(Math.abs(reading.time - before)).toBeLessThan(60_000);
  }

  await page.getByRole("button", { name: "Copy all" }).click();
  await expect(page.getByText("Copied 4 identifiers.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids.join("\n"));

  // RFC 9562's example of a version 7 UUID, made on 22 February 2022 at 19:22:22 UTC.
  await page.getByRole("textbox", { name: "Identifier to read" }).fill("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
  await expect(page.getByTestId("identifier-reading")).toHaveText(
    "A version 7 UUID, made at 2022-02-22 19:22:22.000 UTC.",
  );
  checkConsole();
});
