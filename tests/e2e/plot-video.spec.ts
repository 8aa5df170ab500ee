import { expect, test } from "@playwright/test";
import { gotoHydrated, watchConsole } from "./helpers";

// Recording is real time: a canvas frame painted late is a frame missing from the video, and on two
// busy cores a two-second recording can come out with none. So this journey runs in a project of
// its own, after the others (playwright.config.ts), with the machine to itself.
test("/tests/makevideo records the animated plot to a WebM video", async ({ page }) => {
  const checkConsole = watchConsole(page);
  await gotoHydrated(page, "/tests/makevideo");
  await page.getByLabel("Length").click();
  await page.getByRole("option", { name: "2 seconds" }).click();
  await page.getByRole("button", { name: "Record" }).click();
  await expect(page.getByText(/^Recorded 2 seconds \(\d+ KB of WebM video\)\.$/)).toBeVisible({ timeout: 20_000 });
  const video = page.locator("video");
  await expect(video).toHaveAttribute("src", /^blob:/);
  // The browser decodes it: a real video with the canvas's picture size.
  const width = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (element.readyState >= 1) resolve(element.videoWidth);
        else element.addEventListener("loadedmetadata", () => resolve(element.videoWidth), { once: true });
      }),
  );
  expect(width).toBeGreaterThan(100);
  checkConsole();
});
