import { expect, test, type Locator, type Page } from "@playwright/test";
import { canvasPicture, FRAME_GAP_MS, withoutWebGL } from "./canvas-helpers";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

/** The CPU fallback paints a full-resolution picture in bands, on a machine shared by two workers. */
const DRAW_TIMEOUT = 30_000;
/** Time between two looks at an animation: several frames at any speed. */
/** A drawn domain colouring has thousands of colours; a blank or flat canvas a handful. */
const DRAWN_COLOURS = 1000;
/**
 * The GPU computes in 32-bit floats and the CPU in 64-bit ones, so pixels next to a band edge, a
 * pole or a branch cut may land on different sides. Measured (SwiftShader, 720 px wide): at least
 * 99.97 % of pixels within a channel step or two; a shader with one coefficient wrong in csqrt
 * fell to 97 % on the sqrt formula below (77 % for sqrt(z) alone).
 */
const CHANNEL_TOLERANCE = 24;
const MOST_PIXELS_AGREE = 0.995;
/** The GPU-against-CPU comparison draws on a smaller page: a third of the pixels to paint on the CPU. */
const COMPARISON_VIEWPORT = { width: 720, height: 800 };

type RGB = [number, number, number];

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

/**
 * What to measure on screenshots, in the page (a WebGL canvas cannot be read back with
 * getImageData, and shipping megabytes of pixels to the test would be slow): the number of
 * distinct colours; the colours at points re + im·i of the default view (re from −4 to 4 across
 * the width, centred on 0, the same scale up the imaginary axis); or the fraction of pixels where
 * two pictures differ by at most `tolerance` in every channel.
 */
type Measure =
  { kind: "distinct" } | { kind: "points"; points: [number, number][] } | { kind: "agreement"; tolerance: number };

async function measureScreenshots(page: Page, pngs: Buffer[], measure: Measure): Promise<number | RGB[]> {
  return page.evaluate(
    async ({ sources, measure }) => {
      const images = await Promise.all(
        sources.map(async (source) => {
          const image = new Image();
          image.src = source;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        }),
      );
      const { width, height, data } = images[0]!;
      switch (measure.kind) {
        case "distinct": {
          const colours = new Set<number>();
          for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
          return colours.size;
        }
        case "points": {
          const scale = width / 8;
          return measure.points.map(([re, im]): RGB => {
            const offset = (Math.round(height / 2 - im * scale) * width + Math.round(width / 2 + re * scale)) * 4;
            return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
          });
        }
        case "agreement": {
          const other = images[1]!.data;
          if (other.length !== data.length) return 0;
          let agree = 0;
          for (let i = 0; i < data.length; i += 4) {
            const gap = Math.max(...[0, 1, 2].map((c) => Math.abs(data[i + c]! - other[i + c]!)));
            if (gap <= measure.tolerance) agree += 1;
          }
          return agree / (data.length / 4);
        }
      }
    },
    { sources: pngs.map(dataUrl), measure },
  );
}

const distinctColours = async (page: Page, target: Locator) =>
  (await measureScreenshots(page, [await target.screenshot()], { kind: "distinct" })) as number;

/**
 * f(z) = 3z/(2 + 2i) is 1.5 at 1 + i, 1.5i at −1 + i, −1.5 at −1 − i and −1.5i at 1 − i: the
 * hues of the argument 0, π/2, π and −π/2, red, yellow-green, cyan and violet (domain-colouring.ts).
 */
const KEY_FORMULA = "3z/(2 + 2i)";
async function expectTheFourHues(page: Page, picture: Locator) {
  const points: [number, number][] = [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ];
  const colours = await measureScreenshots(page, [await picture.screenshot()], { kind: "points", points });
  const [[r1, g1, b1], [r2, g2, b2], [r3, g3, b3], [r4, g4, b4]] = colours as [RGB, RGB, RGB, RGB];
  expect(r1, "red at f = 1.5").toBeGreaterThan(150);
  expect(Math.max(g1, b1)).toBeLessThan(50);
  expect(g2, "yellow-green at f = 1.5i").toBeGreaterThan(r2 + 40);
  expect(r2).toBeGreaterThan(b2 + 40);
  expect(Math.min(g3, b3), "cyan at f = −1.5").toBeGreaterThan(r3 + 120);
  expect(Math.abs(g3 - b3)).toBeLessThan(20);
  expect(b4, "violet at f = −1.5i").toBeGreaterThan(r4 + 40);
  expect(r4).toBeGreaterThan(g4 + 40);
}

const pictureOf = (page: Page) => page.getByRole("application", { name: /^Domain colouring of f\(z\) = / });

