import { expect, test, type Locator, type Page } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { canvasPicture, FRAME_GAP_MS, withoutWebGL } from "./canvas-helpers";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

/** Plotly (about 5 MB) is read and compiled on a busy two-core machine: allow it time. */
const PLOT_TIMEOUT = 60_000;
/** Time between two looks at an animation: several frames at any speed the page offers. */
/** The plotly chunk Vite emits, named after the package's file. */
const PLOTLY_CHUNK = /plotly-strict\.min-[\w-]+\.js$/;
/** A drawn plot has hundreds of colours (shading, colour scale, text); an empty frame a handful. */
const DRAWN_COLOURS = 200;

/** Distinct colours in a screenshot, counted in the page (a WebGL canvas cannot be read back directly). */
async function distinctColours(page: Page, target: Locator): Promise<number> {
  const png = await target.screenshot();
  return page.evaluate(
    async (source) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return colours.size;
    },
    `data:image/png;base64,${png.toString("base64")}`,
  );
}

/**
 * gotoHydrated with more patience: on two cores another worker compiling plotly can hold up
 * this page's own scripts for longer than the usual wait.
 */
async function gotoHydratedUnderLoad(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: PLOT_TIMEOUT });
}

test.describe("3-D surfaces and contour plots", () => {
  test.use({ storageState: storageStatePath("admin") });
  // Each load of plotly takes seconds of CPU; two workers loading it at once on two cores take longer.
  test.beforeEach(() => test.slow());

  test("an admin sees a surface, changes the formula, and a bad formula shows the parser's error", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydratedUnderLoad(page, "/tests/plotly");
    await expect(page).toHaveTitle("3-D surfaces · Numberlab");
    const figure = page.getByRole("figure", { name: "3-D surface" });
    await expect(figure.locator(".gl-container canvas")).toHaveCount(1, { timeout: PLOT_TIMEOUT });
    const host = figure.locator(".plotly-host");
    await expect.poll(() => distinctColours(page, host), { timeout: PLOT_TIMEOUT }).toBeGreaterThan(DRAWN_COLOURS);
    await expect(
      page.getByText(
        /^z = x\^2 - y\^2 for x from −2 to 2 and y from −2 to 2, on 61 × 61 points: values from −4 to 4\./,
      ),
    ).toBeVisible();
    const saddle = await host.screenshot();

    const formula = page.getByRole("textbox", { name: "z = f(x, y)" });
    await formula.fill("x^2 + y^2");
    await expect(page.getByText(/^z = x\^2 \+ y\^2 for .*: values from 0 to 8\./)).toBeVisible();
    await expect.poll(async () => (await host.screenshot()).equals(saddle)).toBe(false);

    await formula.fill("x^2 + (y");
    await expect(
      page.getByText('Cannot read the formula: the "(" at 7 is never closed.', { exact: false }),
    ).toBeVisible();
    // The last good surface stays.
    await expect(page.getByText(/^z = x\^2 \+ y\^2 for /)).toBeVisible();
    await expect(figure.locator(".gl-container canvas")).toHaveCount(1);

    await page.getByRole("button", { name: "Ripple" }).click();
    await expect(formula).toHaveValue("sin(sqrt(x^2 + y^2))");
    await expect(page.getByText(/^z = sin\(sqrt\(x\^2 \+ y\^2\)\) for x from −10 to 10/)).toBeVisible();
    checkConsole();
  });

  test("without WebGL the surface page says so, and the contour page still draws", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await withoutWebGL(page);
    await gotoHydratedUnderLoad(page, "/tests/plotly");
    await expect(page.getByText("3-D surfaces need WebGL, which this browser does not offer.")).toBeVisible();
    await expect(page.locator(".gl-container")).toHaveCount(0);

    await gotoHydratedUnderLoad(page, "/tests/plotly2");
    await expect(page.locator(".contourlayer path").first()).toBeAttached({ timeout: PLOT_TIMEOUT });
    checkConsole();
  });

  test("the contour page draws presets, a heat map and chosen levels", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydratedUnderLoad(page, "/tests/plotly2");
    await expect(page).toHaveTitle("Contour plots · Numberlab");
    const figure = page.getByRole("figure", { name: "Contour plot" });
    await expect(figure.locator(".contourlayer path").first()).toBeAttached({ timeout: PLOT_TIMEOUT });
    expect(await distinctColours(page, figure.locator(".plotly-host"))).toBeGreaterThan(DRAWN_COLOURS);

    await page.getByRole("button", { name: "Heart" }).click();
    await expect(page.getByRole("textbox", { name: "f(x, y)" })).toHaveValue("(x^2 + y^2 - 1)^3 - x^2 y^3");
    await expect(
      page.getByText(/^f\(x, y\) = \(x\^2 \+ y\^2 - 1\)\^3 - x\^2 y\^3 for x from −1\.5 to 1\.5/),
    ).toBeVisible();
    // One level, 0: the heart is a single closed line (plotly draws it as one path per piece).
    await expect(figure.locator(".contourlevel")).toHaveCount(1);

    await page.getByRole("button", { name: "Heat map" }).click();
    await expect(figure.locator(".hm image")).toHaveCount(1);

    await page.getByRole("button", { name: "Circles" }).click();
    // Levels 1, 2, …, 9: nine level lines.
    await expect(figure.locator(".contourlevel")).toHaveCount(9);
    await page.getByRole("textbox", { name: "Step" }).fill("0");
    await expect(page.getByText("Levels: the step between levels must be greater than 0.")).toBeVisible();
    await expect(figure.locator(".contourlevel")).toHaveCount(9);
    await page.getByRole("textbox", { name: "Step" }).fill("2");
    await expect(figure.locator(".contourlevel")).toHaveCount(5);
    checkConsole();
  });

  test("a plotly chunk that fails to load is logged, and Retry loads it", async ({ page }) => {
    await asNewClient(page);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    const block = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route(PLOTLY_CHUNK, block);

    await gotoHydratedUnderLoad(page, "/tests/plotly2");
    const retry = page.getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible({ timeout: PLOT_TIMEOUT });
    expect(errors.filter((text) => text.startsWith("Failed to load Plotly script"))).toHaveLength(1);
    // Besides our log, only Chromium's own line about the request we aborted.
    expect(errors.filter((text) => !text.startsWith("Failed to load Plotly script"))).toEqual([
      expect.stringMatching(/^Failed to load resource: net::ERR_FAILED/),
    ]);

    await page.unroute(PLOTLY_CHUNK, block);
    await retry.click();
    await expect(page.locator(".contourlayer path").first()).toBeAttached({ timeout: PLOT_TIMEOUT });
    await expect(retry).toHaveCount(0);
  });

  test("only the plot pages download plotly", async ({ page }) => {
    await asNewClient(page);
    const plotlyRequests: string[] = [];
    page.on("request", (request) => {
      if (PLOTLY_CHUNK.test(new URL(request.url()).pathname)) plotlyRequests.push(request.url());
    });
    for (const path of ["/", "/tests/anime", "/tests/atom"]) await gotoHydratedUnderLoad(page, path);
    expect(plotlyRequests).toEqual([]);
    await gotoHydratedUnderLoad(page, "/tests/plotly2");
    await expect(page.locator(".contourlayer path").first()).toBeAttached({ timeout: PLOT_TIMEOUT });
    expect(plotlyRequests).toHaveLength(1);
  });
});

