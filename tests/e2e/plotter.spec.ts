import { expect, test, type Locator, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { storageStatePath } from "./accounts";
import { gotoHydrated, watchConsole } from "./helpers";

/** The light scheme's first two curve colours (app/graphics/plot-palette.ts). */
const BLUE = [0x15, 0x65, 0xc0] as const;
const RED = [0xc6, 0x28, 0x28] as const;

function plot(page: Page): Locator {
  return page.locator("[data-view]").first();
}

/** The plot's view as the page holds it: xMin, xMax, yMin, yMax. */
async function viewOf(page: Page): Promise<number[]> {
  return ((await plot(page).getAttribute("data-view")) ?? "").split(",").map(Number);
}

/**
 * Whether a pixel of colour `rgb` lies within `radius` CSS pixels of the maths point (x, y) on the plot's canvas.
 * Reads the canvas itself, so it sees exactly what was drawn.
 */
async function colourNear(page: Page, x: number, y: number, rgb: readonly number[], radius = 3): Promise<boolean> {
  return plot(page).evaluate(
    (frame, { x, y, rgb, radius }) => {
      const canvas = frame.querySelector("canvas")!;
      const [xMin, xMax, yMin, yMax] = frame.getAttribute("data-view")!.split(",").map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const ratio = canvas.width / canvas.clientWidth;
      const px = ((x - xMin) / (xMax - xMin)) * canvas.clientWidth;
      const py = ((yMax - y) / (yMax - yMin)) * canvas.clientHeight;
      const r = Math.ceil(radius * ratio);
      const data = canvas
        .getContext("2d")!
        .getImageData(Math.round(px * ratio) - r, Math.round(py * ratio) - r, 2 * r + 1, 2 * r + 1).data;
      for (let i = 0; i < data.length; i += 4) {
        const distance =
          Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!);
        if (distance < 60) return true;
      }
      return false;
    },
    { x, y, rgb, radius },
  );
}

/** Whether any pixel of the plot's canvas has colour `rgb`: one read of the whole picture. */
async function anywhere(page: Page, rgb: readonly number[]): Promise<boolean> {
  return plot(page).evaluate((frame, rgb) => {
    const canvas = frame.querySelector("canvas")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) {
      const distance =
        Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!);
      if (distance < 30) return true;
    }
    return false;
  }, rgb);
}