test.describe("domain colouring", () => {
  test("draws f(z) (on the GPU where WebGL works), follows a new formula, and shows where a bad one fails", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, "/tests/complex_wave");
    await expect(page).toHaveTitle("Complex functions and complex waves · Numberlab");
    const picture = pictureOf(page);
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    const webgl = await page.evaluate(() => document.createElement("canvas").getContext("webgl") !== null);
    await expect(picture).toHaveAttribute("data-renderer", webgl ? "webgl" : "canvas");
    await expect(page.getByTestId("renderer-note")).toHaveText(
      webgl ? "Drawn on the GPU with WebGL." : /^Drawn on the CPU/,
    );
    expect(await distinctColours(page, picture)).toBeGreaterThan(DRAWN_COLOURS);
    // The zeros ±1, 2 + i (double) and the poles ±√(−2 − 2i) = ±(0.644 − 1.554i), in words.
    await expect(picture).toHaveAccessibleDescription(
      /Zeros: −1, 1 and 2 \+ i \(double\)\. Poles: −0\.644 \+ 1\.554i and 0\.644 − 1\.554i\./,
    );
    const first = await picture.screenshot();

    const formula = page.getByRole("textbox", { name: "f(z) =" });
    await formula.fill(KEY_FORMULA);
    await expect(picture).toHaveAccessibleName(`Domain colouring of f(z) = ${KEY_FORMULA}`);
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    await expect.poll(async () => (await picture.screenshot()).equals(first)).toBe(false);
    await expectTheFourHues(page, picture);
    await expect(
      page.getByText(`f(z) = ${KEY_FORMULA} for Re z from −4 to 4 and Im z from −2.667 to 2.667. Zeros: 0. No poles.`),
    ).toBeVisible();

    await formula.fill("z^2 + (z");
    await expect(page.getByText('Cannot read the formula: the "(" at 7 is never closed.')).toBeVisible();
    await formula.fill("floor(z) + 1");
    await expect(
      page.getByText(/^Cannot read the formula: "floor" rounds real numbers: it has no meaning for complex numbers/),
    ).toBeVisible();
    await expect(page.locator("mark")).toHaveText("floor(z)");
    // The last good picture stays.
    await expect(picture).toHaveAccessibleName(`Domain colouring of f(z) = ${KEY_FORMULA}`);
    checkConsole();
  });

  test("the keyboard moves the probe, reads z and f(z), zooms and resets; a drag moves the view", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, `/tests/complex_wave?f=${encodeURIComponent(KEY_FORMULA)}`);
    const picture = pictureOf(page);
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    await picture.focus();
    // The probe starts at the centre and steps by 0.2 (a round number near 1/40 of the width 8).
    for (let k = 0; k < 5; k += 1) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    // f(1 + 0.2i) = 3(1 + 0.2i)/(2 + 2i) = 0.9 − 0.6i.
    const status = page.getByRole("status");
    await expect(status).toContainText("At z = 1 + 0.2i: f(z) = 0.9 − 0.6i");
    await expect(status).toContainText("|f(z)| = 1.082, arg f(z) = −0.588 (−33.7°)");

    // + zooms by 1.5 about the probe, which stays put: Re z from 1 − 5/1.5 to 1 + 3/1.5.
    await page.keyboard.press("+");
    await expect(page.getByText(/for Re z from −2\.333 to 3 and/)).toBeVisible();
    await page.keyboard.press("0");
    await expect(page.getByText(/for Re z from −4 to 4 and/)).toBeVisible();

    // Dragging the picture to the left by a quarter of its width shows Re z from −2 to 6.
    const box = (await picture.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText(/for Re z from −2 to 6 and/)).toBeVisible();
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    checkConsole();
  });

  test("?renderer=canvas draws on the CPU, with the same colours", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, `/tests/complex_wave?renderer=canvas&f=${encodeURIComponent(KEY_FORMULA)}`);
    const picture = pictureOf(page);
    await expect(picture).toHaveAttribute("data-renderer", "canvas");
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    await expect(page.getByTestId("renderer-note")).toHaveText(
      "Drawn on the CPU, a canvas painted row by row: asked for with ?renderer=canvas.",
    );
    expect(await distinctColours(page, picture)).toBeGreaterThan(DRAWN_COLOURS);
    await expectTheFourHues(page, picture);
    checkConsole();
  });

  test("without WebGL the page says why, once, and draws on the CPU", async ({ page }) => {
    const checkConsole = watchConsole(page);
    const infos: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "info") infos.push(message.text());
    });
    await asNewClient(page);
    await withoutWebGL(page);
    await gotoHydrated(page, `/tests/complex_wave?f=${encodeURIComponent(KEY_FORMULA)}`);
    const picture = pictureOf(page);
    await expect(picture).toHaveAttribute("data-renderer", "canvas");
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    await expect(page.getByTestId("renderer-note")).toHaveText(
      "Drawn on the CPU, a canvas painted row by row: this browser offers no WebGL.",
    );
    await expectTheFourHues(page, picture);
    await page.getByRole("button", { name: "sin(z)" }).click();
    await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
    expect(infos).toEqual(["Domain colouring: drawing on the CPU because this browser offers no WebGL."]);
    checkConsole();
  });

  test("the GPU and the CPU draw the same pictures", async ({ page }) => {
    await asNewClient(page);
    const webgl = await page.evaluate(() => document.createElement("canvas").getContext("webgl") !== null);
    // Debian's Chromium offers WebGL even headless with --disable-gpu (SwiftShader): without it this comparison cannot run.
    expect(webgl, "this browser offers no WebGL").toBe(true);
    // Twelve pictures, half of them painted on the CPU: a smaller page, and more time than a journey.
    test.slow();
    await page.setViewportSize(COMPARISON_VIEWPORT);
    const checkConsole = watchConsole(page);
    // Together they call every function of the GLSL library.
    const formulas = [
      "(z^2 - 1)(z - 2 - i)^2/(z^2 + 2 + 2i)",
      "sin(z) + cos(z) tan(z) - cot(z)/sec(z) + csc(z)",
      "sinh(z) cosh(z) + tanh(z) + exp(1/z)",
      "asin(z) + acos(z) atan(z) - asinh(z) + acosh(z) atanh(z)",
      "sqrt(z) + ln(z) log(z) + z^z + cbrt(z) - nthroot(z, 3) + log_2(z)",
      "abs(z) sign(z) + z^-3 + z^0.5",
    ];
    for (const formula of formulas) {
      const pictures: Buffer[] = [];
      for (const renderer of ["webgl", "canvas"]) {
        await gotoHydrated(page, `/tests/complex_wave?renderer=${renderer}&f=${encodeURIComponent(formula)}`);
        const picture = pictureOf(page);
        await expect(picture).toHaveAttribute("data-renderer", renderer);
        await expect(picture).toHaveAttribute("data-drawn", "full", { timeout: DRAW_TIMEOUT });
        pictures.push(await picture.screenshot());
      }
      const agreement = await measureScreenshots(page, pictures, { kind: "agreement", tolerance: CHANNEL_TOLERANCE });
      expect(agreement, formula).toBeGreaterThan(MOST_PIXELS_AGREE);
    }
    checkConsole();
  });
});