test.describe("who may open the plot labs", () => {
  for (const path of ["/tests/plotly", "/tests/plotly2"]) {
    test(`${path}: a learner gets 403, a guest is sent to log in`, async ({ browser }) => {
      const learner = await browser.newContext({ storageState: storageStatePath("user") });
      const learnerPage = await learner.newPage();
      await asNewClient(learnerPage);
      expect((await learnerPage.goto(path))?.status()).toBe(403);
      await learner.close();

      const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const guestPage = await guest.newPage();
      await asNewClient(guestPage);
      await guestPage.goto(path);
      await expect(guestPage).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await guest.close();
    });
  }
});

test.describe("animated number patterns", () => {
  test("the times-table circle animates, pauses, steps and follows the keyboard", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, "/tests/anime");
    await expect(page).toHaveTitle("Animated number patterns · Numberlab");
    const canvas = page.getByRole("img", { name: "Times-table circle" });

    // It plays by itself: two looks a few frames apart see different pictures.
    const pause = page.getByRole("button", { name: "Pause" });
    await expect(pause).toBeVisible();
    const first = await canvasPicture(canvas);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(canvas)).not.toBe(first);

    // Space on the focused button pauses; then the picture holds still.
    await pause.focus();
    await page.keyboard.press("Space");
    const play = page.getByRole("button", { name: "Play" });
    await expect(play).toBeFocused();
    const still = await canvasPicture(canvas);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(canvas)).toBe(still);

    // Reset, then step with Enter: m goes from 2 to 2.01 and the picture changes.
    await page.getByRole("button", { name: "Reset" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("200 points, multiplier 2: the chords envelope a cardioid.")).toBeVisible();
    const cardioid = await canvasPicture(canvas);
    await page.getByRole("button", { name: "Step", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Multiplier m = 2.01")).toBeVisible();
    expect(await canvasPicture(canvas)).not.toBe(cardioid);

    // Sliders: Shift+→ on m adds 1 (a nephroid at 3), → on n adds a point.
    const multiplier = page.getByRole("slider", { name: /^Multiplier m/ });
    await multiplier.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(page.getByText("200 points, multiplier 3: the chords envelope a nephroid.")).toBeVisible();
    await page.getByRole("slider", { name: /^Points n/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText("201 points, multiplier 3: the chords envelope a nephroid.")).toBeVisible();
    await expect(canvas).toHaveAttribute("aria-describedby", /.+/);

    // Play again from the keyboard.
    await play.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    checkConsole();
  });

  test("with reduced motion the patterns start paused", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/tests/anime");
    const canvas = page.getByRole("img", { name: "Times-table circle" });
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    const first = await canvasPicture(canvas);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(canvas)).toBe(first);
    checkConsole();
  });

  test("the powers of a mod n walk round the circle step by step", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, "/tests/anime");
    await page.getByRole("tab", { name: "Powers mod n" }).click();
    const canvas = page.getByRole("img", { name: "Powers on a circle" });
    await expect(
      page.getByText(/^Powers of 2 mod 101: 1 → 2 → 4 → 8 → .* 2 is a primitive root mod 101\.$/),
    ).toBeVisible();
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText(/^Step 0 of 100:/)).toBeVisible();
    const start = await canvasPicture(canvas);
    await page.getByRole("button", { name: "Step", exact: true }).click();
    await expect(page.getByText(/^Step 1 of 100:/)).toBeVisible();
    expect(await canvasPicture(canvas)).not.toBe(start);

    await page.getByRole("slider", { name: /^Modulus n/ }).focus();
    for (let n = 101; n > 7; n -= 1) await page.keyboard.press("ArrowLeft");
    await page.getByRole("slider", { name: /^Base a/ }).focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(/^Powers of 3 mod 7: 1 → 3 → 2 → 6 → 4 → 5 → 1\./)).toBeVisible();
    checkConsole();
  });
});