test.describe("the formula plotter", () => {
  test("draws a typed formula, follows a slider, pans, zooms by key and exports a PNG", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=x%5E2&f=y%20%3D%20a%20x&p=a:1:-5:5:0.5&view=-5,5,-5,5");
    await expect(page.getByRole("textbox", { name: "Expression 1" })).toHaveValue("x^2");
    await expect.poll(() => colourNear(page, 2, 4, BLUE)).toBe(true);
    expect(await colourNear(page, 2, -4, BLUE)).toBe(false);
    await expect.poll(() => colourNear(page, 2, 2, RED)).toBe(true);

    await page.getByRole("textbox", { name: "Expression 1" }).fill("x^3");
    await expect.poll(() => colourNear(page, 1.5, 3.375, BLUE)).toBe(true);
    expect(await colourNear(page, 2, 4, BLUE)).toBe(false);

    // Two steps of 0.5 take a from 1 to 2: the line y = a x now passes (2, 4), no longer (2, 2).
    const slider = page.getByRole("slider", { name: /^a =/ });
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText("a = 2", { exact: true })).toBeVisible();
    await expect.poll(() => colourNear(page, 2, 4, RED)).toBe(true);
    expect(await colourNear(page, 2, 2, RED)).toBe(false);

    const box = (await plot(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + box.width / 10, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    // A tenth of the width to the right shows a tenth of the span further left.
    const [xMin, xMax] = await viewOf(page);
    expect(xMin).toBeCloseTo(-6, 1);
    expect(xMax).toBeCloseTo(4, 1);
    // The address follows, so the view can be shared.
    await expect
      .poll(() => new URL(page.url()).searchParams.get("view")?.split(",").map(Number)[0])
      .toBeCloseTo(xMin!, 6);

    await plot(page).focus();
    await page.keyboard.press("+");
    const [zMin, zMax] = await viewOf(page);
    expect(zMax! - zMin!).toBeCloseTo(10 / 1.25, 6);
    await page.keyboard.press("0");
    expect(await viewOf(page)).toEqual([-10, 10, -6, 6]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("plot.png");
    const png = await readFile((await download.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export SVG" }).click(),
    ]);
    const svg = await readFile((await svgDownload.path())!, "utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('stroke="#1565c0"');
    checkConsole();
  });

  test("draws tan x without a line across its asymptote, and lists what it found", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=tan(x)&view=-3,3,-4,4");
    await expect.poll(() => colourNear(page, 1, Math.tan(1), BLUE)).toBe(true);
    // Along the asymptote x = π/2 nothing is drawn in the middle of the picture.
    for (const y of [-3, -2, -1, 0, 1, 2, 3]) expect(await colourNear(page, Math.PI / 2, y, BLUE, 1)).toBe(false);
    const findings = page.getByRole("region", { name: "What the plot shows" });
    await expect(findings).toContainText("Vertical asymptotes at x = −π/2 and π/2.");
    await expect(findings.getByText("Root at x = 0", { exact: true })).toBeVisible();
    checkConsole();
  });

  test("draws sin(x)/x and (x² − 1)/(x − 1) through their holes, with open dots, and names them", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=x&view=-10,10,-6,6");
    const findings = page.getByRole("region", { name: "What the plot shows" });
    const expression = page.getByRole("textbox", { name: "Expression 1" });
    for (const { text, f, hole, limit, sentence } of [
      {
        text: "sin(x)/x",
        f: (x: number) => Math.sin(x) / x,
        hole: 0,
        limit: 1,
        sentence: "Undefined at x = 0; the limit there is 1.",
      },
      {
        text: "(x^2-1)/(x-1)",
        f: (x: number) => x + 1,
        hole: 1,
        limit: 2,
        sentence: "Undefined at x = 1; the limit there is 2.",
      },
    ]) {
      await expression.fill(text);
      await expect(findings).toContainText(sentence);
      await expect(findings).not.toContainText("asymptote");
      await expect(findings).not.toContainText(`Local maximum at (${hole}`);
      // Noise would read as a float a few ulps from the point, like −5.41e-9.
      await expect(findings).not.toContainText(/\de[−-]\d/);
      // The curve passes on either side of the hole, whose open dot shows the background inside a ring…
      await expect.poll(() => colourNear(page, hole - 0.2, f(hole - 0.2), BLUE)).toBe(true);
      expect(await colourNear(page, hole, limit, BLUE, 6)).toBe(true);
      expect(await colourNear(page, hole, limit, BLUE, 1)).toBe(false);
      // …and nothing is drawn straight up or down from it.
      for (const y of [-5, -3, -1, limit + 1.5, limit + 3])
        expect(await colourNear(page, hole, y, BLUE, 1)).toBe(false);
    }
    checkConsole();
  });

  test("shows a typing error with its place, and keeps drawing the other entries", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=x&f=sin(x)&view=-5,5,-5,5");
    await page.getByRole("textbox", { name: "Expression 2" }).fill("sin(x))");
    await expect(page.getByText('unexpected ")" at 7')).toBeVisible();
    await expect.poll(() => colourNear(page, 2, 2, BLUE)).toBe(true);
    checkConsole();
  });

  test("traces a curve with the keyboard", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=x%5E2&view=-5,5,-5,5");
    await expect.poll(() => colourNear(page, 2, 4, BLUE)).toBe(true);
    await plot(page).focus();
    await page.keyboard.press("t");
    const readOut = plot(page).locator("[aria-live]");
    await expect(readOut).toHaveText(/^Expression 1: \(−?0(\.\d+)?(e−\d+)?, \d/);
    // Ten steps of 1 % of the width (0.1 each) reach x = 1, where y = 1.
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    const [, x, y] = /\((\S+), (\S+)\)/.exec((await readOut.textContent()) ?? "")!;
    expect(Number(x!.replace("−", "-"))).toBeCloseTo(1, 1);
    expect(Number(y!.replace("−", "-"))).toBeCloseTo(Number(x!.replace("−", "-")) ** 2, 3);
    await page.keyboard.press("Escape");
    await expect(readOut).toHaveText("");
    checkConsole();
  });
});