test.describe("complex waves", () => {
  test("the waves play, pause and follow the sliders", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await gotoHydrated(page, "/tests/complex_wave");
    const plot = page.getByRole("img", { name: "Real part, imaginary part and modulus of ψ over x" });
    const pause = page.getByRole("button", { name: "Pause" });
    await expect(pause).toBeVisible();
    const first = await canvasPicture(plot);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(plot)).not.toBe(first);

    await pause.click();
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    const still = await canvasPicture(plot);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(plot)).toBe(still);

    // At t = 0 the standing wave 2e^{ix}cos(ωt) has |ψ| = 2 everywhere; ψ(0) = 2.
    await page.getByRole("button", { name: "Reset time" }).click();
    await expect(page.getByText("At t = 0.00: ψ(x₀) = 2, the sum of 2 phasors; |ψ| is 2 at every x.")).toBeVisible();
    // Halving the first amplitude: ψ(x, 0) = (0.5 + 1)e^{ix}.
    await page.getByRole("slider", { name: "Amplitude A of term 1" }).focus();
    for (let k = 0; k < 5; k += 1) await page.keyboard.press("ArrowLeft");
    await expect(
      page.getByText(/^At t = 0\.00: ψ\(x₀\) = 1\.5, the sum of 2 phasors; \|ψ\| is 1\.5 at every x\.$/),
    ).toBeVisible();
    await page.getByRole("button", { name: "Beats" }).click();
    await expect(
      page.getByText(
        /^At t = 0\.00: ψ\(x₀\) = 2, the sum of 2 phasors; \|ψ\| runs from 0 to 2 over x from −2π to 2π\.$/,
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: "Add a term" }).click();
    await expect(page.getByRole("group", { name: "Term 3" })).toBeVisible();
    checkConsole();
  });

  test("with reduced motion the waves start paused", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/tests/complex_wave");
    const plot = page.getByRole("img", { name: "Real part, imaginary part and modulus of ψ over x" });
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    const first = await canvasPicture(plot);
    await page.waitForTimeout(FRAME_GAP_MS);
    expect(await canvasPicture(plot)).toBe(first);
    checkConsole();
  });
});