test.describe("moving around the plot", () => {
  test("a drag shows the curve beyond the old edges while it goes on, and the findings follow when it ends", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=sin(x)&view=-5,5,-2,2");
    await expect.poll(() => colourNear(page, 1, Math.sin(1), BLUE)).toBe(true);
    const findings = page.getByRole("region", { name: "What the plot shows" });
    await expect(findings.getByText("Root at x = −π", { exact: true })).toBeVisible();
    await expect(findings.getByText("Root at x = −2π", { exact: true })).toHaveCount(0);

    // Three tenths of the width to the right: the view becomes [−8, 2], still held by the pointer.
    const box = (await plot(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + (box.width * 3) / 10, y, { steps: 10 });
    // The view follows the pointer at the next animation frame, so the last move may still be on its way.
    await expect
      .poll(async () => {
        const [xMin, xMax] = await viewOf(page);
        return [Math.abs(xMin! + 8) < 0.05, Math.abs(xMax! - 2) < 0.05];
      })
      .toEqual([true, true]);
    await expect.poll(() => colourNear(page, -7, Math.sin(-7), BLUE)).toBe(true);
    await page.mouse.up();

    await expect(findings.getByText("Root at x = −2π", { exact: true })).toBeVisible();
    await expect(findings.getByText("Root at x = π", { exact: true })).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.get("view")).toMatch(/^-8(\.0+\d*)?,|^-7\.9/);
    checkConsole();
  });

  test("the wheel zooms about the pointer, on both axes or, with Shift, on x alone", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/ploting?f=x%5E2&view=-5,5,-5,5");
    await expect.poll(() => colourNear(page, 2, 4, BLUE)).toBe(true);
    const box = (await plot(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // One notch towards the reader zooms in by 1.25 about the pointer, here the centre.
    const span = (view: number[], axis: 0 | 2) => view[axis + 1]! - view[axis]!;
    await page.mouse.wheel(0, -100);
    await expect.poll(async () => span(await viewOf(page), 0)).toBeCloseTo(8, 6);
    const zoomed = await viewOf(page);
    expect(span(zoomed, 2)).toBeCloseTo(8, 6);
    expect(zoomed[0]! + zoomed[1]!).toBeCloseTo(0, 1);
    // The run of wheel events ends, and the address follows.
    const addressView = () => (new URL(page.url()).searchParams.get("view") ?? "").split(",").map(Number);
    const furthest = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));
    await expect.poll(async () => furthest(addressView(), zoomed)).toBeLessThan(1e-9);
    await expect.poll(() => colourNear(page, 2, 4, BLUE)).toBe(true);

    await page.keyboard.down("Shift");
    await page.mouse.wheel(0, 100);
    await page.keyboard.up("Shift");
    await expect.poll(async () => span(await viewOf(page), 0)).toBeCloseTo(10, 6);
    expect(span(await viewOf(page), 2)).toBeCloseTo(8, 6);
    checkConsole();
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true });

    test("two fingers pinch to zoom", async ({ page }) => {
      const checkConsole = watchConsole(page);
      await gotoHydrated(page, "/tests/ploting?f=x%5E2&view=-5,5,-5,5");
      await expect.poll(() => colourNear(page, 2, 4, BLUE)).toBe(true);
      const box = (await plot(page).boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const touch = await page.context().newCDPSession(page);
      const fingers = (spread: number) => [
        { x: cx - spread, y: cy, id: 0 },
        { x: cx + spread, y: cy, id: 1 },
      ];
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(50) });
      for (const spread of [60, 70, 80, 90, 100]) {
        await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
      }
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      // Fingers twice as far apart show half the span, about the point between them.
      await expect.poll(async () => (await viewOf(page))[1]).toBeCloseTo(2.5, 1);
      const [xMin, xMax, yMin, yMax] = await viewOf(page);
      expect(xMin).toBeCloseTo(-2.5, 1);
      expect(xMax! - xMin!).toBeCloseTo(5, 1);
      expect(yMax! - yMin!).toBeCloseTo(5, 1);
      // The gesture's end commits the view to the address.
      await expect
        .poll(() => new URL(page.url()).searchParams.get("view")?.split(",").map(Number)[1])
        .toBeCloseTo(2.5, 1);
      checkConsole();
    });
  });

  test("plays a graph as sound: the pitch follows the curve from left to right", async ({ page }) => {
    const checkConsole = watchConsole(page);
    // Records what the page asks Web Audio to play.
    await page.addInitScript(() => {
      const played: number[][] = [];
      Object.assign(window, { played });
      const original = AudioParam.prototype.setValueCurveAtTime;
      AudioParam.prototype.setValueCurveAtTime = function (values, startTime, duration) {
        played.push([...values]);
        return original.call(this, values, startTime, duration);
      };
    });
    await gotoHydrated(page, "/tests/ploting?f=x&view=-5,5,-5,5");
    const findings = page.getByRole("region", { name: "What the plot shows" });
    await findings.getByRole("button", { name: "Play as sound" }).click();
    const [frequencies, gains] = (await page
      .waitForFunction(() => {
        const played = (window as unknown as { played: number[][] }).played;
        return played.length >= 2 ? played : null;
      })
      .then((handle) => handle.jsonValue())) as [number[], number[]];
    // y = x across the view runs from the bottom edge to the top: two octaves up, 220 Hz to 880 Hz, steadily.
    expect(frequencies[0]).toBeCloseTo(220, 0);
    expect(frequencies.at(-1)).toBeCloseTo(880, 0);
    for (let i = 1; i < frequencies.length; i++) expect(frequencies[i]).toBeGreaterThan(frequencies[i - 1]!);
    expect(gains.every((gain) => gain > 0)).toBe(true);
    checkConsole();
  });
});

test.describe("the plot pages", () => {
  for (const [path, heading] of [
    ["/tests/plotfunction", "Plot y = f(x)"],
    ["/tests/sin", "Sine: amplitude, frequency and phase"],
    ["/tests/sin2", "Sums of sines: building a square wave"],
    ["/tests/sinwave", "A travelling sine wave"],
  ] as const) {
    test(`${path} draws its curves`, async ({ page }) => {
      const checkConsole = watchConsole(page);
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect.poll(() => anywhere(page, BLUE)).toBe(true);
      checkConsole();
    });
  }

  test("/tests/sin2 measures the overshoot for the number of sines", async ({ page }) => {
    await gotoHydrated(page, "/tests/sin2");
    // S₃ peaks at x = π/6 with (4/π)(sin(π/6) + sin(π/2)/3 + sin(5π/6)/5) = (4/π)(0.5 + 1/3 + 0.1) = 1.1884.
    await expect(page.getByText(/rises to 1\.1884 at x = π\/6/)).toBeVisible();
  });

  test("/tests/sin3 turns the point and reads out its coordinates", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/sin3");
    const slider = page.getByRole("slider", { name: /Angle θ/ });
    await slider.focus();
    await page.keyboard.press("Home");
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
    // Six steps of π/12: θ = π/2, where the point is at (0, 1).
    await expect(page.getByText("At θ = π/2 the point is at (cos θ, sin θ) = (0.000, 1.000)")).toBeVisible();
    checkConsole();
  });
});

test.describe("the admin Plotter", () => {
  test("is refused to a guest", async ({ page }) => {
    await page.goto("/tests/Plotter");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftests%2FPlotter/);
  });

  test.describe("as an admin", () => {
    test.use({ storageState: storageStatePath("admin") });
    test("shows the hard cases: tan's poles, floor's dots, a polar curve, a shaded region", async ({ page }) => {
      const checkConsole = watchConsole(page);
      await gotoHydrated(page, "/tests/Plotter");
      const findings = page.getByRole("region", { name: "What the plot shows" });
      await expect(findings).toContainText("Vertical asymptotes at x = −5π/2, −3π/2, −π/2, π/2, 3π/2 and 5π/2.");
      await expect(findings).toContainText("Jumps at x = −6, −5, −4, −3, −2, −1 and 8 more.");
      await expect(findings).toContainText("A polar curve");
      await expect(findings).toContainText("The region below the curve is shaded");
      checkConsole();
    });
  });
});

test("the plotter's code is loaded on plot pages only", async ({ page }) => {
  // The <Plot> component's chunk and its sampling worker, whatever hash the build gives them.
  const plotCode = /\/assets\/(plot|plot\.worker)-[\w-]+\.js$/;
  const loaded: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (plotCode.test(pathname)) loaded.push(pathname);
  });
  for (const path of ["/", "/about", "/prime-factorization-engine", "/tests/editor"]) {
    await gotoHydrated(page, path);
  }
  expect(loaded).toEqual([]);
  // The same watch sees them on a plot page, so the pattern is not empty talk.
  await gotoHydrated(page, "/tests/ploting");
  await expect.poll(() => loaded.length).toBeGreaterThanOrEqual(2);
});
